import HabitatEngine

/// How one command is typed, as the parser reads it and as `help` shows it: one source of truth for both. `Command`
/// is what a line that selects it is read as (the application's commands).
public struct CommandSpec<Command: Sendable>: Sendable {
    /// The name `help <name>` finds it by.
    public let name: String
    public let usage: String
    /// The usage without its options, for the `help` list: `did <habit> [options]`. A single option is shown
    /// as it is (`room add bad habit <name> [N life]`).
    public var synopsis: String {
        guard let bracket = usage.firstIndex(of: "["), usage.distance(from: usage.startIndex, to: bracket) > 0,
            usage.count > 30, usage.filter({ $0 == "[" }).count > 1
        else { return usage }
        return usage[..<bracket] + "[options]"
    }
    public let summary: String
    public let examples: [String]
    /// The leading words that select it (lowercased); the longest match wins.
    public let triggers: [[String]]
    /// Whether it works before logging in; every other command is `auth_required` then, however it is typed.
    public let beforeLogin: Bool
    /// Whether a chat user can use it: a bridge speaks for them, so not `login`, `mode`, `quit`, ….
    public let availableFromChat: Bool
    /// Parses the words after the trigger, knowing which trigger it was (`slipped` as against `did`); the
    /// whole line comes along for text taken verbatim (a note).
    public let parse: @Sendable (_ trigger: [String], _ rest: [Token], _ line: String) throws -> Command
    /// Read as typed, never tidied of everyday words (``EverydayWords/tidy(_:)``): its words hold a secret or a code
    /// (`login alice hunter2!`), where a `!` or a `please` is part of what was meant.
    public let verbatim: Bool

    /// A command read from the words after its trigger, that trigger and the whole line.
    public init(
        _ name: String, usage: String, summary: String, examples: [String] = [], triggers: [[String]],
        beforeLogin: Bool = false, fromChat: Bool = true, verbatim: Bool = false,
        parseLine: @escaping @Sendable (_ trigger: [String], _ rest: [Token], _ line: String) throws -> Command
    ) {
        self.name = name
        self.usage = usage
        self.summary = summary
        self.examples = examples
        self.triggers = triggers
        self.beforeLogin = beforeLogin
        self.availableFromChat = fromChat
        self.verbatim = verbatim
        self.parse = parseLine
    }

    /// A command read from the words after its trigger.
    public init(
        _ name: String, usage: String, summary: String, examples: [String] = [], triggers: [[String]],
        beforeLogin: Bool = false, fromChat: Bool = true, verbatim: Bool = false,
        parse: @escaping @Sendable (_ rest: [Token]) throws -> Command
    ) {
        self.init(
            name, usage: usage, summary: summary, examples: examples, triggers: triggers, beforeLogin: beforeLogin,
            fromChat: fromChat, verbatim: verbatim
        ) { _, rest, _ in try parse(rest) }
    }

    /// A command that takes no arguments: `command` it is, and anything after its words is a mistake.
    public init(
        _ name: String, summary: String, examples: [String]? = nil, triggers: [[String]], beforeLogin: Bool = false,
        fromChat: Bool = true, command: Command
    ) {
        self.init(
            name, usage: name, summary: summary, examples: examples ?? [name], triggers: triggers, beforeLogin: beforeLogin,
            fromChat: fromChat
        ) { trigger, rest, _ in
            guard rest.isEmpty else { throw TakesNothing(name: name, typed: (trigger + rest.map(\.lower)).joined(separator: " ")) }
            return command
        }
    }

    /// A view's name as people ask for it: `habits`, `list habits`, `show habits`, `show my habits`, `my habits`,
    /// `show me my habits`, `list my habits`.
    public static func asked(_ name: String) -> [[String]] {
        [
            [name], ["list", name], ["show", name], ["show", "my", name], ["my", name], ["show", "me", name],
            ["show", "me", "my", name], ["list", "my", name], ["see", "my", name], ["view", name], ["view", "my", name],
            ["show", "the", name], ["show", "me", "the", name], ["list", "the", name], ["see", name], ["see", "the", name],
        ]
    }

    /// The other ways of typing it: its triggers other than its name (`stats`, `me` for `status`).
    public var phrasings: [String] {
        triggers.map { $0.joined(separator: " ") }.filter { $0 != name }
    }
}

/// Words after a command that takes none (`list habit`, `show streak`): the table says which command was most
/// likely meant.
struct TakesNothing: Error {
    let name: String
    /// The whole line, lowercased.
    let typed: String
}

/// Words the table knows no command by, found while reading a command (`room bogus`): `unknown_command`, with the
/// command the words most likely meant.
public struct NotACommand: Error {
    let words: [Token]

    public init(_ words: [Token]) {
        self.words = words
    }
}

extension HabitatError {
    /// A usage error that shows how the command is typed.
    public static func usage(_ spec: String, _ problem: String? = nil) -> HabitatError {
        HabitatError(.invalidArgument, (problem.map { $0 + " " } ?? "") + "Usage: \(spec)")
    }
}

extension Collection where Element == Token {
    /// The two words of `register`, `login` and `passwd`. More than two are most likely a password with spaces,
    /// which goes in quotes.
    public func pair(usage: String) throws -> (String, String) {
        guard count == 2, let first, let second = dropFirst().first else {
            throw HabitatError.usage(usage, count > 2 ? #"A password with spaces goes in quotes ("correct horse battery staple")."# : nil)
        }
        return (first.text, second.text)
    }

    /// The old and new names of `rename … <old> to <new>`: split at the last unquoted `to`.
    public func renaming(usage: String) throws -> (String, String) {
        let words = Array(self)
        guard let to = words.lastIndex(where: { $0.lower == "to" && !$0.quoted }), to > 0, to < words.count - 1 else {
            throw HabitatError.usage(usage)
        }
        return (words[..<to].phrase, words[(to + 1)...].phrase)
    }
}
