import NIOSSL

extension HabitatClient {
    /// The Habitat server and the bridge's credentials (`habitat bridge add <name>` prints the token).
    public struct Configuration: Sendable {
        public var host: String
        public var port: Int
        public var bridge: String
        public var token: String
        public var backoff: Backoff
        /// The longest line read from Habitat; longer ones are skipped.
        public var maximumLineLength: Int
        /// Connect with TLS, verifying the server's certificate with this context; `nil`: plain TCP.
        public var tls: NIOSSLContext?

        public init(
            host: String = "127.0.0.1", port: Int = 7878, bridge: String, token: String, backoff: Backoff = Backoff(),
            maximumLineLength: Int = 1 << 20, tls: NIOSSLContext? = nil
        ) {
            self.tls = tls
            self.host = host
            self.port = port
            self.bridge = bridge
            self.token = token
            self.backoff = backoff
            self.maximumLineLength = maximumLineLength
        }
    }
}
