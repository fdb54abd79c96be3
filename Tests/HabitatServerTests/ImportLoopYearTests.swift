import Foundation
import GRDB
import TestSupport
import Testing

/// A year of Loop Habit Tracker history (`Tests/Fixtures/loop/make_year.py`: a daily journal, stretching every other
/// day, swimming twice a week, 2024-04-01 to 2025-03-31) comes in and goes on as Loop left it: the streak and best
/// streak of the daily habit as Loop counts them, and each habit's strength within 2 points of Loop's score. Seen the
/// morning after the backup's last day: Habitat counts a day in a habit's strength once it is over, Loop from its
/// start, so Loop's score for 2025-03-31 is Habitat's strength on 2025-04-01.
@Suite("A year of Loop history", .serialized)
struct ImportLoopYearTests {
    @Test func aYearOfLoopHistoryGoesOnWithItsStreaksAndStrength() async throws {
        let folder = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = try await ImportTests.data(with: "alice", in: folder, startingAt: "2025-03-31 20:00:00")
        let backup = folder.appendingPathComponent("Loop Habits Backup 2025-03-31.db").path
        let queue = try DatabaseQueue(path: backup)
        let script = try String(contentsOf: SourceTree.url("Tests/Fixtures/loop/loop-year.sql"), encoding: .utf8)
        try await queue.writeWithoutTransaction { try $0.execute(sql: script) }
        try await queue.close()

        let imported = try await habitat(["import", "--data", data.path, "--user", "alice", backup])
        #expect(imported.status == 0, "\(imported.output)")
        #expect(
            imported.output.hasPrefix(
                """
                From Loop Habit Tracker: 3 habits, 600 days of history.
                  Journal · every day · 288 days
                  Stretch · every 2 days · 201 days
                  Swim · 2 times a week · 111 days

                """), "\(imported.output)")

        let server = try await ServerProcess(data: data, startingAt: "2025-04-01 06:00:00")
        do {
            let alice = try await LineClient.connect(port: server.port)
            try await alice.expectReply(to: "login alice correct-horse", startsWith: "✅")
            let rows = try #require(try await alice.json("{\"text\": \"streaks\"}").data?["streaks"] as? [[String: Any]])
            let row = { (name: String) in rows.first { $0["name"] as? String == name } ?? [:] }
            // Done on 2025-03-30, not on 03-31: the streak is broken; the longest run was 8 days (make_year.py's `journal`).
            #expect(row("Journal")["streak"] as? Int == 0, "\(rows)")
            #expect(row("Journal")["best_streak"] as? Int == 8, "\(rows)")
            let scores = try String(contentsOf: SourceTree.url("Tests/Fixtures/loop/loop-year-scores.csv"), encoding: .utf8)
            for line in scores.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: ",").map(String.init)
                guard fields.count == 3, fields[1] == "2025-03-31", let loop = Double(fields[2]) else { continue }
                let here = try #require((row(fields[0])["strength"] as? NSNumber)?.doubleValue, "\(fields[0]) in \(rows)")
                #expect(abs(here - loop * 100) <= 2, "\(fields[0]): \(here) here, \(loop * 100) in Loop")
            }
            _ = await server.terminate()
        } catch {
            _ = await server.terminate()
            throw error
        }
    }
}
