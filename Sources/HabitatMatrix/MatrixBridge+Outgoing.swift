import HabitatBridgeKit
import HabitatPictures

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
        /// A picture of what `message` says (a heatmap), sent as an image with `message` as its caption; the
        /// file's name.
        public var picture: (image: Picture, filename: String)?

        public init(place: Place, message: MatrixMessage, picture: (image: Picture, filename: String)? = nil) {
            self.place = place
            self.message = message
            self.picture = picture
        }

        public static func == (left: Outgoing, right: Outgoing) -> Bool {
            left.place == right.place && left.message == right.message && left.picture?.image == right.picture?.image
                && left.picture?.filename == right.picture?.filename
        }
    }

    /// The messages answering a reply, matched to its request: none for an unknown `id`; a long personal view
    /// in the person's direct chat, and a line in the room saying so. A heatmap or the streaks come as a picture
    /// too, with the text as its caption.
    public mutating func outgoing(for reply: BridgeReply) -> [Outgoing] {
        let picture = Self.picture(of: reply)
        return router.deliveries(for: reply).enumerated().compactMap { index, delivery in
            var outgoing = outgoing(delivery)
            if index == 0 { outgoing?.picture = picture }
            return outgoing
        }
    }

    /// The picture of a view that has one (`heatmap`, `streaks`, `strength`), drawn from the reply's data.
    static func picture(of reply: BridgeReply) -> (image: Picture, filename: String)? {
        guard reply.ok, let data = reply.data else { return nil }
        switch reply.view {
        case "heatmap":
            guard let from = data["from"]?.string, let through = data["through"]?.string else { return nil }
            var counts: [String: Int] = [:]
            for day in data["days"]?.array ?? [] {
                if let key = day["day"]?.string, let count = day["count"]?.int { counts[key, default: 0] += count }
            }
            let title = String(reply.text.split(separator: "\n").first ?? "").replacingOccurrences(of: "ℹ️ ", with: "")
            return Pictures.heatmap(title: title, from: from, through: through, counts: counts).map { ($0, "heatmap.png") }
        case "streaks":
            let rows = (data["streaks"]?.array ?? []).compactMap { row -> Pictures.Streak? in
                guard let name = row["name"]?.string, let streak = row["streak"]?.int, let best = row["best_streak"]?.int
                else { return nil }
                let unit = row["streak_unit"]?.string ?? "days"
                return Pictures.Streak(name: name, streak: streak, best: best, unit: unit.hasSuffix("s") ? String(unit.dropLast()) : unit)
            }
            return Pictures.streaks(rows).map { ($0, "streaks.png") }
        case "strength":
            let points = (data["points"]?.array ?? []).compactMap { point -> (day: String, strength: Int)? in
                guard let day = point["day"]?.string, let strength = point["strength"]?.int else { return nil }
                return (day, strength)
            }
            let title = String(reply.text.split(separator: "\n").first ?? "").replacingOccurrences(of: "ℹ️ ", with: "")
            return Pictures.strength(title: title, points: points).map { ($0, "strength.png") }
        default:
            return nil
        }
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
