import Foundation
import Logging
import PostgresNIO
import Testing
import TestSupport

@testable import HabitatPostgres

/// The schema applied to a real PostgreSQL, as a store opening it applies it.
@Suite("PostgreSQL's schema", .enabled(if: TestPostgres.isAvailable, "no PostgreSQL: run the tests under scripts/with-postgres"))
struct MigrationsTests {
    let logger = TestPostgres.logger

    /// The rows `sql` selects, each column as text (`sql` casts each to `text`).
    func rows(_ client: PostgresClient, _ sql: String) async throws -> [[String]] {
        var rows: [[String]] = []
        for try await row in try await client.query(PostgresQuery(unsafeSQL: sql), logger: logger) {
            rows.append(try row.makeRandomAccess().map { try $0.decode(String.self) })
        }
        return rows
    }

    @Test func theSchemaIsAppliedOnceAndRemembered() async throws {
        try await TestPostgres.withDatabase { address in
            try await address.withClient(logger: logger) { (client: PostgresClient) async throws -> Void in
                #expect(try await Migrations.apply(client, logger: logger) == .init(applied: ["0001-schema.sql", "0002-account-version.sql", "0003-servers.sql", "0004-amount-decimals.sql"], version: 4))
                #expect(try await Migrations.apply(client, logger: logger) == .init(applied: [], version: 4))
                let applied = try await rows(
                    client, "SELECT version::text, name, length(checksum)::text FROM habitat_migration ORDER BY version")
                #expect(applied == [["1", "0001-schema.sql", "64"], ["2", "0002-account-version.sql", "64"], ["3", "0003-servers.sql", "64"], ["4", "0004-amount-decimals.sql", "64"]])
            }
        }
    }

    /// Citus distributes a table by one column, which its keys must start with: a user's tables by `account_id`, a
    /// room's by `room_id`. The rest are small tables found by their own key.
    @Test func everyUsersTableIsKeyedByTheUserFirstAndEveryRoomsByTheRoom() async throws {
        try await TestPostgres.withDatabase { address in
            try await address.withClient(logger: logger) { (client: PostgresClient) async throws -> Void in
                try await Migrations.apply(client, logger: logger)
                let keys = try await rows(
                    client,
                    """
                    SELECT c.relname::text, a.attname::text FROM pg_index i
                    JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
                    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = i.indkey[0]
                    WHERE i.indisprimary AND n.nspname = 'public' ORDER BY 1
                    """)
                let first = Dictionary(keys.map { ($0[0], $0[1]) }) { a, _ in a }
                let users = ["profile", "setting", "area", "habit", "routine", "reward", "pause", "todo", "ledger", "timer", "reminder", "inbox", "server_listener"]
                let rooms = ["membership", "room_departure", "room_habit", "room_todo", "room_log", "room_intent", "room_post"]
                let own = [
                    "account": "id", "room": "id", "due": "kind", "invite": "code", "bridge": "name", "link_code": "code",
                    "identity_link": "identity", "registration_invite": "code", "habitat_migration": "version",
                    "server_node": "id", "relayed_event": "id",
                ]
                var expected = own
                for table in users { expected[table] = "account_id" }
                for table in rooms { expected[table] = "room_id" }
                #expect(first == expected)
                // Every unique index of a user's or a room's table holds its distribution column too.
                let uniques = try await rows(
                    client,
                    """
                    SELECT c.relname::text, string_agg(a.attname::text, ',') FROM pg_index i
                    JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
                    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = ANY(i.indkey)
                    WHERE i.indisunique AND n.nspname = 'public' GROUP BY i.indexrelid, c.relname
                    """)
                for row in uniques {
                    let (table, columns) = (row[0], row[1])
                    let column = users.contains(table) ? "account_id" : rooms.contains(table) ? "room_id" : nil
                    if let column { #expect(columns.split(separator: ",").contains(Substring(column)), "\(table): \(columns)") }
                }
            }
        }
    }

    @Test func serversStartingAtOnceApplyEachFileOnce() async throws {
        try await TestPostgres.withDatabase { address in
            let reports = try await withThrowingTaskGroup(of: Migrations.Report.self) { group in
                for _ in 0..<4 {
                    group.addTask { try await address.withClient(logger: logger) { try await Migrations.apply($0, logger: logger) } }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(
                reports.filter { !$0.applied.isEmpty }
                    == [.init(applied: ["0001-schema.sql", "0002-account-version.sql", "0003-servers.sql", "0004-amount-decimals.sql"], version: 4)])
            #expect(reports.map(\.version) == [4, 4, 4, 4])
        }
    }

    @Test func aFileEditedAfterItWasAppliedOrAMigrationOfANewerHabitatIsRefusedAndNothingChanges() async throws {
        try await TestPostgres.withDatabase { address in
            try await address.withClient(logger: logger) { (client: PostgresClient) async throws -> Void in
                let first = Migrations.File(name: "0001-one.sql", sql: "CREATE TABLE one (a int);")
                let second = Migrations.File(name: "0002-two.sql", sql: "CREATE TABLE two (b int);")
                #expect(try await Migrations.apply([first], client, logger: logger).applied == ["0001-one.sql"])
                let edited = Migrations.File(name: "0001-one.sql", sql: "CREATE TABLE one (a bigint);")
                await #expect(throws: MigrationError.edited(name: "0001-one.sql")) {
                    try await Migrations.apply([edited, second], client, logger: logger)
                }
                #expect(try await rows(client, "SELECT count(*)::text FROM pg_tables WHERE tablename = 'two'") == [["0"]])
                // A new file is applied after the others.
                #expect(try await Migrations.apply([first, second], client, logger: logger) == .init(applied: ["0002-two.sql"], version: 2))
                // This build knows only the first: the database is a newer Habitat's.
                await #expect(throws: MigrationError.newerSchema(name: "0002-two.sql", known: "0001-one.sql")) {
                    try await Migrations.apply([first], client, logger: logger)
                }
                #expect(String(describing: MigrationError.newerSchema(name: "0002-two.sql", known: "0001-one.sql")).hasPrefix(
                    "The database has migration 0002-two.sql, which this Habitat does not know (its last is 0001-one.sql)"))
            }
        }
    }

    @Test func aFileThatFailsHalfwayLeavesNothingOfItself() async throws {
        try await TestPostgres.withDatabase { address in
            try await address.withClient(logger: logger) { (client: PostgresClient) async throws -> Void in
                let broken = Migrations.File(name: "0001-broken.sql", sql: "CREATE TABLE half (a int);\nSELECT 1 / 0;")
                await #expect(throws: (any Error).self) { try await Migrations.apply([broken], client, logger: logger) }
                #expect(try await rows(client, "SELECT count(*)::text FROM pg_tables WHERE tablename = 'half'") == [["0"]])
                #expect(try await rows(client, "SELECT count(*)::text FROM habitat_migration") == [["0"]])
                // The lock was let go: the next start applies a good file.
                let good = Migrations.File(name: "0001-good.sql", sql: "CREATE TABLE whole (a int);")
                #expect(try await Migrations.apply([good], client, logger: logger).applied == ["0001-good.sql"])
            }
        }
    }

    /// The ledger is append-only; its rows go only with their whole account, in the transaction that erases it.
    @Test func theLedgerIsAppendOnlyButForAnAccountErased() async throws {
        try await TestPostgres.withDatabase { address in
            try await address.withClient(logger: logger) { (client: PostgresClient) async throws -> Void in
                try await Migrations.apply(client, logger: logger)
                _ = try await client.query("INSERT INTO account (id, name, file_id, created_at) VALUES (7, 'ann', 'f7', 1795176000)", logger: logger)
                _ = try await client.query(
                    """
                    INSERT INTO ledger (account_id, id, at, day, kind, subject, quantity, xp, coins, health)
                    VALUES (7, 1, 1795176000.25, '2026-11-30', 'completion', 'Dishes', 1, 10, 5, 0)
                    """, logger: logger)
                await #expect(throws: (any Error).self) {
                    try await client.query("UPDATE ledger SET xp = 1000 WHERE account_id = 7", logger: logger)
                }
                await #expect(throws: (any Error).self) {
                    try await client.query("DELETE FROM ledger WHERE account_id = 7", logger: logger)
                }
                #expect(try await rows(client, "SELECT xp::text FROM ledger") == [["10"]])
                try await client.withTransaction(logger: logger) { connection in
                    _ = try await connection.query("SELECT set_config('habitat.erasing', '7', true)", logger: logger)
                    _ = try await connection.query("DELETE FROM account WHERE id = 7", logger: logger)
                }
                #expect(try await rows(client, "SELECT count(*)::text FROM ledger") == [["0"]])
            }
        }
    }
}
