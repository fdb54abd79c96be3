import HabitatEngine

/// One command as the parser knows it and as `help` shows it: one source of truth for both.
public struct CommandSpec: Sendable {
    /// The name `help <name>` finds it by.
    public let name: String
    public let usage: String
    /// The usage without its options, for the `help` list: `did <habit> [options]`.
    public var synopsis: String {
        guard let bracket = usage.firstIndex(of: "["), usage.distance(from: usage.startIndex, to: bracket) > 0,
            usage.count > 30
        else { return usage }
        return usage[..<bracket] + "[options]"
    }
    public let summary: String
    public let examples: [String]
    /// The leading words that select it (lowercased); the longest match wins.
    let triggers: [[String]]
    /// Parses the words after the trigger, knowing which trigger it was.
    let parse: @Sendable (_ trigger: [String], _ rest: [Token]) throws -> Command

    /// A command whose meaning depends on the words that selected it (`slipped` as against `did`).
    init(
        _ name: String, usage: String, summary: String, examples: [String] = [], triggers: [[String]],
        parseAfter parse: @escaping @Sendable (_ trigger: [String], _ rest: [Token]) throws -> Command
    ) {
        self.name = name
        self.usage = usage
        self.summary = summary
        self.examples = examples
        self.triggers = triggers
        self.parse = parse
    }

    init(
        _ name: String, usage: String, summary: String, examples: [String] = [], triggers: [[String]],
        parse: @escaping @Sendable (_ rest: [Token]) throws -> Command
    ) {
        self.init(name, usage: usage, summary: summary, examples: examples, triggers: triggers) { _, rest in try parse(rest) }
    }

    /// A command that takes no arguments.
    init(_ name: String, summary: String, triggers: [[String]], command: Command) {
        self.init(name, usage: name, summary: summary, triggers: triggers) { rest in
            guard rest.isEmpty else {
                throw HabitatError(.invalidArgument, "'\(name)' takes nothing after it.")
            }
            return command
        }
    }
}

extension HabitatError {
    /// A usage error that shows how the command is typed.
    static func usage(_ spec: String, _ problem: String? = nil) -> HabitatError {
        HabitatError(.invalidArgument, (problem.map { $0 + " " } ?? "") + "Usage: \(spec)")
    }
}
