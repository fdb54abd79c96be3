/// One toast of a Habitat reply or event: its colour and its text (detail lines after `\n  `).
public struct BridgeToast: Sendable, Equatable, Codable {
    public var type: String
    public var text: String

    public init(type: String = "info", text: String) {
        self.type = type
        self.text = text
    }
}

extension BridgeToast {
    /// The toast's lines as a chat shows them: its headline, then each detail line (after `\n  `) on its own.
    public var lines: [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
