/// A line of the IRC protocol (RFC 1459/2812, with IRCv3 message tags).
public struct IRCMessage: Sendable, Equatable {
    public var tags: [String: String]
    public var prefix: String?
    public var command: String
    public var parameters: [String]

    public init(tags: [String: String] = [:], prefix: String? = nil, command: String, parameters: [String] = []) {
        self.tags = tags
        self.prefix = prefix
        self.command = command
        self.parameters = parameters
    }
}
