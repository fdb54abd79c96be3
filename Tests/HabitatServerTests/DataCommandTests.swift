import Foundation
import GRDB
import HabitatStorage
import TestSupport
import Testing

/// `habitat export` and `habitat backup`, run as the operator would while a real server runs.
@Suite("Exporting a user and backing up the data directory", .serialized)
struct DataCommandTests {
    @Test func aUserIsExportedAndABackupMadeWhileTheServerRunsServesTheSameGame() async throws {
        let root = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let data = root.appendingPathComponent("data")
        let server = try await ServerProcess(data: data)
        let client = try await LineClient.registered("alice", port: server.port)
        try await client.expectReply(to: "add habit Dishes", startsWith: "✅")
        try await client.expectReply(to: "did dishes", startsWith: "✅ Dishes completed! +10 XP, +5 coins")
        try await client.expectReply(to: "did dishes: pots, too", startsWith: "✅ Dishes completed!")
        try await client.expectReply(to: "room create Smiths", startsWith: "🏠")
        try await client.expectReply(to: "room add habit Sweep 5 xp", startsWith: "🏠")
        try await client.expectReply(to: "did sweep", startsWith: "✅ Sweep completed! +5 XP")
        try await client.expectReply(to: "start timer dishes 30 min", startsWith: "⏰")
        try await client.expectReply(to: "remind me to dishes at 9pm", startsWith: "⏰")
        try await client.expectReply(to: "remind me at 8:00", startsWith: "⏰")

        let csv = try await habitat(["export", "--user", "Alice", "--format", "csv", "--data", data.path])
        #expect(csv.status == 0)
        let rows = csv.output.components(separatedBy: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(rows.count == 5)  // the header, three entries, and the empty string after the last line end
        #expect(rows[0] == ["\u{FEFF}Day", "Recorded at", "Type", "What", "Quantity", "XP", "Coins", "Life", "Note", "Undone"])
        #expect(rows[1][2...7] == ["completion", "Dishes", "1", "10", "5", "0"])
        #expect(rows[2].last == "" && csv.output.contains(#","pots, too","#))

        let file = root.appendingPathComponent("alice.json")
        let json = try await habitat(["export", "--user", "alice", "--data", data.path, "--output", file.path])
        #expect(json.output == "Exported 3 ledger entries of alice to \(file.path).\n")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        #expect((document["profile"] as? [String: Any])?["xp"] as? Int == 25)
        // The rooms, the room of a shared completion, the running timers: everything the user has.
        #expect(document["rooms"] as? [[String: String]] == [["name": "Smiths", "role": "owner"]])
        let ledger = try #require(document["ledger"] as? [[String: Any]])
        #expect(ledger.map { $0["room"] as? String } == [nil, nil, "Smiths"])
        let timers = try #require(document["timers"] as? [[String: Any]])
        #expect(timers.map { $0["habit"] as? String } == ["Dishes"] && timers.first?["minutes"] as? Int == 30)
        let reminders = try #require(document["reminders"] as? [[String: Any]])
        #expect(reminders.map { $0["habit"] as? String } == [nil, "Dishes"])
        #expect(reminders.map { $0["time"] as? String } == ["8:00", "21:00"])

        let missing = try await habitat(["export", "--user", "nobody", "--data", data.path])
        #expect(missing.status != 0)
        #expect(missing.output.contains("There is no user called nobody."))

        // To-dos, a checklist half ticked and the room's list go into the copy as they are.
        try await client.expectReply(to: "add todo Move house: pack books, book the van", startsWith: "✅ Added to-do Move house, 2 steps")
        try await client.expectReply(to: "check van", startsWith: "✅ Checked book the van (1/2 of Move house). +3 XP, +1 coin")
        try await client.expectReply(to: "todo Call the dentist", startsWith: "✅ Added to-do Call the dentist")
        try await client.expectReply(to: "done call the dentist", startsWith: "✅ Call the dentist done! +10 XP, +5 coins")
        try await client.expectReply(to: "room add todo Milk", startsWith: "🏠 Added Milk to Smiths's list.")

        let copy = root.appendingPathComponent("backup")
        let backup = try await habitat(["backup", copy.path, "--data", data.path])
        #expect(backup.status == 0)
        #expect(backup.output.hasPrefix("Backed up the directory and 1 user's file ("))
        #expect(try await habitat(["backup", copy.path, "--data", data.path]).status != 0)
        // A mistyped --data is answered as 'export' answers it, with the flag to fix.
        let typo = root.appendingPathComponent("habitat-dta").path
        let mistyped = try await habitat(["backup", root.appendingPathComponent("elsewhere").path, "--data", typo])
        #expect(mistyped.status == 1)
        #expect(mistyped.output == "Error: \(typo) holds no Habitat data (there is no directory.sqlite in it). Use --data to point at it.\n")
        await client.close()
        #expect(await server.terminate() == 0)

        // Histories and password hashes are for their owner's eyes only, in the data and in every copy.
        let userFiles = try FileManager.default.subpathsOfDirectory(atPath: data.path).filter { $0.hasSuffix(".sqlite") }
        #expect(userFiles.count == 2)  // the directory and alice's file
        let made = [data.path, file.path, copy.path] + userFiles.map { data.appendingPathComponent($0).path }
            + userFiles.map { copy.appendingPathComponent($0).path }
        for path in made {
            let permissions = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
            #expect(permissions & 0o077 == 0, "\(path) is \(String(permissions, radix: 8))")
        }

        let restored = try await ServerProcess(data: copy)
        let back = try await LineClient.connect(port: restored.port)
        try await back.expectReply(to: "login alice correct-horse", startsWith: "✅ Welcome back, alice! Level 1 · 38/100 XP")
        #expect(try await back.reply(to: "todos") == ["ℹ️ Your to-dos (1)", "  Move house 1/2 · 10 XP, 5 coins · pack books, ✓ book the van"])
        #expect(try await back.reply(to: "todos done") == ["ℹ️ To-dos done lately (1)", "  ✓ Call the dentist (done today)"])
        #expect(try await back.reply(to: "room list") == [
            "🏠 Smiths's list (1): whoever gets one says 'got <item>'", "  Milk · 10 XP, 5 coins",
        ])
        await back.close()
        #expect(try await habitat(["check", "--data", copy.path]) == (0, "All 2 files are sound: the directory database and 1 user's file.\n"))
        #expect(await restored.terminate() == 0)
    }

    /// A user's file that SQLite can't read (a disk fault, say) costs its owner a kind explanation, not everyone
    /// else's backup; `habitat check` names whose it is.
    @Test func aDamagedFileIsNamedByCheckLeftOutOfNobodysBackupAndExplainedToItsOwner() async throws {
        let root = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let data = root.appendingPathComponent("data")
        var server = try await ServerProcess(data: data)
        var client = try await LineClient.registered("ann", password: "pass-word-1", port: server.port)
        try await client.expectReply(to: "logout", startsWith: "👋")
        try await client.expectReply(to: "register bob pass-word-2", startsWith: "✅")
        try await client.expectReply(to: "add habit Dishes", startsWith: "✅")
        try await client.expectReply(to: "did dishes", startsWith: "✅ Dishes completed!")
        await client.close()
        #expect(await server.terminate() == 0)

        let sound = try await habitat(["check", "--data", data.path])
        #expect(sound == (0, "All 3 files are sound: the directory database and 2 users' files.\n"))

        let directory = try DatabaseQueue(path: data.appendingPathComponent("directory.sqlite").path)
        let fileID = try #require(try await directory.read { try String.fetchOne($0, sql: "SELECT file_id FROM account WHERE name = 'ann'") })
        try directory.close()
        let damaged = data.appendingPathComponent("users/\(fileID.prefix(2))/\(fileID).sqlite").path
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: damaged + suffix) }
        let handle = try #require(FileHandle(forWritingAtPath: damaged))
        try handle.write(contentsOf: Data(repeating: 0x55, count: 100))
        try handle.close()

        let check = try await habitat(["check", "--data", data.path])
        #expect(check.status == 1)
        #expect(check.output == """
            Error: 1 of 3 files is not sound:
              ann's file \(damaged): file is not a database
            Restore it from a backup with the server stopped, or try sqlite3's '.recover'.

            """)

        let copy = root.appendingPathComponent("backup")
        let backup = try await habitat(["backup", copy.path, "--data", data.path])
        #expect(backup.status == 1)
        #expect(backup.output == """
            Error: Backed up the directory and 2 users' files (\(backup.output.split(separator: "(")[1].split(separator: ")")[0])) to \(copy.path), \
            but SQLite can't read this file; it was copied byte for byte, for repair:
              \(damaged)
            'habitat check --data \(data.path)' says more.

            """)
        #expect(try Data(contentsOf: copy.appendingPathComponent("users/\(fileID.prefix(2))/\(fileID).sqlite"))
            == Data(contentsOf: URL(fileURLWithPath: damaged)))

        server = try await ServerProcess(data: data)
        client = try await LineClient.connect(port: server.port)
        try await client.expectReply(
            to: "login ann pass-word-1",
            startsWith: "❌ Your saved game can't be read, and nothing was changed. Please tell whoever runs this server: its log says which file.")
        try await client.expectReply(to: "login bob pass-word-2", startsWith: "✅ Welcome back, bob! Level 1 · 10/100 XP")
        await client.close()
        #expect(await server.terminate() == 0)

        // The copy of everyone else serves them as before.
        let restored = try await ServerProcess(data: copy)
        let back = try await LineClient.connect(port: restored.port)
        try await back.expectReply(to: "login bob pass-word-2", startsWith: "✅ Welcome back, bob! Level 1 · 10/100 XP")
        await back.close()
        #expect(await restored.terminate() == 0)
    }

    /// While the server runs, a user's file is its own alone (nothing else can read it); `check`, `backup` and `export`
    /// are done by the server, through its socket in the data directory, and a second server is refused. A server
    /// killed outright leaves the socket behind, and the tools then do the work themselves.
    @Test func theToolsGoThroughTheRunningServerAndWorkAloneAfterItIsKilled() async throws {
        let root = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let data = root.appendingPathComponent("data")
        let server = try await ServerProcess(data: data)
        let client = try await LineClient.registered("ann", password: "pass-word-1", port: server.port)
        try await client.expectReply(to: "add habit Dishes", startsWith: "✅")
        try await client.expectReply(to: "did dishes", startsWith: "✅ Dishes completed!")

        let directory = try DatabaseQueue(path: data.appendingPathComponent("directory.sqlite").path)
        let fileID = try #require(try await directory.read { try String.fetchOne($0, sql: "SELECT file_id FROM account WHERE name = 'ann'") })
        try directory.close()
        let file = data.appendingPathComponent("users/\(fileID.prefix(2))/\(fileID).sqlite").path
        #expect(FileManager.default.fileExists(atPath: file))
        // The server holds the data directory: a tool could not read the files beside it.
        #expect(throws: DataDirectoryInUse.self) { try DataDirectoryLock(on: data, exclusive: false) }

        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("control.sock").path))
        // A second server on the same data directory is refused before it touches any file.
        let second = try await habitat(["serve", "--port", "0", "--data", data.path])
        #expect(second.status == 1)
        #expect(second.output.hasSuffix(
            "Error: Another Habitat server, or a data tool (backup, check, export), is using \(data.path). Stop it first, or give this server a data directory of its own.\n"))
        #expect(try await habitat(["check", "--data", data.path]) == (0, "All 2 files are sound: the directory database and 1 user's file.\n"))
        let csv = try await habitat(["export", "--user", "ann", "--format", "csv", "--data", data.path])
        #expect(csv.status == 0)
        #expect(csv.output.components(separatedBy: "\r\n").filter { $0.contains(",completion,Dishes,1,10,5,0,") }.count == 1)
        let copy = root.appendingPathComponent("copy")
        #expect(try await habitat(["backup", copy.path, "--data", data.path]).status == 0)
        let copied = try DatabaseQueue(path: copy.appendingPathComponent("users/\(fileID.prefix(2))/\(fileID).sqlite").path)
        #expect(try await copied.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM ledger") } == 1)
        try copied.close()

        await client.close()
        await server.kill()
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("control.sock").path))
        #expect(try await habitat(["check", "--data", data.path]) == (0, "All 2 files are sound: the directory database and 1 user's file.\n"))
        let again = try await habitat(["export", "--user", "ann", "--format", "csv", "--data", data.path])
        #expect(again.output == csv.output)
    }
}
