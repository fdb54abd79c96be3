import HabitatBridgeKit

extension MatrixBridge {
    /// A message to send: to a room, or to a person who has no direct chat with the bot yet (open one, note it with
    /// ``opened(directChat:with:)``, then send).
    public struct Outgoing: Sendable, Equatable {
        public enum Place: Sendable, Equatable {
            case room(String)
            case newDirectChat(with: String)
        }

        public var place: Place
        public var message: MatrixMessage

        public init(place: Place, message: MatrixMessage) {
            self.place = place
            self.message = message
        }
    }

    /// The messages answering a reply, matched to its request: none for an unknown `id`; a long personal view
    /// in the person's direct chat, and a line in the room saying so.
    public mutating func outgoing(for reply: BridgeReply) -> [Outgoing] {
        router.deliveries(for: reply).compactMap { outgoing($0) }
    }

    /// The message for an event: in its channel's room (its people by their display names there), or in its
    /// person's direct chat.
    public func outgoing(for event: BridgeEvent) -> Outgoing? {
        guard var delivery = router.delivery(for: event) else { return nil }
        if case .channel(let channel) = delivery.place, let room = room(of: channel) {
            delivery.toasts = delivery.toasts.map {
                BridgeToast(type: $0.type, text: withDisplayNames($0.text, in: room))
            }
        }
        return outgoing(delivery)
    }

    /// Sends a request with `send` unless Habitat is behind; what to tell its asker when it was not sent
    /// (``BridgeRouter/submit(_:isolation:send:)``).
    public mutating func submit(
        _ request: BridgeRequest, isolation: isolated (any Actor)? = #isolation,
        send: (BridgeRequest) async -> Bool
    ) async -> Outgoing? {
        outgoing(await router.submit(request, send: send))
    }

    /// The connection to Habitat ended: everyone still waiting is told privately.
    public mutating func abandonPending() -> [Outgoing] {
        router.abandonPending().compactMap { outgoing($0) }
    }

    /// The bot opened a direct chat with `user`: what is said to them privately goes there from now on.
    public mutating func opened(directChat room: String, with user: String) {
        state.directChats[user] = room
    }

    /// Keeps the bot's login, to be saved with the rest of the state.
    public mutating func loggedIn(deviceID: String?, accessToken: String?) {
        state.userID = userID
        state.deviceID = deviceID
        state.accessToken = accessToken
    }

    /// The room behind a channel: channels are noted when first heard; one named by its room's id (a room without
    /// a name) is that room.
    private func room(of channel: String) -> String? {
        state.channels[channel] ?? (channel.hasPrefix("!") ? channel : nil)
    }

    private func outgoing(_ delivery: BridgeDelivery?) -> Outgoing? {
        guard let delivery else { return nil }
        let message = MatrixMessage(delivery.toasts, addressing: delivery.addressing)
        switch delivery.place {
        case .channel(let channel):
            guard let room = room(of: channel) else { return nil }
            return Outgoing(place: .room(room), message: message)
        case .person(let user):
            guard let room = state.directChats[user] else {
                return Outgoing(place: .newDirectChat(with: user), message: message)
            }
            return Outgoing(place: .room(room), message: message)
        }
    }
}
