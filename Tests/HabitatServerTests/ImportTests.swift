import Foundation
import GRDB
import TestSupport
import Testing

/// `habitat import` of Loop Habit Tracker's database backup (`Tests/Fixtures/loop`), with the server stopped and
/// through the running one, and what the habits' strength is afterwards beside Loop's own score.
@Suite("Importing from Loop Habit Tracker and Habitica", .serialized)
struct ImportTests {
    /// A data directory in `folder` where `user` registered, its server stopped: what `habitat import` works on.
    static func data(with user: String, in folder: URL, startingAt instant: String? = nil) async throws -> URL {
        let data = folder.appendingPathComponent("data")
        let server = try await ServerProcess(data: data, startingAt: instant)
        _ = try await LineClient.registered(user, port: server.port)
        #expect(await server.terminate() == 0)
        return data
    }

    /// The fixture's backup, made into the `.db` Loop writes, in `folder`.
    static func loopBackup(in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("Loop Habits Backup 2025-03-31 200000.db").path
        let script = try String(contentsOf: SourceTree.url("Tests/Fixtures/loop/loop-backup.sql"), encoding: .utf8)
        let queue = try DatabaseQueue(path: path)
        try queue.inDatabase { try $0.execute(sql: script) }
        try queue.close()
        return path
    }

    /// Loop's score of each habit on `day` (`Tests/Fixtures/loop/loop-scores.csv`), as a percentage.
    static func loopScores(on day: String) throws -> [String: Double] {
        let text = try String(contentsOf: SourceTree.url("Tests/Fixtures/loop/loop-scores.csv"), encoding: .utf8)
        var scores: [String: Double] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: ",").map(String.init)
            if fields.count == 3, fields[1] == day, let score = Double(fields[2]) { scores[fields[0]] = score * 100 }
        }
        return scores
    }

    /// `client`'s streaks, each habit done on days on its schedule (Meditate, Gym, Water plants; `named` as called here)
    /// with Loop's score on the backup's last day, within 2 points.
    @discardableResult
    static func expectLoopsStrength(_ client: LineClient, named: [String: String] = [:]) async throws -> [[String: Any]] {
        let rows = try #require(try await client.json("{\"text\": \"streaks\"}").data?["streaks"] as? [[String: Any]])
        let strength = Dictionary(rows.map { ($0["name"] as? String ?? "", ($0["strength"] as? NSNumber)?.doubleValue ?? -1) }) { a, _ in a }
        let loop = try loopScores(on: "2025-03-31")
        for there in ["Meditate", "Gym", "Water plants"] {
            let here = named[there] ?? there
            let mine = try #require(strength[here], "\(here) in \(rows)")
            let theirs = try #require(loop[there])
            #expect(abs(mine - theirs) <= 2, "\(here): \(mine) here, \(theirs) in Loop")
        }
        return rows
    }

    /// Loop's CSV export holds the same habits and days: they come in the same, strength and all.
    @Test func loopsCSVExportComesInAsItsBackupDoes() async throws {
        let folder = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data")
        var server = try await ServerProcess(data: data, startingAt: "2025-03-31 20:00:00")
        _ = try await LineClient.registered("alice", port: server.port)
        #expect(await server.terminate() == 0)
        let zip = SourceTree.url("Tests/Fixtures/loop/Loop Habits CSV 2025-03-31.zip").path
        let imported = try await habitat(["import", "--data", data.path, "--user", "alice", zip])
        #expect(imported.status == 0, "\(imported.output)")
        #expect(imported.output.hasPrefix(Self.dryRun.components(separatedBy: "Kept only").first ?? ""))
        server = try await ServerProcess(data: data, startingAt: "2025-03-31 20:00:00")
        do {
            let alice = try await LineClient.connect(port: server.port)
            try await alice.expectReply(to: "login alice correct-horse", startsWith: "✅")
            try await Self.expectLoopsStrength(alice)
            _ = await server.terminate()
        } catch {
            _ = await server.terminate()
            throw error
        }
    }

    static let dryRun = """
        From Loop Habit Tracker: 6 habits, 263 days of history.
          Meditate · every day · 101 days
          Gym · 3 times a week · 36 days
          Water plants · every 3 days · 27 days
          Run · 2 km a day · 39 days
          Coffee (bad habit) · limit 2 cups a day · 53 days
          Old habit (archived) · every day · 7 days
        Kept only roughly, or not brought in:
          - Run: at least 10 km a week is kept as 2 km a day.
          - 3 skipped days are kept as not done: to keep a break from counting, pause the habit here.
          - 2 notes on days not done are not brought in (a note here belongs to a day done).
          - Reminders (2) are not brought in: set them with 'remind me to <habit> at <time>'.
          - Questions, descriptions and colours are not brought in.
        Nothing was changed: this was a dry run. Run it again without --dry-run to bring it in.

        """

    @Test func aLoopBackupComesInWithItsHistoryAndItsStrengthGoesOnWhereLoopLeftIt() async throws {
        let folder = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data")
        let backup = try Self.loopBackup(in: folder)
        // The server runs on the evening of the backup's last day.
        var server = try await ServerProcess(data: data, startingAt: "2025-03-31 20:00:00")
        let alice = try await LineClient.registered("alice", port: server.port)
        try await alice.expectReply(to: "add habit Meditate", startsWith: "✅ Added habit Meditate")
        #expect(await server.terminate() == 0)

        // Stopped: the command line reads the files itself. A dry run changes nothing, and says what each habit is
        // called here: alice has a Meditate, so the file's is numbered, or, with --merge, takes its days.
        let meditate = "  Meditate · every day · 101 days\n"
        let preview = try await habitat(["import", "--data", data.path, "--user", "alice", backup, "--dry-run"])
        #expect(preview.status == 0)
        #expect(
            preview.output
                == Self.dryRun.replacingOccurrences(
                    of: meditate, with: "  Meditate (2) · every day · 101 days\n    (called Meditate (2): alice has a habit called Meditate already)\n"))
        let merging = try await habitat(["import", "--data", data.path, "--user", "alice", backup, "--dry-run", "--merge"])
        #expect(
            merging.output
                == Self.dryRun.replacingOccurrences(of: meditate, with: meditate + "    (into alice's Meditate: the days it has already keep their own recordings)\n"))

        // Running: the server does it, in one transaction.
        server = try await ServerProcess(data: data, startingAt: "2025-03-31 20:00:00")
        do {
            try await importsThroughTheServer(backup, data: data, port: server.port)
        } catch {
            _ = await server.terminate()
            throw error
        }
        #expect(await server.terminate() == 0)
    }

    func importsThroughTheServer(_ backup: String, data: URL, port: Int) async throws {
        let imported = try await habitat(["import", "--data", data.path, "--user", "alice", backup])
        #expect(imported.status == 0)
        #expect(imported.output.hasPrefix("From Loop Habit Tracker: 6 habits, 263 days of history.\n  Meditate (2) · every day · 101 days\n"))
        #expect(imported.output.contains("    (called Meditate (2): alice has a habit called Meditate already)\n"))
        #expect(imported.output.hasSuffix("Imported into alice's game. The history earns no XP or coins; 'undo' takes it back (the habits stay).\n"))

        let client = try await LineClient.connect(port: port)
        try await client.expectReply(to: "login alice correct-horse", startsWith: "✅ Welcome back, alice! Level 1 · 0/100 XP")
        let rows = try await Self.expectLoopsStrength(client, named: ["Meditate": "Meditate (2)"])
        // Loop's streak of the daily habit goes on: the last 4 days, 2025-03-28 to 03-31, as Loop counts it.
        #expect(rows.first { $0["name"] as? String == "Meditate (2)" }?["streak"] as? Int == 4, "\(rows)")
        // Each day came in as it was: Meditate's first and last, and a note with a comma and quotes.
        let history = try await client.json("{\"text\": \"history meditate (2)\"}")
        let entries = try #require(history.data?["entries"] as? [[String: Any]])
        #expect(entries.first?["day"] as? String == "2025-03-31")
        #expect(entries.allSatisfy { ($0["xp"] as? Int) == 0 && ($0["coins"] as? Int) == 0 })
        let export = try await habitat(["export", "--data", data.path, "--user", "alice"])
        let ledger = try #require((try JSONSerialization.jsonObject(with: Data(export.output.utf8)) as? [String: Any])?["ledger"] as? [[String: Any]])
        let meditated = ledger.filter { $0["subject"] as? String == "Meditate (2)" }
        #expect(meditated.count == 101)
        #expect(meditated.first?["day"] as? String == "2024-12-02")
        #expect(meditated.contains { ($0["note"] as? String)?.contains(",") == true && ($0["note"] as? String)?.contains("\"") == true })
        // An amount with decimals comes in as Loop kept it: 2.5 km on 2025-02-05 (Loop's 2500).
        #expect(ledger.first { $0["subject"] as? String == "Run" && $0["day"] as? String == "2025-02-05" }?["quantity"] as? Double == 2.5)

        // Leaving: the habits and their days as a Loop backup, which Loop's importer takes (its own checks, and the columns
        // it reads, `LoopDBImporter.kt`), and which brings the same history into another account.
        let leaving = data.deletingLastPathComponent().appendingPathComponent("to-loop.db").path
        let exported = try await habitat(["export", "--data", data.path, "--user", "alice", "--format", "loop", "--output", leaving])
        #expect(exported.output == "Exported 7 habits of alice with 263 days of history to \(leaving), a Loop Habit Tracker backup: in Loop, Settings → Import data.\n")
        let written = try DatabaseQueue(path: leaving)
        try await written.read { db in
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM SQLITE_MASTER WHERE name='Habits' OR name='Repetitions'") == 2)
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == 25)
            _ = try Row.fetchAll(
                db,
                sql: """
                    SELECT description, question, name, freq_num, freq_den, color, position, reminder_hour, reminder_min, reminder_days,
                    highlight, archived, type, target_value, target_type, unit, id, uuid FROM Habits ORDER BY position
                    """)
            let gym = try #require(try Row.fetchOne(db, sql: "SELECT * FROM Habits WHERE name = 'Gym'"))
            #expect((gym["freq_num"] as Int, gym["freq_den"] as Int, gym["type"] as Int) == (3, 7, 0))
            let coffee = try #require(try Row.fetchOne(db, sql: "SELECT * FROM Habits WHERE name = 'Coffee'"))
            #expect((coffee["type"] as Int, coffee["target_type"] as Int, coffee["target_value"] as Double, coffee["unit"] as String) == (1, 1, 2, "cups"))
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM Repetitions r JOIN Habits h ON h.id = r.habit WHERE h.name = 'Meditate (2)' AND r.value = 2") == 101)
            _ = try Row.fetchAll(db, sql: "SELECT habit, timestamp, value, id, notes FROM Repetitions")
        }
        try await written.close()
        _ = try await LineClient.registered("bob", port: port)
        let back = try await habitat(["import", "--data", data.path, "--user", "bob", leaving])
        #expect(back.status == 0, "\(back.output)")
        let bob = try await LineClient.connect(port: port)
        try await bob.expectReply(to: "login bob correct-horse", startsWith: "✅")
        let bobs = try #require(try await bob.json("{\"text\": \"streaks\"}").data?["streaks"] as? [[String: Any]])
        for row in rows where row["name"] as? String != "Meditate" {
            let same = bobs.first { $0["name"] as? String == row["name"] as? String }
            #expect(same?["strength"] as? Int == row["strength"] as? Int, "\(row) and \(same ?? [:])")
            #expect(same?["streak"] as? Int == row["streak"] as? Int, "\(row) and \(same ?? [:])")
        }

        // Undo takes the history back; the habits stay.
        try await client.expectReply(
            to: "undo", startsWith: "↩️ Undid the history imported from Loop Habit Tracker (its habits stay)")
        let after = try await client.json("{\"text\": \"streaks\"}")
        let kept = try #require(after.data?["streaks"] as? [[String: Any]])
        #expect(kept.count == rows.count)
        #expect(kept.filter { $0["kind"] as? String == "good" }.allSatisfy { ($0["strength"] as? Int) == 0 }, "\(kept)")
    }

    @Test func aFileThatIsNoBackupIsRefusedAndNothingChanges() async throws {
        let folder = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = try await Self.data(with: "alice", in: folder)
        let notes = folder.appendingPathComponent("notes.txt")
        try Data("Meditate every day\n".utf8).write(to: notes)
        let refused = try await habitat(["import", "--data", data.path, "--user", "alice", notes.path])
        #expect(refused.status == 1)
        #expect(
            refused.output
                == "Error: Nothing was imported: \(notes.path) is not a file Habitat can import. It reads Loop Habit Tracker's database backup (Settings → Export full backup, a .db file) or CSV export (a .zip), Habitica's user data (Settings → Site Data → Export Data → User Data: JSON), and Habitat's own export (habitat export).\n")
        let nobody = try await habitat(["import", "--data", data.path, "--user", "bob", try Self.loopBackup(in: folder)])
        #expect(nobody.status == 1)
        #expect(nobody.output == "Error: There is no user called bob.\n")
    }

    @Test func habiticasUserDataComesInWithDailiesToDosRewardsAndTagsAsAreas() async throws {
        let folder = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data")
        let file = SourceTree.url("Tests/Fixtures/habitica/habitica-user-data.json").path
        var server = try await ServerProcess(data: data, startingAt: "2025-03-05 18:00:00")
        _ = try await LineClient.registered("sam", port: server.port)
        #expect(await server.terminate() == 0)

        let imported = try await habitat(["import", "--data", data.path, "--user", "sam", file])
        #expect(imported.status == 0)
        #expect(
            imported.output == """
                From Habitica: 4 habits, 9 days of history.
                  Drink a glass of water · every day · 3 days
                  Order takeout (bad habit) · 1 day
                  Review budget · on mon wed fri, 10 life if missed · steps: Log receipts, Check bank balance · 2 days
                  Morning stretch · every day, 10 life if missed · 3 days
                  To-dos: 1 open (Renew passport), 1 done
                  Rewards: Watch an episode (20 coins)
                  Areas: Health + Wellness, Finance
                  Character: level 3, 12 coins, 100% health
                Kept only roughly, or not brought in:
                  - Dailies cost 10 life a day due and not done, from tomorrow: 'edit <daily> 20 life if missed' changes it.
                  - Task notes, difficulty and reminders are not brought in; your character (level, gold, health) only when asked.
                Imported into sam's game. The history earns no XP or coins; 'undo' takes it back (the habits stay).

                """)

        // Asked, the history earns what each day done would have: 11 days done, 10 XP and 5 coins each.
        let rewarded = try await habitat(["import", "--data", data.path, "--user", "rex", file, "--with-rewards"])
        #expect(rewarded.status == 1)
        #expect(rewarded.output == "Error: There is no user called rex.\n")

        server = try await ServerProcess(data: data, startingAt: "2025-03-05 18:00:00")
        do {
            _ = try await LineClient.registered("rex", port: server.port)
            let earned = try await habitat(["import", "--data", data.path, "--user", "rex", file, "--with-rewards"])
            #expect(earned.output.hasSuffix("Imported into rex's game. The history earned +110 XP, +55 coins; 'undo' takes it back (the habits stay).\nLevel up! You reached level 2\n"), "\(earned.output)")
            let rex = try await LineClient.connect(port: server.port)
            try await rex.expectReply(to: "login rex correct-horse", startsWith: "✅ Welcome back, rex! Level 2 · 10/")
            try await rex.expectReply(to: "undo", startsWith: "↩️ Undid the history imported from Habitica (its habits stay) (-110 XP, -55 coins)")
            try await rex.expectReply(to: "status", startsWith: "ℹ️ Level 1 · 0/100 XP · 1000/1000 health · 0 coins")
            // Asked, the character comes too: its level, its gold as coins; undo takes it back.
            let character = try await habitat(["import", "--data", data.path, "--user", "rex", file, "--with-character"])
            #expect(character.output.hasSuffix("Your character from Habitica: level 3, 12 coins, 1000/1000 health.\n"), "\(character.output)")
            try await rex.expectReply(to: "status", startsWith: "ℹ️ Level 3 · 0/")
            try await rex.expectReply(to: "undo", startsWith: "↩️ Undid the history imported from Habitica (its habits stay)")
            try await rex.expectReply(to: "status", startsWith: "ℹ️ Level 1 · 0/100 XP · 1000/1000 health · 0 coins")
            let sam = try await LineClient.connect(port: server.port)
            try await sam.expectReply(to: "login sam correct-horse", startsWith: "✅ Welcome back, sam! Level 1 · 0/100 XP")
            // Each daily's streak is Habitica's own (`streak`: 2 and 2).
            let streaks = try #require(try await sam.json("{\"text\": \"streaks\"}").data?["streaks"] as? [[String: Any]])
            let streak = Dictionary(streaks.map { ($0["name"] as? String ?? "", $0["streak"] as? Int ?? -1) }) { a, _ in a }
            #expect(streak["Morning stretch"] == 2 && streak["Review budget"] == 2, "\(streaks)")
            // Each day on the user's Habitica clock (UTC−5): a check-off at 23:30 UTC is that evening's.
            let stretched = try #require(try await sam.json("{\"text\": \"history morning stretch\"}").data?["entries"] as? [[String: Any]])
            #expect(stretched.map { $0["day"] as? String } == ["2025-03-05", "2025-03-04", "2025-03-02"])
            let water = try #require(try await sam.json("{\"text\": \"history drink\"}").data?["entries"] as? [[String: Any]])
            #expect(water.map { $0["quantity"] as? Int } == [2, 1, 3])
            let takeout = try #require(try await sam.json("{\"text\": \"history takeout\"}").data?["entries"] as? [[String: Any]])
            #expect(takeout.map { "\($0["kind"] ?? "") \($0["day"] ?? "")" } == ["slip 2025-03-04"])
            let todos = try #require(try await sam.json("{\"text\": \"todos\"}").data?["todos"] as? [[String: Any]])
            #expect(todos.map { $0["name"] as? String } == ["Renew passport"])
            #expect(todos.first?["due"] as? String == "2025-03-07")
            let items = try #require(todos.first?["checklist"] as? [[String: Any]])
            #expect(items.map { "\($0["name"] ?? "") \($0["done"] ?? "")" } == ["Take photo 1", "Fill in form 0", "Pay fee 0"])
            let done = try #require(try await sam.json("{\"text\": \"todos done\"}").data?["todos"] as? [[String: Any]])
            #expect(done.map { $0["name"] as? String } == ["Call the dentist"])
            let store = try await sam.reply(to: "store")
            #expect(store.contains { $0.contains("Watch an episode") && $0.contains("20 coins") }, "\(store)")
            let areas = try #require(try await sam.json("{\"text\": \"areas\"}").data?["areas"] as? [[String: Any]])
            #expect(areas.map { $0["name"] as? String } == ["Health + Wellness", "Finance"])
            _ = await server.terminate()
        } catch {
            _ = await server.terminate()
            throw error
        }
    }

    /// Over the connection: the client reads the file and sends it in lines; `preview` says what would come in, and
    /// nothing changes until it is imported.
    @Test func aFileSentOverTheConnectionIsPreviewedThenImported() async throws {
        try await TestServer.with { server in
            let address = "127.0.0.1:\(server.port)"
            let file = SourceTree.url("Tests/Fixtures/habitica/habitica-user-data.json").path
            _ = try await server.user("sam")
            let sam = ["HABITAT_USER": "sam", "HABITAT_PASSWORD": "correct-horse", "HABITAT_SERVER": address, "NO_COLOR": "1"]
            let preview = try await runToEnd(ServerProcess.executable, ["do", "import \(file) preview"], environment: sam)
            #expect(preview.status == 0, "\(preview.errors)")
            #expect(preview.output.hasPrefix("ℹ️ From Habitica: 4 habits, 9 days of history.\n  Drink a glass of water · every day · 3 days\n"))
            #expect(preview.output.hasSuffix("  Nothing was changed yet: type 'import done' to bring it in, or 'import cancel'.\n"))
            let before = try await runToEnd(ServerProcess.executable, ["do", "habits"], environment: sam)
            #expect(before.output.hasPrefix("ℹ️ No habits yet"), "\(before.output)")

            let imported = try await runToEnd(ServerProcess.executable, ["do", "import \(file)"], environment: sam)
            #expect(imported.status == 0, "\(imported.errors)")
            #expect(imported.output.hasPrefix("✅ From Habitica: 4 habits, 9 days of history.\n"))
            #expect(imported.output.hasSuffix("  Imported into sam's game. The history earns no XP or coins; 'undo' takes it back (the habits stay).\n"))
            let todos = try await runToEnd(ServerProcess.executable, ["do", "todos"], environment: sam)
            #expect(todos.output.hasPrefix("ℹ️ Your to-dos (1"), "\(todos.output)")

            // Again, merging: each habit sam has now takes the file's days it lacks, which are none.
            let merging = try await runToEnd(ServerProcess.executable, ["do", "import \(file) preview merging"], environment: sam)
            #expect(merging.output.contains("  Drink a glass of water · every day · 3 days\n    (into sam's Drink a glass of water: the days it has already keep their own recordings)\n"), "\(merging.output)")
            #expect(merging.output.hasSuffix("  Nothing was changed yet: type 'import done merging' to bring it in, or 'import cancel'.\n"))
            let merged = try await runToEnd(ServerProcess.executable, ["do", "import \(file) merging"], environment: sam)
            #expect(merged.status == 0, "\(merged.errors)")
            let habits = try await runToEnd(ServerProcess.executable, ["do", "habits"], environment: sam)
            #expect(habits.output.hasPrefix("ℹ️ Your habits (4"), "\(habits.output)")
            let again = try await runToEnd(ServerProcess.executable, ["do", "todos"], environment: sam)
            #expect(again.output == todos.output)

            // Steps out of order are refused with nothing changed; a file that is no export is said.
            let client = try await server.connect()
            try await client.expectReply(to: "login sam correct-horse", startsWith: "✅")
            #expect(try await client.reply(to: "import done") == [
                "❌ No file is being sent. Start with 'import <file name>', or in 'habitat connect' type 'import <path>'."
            ])
            try await client.expectReply(to: "import notes.txt", startsWith: "ℹ️ Ready for notes.txt")
            try await client.expectReply(to: "import data \(Data("Meditate every day".utf8).base64EncodedString())", startsWith: "ℹ️ notes.txt: 18 bytes")
            #expect(try await client.reply(to: "import preview").first?.hasPrefix("❌ notes.txt is not a file Habitat can import.") == true)
            #expect(try await client.reply(to: "import cancel") == ["ℹ️ Dropped notes.txt; nothing was imported."])
        }
    }
}
