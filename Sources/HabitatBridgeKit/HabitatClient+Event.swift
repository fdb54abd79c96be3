extension HabitatClient {
    /// What a ``HabitatClient`` reports on ``HabitatClient/events``.
    public enum Event: Sendable, Equatable {
        /// The bridge session is open; requests may be sent.
        case connected
        /// A reply to a request.
        case reply(BridgeReply)
        /// An event for a channel or a user.
        case event(BridgeEvent)
        /// The session ended; requests sent and not answered will not be. The client reconnects unless stopped.
        case disconnected
    }
}
