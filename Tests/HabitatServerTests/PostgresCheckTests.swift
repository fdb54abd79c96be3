import Foundation
import TestSupport
import Testing

@Suite("habitat check --database", .enabled(if: TestPostgres.isAvailable))
struct PostgresCheckTests {
    /// A database a server kept is sound; one whose schema file was edited, with a room's log naming an account that
    /// doesn't exist, is not, and each thing wrong is named. The check changes nothing.
    @Test func aDatabaseIsCheckedAndWhatIsWrongIsNamed() async throws {
        try await TestPostgres.withDatabase { address in
            let data = temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: data) }
            let server = try await ServerProcess(data: data, extraArguments: ["--database", address.description])
            let alice = try await LineClient.registered("alice", port: server.port)
            try await alice.expectReply(to: "add habit Stretch", startsWith: "✅")
            try await alice.expectReply(to: "did stretch", startsWith: "✅")
            try await alice.expectReply(to: "room create Home", startsWith: "🏠")
            await alice.close()
            #expect(await server.terminate() == 0)

            let sound = try await habitat(["check", "--database", address.description])
            #expect(sound.status == 0)
            #expect(sound.output == """
                PostgreSQL at \(address) is sound: 1 account, 1 room and 1 ledger entry; no row of 23 tables belongs to an \
                account or a room that doesn't exist.

                """)

            try await TestPostgres.execute("UPDATE habitat_migration SET checksum = 'edited' WHERE version = 1", in: address)
            try await TestPostgres.execute("""
                INSERT INTO room_log (room_id, habit_id, habit, kind, account_id, member, at, day, quantity, xp, health, ref)
                SELECT id, 1, 'Dishes', 'good', 4242, 'ghost', 0, '2026-11-30', 1, 10, 0, '4242:1' FROM room
                """, in: address)
            let unsound = try await habitat(["check", "--database", address.description])
            #expect(unsound.status == 1)
            #expect(unsound.output == """
                Error: PostgreSQL at \(address) is not sound:
                  The database's migration 0001-schema.sql is not the one this Habitat has: the file was changed after it \
                was applied. Nothing was changed; run the Habitat that applied it, or restore the file.
                  room_log: 1 row of an account that doesn't exist.
                Restore it from a backup (PostgreSQL's own, or 'habitat migrate' from a data directory).

                """)
        }
    }

    @Test func aDatabaseWithoutHabitatsSchemaIsSaidSo() async throws {
        try await TestPostgres.withDatabase { address in
            let empty = try await habitat(["check", "--database", address.description])
            #expect(empty.status == 1)
            #expect(empty.output == """
                Error: PostgreSQL at \(address) is not sound:
                  This database has no Habitat schema: 'habitat serve --database' or 'habitat migrate' makes it.
                Restore it from a backup (PostgreSQL's own, or 'habitat migrate' from a data directory).

                """)
        }
    }
}

@Suite("Data tools asking a server that keeps everything in PostgreSQL", .enabled(if: TestPostgres.isAvailable))
struct PostgresDataToolTests {
    /// `habitat export`, `import` and `admin` with the server's `--data` are answered by the running server, on its
    /// database: an export made there comes into another account, which sees its habits and days at once, and a lock
    /// keeps the account out. `check` says where the data is and what to run instead.
    @Test func exportAndImportGoThroughTheServerOnItsDatabase() async throws {
        try await TestPostgres.withDatabase { address in
            let folder = temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: folder) }
            let data = folder.appendingPathComponent("data")
            let server = try await ServerProcess(data: data, extraArguments: ["--database", address.description])
            let alice = try await LineClient.registered("alice", port: server.port)
            try await alice.expectReply(to: "add habit Stretch", startsWith: "✅")
            try await alice.expectReply(to: "did stretch", startsWith: "✅")
            try await alice.expectReply(to: "did stretch yesterday", startsWith: "✅")
            let bob = try await LineClient.registered("bob", port: server.port)

            let file = folder.appendingPathComponent("alice.json").path
            let exported = try await habitat(["export", "--data", data.path, "--user", "alice", "--output", file])
            #expect(exported.status == 0, "\(exported.output)")
            #expect(exported.output == "Exported 2 ledger entries of alice to \(file).\n")
            let imported = try await habitat(["import", "--data", data.path, "--user", "bob", file])
            #expect(imported.status == 0, "\(imported.output)")
            #expect(imported.output.hasPrefix("From Habitat: 1 habit, 2 days of history.\n  Stretch · every day · 2 days\n"), "\(imported.output)")
            #expect(imported.output.hasSuffix("Imported into bob's game. The history earns no XP or coins; 'undo' takes it back (the habits stay).\n"))
            #expect(try await bob.reply(to: "streaks") == ["ℹ️ Streaks", "  Stretch: 2 days (best 2) · strength 10%"])

            let locked = try await habitat(["admin", "lock", "bob", "--data", data.path])
            #expect(locked.output == "bob is locked: they can't log in, here or from a chat, and their connections were logged out. 'habitat admin unlock bob' undoes it.\n")
            #expect(try await bob.reply(to: "status") == ["❌ Your account was locked by whoever runs this server, so you're logged out."])
            #expect(try await bob.reply(to: "login bob correct-horse") == ["❌ This account is locked. Ask whoever runs this server."])

            let check = try await habitat(["check", "--data", data.path])
            #expect(check.status == 1)
            #expect(check.output == "Error: This server keeps its data in PostgreSQL at \(address), not in files: check it with 'habitat check --database'.\n")

            // A second server on the same database and --data leaves the first's socket be, and says so.
            let second = try await ServerProcess(data: data, extraArguments: ["--database", address.description])
            let said = "another server answers habitat admin, import and export in this data directory"
            let deadline = ContinuousClock.now + .seconds(120)
            while !second.log.contains(said), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
            #expect(second.log.contains(said))
            #expect(await second.terminate() == 0)
            let users = try await habitat(["admin", "users", "--data", data.path])
            #expect(users.status == 0)
            #expect(users.output.split(separator: "\n").map { $0.split(separator: "\t").first ?? "" } == ["name", "alice", "bob"])
            await alice.close()
            await bob.close()
            #expect(await server.terminate() == 0)
        }
    }
}
