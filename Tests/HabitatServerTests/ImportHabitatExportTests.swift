import Foundation
import TestSupport
import Testing

/// Habitat's own export brought into another account (`habitat export`, then `habitat import`): the habits with their
/// schedules, words, steps and every day, so the streaks and strength are the same; the rest said.
@Suite("Importing Habitat's own export", .serialized)
struct ImportHabitatExportTests {
    @Test func anAccountMovesWithItsStreaksAndStrength() async throws {
        let folder = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data")
        var server = try await ServerProcess(data: data, startingAt: "2026-11-20 20:00:00")
        var before: [[String: Any]] = []
        do {
            let alice = try await LineClient.registered("alice", port: server.port)
            for line in [
                "add habit Stretch on weekdays", "add habit Water 8 glasses a day", "add bad habit Smoking", "call stretch yoga",
                "add area Fitness", "add reward Movie night 80 coins", "add todo Call the dentist by friday",
                "did stretch", "did stretch yesterday", "did stretch 3 days ago", "did water 6 yesterday", "did water 8",
                "slipped smoking 4 days ago", "did yoga 6 days ago",
            ] {
                try await alice.expectReply(to: line, startsWith: "")
            }
            before = try #require(try await alice.json("{\"text\": \"streaks\"}").data?["streaks"] as? [[String: Any]])
            _ = try await LineClient.registered("bob", port: server.port)
            _ = await server.terminate()
        } catch {
            _ = await server.terminate()
            throw error
        }
        let file = folder.appendingPathComponent("alice.json").path
        let exported = try await habitat(["export", "--data", data.path, "--user", "alice", "--output", file])
        #expect(exported.status == 0, "\(exported.output)")
        let imported = try await habitat(["import", "--data", data.path, "--user", "bob", file])
        #expect(imported.status == 0, "\(imported.output)")
        #expect(
            imported.output == """
                From Habitat: 3 habits, 7 days of history.
                  Stretch · on weekdays · 4 days
                  Water · 8 glasses a day · 2 days
                  Smoking (bad habit) · 1 day
                  To-dos: 1 open (Call the dentist), 0 done
                  Rewards: Movie night (80 coins)
                  Areas: Fitness
                  Character: level 1, 25 coins, 99% health
                Kept only roughly, or not brought in:
                  - Its settings (time zone, day start, week start, level curve) are taken only by an account with no habits yet.
                  - Your character (level, XP, coins, life) comes in only when asked.
                Imported into bob's game. The history earns no XP or coins; 'undo' takes it back (the habits stay).

                """)
        // Loop's CSV export of the same habits comes back in with the same days.
        let zip = folder.appendingPathComponent("loop.zip").path
        let csv = try await habitat(["export", "--data", data.path, "--user", "alice", "--format", "loop-csv", "--output", zip])
        #expect(csv.output == "Exported 3 habits of alice with 7 days of history to \(zip), Loop Habit Tracker's CSV export, for spreadsheets.\n")
        let again = try await habitat(["import", "--data", data.path, "--user", "alice", "--dry-run", zip])
        #expect(again.output.hasPrefix("From Loop Habit Tracker: 3 habits, 7 days of history.\n  Stretch (2) · 5 times a week · 4 days\n"), "\(again.output)")

        server = try await ServerProcess(data: data, startingAt: "2026-11-20 20:05:00")
        do {
            let bob = try await LineClient.connect(port: server.port)
            try await bob.expectReply(to: "login bob correct-horse", startsWith: "✅")
            let after = try #require(try await bob.json("{\"text\": \"streaks\"}").data?["streaks"] as? [[String: Any]])
            func shown(_ rows: [[String: Any]]) -> [String] {
                rows.map { row in ["name", "streak", "best", "strength"].map { "\(row[$0] ?? "-")" }.joined(separator: " ") }
            }
            #expect(shown(after) == shown(before))
            #expect(shown(after).count == 3)
            try await bob.expectReply(to: "did yoga", startsWith: "✅ Stretch")
            try await bob.expectReply(to: "todos", startsWith: "ℹ️")
            #expect(try await bob.reply(to: "store").joined(separator: "\n").contains("Movie night"))
            _ = await server.terminate()
        } catch {
            _ = await server.terminate()
            throw error
        }
    }
}
