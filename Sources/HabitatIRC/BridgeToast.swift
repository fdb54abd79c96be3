/// One toast of a Habitat reply or event: its colour and its text (detail lines after `\n  `).
public struct BridgeToast: Sendable, Equatable, Codable {
    public var type: String
    public var text: String

    public init(type: String = "info", text: String) {
        self.type = type
        self.text = text
    }
}
