#include <stdio.h>
#include <wchar.h>
#include <histedit.h>

// libedit's own interface (histedit.h), through one function per setting: `el_set` and `history` are variadic,
// which Swift cannot call.

/// A line editor on the terminal: emacs keys, libedit's signal handling, `~/.editrc` read, `history` as its history
/// `lines` (Up, Down, Ctrl-R searches back), Tab bound to `complete`, keys read through `getc` (which waits for keys and for
/// news alike), and the prompt from `prompt`.
static inline EditLine *habitat_editline_open(const char *name, char *(*prompt)(EditLine *), History *lines,
                                              unsigned char (*complete)(EditLine *, int),
                                              int (*getc)(EditLine *, wchar_t *)) {
    EditLine *editor = el_init(name, stdin, stdout, stderr);
    if (editor == NULL) return NULL;
    el_set(editor, EL_EDITOR, "emacs");
    el_set(editor, EL_SIGNAL, 1);
    el_set(editor, EL_PROMPT, prompt);
    el_set(editor, EL_HIST, history, lines);
    el_set(editor, EL_ADDFN, "habitat-complete", "Complete a command or a name", complete);
    el_set(editor, EL_BIND, "^I", "habitat-complete", NULL);
    el_set(editor, EL_BIND, "^R", "em-inc-search-prev", NULL);
    el_set(editor, EL_GETCFN, getc);
    el_source(editor, NULL);
    return editor;
}

/// Draws the prompt and the line again, from the cursor's row (after something was printed above it).
static inline void habitat_editline_redraw(EditLine *editor) {
    el_set(editor, EL_REFRESH);
}

/// A history of at most `size` lines, without repeats in a row, read from `file` when there is one.
static inline History *habitat_history_open(int size, const char *file) {
    History *lines = history_init();
    if (lines == NULL) return NULL;
    HistEvent event;
    history(lines, &event, H_SETSIZE, size);
    history(lines, &event, H_SETUNIQUE, 1);
    history(lines, &event, H_LOAD, file);
    return lines;
}

/// Adds `line` to the history and writes the history to `file`.
static inline void habitat_history_add(History *lines, const char *line, const char *file) {
    HistEvent event;
    history(lines, &event, H_ENTER, line);
    history(lines, &event, H_SAVE, file);
}
