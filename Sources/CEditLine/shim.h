#include <stdio.h>
#include <editline/readline.h>

/// Names the program to libedit and sets what completes a word (libedit's settings are global variables).
static inline void habitat_editline_setup(const char *name, rl_completion_func_t *complete) {
    rl_readline_name = name;
    rl_attempted_completion_function = complete;
}

/// Completion offers only what the completer found, never file names.
static inline void habitat_editline_completion_over(void) {
    rl_attempted_completion_over = 1;
}

#include <stdlib.h>
#include <string.h>

/// Prints `text` above the prompt of a `readline` waiting for a line (on another thread), then has libedit draw
/// the prompt and what is typed so far again, below it.
static inline void habitat_editline_print_above(const char *text) {
    fputs("\r\033[K", stdout);
    fputs(text, stdout);
    fputs("\n", stdout);
    fflush(stdout);
    rl_forced_update_display();
}
