/// The sender named by a message prefix: `nick!user@host`, `nick@host`, a bare nick or a server name.
public struct IRCSource: Sendable, Equatable {
    public var nick: String
    public var user: String?
    public var host: String?

    public init(nick: String, user: String? = nil, host: String? = nil) {
        self.nick = nick
        self.user = user
        self.host = host
    }

    public init(_ prefix: String) {
        let beforeHost = prefix.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let host = beforeHost.count == 2 ? String(beforeHost[1]) : nil
        let nickAndUser = beforeHost[0].split(separator: "!", maxSplits: 1, omittingEmptySubsequences: false)
        self.init(nick: String(nickAndUser[0]), user: nickAndUser.count == 2 ? String(nickAndUser[1]) : nil, host: host)
    }
}
