import Foundation
import HabitatEngine

/// Every command, as typed: the parser reads this table, and `help` is printed from it. `Command` is what a line is
/// read as; the application makes the table from its commands' ``CommandSpec``s. Which command a line selects is the
/// business of its ``CommandWords``, which are not generic; the table only calls the chosen command's parser.
public struct CommandTable<Command: Sendable>: Sendable {
    /// Every command, in the order `help` lists them; of two triggers alike, the command first here wins.
    public let all: [CommandSpec<Command>]
    /// The commands a chat user can use, for their `help`.
    public let fromChat: [CommandSpec<Command>]
    /// The words of every command.
    public let words: CommandWords
    /// Each command's parser, in the order of ``all``.
    @usableFromInline
    let parsers: [@Sendable (_ trigger: [String], _ rest: [Token], _ line: String) throws -> Command]
    /// What a line in the player's own words is read as: a recording of whichever of their habits goes by them.
    @usableFromInline
    let ownWords: @Sendable (Recording) -> Command

    public init(_ all: [CommandSpec<Command>], ownWords: @escaping @Sendable (Recording) -> Command) {
        self.all = all
        self.fromChat = all.filter(\.availableFromChat)
        self.words = CommandWords(all)
        self.parsers = all.map(\.parse)
        self.ownWords = ownWords
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
    /// (``CommandWords/kind(of:)``), found on the way, before anything is thrown. Inlinable, so the module that
    /// makes the table runs it for its own `Command`.
    @inlinable
    public func parse(_ line: String, kind: inout String?) throws -> Command? {
        let typed = tokenize(line)
        let selected = words.selection(typed)
        kind = words.kind(of: selected)
        switch selected {
        case nil:
            return nil
        case .command(let index, let trigger, let tokens):
            do {
                return try parsers[index](trigger, Array(tokens.dropFirst(trigger.count)), line)
            } catch {
                throw words.explained(error)
            }
        case .ownWords(let tokens):
            return ownWords(try words.recording(ownWords: tokens, typed: typed, line: line))
        }
    }

    /// `line` with its command's words mended when a slip of a letter or two kept it from being one, and it then reads
    /// as that command (`pasue yoga 3 days` → `pause yoga 3 days`), with the words as typed (`pasue`); `nil` otherwise.
    public func mended(_ line: String) -> (line: String, typed: String)? {
        // (Never a command read as typed, whose words are secrets or codes.)
        guard let mended = words.mended(tokenize(line)), let index = words.command(of: mended.line), !words.verbatim[index],
            ((try? parse(mended.line)) ?? nil) != nil
        else { return nil }
        return mended
    }

    /// Whether `line` asks for a command that needs a logged-in user, however the rest of it is typed.
    public func needsLogin(_ line: String) -> Bool {
        guard let index = words.command(of: line) else { return false }
        return !words.beforeLogin[index]
    }

    /// Whether `line` asks for a command a chat user may not use (`login`, `mode`, …), however the rest of it is typed.
    public func refusedFromChat(_ line: String) -> Bool {
        guard let index = words.command(of: line) else { return false }
        return !words.availableFromChat[index]
    }

    /// Whether `line` selects a command of the table, as typed or tidied, or as a question that asks for one
    /// (`status please`, `how many coins do I have?`), rather than being read in the player's own words.
    public func selectsCommand(_ line: String) -> Bool {
        if case .command? = words.selection(tokenize(line)) { return true }
        return false
    }

    /// The name of the command `line` asks for (`login`, `did`), however the rest of it is typed.
    public func commandName(_ line: String) -> String? {
        words.command(of: line).map { words.names[$0] }
    }

    /// What `help <word>` finds among the commands.
    public enum HelpMatch {
        /// One command: named, or typed any way that selects it.
        case command(CommandSpec<Command>)
        /// The commands whose names start with the topic's words (`help room`, `help add`).
        case commands(String, [CommandSpec<Command>])
    }

    /// A command by its name; else the commands whose names start with the topic (one alone is shown itself);
    /// else the command the topic selects when typed (`help stats`, `help did exercise`).
    public func helpTopic(_ topic: String) -> HelpMatch? {
        let words = tokenize(topic).map(\.lower).joined(separator: " ")
        if let named = all.first(where: { $0.name == words }) { return .command(named) }
        let family = all.filter { $0.name.hasPrefix(words + " ") }
        if family.count > 1 { return .commands(words, family) }
        if let spec = family.first ?? self.words.command(of: topic).map({ all[$0] }) { return .command(spec) }
        return nil
    }

    /// The longest trigger the line starts with, and its command; of equally long ones, the first in the table.
    func match(_ tokens: [Token]) -> (spec: CommandSpec<Command>, trigger: [String])? {
        words.lookUp(tokens).map { (all[$0.spec], $0.trigger) }
    }

    /// What a line asks for, as one of a few names fit to count requests by (``CommandWords/kind(of:)``).
    public func kind(of line: String) -> String {
        words.kind(of: line)
    }

    /// The kind of a line that selects no command.
    public static var unknownKind: String { CommandWords.unknownKind }
}
