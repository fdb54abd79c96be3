import Foundation
import HabitatStorage
import Logging
import NIOConcurrencyHelpers
import PostgresNIO

/// What a server's store keeps to carry events between servers (``ServerRelay``, `0003-servers.sql`): its row in
/// `server_node` while it has one, what it has heard, and the work of telling the others, done in order by one task.
final class PostgresRelay: Sendable {
    enum Work: Sendable {
        case send(String)
        /// These users (`nil`: anyone) may have come or gone.
        case listeners([Int64]?)
    }

    struct State {
        /// This server's row while its listening connection lasts; every row it has had, to know its own events.
        var node: Int64?
        var ownNodes: Set<Int64> = []
        /// The newest event heard, and those heard lately: an event's number is taken before it commits, so one with a
        /// lower number can be heard after.
        var heardUpTo: Int64?
        var heard: Set<Int64> = []
        var receive: (@Sendable (String) -> Void)?
        var listeningHere: (@Sendable (Int64) -> Bool)?
        var listenersHere: (@Sendable () -> [Int64])?

        /// Notes event `id` as heard: `false` when it was already.
        mutating func hear(_ id: Int64) -> Bool {
            guard heard.insert(id).inserted else { return false }
            heardUpTo = max(heardUpTo ?? id, id)
            if heard.count > 2 * PostgresRelay.lookBack, let upTo = heardUpTo { heard = heard.filter { $0 > upTo - PostgresRelay.lookBack } }
            return true
        }
    }

    /// How far before the newest event heard a server looks again when it connects again.
    static let lookBack: Int64 = 1000
    static let channel = "habitat_event"

    let state = NIOLockedValueBox(State())
    let work: AsyncStream<Work>.Continuation
    let queue: AsyncStream<Work>

    init() {
        (queue, work) = AsyncStream.makeStream()
    }
}

extension PostgresStore: ServerRelay {
    public var relaying: Bool { listening.withLockedValue { $0 != nil } }

    public func relay(
        receive: @escaping @Sendable (String) -> Void, listeningHere: @escaping @Sendable (Int64) -> Bool,
        listenersHere: @escaping @Sendable () -> [Int64]
    ) {
        relayed.state.withLockedValue { ($0.receive, $0.listeningHere, $0.listenersHere) = (receive, listeningHere, listenersHere) }
        relayed.work.yield(.listeners(nil))
    }

    public func send(_ body: String) {
        relayed.work.yield(.send(body))
    }

    public func listenersChanged(_ accountIDs: [Int64]?) {
        relayed.work.yield(.listeners(accountIDs))
    }

    public func listeningElsewhere(_ accountIDs: [Int64]) async throws -> Set<Int64> {
        guard !accountIDs.isEmpty else { return [] }
        let own = Array(relayed.state.withLockedValue { $0.ownNodes })
        return try await said {
            var found: Set<Int64> = []
            let rows = try await client.checkedQuery(
                """
                SELECT DISTINCT l.account_id FROM server_listener l JOIN server_node n ON n.id = l.node_id
                JOIN pg_stat_activity a ON a.pid = n.backend_pid AND a.backend_start = n.backend_start
                WHERE l.account_id = ANY(\(accountIDs)) AND NOT l.node_id = ANY(\(own))
                """, logger: logger)
            for try await id in rows.decode(Int64.self) { found.insert(id) }
            return found
        }
    }

    /// Tells the other servers, in order, what this one sends and who can be told something here, until the store
    /// closes. Nothing is told while the listening connection is down: what is sent meanwhile is lost, and who can be
    /// told here is told again on joining (``joinServers(on:)``).
    func carry() async {
        var failing = false
        for await work in relayed.queue {
            let (node, listeningHere, listenersHere) = relayed.state.withLockedValue { ($0.node, $0.listeningHere, $0.listenersHere) }
            guard let node else { continue }
            do {
                switch work {
                case .send(let body):
                    try await client.checkedQuery("SELECT habitat_relay(\(node), \(body))", logger: logger)
                case .listeners(nil):
                    let all = listenersHere?() ?? []
                    try await client.checkedQuery(
                        "DELETE FROM server_listener WHERE node_id = \(node) AND NOT account_id = ANY(\(all))", logger: logger)
                    try await addListeners(all, of: node)
                case .listeners(let accountIDs?):
                    let here = accountIDs.filter { listeningHere?($0) ?? false }
                    let gone = accountIDs.filter { !here.contains($0) }
                    if !here.isEmpty { try await addListeners(here, of: node) }
                    if !gone.isEmpty {
                        try await client.checkedQuery(
                            "DELETE FROM server_listener WHERE node_id = \(node) AND account_id = ANY(\(gone))", logger: logger)
                    }
                }
                failing = false
            } catch {
                if !failing {
                    logger.warning(
                        "other servers' users may miss this server's events",
                        metadata: ["error": "\(described(error))"])
                }
                failing = true
            }
        }
    }

    /// Says that `node` can tell these users something now (those whose account is gone are left out).
    private func addListeners(_ accountIDs: [Int64], of node: Int64) async throws {
        try await client.checkedQuery(
            """
            INSERT INTO server_listener (account_id, node_id) SELECT id, \(node) FROM account WHERE id = ANY(\(accountIDs))
            ON CONFLICT DO NOTHING
            """, logger: logger)
    }

    /// Takes this server's place among the servers on `connection`, the listening one (it is alive while that
    /// connection is), says again who can be told something here, and hands on what other servers sent while this
    /// one was not listening.
    func joinServers(on connection: PostgresConnection) async throws {
        var node: Int64?
        for try await id in try await connection.query("SELECT habitat_node()", logger: logger).decode(Int64.self) { node = id }
        guard let node else { return }
        let (own, heardUpTo) = relayed.state.withLockedValue { state in
            state.node = node
            state.ownNodes.insert(node)
            return (Array(state.ownNodes), state.heardUpTo)
        }
        relayed.work.yield(.listeners(nil))
        guard let heardUpTo else {
            // Listening for the first time: what was sent before is not this server's to hand on.
            for try await newest in try await connection.query("SELECT coalesce(max(id), 0) FROM relayed_event", logger: logger).decode(Int64.self) {
                relayed.state.withLockedValue { $0.heardUpTo = $0.heardUpTo ?? newest }
            }
            return
        }
        let missed = try await connection.query(
            "SELECT id, body FROM relayed_event WHERE id > \(heardUpTo - PostgresRelay.lookBack) AND NOT node_id = ANY(\(own)) ORDER BY id",
            logger: logger)
        var bodies: [String] = []
        for try await (id, body) in missed.decode((Int64, String).self) where relayed.state.withLockedValue({ $0.hear(id) }) {
            bodies.append(body)
        }
        if !bodies.isEmpty { logger.notice("handing on events other servers sent meanwhile", metadata: ["count": "\(bodies.count)"]) }
        let receive = relayed.state.withLockedValue { $0.receive }
        for body in bodies { receive?(body) }
    }

    /// `payload` is `<node> <id>`, then the event's body when it fitted: another server's event is handed on, once.
    func heardRelayed(_ payload: String) async {
        let parts = payload.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, let node = Int64(parts[0]), let id = Int64(parts[1]) else { return }
        let (fresh, receive) = relayed.state.withLockedValue { state in
            (state.hear(id) && !state.ownNodes.contains(node), state.receive)
        }
        guard fresh, let receive else { return }
        if parts.count == 3 { return receive(String(parts[2])) }
        do {
            let rows = try await client.checkedQuery("SELECT body FROM relayed_event WHERE id = \(id)", logger: logger)
            for try await body in rows.decode(String.self) { receive(body) }
        } catch {
            logger.warning("an event another server sent could not be read", metadata: ["error": "\(described(error))"])
        }
    }
}
