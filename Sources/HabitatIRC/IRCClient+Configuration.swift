import HabitatBridgeKit
import NIOSSL

extension IRCClient {
    /// Where to connect and who to be.
    public struct Configuration: Sendable {
        public var host: String
        public var port: Int
        public var nick: String
        /// The USER name; the nick when `nil`.
        public var user: String?
        public var realName: String
        /// Sent as `PASS` before registering, when set.
        public var password: String?
        /// The bot's account, logged in with SASL PLAIN when the server offers it.
        public var sasl: IRCSession.SASLCredentials?
        /// The channels to join, each with its key after a space when it has one (`#smiths s3cret`).
        public var channels: [String]
        /// Lines sent at once before pacing starts, and the pace after that.
        public var flood: FloodControl
        /// A quiet connection is pinged after this long and dropped after twice this long.
        public var keepAlive: Duration
        public var backoff: Backoff
        /// The longest line read; longer ones (IRCv3 allows 8191 bytes of tags plus 512) are skipped.
        public var maximumLineLength: Int
        /// Connect with TLS (IRC's port 6697), verifying the server's certificate with this context.
        public var tls: NIOSSLContext?

        public init(
            host: String, port: Int = 6667, nick: String, user: String? = nil, realName: String = "Habitat bridge",
            password: String? = nil, channels: [String] = [], flood: FloodControl = FloodControl(),
            keepAlive: Duration = .seconds(120), backoff: Backoff = Backoff(), maximumLineLength: Int = 8703,
            tls: NIOSSLContext? = nil, sasl: IRCSession.SASLCredentials? = nil
        ) {
            self.tls = tls
            self.sasl = sasl
            self.host = host
            self.port = port
            self.nick = nick
            self.user = user
            self.realName = realName
            self.password = password
            self.channels = channels
            self.flood = flood
            self.keepAlive = keepAlive
            self.backoff = backoff
            self.maximumLineLength = maximumLineLength
        }
    }
}
