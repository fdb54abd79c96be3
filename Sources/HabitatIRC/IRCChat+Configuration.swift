import HabitatBridgeKit
import NIOSSL

extension IRCChat {
    /// Both ends of the bridge: the Habitat server with the bridge's credentials, and the IRC server and channels.
    public struct Configuration: BridgeConfiguration {
        public var habitat: HabitatClient.Configuration
        public var irc: IRCClient.Configuration
        /// Channel lines starting with this are commands (`!did dishes`); `nil` turns it off.
        public var commandPrefix: String?
        /// The most requests awaiting Habitat's replies; past it, the asker is told privately that Habitat is busy.
        public var pendingLimit: Int
        /// How long Habitat must have been away for the channels to hear that it is back (``Absence``).
        public var notableAbsence: Duration = .seconds(60)

        public init(
            habitat: HabitatClient.Configuration, irc: IRCClient.Configuration, commandPrefix: String? = "!",
            pendingLimit: Int = 1000
        ) {
            self.habitat = habitat
            self.irc = irc
            self.commandPrefix = commandPrefix
            self.pendingLimit = pendingLimit
        }

        /// The usual set-up: `habitat irc-bridge --habitat H:P --bridge B --token T --irc H:P --nick N --channel C`.
        public init(
            habitatHost: String, habitatPort: Int, bridge: String, token: String, ircHost: String, ircPort: Int,
            nick: String, channels: [String], ircPassword: String? = nil, habitatTLS: NIOSSLContext? = nil,
            ircTLS: NIOSSLContext? = nil, ircSASL: IRCSession.SASLCredentials? = nil
        ) {
            self.init(
                habitat: HabitatClient.Configuration(
                    host: habitatHost, port: habitatPort, bridge: bridge, token: token, tls: habitatTLS),
                irc: IRCClient.Configuration(
                    host: ircHost, port: ircPort, nick: nick, password: ircPassword, channels: channels, tls: ircTLS,
                    sasl: ircSASL))
        }
    }
}
