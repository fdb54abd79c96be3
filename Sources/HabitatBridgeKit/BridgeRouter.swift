/// What every bridge decides the same way, with no sockets and no chat protocol: requests numbered and matched to
/// their replies, the busy limit, where replies and events are said, and how each chat user is reached privately.
///
/// - A reply to a command said in a channel goes to the channel, after the speaker's name; help and errors
///   (`ok: false`) go privately, so the channel stays readable, and so does a personal view (`today`, `habits`: a
///   reply with `view`) longer than ``longView`` lines, with one line in the channel saying where it went
///   (`📬 alice: sent you your today privately`). A private command is answered privately.
/// - An event with `room` is posted in that channel; one with `user` goes privately to the address last seen for
///   that user (or to the user id itself).
/// - What it remembers is bounded: at most ``pendingLimit`` requests await their replies (past it,
///   ``isOverloaded``: the newest is refused privately with ``busy(_:)``), and at most ``rememberedLimit`` users'
///   addresses are kept (past it, an arbitrary one is forgotten for each new one).
public struct BridgeRouter: Sendable {
    /// Someone waiting for a reply.
    public struct Asker: Sendable, Equatable {
        /// Where they are reached privately (an IRC nick, a Matrix user id).
        public var address: String
        /// How they are named in a channel reply (a nick, a display name).
        public var name: String
        public var channel: String?
        public var isHelp: Bool
        /// What they asked.
        public var text: String
        /// Whether the line only started with the bot's name: a reply that it is no command is left unsaid.
        public var onlyIfCommand = false
        /// Whether only a refusal (`ok: false`) is said to them.
        public var refusalsOnly = false
    }

    /// How much of a reply its asker hears: all of it, only a refusal (a file's `import <name>` that starts it being
    /// sent), or nothing (its `import data` lines: not even remembered, so a file does not fill ``pendingLimit``).
    public enum Hearing: Sendable {
        case all, refusals, nothing
    }

    /// The most requests awaiting their replies.
    public let pendingLimit: Int
    /// The most users whose private address is remembered.
    public let rememberedLimit: Int
    private var nextID = 1
    private var pending: [Int: Asker] = [:]
    private var addresses: [String: String] = [:]

    public init(pendingLimit: Int = 1000, rememberedLimit: Int = 10_000) {
        self.pendingLimit = pendingLimit
        self.rememberedLimit = max(1, rememberedLimit)
    }

    /// The request for `text`, said by `user` (reached privately at `address`, named `name`) in `channel` or
    /// privately; it waits for its reply, said as `hearing` asks. `onlyIfCommand`: the line only started with the bot's
    /// name (``Addressing/Addressed/onlyIfCommand``).
    public mutating func request(
        user: String, address: String, name: String, channel: String?, text: String, onlyIfCommand: Bool = false,
        hearing: Hearing = .all
    ) -> BridgeRequest {
        Self.remember(address, for: user, in: &addresses, limit: rememberedLimit)
        let id = nextID
        nextID += 1
        if hearing != .nothing {
            pending[id] = Asker(
                address: address, name: name, channel: channel, isHelp: Self.isHelp(text), text: text, onlyIfCommand: onlyIfCommand,
                refusalsOnly: hearing == .refusals)
        }
        return BridgeRequest(id: id, user: user, room: channel, text: text, commandOnly: onlyIfCommand)
    }

    /// The most lines of a personal view said in a channel; a longer one is said privately.
    public static let longView = 3

    /// Where a reply is said, matched to its request by `id`: nothing for an unknown `id`, and a personal view too
    /// long for a channel privately, with a line in the channel saying so.
    public mutating func deliveries(for reply: BridgeReply) -> [BridgeDelivery] {
        guard let id = reply.id, let asker = pending.removeValue(forKey: id) else { return [] }
        // `habitat is great`: chat that started with the bot's name, not a command; nothing is said.
        if asker.onlyIfCommand, reply.code == "unknown_command" { return [] }
        if asker.refusalsOnly, reply.ok { return [] }
        let toasts = reply.toasts.isEmpty ? [BridgeToast(text: reply.text)] : reply.toasts
        let privately = BridgeDelivery(place: .person(asker.address), toasts: toasts)
        guard let channel = asker.channel, reply.ok, !asker.isHelp else { return [privately] }
        if let view = reply.view, privately.lines.count > Self.longView {
            let note = BridgeToast(type: "info", text: "📬 \(asker.name): sent you your \(view) privately")
            return [privately, BridgeDelivery(place: .channel(channel), toasts: [note])]
        }
        return [BridgeDelivery(place: .channel(channel), addressing: asker.name, toasts: toasts)]
    }

    /// Where an event is said: in its channel, or privately to its user.
    public func delivery(for event: BridgeEvent) -> BridgeDelivery? {
        let toasts = event.toasts.isEmpty ? [BridgeToast(text: event.text)] : event.toasts
        if let room = event.room { return BridgeDelivery(place: .channel(room), toasts: toasts) }
        if let user = event.user { return BridgeDelivery(place: .person(address(of: user)), toasts: toasts) }
        return nil
    }

    /// Where `user` is reached privately: the address last seen for them, else their id.
    public func address(of user: String) -> String {
        addresses[user] ?? user
    }

    /// Someone's address changed (an IRC nick change): what they asked is answered there, and their events go there.
    public mutating func readdress(from old: String, to new: String) {
        for (user, address) in addresses where address.lowercased() == old.lowercased() { addresses[user] = new }
        for (id, asker) in pending where asker.address.lowercased() == old.lowercased() {
            pending[id]?.address = new
            pending[id]?.name = new
        }
    }

    /// Sends a request to Habitat with `send` unless Habitat is behind (past ``pendingLimit``, the asker is told it
    /// is busy); returns what to tell the asker when it was not sent (busy, or Habitat unreachable), else `nil`.
    public mutating func submit(
        _ request: BridgeRequest, isolation: isolated (any Actor)? = #isolation,
        send: (BridgeRequest) async -> Bool
    ) async -> BridgeDelivery? {
        if isOverloaded { return busy(request) }
        return await send(request) ? nil : unsent(request)
    }

    /// Whether more requests await their replies than ``pendingLimit``: Habitat is behind, and the newest
    /// request is to be refused with ``busy(_:)`` rather than sent.
    public var isOverloaded: Bool { pending.count > pendingLimit }

    /// A request not sent because Habitat is behind: tell its asker privately.
    public mutating func busy(_ request: BridgeRequest) -> BridgeDelivery? {
        refuse(request, Self.busy)
    }

    /// A request that could not be sent: tell its asker privately.
    public mutating func unsent(_ request: BridgeRequest) -> BridgeDelivery? {
        refuse(request, Self.unreachable)
    }

    private mutating func refuse(_ request: BridgeRequest, _ toast: BridgeToast) -> BridgeDelivery? {
        guard let asker = pending.removeValue(forKey: request.id) else { return nil }
        return BridgeDelivery(place: .person(asker.address), toasts: [toast])
    }

    /// The connection to Habitat ended: everyone still waiting is told privately that their request got no
    /// answer, and that it may have been carried out all the same (so saying it again could count it twice).
    public mutating func abandonPending() -> [BridgeDelivery] {
        let askers = pending.sorted { $0.key < $1.key }.map(\.value)
        pending = [:]
        return askers.map { asker in
            let text =
                "❌ Habitat went away before answering '\(asker.text)', so it may or may not have been done. "
                + "Have a look ('today', 'history') before saying it again."
            return BridgeDelivery(place: .person(asker.address), toasts: [BridgeToast(type: "error", text: text)])
        }
    }

    /// Sets `table[key]`, first forgetting an arbitrary other entry when `limit` are kept already.
    public static func remember(_ value: String, for key: String, in table: inout [String: String], limit: Int) {
        if table[key] == nil, table.count >= limit { table.remove(at: table.startIndex) }
        table[key] = value
    }

    /// Whether a command asks for help, whose answer goes privately wherever it was asked.
    static func isHelp(_ text: String) -> Bool {
        text.split(separator: " ").first.map { helpWords.contains($0.lowercased()) } ?? false
    }

    /// The words that ask Habitat for help (its command table's `help`, `?` and `commands`).
    public static let helpWords: Set<String> = ["help", "?", "commands"]

    public static let unreachable = BridgeToast(
        type: "error", text: "❌ Habitat is not reachable right now. Please try again in a minute.")

    public static let busy = BridgeToast(
        type: "error", text: "❌ Habitat is busy right now. Please try again in a minute.")
}
