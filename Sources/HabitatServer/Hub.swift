import Foundation
import HabitatCommands
import HabitatEngine
import HabitatStorage
import Synchronization

/// Something the server tells a user on its own: a timer ended, a housemate did a chore.
public struct Event: Sendable {
    /// `timer`, `room`, `offline`, ...
    public var kind: String
    public var toasts: [Toast]
    public var data: JSON?
    /// Top-level keys after `event` (for bridges: `room` or `user`).
    public var fields: [(String, JSON)] = []

    public init(kind: String, toasts: [Toast], data: JSON? = nil) {
        self.kind = kind
        self.toasts = toasts
        self.data = data
    }

    /// The same event with a top-level key added.
    func with(_ key: String, _ value: String) -> Event {
        var event = self
        event.fields.append((key, .string(value)))
        return event
    }

    /// Text mode: toast lines and an empty line; JSON mode: one line with `event` and never `ok`.
    func rendered(mode: OutputMode, plain: Bool) -> String {
        mode == .json
            ? Reply.event(kind, toasts: toasts, data: data, plain: plain, extra: fields)
            : Reply(toasts: toasts).text(plain: plain)
    }
}

/// One connection's way to receive events, rendered in whatever mode it is in when they arrive.
///
/// Order is defined: an event raised while the connection's own request is being handled is written
/// right after that request's reply; otherwise at once.
final class Outbox: Sendable {
    private struct State {
        var queue: [Event] = []
        var busy = false
        var mode = OutputMode.text
        var plain = false
    }

    /// A client that stops reading loses the oldest events, never the server's memory.
    static let limit = 256
    private let state = Mutex(State())
    /// Wakes the writer when events wait and no request is being handled.
    let wakes: AsyncStream<Void>
    private let wake: AsyncStream<Void>.Continuation

    init() {
        (wakes, wake) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    func send(_ event: Event) {
        let idle = state.withLock { state in
            state.queue.append(event)
            if state.queue.count > Self.limit { state.queue.removeFirst(state.queue.count - Self.limit) }
            return !state.busy
        }
        if idle { wake.yield() }
    }

    func finish() { wake.finish() }

    /// A request is being handled: hold events until its reply is written.
    func hold() { state.withLock { $0.busy = true } }

    /// The reply is written: the held events, rendered in the connection's current mode.
    func release(mode: OutputMode, plain: Bool) -> [String] {
        state.withLock { state in
            state.busy = false
            (state.mode, state.plain) = (mode, plain)
            defer { state.queue.removeAll() }
            return state.queue.map { $0.rendered(mode: mode, plain: plain) }
        }
    }

    /// Events waiting while no request is being handled.
    func takeIfIdle() -> [String] {
        state.withLock { state in
            guard !state.busy else { return [] }
            defer { state.queue.removeAll() }
            return state.queue.map { $0.rendered(mode: state.mode, plain: state.plain) }
        }
    }
}

/// Who is connected as whom, so events reach every connection of a user — or wait in their inbox.
public final class Hub: Sendable {
    private let online = Mutex<[Int64: [Int: Outbox]]>([:])
    /// Connected bridges by name, and which chat user each bridge identity (or linked account) is.
    private let bridges = Mutex<[String: [Int: Outbox]]>([:])
    /// The chat users heard from most recently: one who gives way hears the news meant for them at their
    /// next request instead, from their inbox.
    private let identities: Mutex<RecentTable<Int64, (bridge: String, user: String)>>
    let directory: DirectoryDatabase

    /// How many chat identities are remembered by default.
    static let identitiesKept = 100_000

    init(directory: DirectoryDatabase, identitiesKept: Int = Hub.identitiesKept) {
        self.directory = directory
        self.identities = Mutex(RecentTable(capacity: identitiesKept))
    }

    func attach(_ outbox: Outbox, connection: Int, to accountID: Int64) {
        online.withLock { $0[accountID, default: [:]][connection] = outbox }
    }

    func detach(connection: Int, from accountID: Int64) {
        online.withLock { table in
            table[accountID]?[connection] = nil
            if table[accountID]?.isEmpty == true { table[accountID] = nil }
        }
    }

    func attachBridge(_ outbox: Outbox, connection: Int, name: String) {
        bridges.withLock { $0[name, default: [:]][connection] = outbox }
    }

    func detachBridge(connection: Int, name: String) {
        bridges.withLock { table in
            table[name]?[connection] = nil
            if table[name]?.isEmpty == true { table[name] = nil }
        }
    }

    /// Remembers that `accountID` speaks through `bridge` as chat user `user`.
    func register(_ accountID: Int64, bridge: String, user: String) {
        identities.withLock { $0.set((bridge, user), for: accountID) }
    }

    /// Sends `event` to every connection of the user (and to the bridge they speak through, marked
    /// with their chat id), or keeps it for later.
    ///
    /// News of a bridge's channel room (`readingChannelOf`) is not sent again privately through that
    /// bridge: the user reads it in the channel, where the bridge posts it once.
    public func deliver(_ event: Event, to accountID: Int64, at now: Date, readingChannelOf channelBridge: String? = nil) async throws {
        let direct = online.withLock { Array(($0[accountID] ?? [:]).values) }
        direct.forEach { $0.send(event) }
        var viaBridge: [Outbox] = []
        if let identity = identities.withLock({ $0[accountID] }) {
            viaBridge = bridges.withLock { Array(($0[identity.bridge] ?? [:]).values) }
            if identity.bridge != channelBridge { viaBridge.forEach { $0.send(event.with("user", identity.user)) } }
        }
        if direct.isEmpty && viaBridge.isEmpty {
            try await directory.keep(InboxItem(kind: event.kind, toasts: event.toasts, created: now), for: accountID)
        }
    }

    /// Room events of a bridge's channel go to that bridge, to be posted in the channel.
    func deliverToBridges(_ event: Event, room: Room) {
        guard let bridge = room.bridge else { return }
        let outboxes = bridges.withLock { Array(($0[bridge] ?? [:]).values) }
        outboxes.forEach { $0.send(event.with("room", room.displayName)) }
    }

    /// Events kept while the user was away, as one event marked as such.
    func offlineDelivery(for accountID: Int64) async throws -> Event? {
        let items = try await directory.takeInbox(of: accountID)
        guard !items.isEmpty else { return nil }
        let header = Toast(.info, "While you were away (\(items.count)):")
        let data: JSON = [
            "offline": true,
            "events": .array(
                items.map { item in
                    [
                        "kind": .string(item.kind), "at": .string(ISO8601DateFormatter().string(from: item.created)),
                        "toasts": .array(item.toasts.map { ["type": .string($0.type.rawValue), "text": .string($0.rendered(plain: false))] }),
                    ]
                }),
        ]
        return Event(kind: "offline", toasts: [header] + items.flatMap(\.toasts), data: data)
    }
}
