import Foundation
import TestSupport
import Testing

/// Files that are not what they seem: each refused with an error naming the file (and the line, in a CSV), nothing
/// imported, and the server answering on.
@Suite("Importing bad files", .serialized)
struct ImportBadFilesTests {
    /// A zip at `path` holding `files` (name → text; a text of `"<bomb>"` is 100 MB of one letter), made by Python's
    /// zipfile, DEFLATE.
    static func zip(_ files: [(String, String)], at path: String) async throws {
        let entries: [String] = files.map { name, text -> String in
            let content: String = text == "<bomb>" ? "'a' * (100 << 20)" : String(reflecting: text)
            return "    z.writestr(\(String(reflecting: name)), \(content))"
        }
        let script: String = "import zipfile\nwith zipfile.ZipFile(\(String(reflecting: path)), 'w', zipfile.ZIP_DEFLATED) as z:\n"
            + entries.joined(separator: "\n") + "\n"
        let run = try await runToEnd(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script])
        guard run.status == 0 else { throw TestFailure("python3 made no zip: \(run.errors)") }
    }

    static let habits = "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?\n001,Read,YES_NO,,,1,1,#1976D2,,,,false\n"

    @Test func eachBadFileIsRefusedNamingWhatIsWrongAndNothingChanges() async throws {
        let folder = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = try await ImportTests.data(with: "alice", in: folder)
        func refusal(_ file: String) async throws -> String {
            let run = try await habitat(["import", "--data", data.path, "--user", "alice", file])
            #expect(run.status == 1, "\(file): \(run.output)")
            return run.output
        }
        let path = { (name: String) in folder.appendingPathComponent(name).path }

        try await Self.zip([("Habits.csv", "Foo,Bar\n1,2\n")], at: path("header.zip"))
        #expect(try await refusal(path("header.zip")) == "Error: Nothing was imported: Habits.csv in header.zip, line 1: its header has no Position and Name, so it is not Loop's list of habits. Nothing was imported.\n")

        try await Self.zip([("Habits.csv", Self.habits), ("001 Read/Checkmarks.csv", "Date,Value,Notes\n2025-01-02,YES_MANUAL,\nyesterday,YES_MANUAL,\n")], at: path("line.zip"))
        #expect(try await refusal(path("line.zip")) == "Error: Nothing was imported: 001 Read/Checkmarks.csv in line.zip, line 3: 'yesterday,YES_MANUAL,' is not a day and a value. Nothing was imported.\n")

        try await Self.zip([("Habits.csv", Self.habits), ("001 Read/Checkmarks.csv", "<bomb>")], at: path("bomb.zip"))
        #expect(try FileManager.default.attributesOfItem(atPath: path("bomb.zip"))[.size] as? Int ?? 0 < 1 << 20)
        #expect(try await refusal(path("bomb.zip")) == "Error: Nothing was imported: bomb.zip unpacks to more than 64 MB, more than an import takes. Nothing was imported.\n")

        // Cut short: its list of files, at its end, is gone.
        try await Self.zip([("Habits.csv", Self.habits), ("001 Read/Checkmarks.csv", "Date,Value,Notes\n2025-01-02,YES_MANUAL,\n")], at: path("whole.zip"))
        let whole = try Data(contentsOf: URL(fileURLWithPath: path("whole.zip")))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: path("cut.zip")))
        #expect(try await refusal(path("cut.zip")).hasPrefix("Error: Nothing was imported: \(path("cut.zip")) is not a file Habitat can import."))

        try Data(#"{"tasks": [], "stats": {}}"#.utf8).write(to: URL(fileURLWithPath: path("shape.json")))
        #expect(try await refusal(path("shape.json")).hasPrefix("Error: Nothing was imported: \(path("shape.json")) is not a file Habitat can import."))

        // 2 GB, sparse: refused from its size, unread.
        FileManager.default.createFile(atPath: path("huge.db"), contents: nil)
        let huge = try FileHandle(forWritingTo: URL(fileURLWithPath: path("huge.db")))
        try huge.truncate(atOffset: 2 << 30)
        try huge.close()
        #expect(try await refusal(path("huge.db")) == "Error: Nothing was imported: \(path("huge.db")) is more than 64 MB, more than an import takes: is it the right file?\n")

        // Days in the future are left out, and said; the rest comes in.
        try await Self.zip([("Habits.csv", Self.habits), ("001 Read/Checkmarks.csv", "Date,Value,Notes\n2999-01-01,YES_MANUAL,\n2025-01-02,YES_MANUAL,\n")], at: path("future.zip"))
        let future = try await habitat(["import", "--data", data.path, "--user", "alice", path("future.zip")])
        #expect(future.status == 0, "\(future.output)")
        #expect(future.output.contains("  Read · every day · 1 day\n"))
        #expect(future.output.contains(" - 1 day dated after "))

        // Through a running server: a zip bomb sent over the connection is refused, and the server answers on.
        let running = try await ServerProcess(data: data)
        do {
            let alice = try await LineClient.connect(port: running.port)
            try await alice.expectReply(to: "login alice correct-horse", startsWith: "✅")
            let bomb = try Data(contentsOf: URL(fileURLWithPath: path("bomb.zip"))).base64EncodedString()
            try await alice.expectReply(to: "import bomb.zip", startsWith: "ℹ️ Ready for bomb.zip")
            var start = bomb.startIndex
            while start < bomb.endIndex {
                let end = bomb.index(start, offsetBy: 4000, limitedBy: bomb.endIndex) ?? bomb.endIndex
                try await alice.expectReply(to: "import data \(bomb[start..<end])", startsWith: "ℹ️ bomb.zip:")
                start = end
            }
            #expect(try await alice.reply(to: "import done") == ["❌ bomb.zip unpacks to more than 64 MB, more than an import takes. Nothing was imported."])
            try await alice.expectReply(to: "habits", startsWith: "ℹ️ Your habits (1)")
            _ = await running.terminate()
        } catch {
            _ = await running.terminate()
            throw error
        }
    }

    /// A backup made anywhere, whose columns hold what Loop never writes there (SQLite keeps any value in any column):
    /// what is a day and a number is read, the rest passed over; nothing breaks.
    @Test func aBackupIsReadWithoutTrustingItsColumnsTypes() async throws {
        let folder = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = try await ImportTests.data(with: "alice", in: folder)
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        let script = """
            import sqlite3, sys
            def make(path, position):
                db = sqlite3.connect(path)
                db.execute("CREATE TABLE Habits (id, archived, description, freq_den, freq_num, name, %s reminder_hour, reminder_min, type, target_type, target_value, unit, question)" % ("position," if position else ""))
                db.execute("CREATE TABLE Repetitions (habit, timestamp, value, notes)")
                habits = [(1, 0, None, None, 'three', 'Read', 0, None, None, 0, 0, 'lots', None, X),
                          ('x', 0, None, 1, 1, 'Nameless id', 1, None, None, 0, 0, 0, '', ''),
                          (3, 0, '', 1.0, 1e300, 'Coffee', 2, 'seven', 0, 1, 1, 1e308, 'cups', '')]
                for h in habits:
                    h = h[:6] + h[7:] if not position else h
                    db.execute("INSERT INTO Habits VALUES (%s)" % ",".join("?" * len(h)), h)
                for r in [(1, 1735689600000, 2, ''), (1, 'yesterday', 2, ''), (1, 1e300, 2, ''), (1, -1e300, 2, None),
                          (1, 1735776000000, 'done', ''), (1, 1735862400000.0, 2.0, b'note'), (1, None, 2, ''),
                          ('x', 1735689600000, 2, ''), (3, 1735689600000, 9223372036854775807, 'a lot')]:
                    db.execute("INSERT INTO Repetitions VALUES (?, ?, ?, ?)", r)
                db.execute("PRAGMA user_version = 25")
                db.commit()
            make(sys.argv[1], True)
            make(sys.argv[2], False)
            """.replacingOccurrences(of: ", X)", with: ", None)")
        let made = try await runToEnd(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script, path("any.db"), path("unlike.db")])
        #expect(made.status == 0, "\(made.errors)")

        let run = try await habitat(["import", "--data", data.path, "--user", "alice", "--dry-run", path("any.db")])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output == """
            From Loop Habit Tracker: 3 habits, 3 days of history.
              Read · every day · 2 days
              Nameless id · every day · 0 days
              Coffee (bad habit) · limit 1 cups a day · 1 day
            Nothing was changed: this was a dry run. Run it again without --dry-run to bring it in.

            """)

        let unlike = try await habitat(["import", "--data", data.path, "--user", "alice", path("unlike.db")])
        #expect(unlike.status == 1)
        #expect(unlike.output == "Error: Nothing was imported: unlike.db can't be read as Loop's backup: its tables are not as Loop makes them. Nothing was imported.\n")
    }
}
