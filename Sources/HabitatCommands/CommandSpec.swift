import HabitatEngine

/// One command as the parser knows it and as `help` shows it: one source of truth for both.
public struct CommandSpec: Sendable {
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
    let triggers: [[String]]
    /// Whether it works before logging in; every other command is `auth_required` then, however it is typed.
    public let beforeLogin: Bool
    /// Parses the words after the trigger, knowing which trigger it was (`slipped` as against `did`); the
    /// whole line comes along for text taken verbatim (a note).
    let parse: @Sendable (_ trigger: [String], _ rest: [Token], _ line: String) throws -> Command
    /// Read as typed, never tidied of everyday words (``EverydayWords/tidy(_:)``): its words hold a secret or a code
    /// (`login alice hunter2!`), where a `!` or a `please` is part of what was meant.
    private(set) var verbatim = false

    /// This command, read as typed (``verbatim``).
    func keptVerbatim() -> CommandSpec {
        var spec = self
        spec.verbatim = true
        return spec
    }

    init(
        _ name: String, usage: String, summary: String, examples: [String] = [], triggers: [[String]],
        beforeLogin: Bool = false,
        parseLine: @escaping @Sendable (_ trigger: [String], _ rest: [Token], _ line: String) throws -> Command
    ) {
        self.name = name
        self.usage = usage
        self.summary = summary
        self.examples = examples
        self.triggers = triggers
        self.beforeLogin = beforeLogin
        self.parse = parseLine
    }

    init(
        _ name: String, usage: String, summary: String, examples: [String] = [], triggers: [[String]],
        beforeLogin: Bool = false, parse: @escaping @Sendable (_ rest: [Token]) throws -> Command
    ) {
        self.init(name, usage: usage, summary: summary, examples: examples, triggers: triggers, beforeLogin: beforeLogin) {
            _, rest, _ in try parse(rest)
        }
    }

    /// A command that takes no arguments.
    init(
        _ name: String, summary: String, examples: [String]? = nil, triggers: [[String]], beforeLogin: Bool = false,
        command: Command
    ) {
        self.init(name, usage: name, summary: summary, examples: examples ?? [name], triggers: triggers, beforeLogin: beforeLogin) {
            trigger, rest, _ in
            guard rest.isEmpty else {
                // `list habit`, `show streak`: most likely a command a letter or two away.
                let typed = (trigger + rest.map(\.lower)).joined(separator: " ")
                let near = CommandTable.closestTrigger(to: typed).map { " Did you mean '\($0)'?" } ?? ""
                throw HabitatError(.invalidArgument, "'\(name)' takes nothing after it.\(near)", symbol: near.isEmpty ? .error : .question)
            }
            return command
        }
    }

    /// A view's name as people ask for it: `habits`, `list habits`, `show habits`, `show my habits`, `my habits`,
    /// `show me my habits`, `list my habits`.
    static func asked(_ name: String) -> [[String]] {
        [
            [name], ["list", name], ["show", name], ["show", "my", name], ["my", name], ["show", "me", name],
            ["show", "me", "my", name], ["list", "my", name], ["see", "my", name], ["view", name], ["view", "my", name],
            ["show", "the", name], ["show", "me", "the", name], ["list", "the", name], ["see", name], ["see", "the", name],
        ]
    }

    /// Whether a chat user can use it (a bridge speaks for them: no `login`, `mode`, `quit`, …), as the
    /// command its first example parses to says.
    public var availableFromChat: Bool {
        ((try? CommandTable.parse(examples.first ?? name)) ?? nil)?.availableFromChat ?? true
    }

    /// The other ways of typing it: its triggers other than its name (`stats`, `me` for `status`).
    public var phrasings: [String] {
        triggers.map { $0.joined(separator: " ") }.filter { $0 != name }
    }
}

extension HabitatError {
    /// A usage error that shows how the command is typed.
    static func usage(_ spec: String, _ problem: String? = nil) -> HabitatError {
        HabitatError(.invalidArgument, (problem.map { $0 + " " } ?? "") + "Usage: \(spec)")
    }
}
