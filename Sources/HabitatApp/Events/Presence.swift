import Foundation
import HabitatCommands
import HabitatEngine
import HabitatHousehold
import HabitatStorage
import NIOConcurrencyHelpers

/// Who is connected as whom, so events reach every connection of a user — or wait in their inbox.
public final class Presence: Sendable {
    private let online = NIOLockedValueBox<[Int64: [Int: Outbox]]>([:])
    /// Connected bridges by name, and which chat user each bridge identity (or linked account) is.
    private let bridges = NIOLockedValueBox<[String: [Int: Outbox]]>([:])
    /// The chat users heard from most recently: one who gives way hears the news meant for them at their
    /// next request instead, from their inbox.
    private let identities: NIOLockedValueBox<RecentTable<Int64, (bridge: String, user: String)>>
    private let identitiesKept: Int
    let directory: any StorageContract

    /// How many chat identities are remembered by default.
    static let identitiesKept = 100_000

    init(directory: any StorageContract, identitiesKept: Int = Presence.identitiesKept) {
        self.directory = directory
        self.identitiesKept = identitiesKept
        self.identities = NIOLockedValueBox(RecentTable(capacity: identitiesKept))
    }

    func attach(_ outbox: Outbox, connection: Int, to accountID: Int64) {
        online.withLockedValue { $0[accountID, default: [:]][connection] = outbox }
    }

    func detach(connection: Int, from accountID: Int64) {
        online.withLockedValue { table in
            table[accountID]?[connection] = nil
            if table[accountID]?.isEmpty == true { table[accountID] = nil }
        }
    }

    func attachBridge(_ outbox: Outbox, connection: Int, name: String) {
        outbox.carriesForMany(identitiesKept)
        bridges.withLockedValue { $0[name, default: [:]][connection] = outbox }
    }

    func detachBridge(connection: Int, name: String) {
        bridges.withLockedValue { table in
            table[name]?[connection] = nil
            if table[name]?.isEmpty == true { table[name] = nil }
        }
    }

    /// Remembers that `accountID` speaks through `bridge` as chat user `user`.
    func register(_ accountID: Int64, bridge: String, user: String) {
        identities.withLockedValue { $0.set((bridge, user), for: accountID) }
    }

    /// Sends `event` to every connection of the user (and to the bridge they speak through, marked
    /// with their chat id), or keeps it for later.
    ///
    /// News of a bridge's channel room (`readingChannelOf`) is not sent again privately through that
    /// bridge: the user reads it in the channel, where the bridge posts it once.
    public func deliver(_ event: Event, to accountID: Int64, at now: Date, readingChannelOf channelBridge: String? = nil) async throws {
        if !deliverLive(event, to: accountID, readingChannelOf: channelBridge) {
            try await directory.keep(InboxItem(event, at: now), for: accountID)
        }
    }

    /// Whether an event for the user would reach someone now: a connection of theirs, or the bridge they speak through.
    func isListening(_ accountID: Int64) -> Bool {
        if online.withLockedValue({ $0[accountID]?.isEmpty == false }) { return true }
        guard let identity = identities.withLockedValue({ $0[accountID] }) else { return false }
        return bridges.withLockedValue { $0[identity.bridge]?.isEmpty == false }
    }

    /// Sends `event` to every live connection of the user and to the bridge they speak through (unless it is
    /// `readingChannelOf`'s, where they read it in the channel), keeping nothing for later: `false` when it reached no
    /// one (a reminder is not queued for days).
    func deliverLive(_ event: Event, to accountID: Int64, readingChannelOf channelBridge: String? = nil) -> Bool {
        let direct = online.withLockedValue { Array(($0[accountID] ?? [:]).values) }
        direct.forEach { $0.send(event) }
        guard let identity = identities.withLockedValue({ $0[accountID] }) else { return !direct.isEmpty }
        let viaBridge = bridges.withLockedValue { Array(($0[identity.bridge] ?? [:]).values) }
        if identity.bridge != channelBridge { viaBridge.forEach { $0.send(event.with("user", identity.user)) } }
        return !direct.isEmpty || !viaBridge.isEmpty
    }

    /// Room events of a bridge's channel go to that bridge, to be posted in the channel.
    func deliverToBridges(_ event: Event, room: Room) {
        guard let bridge = room.bridge else { return }
        let outboxes = bridges.withLockedValue { Array(($0[bridge] ?? [:]).values) }
        outboxes.forEach { $0.send(event.with("room", room.displayName)) }
    }

    /// Events kept while the user was away, as one event marked as such.
    func offlineDelivery(for accountID: Int64) async throws -> Event? {
        let items = try await directory.takeInbox(of: accountID).map { (kind: $0.kind, toasts: InboxToast.toasts(of: $0.toasts), created: $0.created) }
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
