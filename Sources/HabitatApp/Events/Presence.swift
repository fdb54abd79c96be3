import Foundation
import HabitatCommands
import HabitatEngine
import HabitatHousehold
import HabitatStorage
import NIOConcurrencyHelpers

/// Who is connected as whom, so events reach every connection of a user — or wait in their inbox.
///
/// Servers that share one store (``ServerRelay``: PostgreSQL's) hand each other's events on: each event is sent
/// to every connection of its user here and passed to the others, which hand it to theirs. Whether the user is
/// listening at all, to be told now or later, is asked of every server: here at once, elsewhere from the store, which
/// knows who can be told something on each server still running.
public final class Presence: Sendable {
    private let online = NIOLockedValueBox<[Int64: [Int: Outbox]]>([:])
    /// Connected bridges by name, and which chat user each bridge identity (or linked account) is.
    private let bridges = NIOLockedValueBox<[String: [Int: Outbox]]>([:])
    /// The chat users heard from most recently: one who gives way hears the news meant for them at their
    /// next request instead, from their inbox.
    private let identities: NIOLockedValueBox<RecentTable<Int64, (bridge: String, user: String)>>
    private let identitiesKept: Int
    let directory: any StorageContract
    /// The other servers on the same store, when there are.
    private let relay: (any ServerRelay)?

    /// How many chat identities are remembered by default.
    static let identitiesKept = 100_000

    init(directory: any StorageContract, identitiesKept: Int = Presence.identitiesKept) {
        self.directory = directory
        self.identitiesKept = identitiesKept
        self.identities = NIOLockedValueBox(RecentTable(capacity: identitiesKept))
        let relay = (directory as? any ServerRelay).flatMap { $0.relaying ? $0 : nil }
        self.relay = relay
        relay?.relay(
            receive: { [weak self] body in self?.received(body) }, listeningHere: { [weak self] in self?.listeningHere($0) ?? false },
            listenersHere: { [weak self] in self?.listenersHere() ?? [] })
    }

    func attach(_ outbox: Outbox, connection: Int, to accountID: Int64) {
        online.withLockedValue { $0[accountID, default: [:]][connection] = outbox }
        relay?.listenersChanged([accountID])
    }

    func detach(connection: Int, from accountID: Int64) {
        online.withLockedValue { table in
            table[accountID]?[connection] = nil
            if table[accountID]?.isEmpty == true { table[accountID] = nil }
        }
        relay?.listenersChanged([accountID])
    }

    func attachBridge(_ outbox: Outbox, connection: Int, name: String) {
        outbox.carriesForMany(identitiesKept)
        bridges.withLockedValue { $0[name, default: [:]][connection] = outbox }
        relay?.listenersChanged(nil)
    }

    func detachBridge(connection: Int, name: String) {
        bridges.withLockedValue { table in
            table[name]?[connection] = nil
            if table[name]?.isEmpty == true { table[name] = nil }
        }
        relay?.listenersChanged(nil)
    }

    /// Remembers that `accountID` speaks through `bridge` as chat user `user`.
    func register(_ accountID: Int64, bridge: String, user: String) {
        let new = identities.withLockedValue { table in
            defer { table.set((bridge, user), for: accountID) }
            return table[accountID]?.bridge != bridge
        }
        if new { relay?.listenersChanged([accountID]) }
    }

    /// Sends `event` to every connection of the user (and to the bridge they speak through, marked
    /// with their chat id), or keeps it for later.
    ///
    /// News of a bridge's channel room (`readingChannelOf`) is not sent again privately through that
    /// bridge: the user reads it in the channel, where the bridge posts it once.
    public func deliver(_ event: Event, to accountID: Int64, at now: Date, readingChannelOf channelBridge: String? = nil) async throws {
        if await !deliverLive(event, to: accountID, readingChannelOf: channelBridge) {
            try await directory.keep(InboxItem(event, at: now), for: accountID)
        }
    }

    /// Whether an event for the user would reach someone now, on this server or another.
    func isListening(_ accountID: Int64) async -> Bool {
        await listening(among: [accountID]).contains(accountID)
    }

    /// Those of `accountIDs` an event would reach now, on this server or another.
    func listening(among accountIDs: [Int64]) async -> Set<Int64> {
        let here = Set(accountIDs.filter(listeningHere))
        guard let relay, here.count < accountIDs.count else { return here }
        // Another server's users can't be asked of while the store can't be reached: they hear it at their next login.
        let elsewhere = (try? await relay.listeningElsewhere(accountIDs.filter { !here.contains($0) })) ?? []
        return here.union(elsewhere)
    }

    /// Sends `event` to every live connection of the user and to the bridge they speak through (unless it is
    /// `readingChannelOf`'s, where they read it in the channel), here and on other servers, keeping nothing for later:
    /// `false` when it reached no one (a reminder is not queued for days).
    func deliverLive(_ event: Event, to accountID: Int64, readingChannelOf channelBridge: String? = nil) async -> Bool {
        let here = reachHere(event, to: accountID, readingChannelOf: channelBridge)
        guard let relay else { return here }
        // Sent only where someone may hear it: an event for a user no one can tell now costs no more than the question.
        if !here {
            guard let elsewhere = try? await relay.listeningElsewhere([accountID]), elsewhere.contains(accountID) else { return false }
        }
        relay.send(RelayedEvent(event, to: accountID, readingChannelOf: channelBridge).body)
        return true
    }

    /// Room events of a bridge's channel go to that bridge, to be posted in the channel, on whichever server it is connected to.
    func deliverToBridges(_ event: Event, room: Room) {
        guard let bridge = room.bridge else { return }
        postHere(event, bridge: bridge, room: room.displayName)
        relay?.send(RelayedEvent(event, bridge: bridge, room: room.displayName).body)
    }

    // MARK: This server's connections

    /// Whether a connection here, or a bridge connected here, would hand the user an event now.
    private func listeningHere(_ accountID: Int64) -> Bool {
        if online.withLockedValue({ $0[accountID]?.isEmpty == false }) { return true }
        guard let identity = identities.withLockedValue({ $0[accountID] }) else { return false }
        return bridges.withLockedValue { $0[identity.bridge]?.isEmpty == false }
    }

    /// Every user ``listeningHere(_:)``.
    private func listenersHere() -> [Int64] {
        let connected = bridges.withLockedValue { Set($0.keys) }
        let bridged = identities.withLockedValue { $0.kept }.filter { connected.contains($0.value.bridge) }.map(\.key)
        return Array(Set(online.withLockedValue { Array($0.keys) } + bridged))
    }

    private func reachHere(_ event: Event, to accountID: Int64, readingChannelOf channelBridge: String?) -> Bool {
        let direct = online.withLockedValue { Array(($0[accountID] ?? [:]).values) }
        direct.forEach { $0.send(event) }
        guard let identity = identities.withLockedValue({ $0[accountID] }) else { return !direct.isEmpty }
        let viaBridge = bridges.withLockedValue { Array(($0[identity.bridge] ?? [:]).values) }
        if identity.bridge != channelBridge { viaBridge.forEach { $0.send(event.with("user", identity.user)) } }
        return !direct.isEmpty || !viaBridge.isEmpty
    }

    private func postHere(_ event: Event, bridge: String, room: String) {
        let outboxes = bridges.withLockedValue { Array(($0[bridge] ?? [:]).values) }
        outboxes.forEach { $0.send(event.with("room", room)) }
    }

    /// An event another server sent: handed to the connections here it is for.
    private func received(_ body: String) {
        guard let relayed = RelayedEvent(body: body) else { return }
        if let accountID = relayed.to {
            _ = reachHere(relayed.event, to: accountID, readingChannelOf: relayed.readingChannelOf)
        } else if let bridge = relayed.bridge, let room = relayed.room {
            postHere(relayed.event, bridge: bridge, room: room)
        }
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
