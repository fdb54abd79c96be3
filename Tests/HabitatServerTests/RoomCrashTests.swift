import Foundation
import HabitatStorage
import TestSupport
import Testing

/// A shared completion touches the member's file and the room's log. The server is made to die
/// (SIGKILL, from inside) between the two; after a restart neither side is lost or doubled.
@Suite("Rooms: a crash between the member's file and the room log", .serialized)
struct RoomCrashTests {
    /// alice owns Smiths with a shared Dishes habit; bob is a member.
    func household(in data: URL) async throws {
        let server = try await ServerProcess(data: data)
        let alice = try await LineClient.registered("alice", port: server.port)
        let created = try await alice.json("{\"text\": \"room create Smiths\"}")
        let code = try #require(created.data?["invite"] as? String)
        try await alice.expectReply(to: "room add habit Dishes 10 xp", startsWith: "🏠 Added Dishes")
        let bob = try await LineClient.registered("bob", port: server.port)
        try await bob.expectReply(to: "room join smiths \(code)", startsWith: "🏠 Welcome to Smiths!")
        #expect(await server.terminate() == 0)
    }

    /// bob says `did dishes` to a server that dies during it.
    func crash(at point: String, in data: URL) async throws {
        let server = try await ServerProcess(data: data, crashingAt: point)
        let bob = try await LineClient.connect(port: server.port)
        try await bob.expectReply(to: "login bob correct-horse", startsWith: "✅")
        try await bob.send("did dishes")
        #expect(try await bob.readLine() == nil)
        #expect(await server.waitForExit() != 0)
    }

    /// bob's XP, and the room log's lines, after a normal restart.
    func afterRestart(_ data: URL) async throws -> (xp: Int, log: [String]) {
        let server = try await ServerProcess(data: data)
        do {
            let bob = try await LineClient.connect(port: server.port)
            try await bob.expectReply(to: "login bob correct-horse", startsWith: "✅")
            let xp = try #require(try await bob.json("{\"text\": \"status\"}").int("xp"))
            let log = try await bob.json("{\"text\": \"room log\"}")
            let entries = try #require(log.data?["entries"] as? [[String: Any]])
            _ = await server.terminate()
            return (xp, entries.map { "\($0["member"] as? String ?? "") \($0["habit"] as? String ?? "")" })
        } catch {
            _ = await server.terminate()
            throw error
        }
    }

    @Test func aCrashAfterTheMembersCommitIsFinishedAtRestartOnce() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        try await household(in: data)
        try await crash(at: "after-member-commit", in: data)
        // The member's file has it, and so does the room log (written before the member's commit); the intent
        // is still there, to be settled at start-up.
        let directory = try DirectoryDatabase(directory: data, durability: .normal)
        #expect(try await directory.unfinishedIntents().count == 1)
        let first = try await afterRestart(data)
        #expect(first.xp == 10)
        #expect(first.log == ["bob Dishes"])
        #expect(try await directory.unfinishedIntents().isEmpty)
        // Restarting again changes nothing: nothing doubled.
        let second = try await afterRestart(data)
        #expect(second.xp == 10)
        #expect(second.log == ["bob Dishes"])
    }

    @Test func aCrashBeforeTheMembersCommitLeavesNeitherSide() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        try await household(in: data)
        try await crash(at: "before-member-commit", in: data)
        // The room log has its line (written just before the member's commit), with the intent to settle it.
        let directory = try DirectoryDatabase(directory: data, durability: .normal)
        let smiths = try #require(try await directory.room(named: "Smiths"))
        #expect(try await directory.roomLog(smiths.id).count == 1)
        #expect(try await directory.unfinishedIntents().count == 1)
        let after = try await afterRestart(data)
        // bob was never told it was done, and neither side has it: the line is taken back.
        #expect(after.xp == 0)
        #expect(after.log.isEmpty)
        #expect(try await directory.unfinishedIntents().isEmpty)
    }

    /// A member's file damaged as well (a disk fault with the crash) must not keep the server from starting for
    /// everyone else; the interrupted completion is finished at the first start after the file is restored.
    @Test func aDamagedMembersFileKeepsItsIntentAndTheServerServesEveryoneElse() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        try await household(in: data)
        try await crash(at: "after-member-commit", in: data)
        let directory = try DirectoryDatabase(directory: data, durability: .normal)
        let bob = try #require(try await directory.account(named: "bob"))
        let path = try UserDatabases(directory: data, capacity: 1, durability: .normal).path(for: bob.fileID)
        let saved = data.appendingPathComponent("bob.saved")
        try FileManager.default.copyItem(atPath: path, toPath: saved.path)
        for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            try FileManager.default.copyItem(atPath: path + suffix, toPath: saved.path + suffix)
            try FileManager.default.removeItem(atPath: path + suffix)
        }
        try Data(repeating: 0x55, count: 4096).write(to: URL(fileURLWithPath: path))

        let server = try await ServerProcess(data: data)
        let alice = try await LineClient.connect(port: server.port)
        try await alice.expectReply(to: "login alice correct-horse", startsWith: "✅ Welcome back, alice!")
        // The room is shown to alice, bob's row saying what is the matter.
        let status = try await alice.json("{\"text\": \"room status\"}")
        let members = try #require(status.data?["members"] as? [[String: Any]])
        #expect(members.map { $0["state"] as? String } == ["active", "unavailable"])
        #expect(members.last?["level"] == nil)
        #expect(status.text?.contains("bob: saved game can't be read right now") == true)
        await alice.close()
        #expect(await server.terminate() == 0)
        #expect(try await directory.unfinishedIntents().count == 1)

        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.moveItem(atPath: saved.path, toPath: path)
        if FileManager.default.fileExists(atPath: saved.path + "-wal") {
            try FileManager.default.moveItem(atPath: saved.path + "-wal", toPath: path + "-wal")
        }
        let after = try await afterRestart(data)
        #expect(after.xp == 10)
        #expect(after.log == ["bob Dishes"])
        #expect(try await directory.unfinishedIntents().isEmpty)
    }
}
