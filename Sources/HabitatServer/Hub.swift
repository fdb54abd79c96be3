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

    public init(kind: String, toasts: [Toast], data: JSON? = nil) {
        self.kind = kind
        self.toasts = toasts
        self.data = data
    }

    /// Text mode: toast lines and an empty line; JSON mode: one line with `event` and never `ok`.
    func rendered(mode: OutputMode, plain: Bool) -> String {
        mode == .json
            ? Reply.event(kind, toasts: toasts, data: data, plain: plain)
            : Reply(toasts: toasts).text(plain: plain)
    }
}

/// One connection's way to receive events, rendered in whatever mode it is in when they arrive.
final class Outbox: Sendable {
    let events: AsyncStream<Event>
    private let continuation: AsyncStream<Event>.Continuation
    private let format = Mutex((mode: OutputMode.text, plain: false))

    init() {
        // A client that stops reading loses the oldest events, never the server's memory.
        (events, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(256))
    }

    func send(_ event: Event) { continuation.yield(event) }
    func finish() { continuation.finish() }

    func setFormat(mode: OutputMode, plain: Bool) { format.withLock { $0 = (mode, plain) } }
    func render(_ event: Event) -> String {
        let (mode, plain) = format.withLock { $0 }
        return event.rendered(mode: mode, plain: plain)
    }
}

/// Who is connected as whom, so events reach every connection of a user — or wait in their inbox.
public final class Hub: Sendable {
    private let online = Mutex<[Int64: [Int: Outbox]]>([:])
    let directory: DirectoryDatabase

    init(directory: DirectoryDatabase) {
        self.directory = directory
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

    /// Sends `event` to every connection of the user, or keeps it for their next login.
    public func deliver(_ event: Event, to accountID: Int64, at now: Date) async throws {
        let outboxes = online.withLock { Array(($0[accountID] ?? [:]).values) }
        if outboxes.isEmpty {
            try await directory.keep(InboxItem(kind: event.kind, toasts: event.toasts, created: now), for: accountID)
        } else {
            outboxes.forEach { $0.send(event) }
        }
    }

    /// Room events for rooms that are a bridge's channels (filled in with bridges).
    func deliverToBridges(_ event: Event, room: Room) {}

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
