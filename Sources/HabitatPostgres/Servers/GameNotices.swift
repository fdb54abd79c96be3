import Foundation
import Logging
import PostgresNIO

/// What other servers on the database changed, and the events they send (``PostgresRelay``). Each change of a user's
/// game says so when it commits (`habitat_turn`'s `pg_notify('habitat_game', '<account> <version>')`), and every server
/// listens on a connection of its own, letting go of a game it keeps in memory once another server has changed it. A
/// change never trusts the copy in memory anyway (``PostgresGame``); this keeps what a server shows current. While the
/// connection is down nothing is heard: on connecting again, every game in memory is let go, and the events sent
/// meanwhile are read from the table that keeps them.
extension PostgresStore {
    static let gameChannel = "habitat_game"

    /// Listens until the store closes (``close()``), connecting again a second after the connection is lost. Ends by the
    /// store's closing flag and its connection's close, not by the task's cancellation alone: a listen begun in a task
    /// already cancelled is not reliably ended by it.
    func listenForChanges() async {
        var said = false
        while !listener.withLockedValue({ $0.closing }) {
            do {
                let connection = try await PostgresConnection.connect(configuration: address.connectionConfiguration(), id: 1, logger: logger)
                let keep = listener.withLockedValue { listener in
                    guard !listener.closing else { return false }
                    listener.connection = connection
                    return true
                }
                guard keep else {
                    try? await connection.close()
                    return
                }
                defer {
                    listener.withLockedValue { $0.connection = nil }
                    relayed.state.withLockedValue { $0.node = nil }
                }
                // Closed however the listening ends (a connection let go unclosed is a fault of PostgresNIO's).
                do {
                    try await connection.listen(on: Self.gameChannel) { notices in
                        try await connection.listen(on: PostgresRelay.channel) { events in
                            // Listening from here on: what changed before is not known, so nothing in memory is kept.
                            forgetAllGames()
                            try await joinServers(on: connection)
                            if said {
                                logger.notice("hearing other servers again")
                                said = false
                            }
                            try await withThrowingTaskGroup(of: Void.self) { group in
                                group.addTask { for try await notice in notices { self.heard(notice.payload) } }
                                group.addTask { for try await event in events { await self.heardRelayed(event.payload) } }
                                // Either ending ends the listening (the connection is gone, or the store closes).
                                try await group.next()
                                group.cancelAll()
                            }
                        }
                    }
                } catch {
                    try? await connection.close()
                    throw error
                }
                try? await connection.close()
            } catch {
                if !said, !listener.withLockedValue({ $0.closing }) {
                    logger.warning(
                        "not hearing other servers; games in memory are checked at each change, and what they send meanwhile is read when heard again",
                        metadata: ["error": "\(described(error))"])
                    said = true
                }
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }

    /// `payload` is `<account> <version>`: the account's game as kept here is older, unless this server made that
    /// change.
    func heard(_ payload: String) {
        let parts = payload.split(separator: " ")
        guard parts.count == 2, let accountID = Int64(parts[0]), let version = Int64(parts[1]) else { return }
        games.withLockedValue { $0[accountID] }?.forget(olderThan: version)
    }

    func forgetAllGames() {
        for game in games.withLockedValue({ Array($0.values) }) { game.forget() }
    }
}
