import Foundation
import HabitatBridgeKit

extension MatrixChat {
    /// How the bot logs in: with its password, or with an access token made elsewhere.
    public enum Credential: Sendable, Equatable {
        case password(String)
        case accessToken(String)
    }

    /// Both ends of the bridge: the Habitat server with the bridge's credentials, and the homeserver with the bot's.
    public struct Configuration: BridgeConfiguration {
        public var habitat: HabitatClient.Configuration
        /// The homeserver's client API, e.g. `http://127.0.0.1:8008`.
        public var homeserver: String
        /// The bot's Matrix user id, e.g. `@habitat:example.org`.
        public var userID: String
        public var credential: Credential
        /// Where the sync position, the device and the direct chats are kept; `nil`: nowhere (each start is a first).
        public var stateDirectory: URL?
        /// How long one `/sync` waits for news before it is asked again.
        public var syncTimeout: Duration
        /// Delays between attempts to reach the homeserver.
        public var backoff: Backoff
        /// Lines starting with this are commands in a room (`!did dishes`); `nil` turns it off.
        public var commandPrefix: String?
        /// The most requests awaiting Habitat's replies; past it, the asker is told privately that Habitat is busy.
        public var pendingLimit: Int
        /// How long Habitat must have been away for the household rooms to hear that it is back (``Absence``).
        public var notableAbsence: Duration = .seconds(60)

        public init(
            habitat: HabitatClient.Configuration, homeserver: String, userID: String, credential: Credential,
            stateDirectory: URL? = nil, syncTimeout: Duration = .seconds(30), backoff: Backoff = Backoff(),
            commandPrefix: String? = "!", pendingLimit: Int = 1000
        ) {
            self.habitat = habitat
            self.homeserver = homeserver
            self.userID = userID
            self.credential = credential
            self.stateDirectory = stateDirectory
            self.syncTimeout = syncTimeout
            self.backoff = backoff
            self.commandPrefix = commandPrefix
            self.pendingLimit = pendingLimit
        }
    }
}
