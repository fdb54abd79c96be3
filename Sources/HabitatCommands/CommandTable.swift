import Foundation
import HabitatEngine

/// Every command, as typed: the parser reads this table, and `help` is printed from it. `Command` is what a line is
/// read as; the application makes the table from its commands' ``CommandSpec``s.
public struct CommandTable<Command: Sendable>: Sendable {
    /// Every command, in the order `help` lists them; of two triggers alike, the command first here wins.
    public let all: [CommandSpec<Command>]
    /// The commands a chat user can use, for their `help`.
    public let fromChat: [CommandSpec<Command>]
    /// What a line in the player's own words is read as: a recording of whichever of their habits goes by them.
    let ownWords: @Sendable (Recording) -> Command
    /// Every trigger under its first word (``FirstWord``).
    let triggersByFirstWord: [String: FirstWord]
    /// Every trigger as one phrase, with its number of words and of characters.
    let phrases: [(phrase: String, words: Int, length: Int)]

    public init(_ all: [CommandSpec<Command>], ownWords: @escaping @Sendable (Recording) -> Command) {
        self.all = all
        self.fromChat = all.filter(\.availableFromChat)
        self.ownWords = ownWords
        self.triggersByFirstWord = Self.firstWords(all)
        self.phrases = all.flatMap(\.triggers).map {
            let phrase = $0.joined(separator: " ")
            return (phrase, $0.count, phrase.count)
        }
    }

    /// Understands one line. `nil` for a blank line; ``HabitatError`` when it can't be understood.
    ///
    /// A command's words are read as typed when it holds a secret or a code (`login`, `passwd`, `link`); any other
    /// line is first tidied of the words around it that mean nothing (``EverydayWords/tidy(_:)``: `please`, `I
    /// just`, `!`), then read as a question (`how many coins do I have`), a command, `<habit> done`, or last, in the
    /// user's own words: a recording (``Recording/loose``) of whichever of their habits goes by those words
    /// (`flossed`, `I meditated this morning`, a bare habit name), which is `unknown_command` when none does.
    public func parse(_ line: String) throws -> Command? {
        var kind: String?
        return try parse(line, kind: &kind)
    }

    /// Understands one line as ``parse(_:)`` does, and sets `kind` to the name of the command it asks for
    /// (``kind(of:)``), found on the way, before anything is thrown.
    public func parse(_ line: String, kind: inout String?) throws -> Command? {
        let typed = tokenize(line)
        let selected = selection(typed)
        kind = self.kind(of: selected)
        let tokens: [Token]
        switch selected {
        case nil:
            return nil
        case .command(let spec, let trigger, let words):
            do {
                return try all[spec].parse(trigger, Array(words.dropFirst(trigger.count)), line)
            } catch let extra as TakesNothing {
                // `list habit`, `show streak`: most likely a command a letter or two away.
                let near = closestTrigger(to: extra.typed).map { " Did you mean '\($0)'?" } ?? ""
                throw HabitatError(.invalidArgument, "'\(extra.name)' takes nothing after it.\(near)", symbol: near.isEmpty ? .error : .question)
            } catch let words as NotACommand {
                throw unknown(words.words)
            }
        case .ownWords(let tidied):
            tokens = tidied
        }
        // "exercise done", "meditation completed yesterday" (a word of the note is just a word)
        let beforeNote = tokens.firstIndex(where: RecordingParser.endsName) ?? tokens.endIndex
        if let done = tokens[..<beforeNote].indices.dropFirst().first(where: { ["done", "completed", "finished"].contains(tokens[$0].lower) && !tokens[$0].quoted }) {
            var words = tokens
            words.remove(at: done)
            // After `done` come when and how often, never more of the name: `read done book` is not "read book".
            let recording = try RecordingParser.parse(words, line: line)
            guard recording.habit == tokens[..<done].phrase else { throw unknown(tokens) }
            return ownWords(recording)
        }
        let (unknown, hinted) = reading(tokens)
        guard var recording = try? RecordingParser.parse(tokens, line: line) else { throw unknown }
        // A habit may be named with a word that is set aside elsewhere (Just dance): its whole name is looked for first.
        let asTyped = typed.count > tokens.count ? typed.phrase.trimmingCharacters(in: CharacterSet(charactersIn: ".!?")) : nil
        recording.loose = LooseReading(unknown: unknown, suggestsHabit: !hinted, asTyped: asTyped)
        return ownWords(recording)
    }

    /// What a line's words select, in the order ``parse(_:)`` reads them.
    enum Selection {
        /// A command of the table (its index in ``all``), by `trigger`, in `words`: as typed for a command that keeps
        /// them verbatim, else tidied.
        case command(Int, trigger: [String], words: [Token])
        /// No command: the tidied words are the player's own (`exercise done`, `flossed`).
        case ownWords([Token])
    }

    /// What the `typed` words select: a command that keeps its words as typed (`login`, `passwd`) by them; any other
    /// line once tidied (``EverydayWords/tidy(_:)``), as a question first, then a command. `nil` for no words. A line
    /// that starts with a command's words and has nothing to tidy or ask (`status`, `did floss`) is the command at
    /// the one look-up of its first word.
    func selection(_ typed: [Token]) -> Selection? {
        guard let last = typed.last else { return nil }
        let typedMatch = lookUp(typed)
        if let (spec, trigger, plain) = typedMatch, all[spec].verbatim || (plain && EverydayWords.keepsEnd(last)) {
            // Most lines: nothing to tidy at either end, and no question, so the command is the one found.
            return .command(spec, trigger: trigger, words: typed)
        }
        let tokens = EverydayWords.tidy(typed)
        // A question is the command it asks for, as its own words say it (`how many coins do I have` is `coins`).
        if let asked = EverydayWords.question(tokens), let (spec, trigger, _) = lookUp([Token(asked)]) {
            return .command(spec, trigger: trigger, words: [Token(asked)])
        }
        if let (spec, trigger, _) = tokens == typed ? typedMatch : lookUp(tokens) {
            return .command(spec, trigger: trigger, words: tokens)
        }
        return .ownWords(tokens)
    }

    /// Whether `line` asks for a command that needs a logged-in user, however the rest of it is typed.
    public func needsLogin(_ line: String) -> Bool {
        guard let spec = match(tokenize(line))?.spec else { return false }
        return !spec.beforeLogin
    }

    /// Whether `line` asks for a command a chat user may not use (`login`, `mode`, …), however the rest of it is typed.
    public func refusedFromChat(_ line: String) -> Bool {
        guard let spec = match(tokenize(line))?.spec else { return false }
        return !spec.availableFromChat
    }

    /// The name of the command `line` asks for (`login`, `did`), however the rest of it is typed.
    public func commandName(_ line: String) -> String? {
        match(tokenize(line))?.spec.name
    }

    /// What `help <topic>` shows.
    public enum HelpTopic {
        /// One command: named, or typed any way that selects it.
        case command(CommandSpec<Command>)
        /// The commands whose names start with the topic's words (`help room`, `help add`).
        case commands(String, [CommandSpec<Command>])
    }

    /// A command by its name; else the commands whose names start with the topic (one alone is shown itself);
    /// else the command the topic selects when typed (`help stats`, `help did exercise`).
    public func helpTopic(_ topic: String) -> HelpTopic? {
        let words = tokenize(topic).map(\.lower).joined(separator: " ")
        if let named = all.first(where: { $0.name == words }) { return .command(named) }
        let family = all.filter { $0.name.hasPrefix(words + " ") }
        if family.count > 1 { return .commands(words, family) }
        if let spec = family.first ?? match(tokenize(topic))?.spec { return .command(spec) }
        return nil
    }
}
