extension IRCClient {
    /// What an ``IRCClient`` reports on ``IRCClient/events``.
    public enum Event: Sendable, Equatable {
        /// Registered (and joining the channels) under this nick.
        case registered(nick: String)
        /// The server changed our nick.
        case renamed(nick: String)
        /// Every message the server sent, after the client has dealt with its protocol part.
        case message(IRCMessage)
        /// The connection ended; the client reconnects unless stopped.
        case disconnected
    }
}
