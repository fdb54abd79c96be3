import Foundation
import GRDB
import HabitatStorage
import Logging
import PostgresNIO
import TestSupport
import Testing

@testable import HabitatPostgres

/// `habitat migrate`, run as an operator would on a real server's stopped data directory.
@Suite(
    "Moving a data directory into PostgreSQL", .serialized,
    .enabled(if: TestPostgres.isAvailable, "no PostgreSQL: run the tests under scripts/with-postgres"))
struct MigrateTests {
    let logger = TestPostgres.logger

    /// A household with some of everything the server keeps: habits, areas, rewards, recordings with notes, an undo,
    /// a pause, to-dos and a checklist, a room with a shared habit and a list, a reminder, a timer, and a member who
    /// deleted their account (the room's log keeps them as a former member).
    func household(in data: URL) async throws {
        let server = try await ServerProcess(data: data)
        let alice = try await LineClient.registered("alice", port: server.port)
        for (line, reply) in [
            ("add area Home", "✅"), ("add habit Dishes in Home", "✅"), ("add bad habit Smoking", "✅"),
            ("add reward Cake 20 coins", "✅"), ("did dishes", "✅ Dishes completed! +10 XP, +5 coins"),
            ("did dishes: pots, too", "✅ Dishes completed!"), ("undo", "↩️"), ("did dishes yesterday", "✅"),
            ("pause dishes 3 days", "⏸️"), ("add todo Move house: pack books, book the van", "✅"), ("check van", "✅ Checked"),
            ("room create Smiths", "🏠"), ("room add habit Sweep 5 xp", "🏠"), ("did sweep", "✅ Sweep completed!"),
            ("room add todo Milk", "🏠"), ("remind me to dishes at 9pm", "⏰"), ("start timer dishes 30 min", "⏰"),
        ] {
            try await alice.expectReply(to: line, startsWith: reply)
        }
        let invite = try #require(try await alice.json(#"{"text": "room invite"}"#).data?["invite"] as? String)
        let bob = try await LineClient.registered("bob", port: server.port)
        try await bob.expectReply(to: "room join smiths \(invite)", startsWith: "🏠 Welcome to Smiths!")
        try await bob.expectReply(to: "did sweep", startsWith: "✅ Sweep completed!")
        try await bob.expectReply(to: "delete my account correct-horse", startsWith: "✅ Your account bob is deleted")
        let cal = try await LineClient.registered("cal", port: server.port)
        try await cal.expectReply(to: "add habit Read", startsWith: "✅")
        try await cal.expectReply(to: "did read", startsWith: "✅")
        #expect(await server.terminate() == 0)
    }

    /// Every row of every table of the stopped directory, counted with SQLite.
    func rowsInSQLite(_ data: URL) throws -> Int {
        var rows = 0
        let directory = try DatabaseQueue(path: data.appendingPathComponent("directory.sqlite").path)
        rows += try directory.read { db in try StoredTables.directoryTables.reduce(0) { $0 + (try Int.fetchOne(db, sql: "SELECT count(*) FROM \($1)") ?? 0) } }
        try directory.close()
        let users = data.appendingPathComponent("users")
        for folder in try FileManager.default.contentsOfDirectory(atPath: users.path) {
            for file in try FileManager.default.contentsOfDirectory(atPath: users.appendingPathComponent(folder).path) where file.hasSuffix(".sqlite") {
                let user = try DatabaseQueue(path: users.appendingPathComponent(folder).appendingPathComponent(file).path)
                rows += try user.read { db in try StoredTables.userTables.reduce(0) { $0 + (try Int.fetchOne(db, sql: "SELECT count(*) FROM \($1)") ?? 0) } }
                try user.close()
            }
        }
        return rows
    }

    /// The rows `sql` selects, each column as text (`sql` casts each to `text`).
    func rows(_ client: PostgresClient, _ sql: String) async throws -> [[String]] {
        var rows: [[String]] = []
        do {
            for try await row in try await client.query(PostgresQuery(unsafeSQL: sql), logger: logger) {
                rows.append(try row.makeRandomAccess().map { try $0.decode(String?.self) ?? "NULL" })
            }
        } catch {
            throw TestFailure("\(sql): \(String(reflecting: error))")
        }
        return rows
    }

    @Test func aServersDataDirectoryMovesIntoPostgreSQLWholeAndChecked() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        try await household(in: data)
        let expectedRows = try rowsInSQLite(data)
        let alicesXP = try await habitat(["export", "--user", "alice", "--data", data.path]).output
        try await TestPostgres.withDatabase { address in
            let moved = try await habitat(["migrate", "--from", data.path, "--to", address.description])
            #expect(moved.status == 0)
            #expect(moved.output == """
                Moved 2 accounts, 1 room and \(expectedRows.formatted()) rows in all from \(data.path) into \(address); every table and every \
                ledger agrees on both sides.

                """)
            try await address.withClient(logger: logger) { (client: PostgresClient) async throws -> Void in
                #expect(try await rows(client, "SELECT name FROM account ORDER BY id") == [["alice"], ["cal"]])
                let export = try #require(try JSONSerialization.jsonObject(with: Data(alicesXP.utf8)) as? [String: Any])
                let profile = try #require(export["profile"] as? [String: Any])
                #expect(try await rows(
                    client, "SELECT p.xp::text, p.coins::text FROM profile p JOIN account a ON a.id = p.account_id WHERE a.name = 'alice'")
                    == [["\(profile["xp"] as? Int ?? -1)", "\(profile["coins"] as? Int ?? -1)"]])
                // Days as dates, instants as instants, the undo's row reverting the one it undid, a note kept.
                let ledger = try await rows(
                    client,
                    """
                    SELECT l.kind, l.subject, l.day::text, (l.reverts IS NOT NULL)::text, coalesce(l.note, '') FROM ledger l
                    JOIN account a ON a.id = l.account_id WHERE a.name = 'alice' AND l.subject = 'Dishes' ORDER BY l.id
                    """)
                #expect(ledger.map { $0[0] } == ["completion", "completion", "undo", "completion"])
                #expect(ledger[1][4] == "pots, too" && ledger[2][3] == "true")
                let exported = try #require(export["ledger"] as? [[String: Any]]).filter { $0["subject"] as? String == "Dishes" }
                #expect(ledger.map { $0[2] } == exported.map { $0["day"] as? String ?? "" })
                #expect(ledger.map { $0[0] } == exported.map { $0["kind"] as? String ?? "" })
                // Each instant exactly.
                let directory = try DatabaseQueue(path: data.appendingPathComponent("directory.sqlite").path)
                let fileID = try #require(try await directory.read { try String.fetchOne($0, sql: "SELECT file_id FROM account WHERE name = 'alice'") })
                try directory.close()
                let file = try DatabaseQueue(path: data.appendingPathComponent("users/\(fileID.prefix(2))/\(fileID).sqlite").path)
                let instants = try await file.read { try Double.fetchAll($0, sql: "SELECT at FROM ledger ORDER BY id") }
                try file.close()
                let copied = try await rows(
                    client, "SELECT l.at::text FROM ledger l JOIN account a ON a.id = l.account_id WHERE a.name = 'alice' ORDER BY l.id")
                #expect(copied.count == instants.count && instants.count > 4)
                #expect(copied.map { Double($0[0]) } == instants)
                #expect(try await rows(client, "SELECT h.name, (h.area_id IS NOT NULL)::text FROM habit h JOIN account a ON a.id = h.account_id WHERE a.name = 'alice' ORDER BY h.id")
                    == [["Dishes", "true"], ["Smoking", "false"]])
                #expect(try await rows(client, "SELECT member, account_id::text, habit FROM room_log ORDER BY id") == [
                    ["alice", "1", "Sweep"], ["a former member", "0", "Sweep"],
                ])
                #expect(try await rows(client, "SELECT name, checklist FROM todo") == [["Move house", "[ ] pack books\n[x] book the van"]])
                #expect(try await rows(client, "SELECT name FROM room_todo") == [["Milk"]])
                #expect(try await rows(client, "SELECT habit, minute::text FROM reminder") == [["Dishes", "1260"]])
            }
            // And back, into a new data directory: every user's export the same, byte for byte but the moment it was made.
            let back = data.appendingPathComponent("back")
            let returned = try await habitat(["migrate", "--from", address.description, "--to", back.path])
            #expect(returned.output == """
                Moved 2 accounts, 1 room and \(expectedRows.formatted()) rows in all from \(address) into \(back.path); every table and \
                every ledger agrees on both sides.

                """)
            // A backup of the database is such a directory too, made while it may be in use.
            let backup = data.appendingPathComponent("backup")
            let backedUp = try await habitat(["backup", "--database", address.description, backup.path])
            #expect(backedUp.output == """
                Backed up 2 accounts, 1 room and \(expectedRows.formatted()) rows in all from \(address) into \(backup.path), as they were \
                at one moment; every table and every ledger agrees on both sides.

                """)
            #expect(try await habitat(["check", "--data", backup.path]) == (0, "All 3 files are sound: the directory database and 2 users' files.\n"))
            let checked = try await habitat(["check", "--database", address.description])
            #expect(checked.status == 0)
            #expect(checked.output.hasPrefix("PostgreSQL at \(address) is sound: 2 accounts, 1 room and "))
            #expect(checked.output.hasSuffix("; no row of 23 tables belongs to an account or a room that doesn't exist.\n"))
            for user in ["alice", "cal"] {
                for format in ["json", "csv"] {
                    func export(_ place: [String]) async throws -> String {
                        let run = try await habitat(["export", "--user", user, "--format", format] + place)
                        #expect(run.status == 0)
                        return run.output.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains(#""exported_at" : "#) }
                            .joined(separator: "\n")
                    }
                    let before = try await export(["--data", data.path])
                    #expect(try await export(["--database", address.description]) == before, "\(user)'s \(format) export from PostgreSQL")
                    #expect(try await export(["--data", back.path]) == before, "\(user)'s \(format) export after the round trip")
                    #expect(try await export(["--data", backup.path]) == before, "\(user)'s \(format) export from the backup")
                    #expect(before.utf8.count > 100)
                }
            }
            #expect(try await habitat(["check", "--data", back.path]) == (0, "All 3 files are sound: the directory database and 2 users' files.\n"))
            let again = try await habitat(["migrate", "--from", address.description, "--to", back.path])
            #expect(again.output == "Error: \(back.path) is not empty: a data directory is made anew, never over another.\n")
            // A server runs on it: alice carries on where she was.
            let server = try await ServerProcess(data: back)
            let alice = try await LineClient.connect(port: server.port)
            try await alice.expectReply(to: "login alice correct-horse", startsWith: "✅ Welcome back, alice!")
            try await alice.expectReply(to: "did dishes", startsWith: "✅ Dishes completed!")
            await alice.close()
            #expect(await server.terminate() == 0)

            try await address.withClient(logger: logger) { (client: PostgresClient) async throws -> Void in
                // A new row goes on from the ids copied.
                let next = try await rows(
                    client,
                    """
                    INSERT INTO habit (account_id, name, kind, xp, coins, life, created_day) VALUES (1, 'Floss', 'good', 10, 5, 0, '2026-12-01')
                    RETURNING (id > (SELECT max(id) FROM habit WHERE name <> 'Floss'))::text
                    """)
                #expect(next == [["true"]])
            }
            // A database with Habitat's data in it is never migrated into.
            let twice = try await habitat(["migrate", "--from", data.path, "--to", address.description])
            #expect(twice.status == 1)
            #expect(twice.output == "Error: \(address) holds Habitat data already. Migrate into an empty database; nothing was copied.\n")
        }
    }

    @Test func aRunningServersDirectoryOrNoDirectoryIsRefused() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let server = try await ServerProcess(data: data)
        try await TestPostgres.withDatabase { address in
            let running = try await habitat(["migrate", "--from", data.path, "--to", address.description])
            #expect(running.status != 0)
            #expect(running.output.contains("Error: \(data.path) is in use by a running Habitat. Stop it first: migrate copies a stopped data directory."))
            let missing = data.appendingPathComponent("nothing-here").path
            let none = try await habitat(["migrate", "--from", missing, "--to", address.description])
            #expect(none.output.contains("Error: \(missing) holds no Habitat data (there is no directory.sqlite in it). Use --from to point at it."))
            // PostgreSQL not there: said as such, not as a "database error".
            let closed = try await Loopback.freePort()
            let unreachable = try await habitat(["migrate", "--from", "postgresql://habitat@127.0.0.1:\(closed)/habitat", "--to", missing])
            #expect(unreachable.status == 1)
            #expect(unreachable.output.hasPrefix("Error: PostgreSQL at 127.0.0.1:\(closed) can't be reached ("))
            #expect(unreachable.output.hasSuffix("). Is it running, and does it take connections there?\n"))
            let notAnAddress = try await habitat(["migrate", "--from", data.path, "--to", "/var/lib/postgresql"])
            #expect(notAnAddress.output.contains(
                "Error: One of --from and --to is a PostgreSQL database's address (postgresql://USER@HOST/DATABASE), the other a data directory."))
        }
        #expect(await server.terminate() == 0)
    }
}
