/// One topic of `help` (`help amounts`): the commands that go together, and lines that show them said.
public struct HelpTopic: Sendable, Equatable {
    /// The word `help <name>` finds it by.
    public let name: String
    /// Other words for it (`help everyday` for `help words`).
    public let also: [String]
    /// What it is about, in a few words.
    public let summary: String
    /// Its commands by name, in the order shown.
    public let commands: [String]
    /// Lines as a person would type them.
    public let examples: [String]

    public init(_ name: String, also: [String] = [], summary: String, commands: [String], examples: [String] = []) {
        self.name = name
        self.also = also
        self.summary = summary
        self.commands = commands
        self.examples = examples
    }
}

/// How `help` is arranged: the commands its card shows first, and its topics.
public struct HelpGuide: Sendable {
    /// The commands people use most, by name, each with a line of what it does said shortly: the card's first
    /// lines.
    public let first: [(command: String, shown: String, says: String)]
    public let topics: [HelpTopic]

    public init(first: [(command: String, shown: String, says: String)], topics: [HelpTopic]) {
        self.first = first
        self.topics = topics
    }

    /// The topic `help <word>` asks for, by its name or another word for it (without case).
    public func topic(named word: String) -> HelpTopic? {
        let word = word.lowercased()
        return topics.first { $0.name == word || $0.also.contains(word) }
    }
}
