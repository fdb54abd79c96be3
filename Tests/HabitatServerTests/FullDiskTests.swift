import Foundation
import Glibc
import GRDB
import HabitatEngine
import HabitatHousehold
import TestSupport
import Testing

@testable import HabitatApp
@testable import HabitatServer
@testable import HabitatStorage

/// A full disk as SQLite meets it, on the server's own connection to a file: `max_page_count` capped at the
/// file's size now, so a write that needs one page more is refused with `SQLITE_FULL`, as a full disk refuses
/// it. The cap belongs to the connection (it goes when the file is closed); `freeDisk()` lifts it.
extension UserDatabase {
    func fillDisk() async throws { try await read { try $0.db.execute(sql: "PRAGMA max_page_count = 1") } }
    func freeDisk() async throws { try await read { try $0.db.execute(sql: "PRAGMA max_page_count = \(FullDisk.uncapped)") } }
}

extension DirectoryDatabase {
    func fillDisk() throws { try writer.inDatabase { db in try db.execute(sql: "PRAGMA max_page_count = 1") } }
    func freeDisk() throws { try writer.inDatabase { db in try db.execute(sql: "PRAGMA max_page_count = \(FullDisk.uncapped)") } }
}

enum FullDisk {
    /// Far beyond any test's files.
    static let uncapped = 2_147_483_646
    static let refusal = "❌ The server's storage is full, so nothing was changed. Please try again later, and tell whoever runs this server."
    static let full = "the disk is full: changes to this file are refused until space is freed"
    static let writable = "the disk has space again: changes to this file are written"
}

extension TestServer {
    var directory: DirectoryDatabase { habitat.application.files!.directory }

    /// The handle of `name`'s file, open while they are logged in.
    func file(of name: String) async throws -> UserDatabase {
        let account = try #require(try await directory.account(named: name))
        return try await habitat.application.files!.users.withFile(account.fileID) { $0 }
    }

    /// Sends `text` (JSON mode) until the server refuses it, with a page filled a little more each time; returns
    /// how many were carried out and the refusal. Fails if none is refused within `limit`.
    func untilRefused(_ client: LineClient, _ text: String, limit: Int = 300) async throws -> (done: Int, refusal: JSONReply) {
        for done in 0..<limit {
            let reply = try await client.json(#"{"text": "\#(text)"}"#)
            if reply.ok != true { return (done, reply) }
        }
        throw TestFailure("'\(text)' was never refused")
    }

    /// The users' files in the data directory, by file id.
    func userFileIDs() throws -> Set<String> {
        let users = dataDirectory.appendingPathComponent("users")
        guard FileManager.default.fileExists(atPath: users.path) else { return [] }
        var ids = Set<String>()
        for folder in try FileManager.default.contentsOfDirectory(atPath: users.path) {
            for file in try FileManager.default.contentsOfDirectory(atPath: users.appendingPathComponent(folder).path)
            where file.hasSuffix(".sqlite") {
                ids.insert(String(file.dropLast(".sqlite".count)))
            }
        }
        return ids
    }

    /// Every account's file id.
    func accountFileIDs() async throws -> Set<String> {
        Set(try await directory.writer.read { db in try String.fetchAll(db, sql: "SELECT file_id FROM account") })
    }
}

/// What a user's file holds, read from SQLite (not the game in memory) through the server's connection, the file's only
/// one: the ledger's length and the totals.
func onDisk(_ file: UserDatabase) async throws -> [Int] {
    try await file.read { ledger in
        let row = try #require(try Row.fetchOne(ledger.db, sql: "SELECT (SELECT COUNT(*) FROM ledger) AS n, level, xp, coins FROM profile"))
        return [row["n"], row["level"], row["xp"], row["coins"]]
    }
}

@Suite("A full disk")
struct FullDiskTests {
    @Test func aChangeTheDiskRefusesChangesNothingAndWorksOnceThereIsSpace() async throws {
        let log = LogCapture()
        try await TestServer.with(logger: log.logger) { server in
            let alice = try await server.user("alice")
            _ = try await alice.reply(to: "mode json")
            #expect(try await alice.json("add habit Read").ok == true)
            #expect(try await alice.json("did read").ok == true)
            let file = try await server.file(of: "alice")
            try await file.fillDisk()

            let (done, refusal) = try await server.untilRefused(alice, "did read")
            #expect(refusal.code == "storage_full")
            #expect(refusal.text == FullDisk.refusal)
            let status = try await alice.json("status")
            let history = try await alice.json("history")
            let entries = (history.data?["entries"] as? [Any])?.count
            #expect(entries == 1 + done)
            #expect(try await onDisk(file)[0] == 1 + done)
            let disk = try await onDisk(file)

            // Refused again, with nothing changed: not in memory, not on disk; and what only reads still works.
            let again = try await alice.json("did read")
            #expect(again.code == "storage_full")
            #expect(try await alice.json("status").line == status.line)
            #expect(try await alice.json("history").line == history.line)
            #expect(try await alice.json("habits").ok == true)
            #expect(try await alice.json("today").ok == true)
            #expect(try await onDisk(file) == disk)
            // One line for the operator, naming the file, however many commands were refused.
            #expect(log.messages.filter { $0 == FullDisk.full } == [FullDisk.full])
            #expect(log.all.first { $0.message == FullDisk.full }?.metadata["file"] == .string(file.path))
            #expect(log.all.first { $0.message == FullDisk.full }?.level == .error)

            // Space again: the next `did` counts once, on top of everything before it.
            try await file.freeDisk()
            #expect(try await alice.json("did read").ok == true)
            #expect(try await onDisk(file)[0] == 2 + done)
            let coins = try #require(status.int("coins"))
            #expect(try await alice.json("status").int("coins") == coins + 5)
            // (That writes go through again is said after a quiet minute: see `FullFilesTests`.)
            #expect(log.messages.filter { [FullDisk.full, FullDisk.writable].contains($0) } == [FullDisk.full])

            // What is in memory is what is on disk: read again from the file, the status is the same.
            let before = try await alice.json("status").line
            #expect(server.habitat.application.users.closeIdle(unusedFor: .zero) >= 1)
            #expect(try await alice.json("status").line == before)
        }
    }

    @Test func registeringAtAFullDirectoryMakesNoAccountAndWorksOnceThereIsSpace() async throws {
        try await TestServer.with { server in
            let client = try await server.connect()
            _ = try await client.reply(to: "mode json")
            try server.directory.fillDisk()
            var refusal: JSONReply?
            var registered = 0
            for n in 0..<300 {
                let reply = try await client.json("register user\(n) correct-horse")
                guard reply.ok == true else {
                    refusal = reply
                    break
                }
                registered += 1
                #expect(try await client.json("logout").ok == true)
            }
            let refused = try #require(refusal)
            #expect(refused.code == "storage_full")
            #expect(refused.text == FullDisk.refusal)
            #expect(try await server.directory.account(named: "user\(registered)") == nil)
            #expect(try await server.directory.accountCount() == registered)
            // No file without its account, no account without its file.
            #expect(try await server.accountFileIDs() == server.userFileIDs())

            try server.directory.freeDisk()
            let welcome = try await client.json("register user\(registered) correct-horse")
            #expect(welcome.text == "✅ Welcome to Habitat, user\(registered)! You're logged in. Try 'add habit Exercise', then 'did exercise'.")
            #expect(try await server.accountFileIDs() == server.userFileIDs())
            #expect(try await server.directory.accountCount() == registered + 1)
        }
    }

    @Test func registeringWhenTheUsersFileCantBeMadeMakesNoAccount() async throws {
        try await TestServer.with { server in
            // Where the users' files go is taken by a file: no user's file can be made.
            let users = server.dataDirectory.appendingPathComponent("users")
            try Data().write(to: users)
            let client = try await server.connect()
            #expect(try await client.reply(to: "register wren correct-horse") == [
                "❌ Something went wrong on our side, and nothing was changed. Please try again."
            ])
            #expect(try await server.directory.account(named: "wren") == nil)
            try FileManager.default.removeItem(at: users)
            try await client.expectReply(to: "register wren correct-horse", startsWith: "✅ Welcome to Habitat, wren!")
        }
    }

    /// A room and its first invite code are made together or not at all: here the invites' pages are full,
    /// the rooms' are not. (The room may hold more unused codes than a room can have, so they fill the pages.)
    @Test func aRoomCreateTheDiskRefusesMakesNoRoom() async throws {
        try await TestServer.with(configure: { $0.roomLimits.invitesPerRoom = 1_000 }) { server in
            let alice = try await server.user("alice")
            _ = try await alice.reply(to: "mode json")
            #expect(try await alice.json("room create Home").ok == true)
            try server.directory.fillDisk()
            let (_, refusal) = try await server.untilRefused(alice, "room invite")
            #expect(refusal.code == "storage_full")
            let refused = try await alice.json("room create Away")
            #expect(refused.code == "storage_full")
            #expect(refused.text == FullDisk.refusal)
            #expect(try await server.directory.room(named: "Away") == nil)
            #expect((try await alice.json("rooms").data?["rooms"] as? [Any])?.count == 1)

            try server.directory.freeDisk()
            #expect(try await alice.json("room create Away").ok == true)
            #expect((try await alice.json("rooms").data?["rooms"] as? [Any])?.count == 2)
        }
    }

    /// A chat user first heard when the directory is full can't be given an account: the bridge is told the
    /// storage is full (not that something went wrong), and the log has the one line for the directory.
    @Test func aNewChatUserAtAFullDirectoryIsToldTheStorageIsFull() async throws {
        let log = LogCapture()
        try await TestServer.with(logger: log.logger) { server in
            try await server.directory.addBridge(named: "irc", tokenHash: BridgeToken.hash("hbt_full"), at: server.clock.now)
            let bridge = try await server.connect()
            #expect(try await bridge.json("bridge irc hbt_full").ok == true)
            try server.directory.fillDisk()
            var refusal: JSONReply?
            for n in 0..<300 {
                let reply = try await bridge.json(#"{"id": 1, "user": "user\#(n)", "text": "status"}"#)
                if reply.ok != true {
                    refusal = reply
                    break
                }
            }
            #expect(refusal?.code == "storage_full")
            #expect(refusal?.text == FullDisk.refusal)
            #expect(!log.messages.contains("bridge request failed"))
            #expect(log.messages.filter { $0 == FullDisk.full } == [FullDisk.full])
        }
    }

    /// A rename carries the habit's running timer along, or changes neither: here the timers' pages are full.
    @Test func aRenameWhoseTimerTheDiskRefusesRenamesNothing() async throws {
        try await TestServer.with { server in
            let alice = try await server.user("alice")
            _ = try await alice.reply(to: "mode json")
            #expect(try await alice.json("add habit Read").ok == true)
            #expect(try await alice.json("start timer read 30 min").ok == true)
            let account = try #require(try await server.directory.account(named: "alice"))
            try server.directory.fillDisk()
            do {
                for _ in 0..<10_000 {
                    try server.directory.writer.inDatabase { db in
                        try db.execute(
                            sql: "INSERT INTO timer (account_id, habit, minutes, started_at, ends_at) VALUES (?, 'Filler', 1, 0, 9e12)",
                            arguments: [account.id])
                    }
                }
            } catch let error as DatabaseError where error.resultCode == .SQLITE_FULL {}
            let longer = "Read a chapter of something long every evening"
            let refused = try await alice.json("rename read to \(longer)")
            #expect(refused.code == "storage_full")
            #expect(refused.text == FullDisk.refusal)
            #expect(try await alice.json("habits").text?.contains(longer) == false)
            #expect(try await server.directory.timers(of: account.id).filter { $0.habit != "Filler" }.map(\.habit) == ["Read"])

            try server.directory.freeDisk()
            #expect(try await alice.json("rename read to \(longer)").ok == true)
            #expect(try await server.directory.timers(of: account.id).filter { $0.habit != "Filler" }.map(\.habit) == [longer])
        }
    }

    /// alice owns Smiths with a shared Dishes habit (10 XP); bob is a member. Both in JSON mode.
    func household(_ server: TestServer) async throws -> (alice: LineClient, bob: LineClient) {
        let alice = try await server.user("alice")
        _ = try await alice.reply(to: "mode json")
        let code = try #require(try await alice.json("room create Smiths").data?["invite"] as? String)
        #expect(try await alice.json("room add habit Dishes 10 xp").ok == true)
        let bob = try await server.user("bob")
        _ = try await bob.reply(to: "mode json")
        #expect(try await bob.json("room join smiths \(code)").ok == true)
        return (alice, bob)
    }

    /// The lines of the room log that stand (not undone), all rooms'.
    func roomLog(_ server: TestServer) async throws -> Int {
        try await server.directory.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM room_log WHERE undone = 0") ?? 0 }
    }

    /// A shared `did` is all or nothing when the member's file is full: nothing in their file, nothing in the room.
    @Test func aSharedCompletionAtAFullMembersFileIsRefusedOnBothSides() async throws {
        try await TestServer.with { server in
            let (_, bob) = try await household(server)
            let file = try await server.file(of: "bob")
            try await file.fillDisk()
            let (done, refusal) = try await server.untilRefused(bob, "did dishes")
            #expect(refusal.code == "storage_full")
            #expect(refusal.text == FullDisk.refusal)
            let status = try await bob.json("status")
            #expect(try await roomLog(server) == done)
            #expect(try await onDisk(file)[0] == done)
            #expect(try await server.directory.unfinishedIntents().isEmpty)

            try await file.freeDisk()
            #expect(try await bob.json("status").line == status.line)
            #expect(try await bob.json("did dishes").ok == true)
            #expect(try await roomLog(server) == done + 1)
            #expect(try await onDisk(file)[0] == done + 1)
        }
    }

    /// A shared `did` is all or nothing when the directory (the room's log) is full: the member's file, which had
    /// space, is left as it was.
    @Test func aSharedCompletionAtAFullDirectoryIsRefusedOnBothSides() async throws {
        let log = LogCapture()
        try await TestServer.with(logger: log.logger) { server in
            let (_, bob) = try await household(server)
            let file = try await server.file(of: "bob")
            try server.directory.fillDisk()
            let (done, refusal) = try await server.untilRefused(bob, "did dishes")
            #expect(refusal.code == "storage_full")
            #expect(refusal.text == FullDisk.refusal)
            let status = try await bob.json("status")
            let disk = try await onDisk(file)
            #expect(disk[0] == done)
            #expect(try await roomLog(server) == done)
            #expect(try await server.directory.unfinishedIntents().isEmpty)
            // Refused again: still nothing on either side, and one line in the log for the directory.
            #expect(try await bob.json("did dishes").code == "storage_full")
            #expect(try await bob.json("status").line == status.line)
            #expect(try await onDisk(file) == disk)
            #expect(try await roomLog(server) == done)
            let path = server.dataDirectory.appendingPathComponent(DirectoryDatabase.fileName).path
            #expect(log.all.filter { $0.message == FullDisk.full }.map { $0.metadata["file"] } == [.string(path)])
            #expect(!log.messages.contains { $0.contains("settled") })

            try server.directory.freeDisk()
            let recorded = try await bob.json("did dishes")
            #expect(recorded.ok == true)
            #expect(try await onDisk(file)[0] == done + 1)
            #expect(try await roomLog(server) == done + 1)
            #expect(try await server.directory.unfinishedIntents().isEmpty)
            // The member's undo takes back the room's line with theirs.
            #expect(try await bob.json("undo").ok == true)
            #expect(try await roomLog(server) == done)
        }
    }

    /// A timer whose user's file is full waits, tried again each tick, without a line in the log each time; it is
    /// recorded once there is space.
    @Test func aTimerAtAFullFileWaitsQuietlyUntilThereIsSpace() async throws {
        let log = LogCapture()
        try await TestServer.with(logger: log.logger) { server in
            let olga = try await server.user("olga")
            try await olga.expectReply(to: "add habit Meditation", startsWith: "✅")
            let file = try await server.file(of: "olga")
            try await file.fillDisk()
            _ = try await server.untilRefused(olga, "did meditation")
            try await olga.expectReply(to: "start timer meditation 10 min", startsWith: "⏰ Timer started")
            server.clock.advance(by: 600)
            // Many ticks (20 ms each) go by.
            try await Task.sleep(for: .milliseconds(400))
            #expect(try await server.directory.dueTimers(at: server.clock.now).count == 1)
            #expect(log.messages.filter { $0 == FullDisk.full } == [FullDisk.full])
            #expect(!log.messages.contains("timer failed"))

            try await file.freeDisk()
            #expect(try await olga.readReply().first == "⏰ 10 min of Meditation done! +10 XP, +5 coins")
            #expect(try await server.directory.dueTimers(at: server.clock.now).isEmpty)
        }
    }
}

@Suite("A full disk at start-up")
struct FullDiskRecoveryTests {
    static let waits = "a shared completion interrupted by a crash waits for the next start: the disk is full"

    /// A shared completion in a member's file whose room log line is still to be written (a crash, or a backup,
    /// left its intent): with the room log's pages full, start-up recovery leaves the intent for a later start
    /// and says so, instead of keeping the server from starting; once there is space, the next start finishes it.
    @Test func anIntentTheFullDirectoryCantFinishWaitsAndTheServerStarts() async throws {
        try await withTemporaryDirectoryURL { data in
            let log = LogCapture()
            let directory = try DirectoryDatabase(directory: data, durability: .normal)
            let users = UserDatabases(directory: data, capacity: 4, durability: .normal)
            let now = ManualClock.defaultStart
            let ann = try await directory.createAccount(name: "ann", passwordHash: nil, at: now)
            let room = try await directory.createRoom(named: "Smiths", owner: ann.id, at: now)
            let habit = try await directory.addSharedHabit(HabitDraft(name: "Dishes"), to: room.id)
            let intent = try await directory.beginIntent(.record, account: ann.id, room: room.id, habit: habit.id, at: now)
            try await users.with(ann.fileID) { file in
                _ = try await file.apply(.addHabit(HabitDraft(name: "Unrelated")), at: now)
                let shared = SharedRecording(habit: "Dishes", kind: .good, xp: 10, coins: 5, life: 0, room: "Smiths", token: intent.token)
                _ = try await file.apply(.recordShared(shared), at: now)
            }
            // The room log's pages are full.
            try directory.fillDisk()
            do {
                for n in 0..<1000 {
                    try directory.writeLine(
                        of: RoomIntent(id: 0, accountID: ann.id, token: "filler-\(n)", action: .record, roomID: room.id, habitID: habit.id),
                        entry: RoomLogEntry(
                            habitID: habit.id, habit: "Dishes", kind: .good, accountID: ann.id, member: "ann", at: now,
                            day: Day(ordinal: 0), quantity: 1, xp: 10, health: 0, ref: "filler-\(n)"))
                }
            } catch is StorageFullError {}
            let lines = try await directory.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM room_log") ?? 0 }

            let household = Households(directory: directory, users: users, presence: Presence(directory: directory), logger: log.logger)
            try await household.recover()
            #expect(log.messages == [Self.waits])
            #expect(try await directory.unfinishedIntents() == [intent])
            #expect(try await directory.roomLogLine(ref: intent.token) == nil)

            try directory.freeDisk()
            try await household.recover()
            #expect(try await directory.unfinishedIntents().isEmpty)
            #expect(try await directory.roomLogLine(ref: intent.token)?.entry.xp == 10)
            #expect(try await directory.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM room_log") } == lines + 1)
        }
    }
}

/// A disk that is really full: a small file system of its own (tmpfs), filled with a file. SQLite meets it in more
/// places than `max_page_count` shows.
@Suite("A disk filled for real", .enabled(if: SmallFileSystem.canMount, "mounting a tmpfs needs root"))
struct RealFullDiskTests {
    /// The server's files need no shared-memory file (its connection is a file's only one), so a file closed for
    /// being quiet opens again on a full disk: what only reads works, and a change is refused until there is space.
    @Test func aClosedFileOpensOnAFullDiskForReadsAndItsChangesWorkOnceThereIsSpace() async throws {
        let log = LogCapture()
        try await SmallFileSystem.with(megabytes: 8) { disk in
            try await TestServer.with(dataDirectory: disk.url.appendingPathComponent("data"), logger: log.logger) { server in
                let alice = try await server.user("alice")
                try await alice.expectReply(to: "add habit Read", startsWith: "✅")
                try await alice.expectReply(to: "did read", startsWith: "✅ Read completed! +10 XP, +5 coins")
                let path = try await server.file(of: "alice").path
                // Closed, as a quiet user's file is (its game not kept in memory): its log stays beside it.
                #expect(server.habitat.application.users.closeIdle(unusedFor: .zero) == 1)
                #expect(!FileManager.default.fileExists(atPath: path + "-shm"))

                try disk.fill()
                try await alice.expectReply(to: "status", startsWith: "ℹ️ Level 1 · 10/100 XP")
                try await alice.expectReply(to: "did read", startsWith: FullDisk.refusal)
                #expect(log.messages.filter { $0 == FullDisk.full } == [FullDisk.full])
                #expect(log.all.first { $0.message == FullDisk.full }?.metadata["file"] == .string(path))
                #expect(!log.all.contains { $0.level >= .error && $0.message != FullDisk.full })

                try disk.free()
                try await alice.expectReply(to: "status", startsWith: "ℹ️ Level 1 · 10/100 XP")
                try await alice.expectReply(to: "did read", startsWith: "✅ Read completed! +10 XP, +5 coins")
                await alice.close()
            }
        }
    }
}

extension RealFullDiskTests {
    /// A backup onto a disk too small for it says so and keeps nothing of the copy, into a new directory or an
    /// empty one that was there before.
    @Test(arguments: [false, true])
    func aBackupOntoAFullDiskSaysSoAndKeepsNothing(destinationExisted: Bool) async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        #expect(try await habitat(["bridge", "add", "irc", "--data", data.path]).status == 0)
        try await SmallFileSystem.with(kilobytes: 64) { disk in
            let copy = disk.url.appendingPathComponent("copy")
            if destinationExisted { try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: false) }
            let refused = try await habitat(["backup", copy.path, "--data", data.path])
            #expect(refused.status == 1)
            #expect(refused.output == "Error: The disk holding \(copy.path) is full, so the backup stopped and nothing of it was kept. Free some space there, or back up to another disk.\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: disk.url.path) == (destinationExisted ? ["copy"] : []))
            if destinationExisted { #expect(try FileManager.default.contentsOfDirectory(atPath: copy.path) == []) }
        }
    }

    /// An export that doesn't fit on its disk says so and leaves no part of the file.
    @Test func anExportOntoAFullDiskSaysSo() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        try await TestServer.with(dataDirectory: data) { server in
            let ann = try await server.user("ann")
            try await ann.expectReply(to: "add habit Read", startsWith: "✅")
            try await ann.expectReply(to: "did read", startsWith: "✅")
            await ann.close()
        }
        try await SmallFileSystem.with(kilobytes: 4) { disk in
            try disk.fill()
            let output = disk.url.appendingPathComponent("ann.json").path
            let refused = try await habitat(["export", "--user", "ann", "--output", output, "--data", data.path])
            #expect(refused.status == 1)
            #expect(refused.output == "Error: Could not write \(output): the disk is full. Free some space there, or write it to another disk.\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: disk.url.path) == ["filler"])
        }
    }

    /// On a full disk SQLite can't even open a cleanly closed file to read it (the tools' connections need a
    /// shared-memory file): `check`, `export` and `backup` say the disk is full (not that the files are damaged), and
    /// work once there is space.
    @Test func theDataToolsOnAFullDiskSayItIsFull() async throws {
        try await SmallFileSystem.with(megabytes: 4) { disk in
            let data = disk.url.appendingPathComponent("data")
            try await TestServer.with(dataDirectory: data) { server in
                let ann = try await server.user("ann")
                try await ann.expectReply(to: "add habit Read", startsWith: "✅")
                await ann.close()
            }
            try disk.fill()
            let checked = try await habitat(["check", "--data", data.path])
            #expect(checked.status == 1)
            #expect(checked.output == "Error: 2 of 2 files could not be checked: the disk holding \(data.path) is full, and SQLite needs a little "
                + "space to open a file. Nothing is known to be wrong with them; free some space there and check again.\n")
            let full = "Error: The disk holding \(data.path)/directory.sqlite is full. Free some space there and try again.\n"
            #expect(try await habitat(["export", "--user", "ann", "--data", data.path]) == (1, full))
            let copy = temporaryDirectory().appendingPathComponent("copy")
            defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
            #expect(try await habitat(["backup", copy.path, "--data", data.path]) == (1, full))
            #expect(!FileManager.default.fileExists(atPath: copy.path))

            try disk.free()
            #expect(try await habitat(["check", "--data", data.path]) == (0, "All 2 files are sound: the directory database and 1 user's file.\n"))
            #expect(try await habitat(["backup", copy.path, "--data", data.path]).status == 0)
        }
    }

    /// A server started on a full disk says so, in words that say what to do, and starts once there is space.
    @Test func startingOnAFullDiskSaysTheDiskIsFull() async throws {
        try await SmallFileSystem.with(megabytes: 4) { disk in
            let data = disk.url.appendingPathComponent("data").path
            // Made before the disk filled; closed cleanly, so opening it again needs room for its log's index.
            #expect(try await habitat(["bridge", "add", "irc", "--data", data]).status == 0)
            #expect(!FileManager.default.fileExists(atPath: data + "/directory.sqlite-shm"))
            try disk.fill()
            let refused = try await habitat(["serve", "--port", "0", "--data", data])
            #expect(refused.status == 1)
            #expect(refused.output == "Error: The disk holding \(data) is full, so the server can't open its data. Free some space there and start it again.\n")
            try disk.free()
            #expect(try await habitat(["bridge", "list", "--data", data]).output.hasPrefix("irc\tcreated "))
        }
    }
}

/// A tmpfs of a few megabytes mounted on a temporary directory, which a test can fill and free.
struct SmallFileSystem: Sendable {
    let url: URL
    var filler: URL { url.appendingPathComponent("filler") }

    /// Whether this process may mount one (it runs as root, somewhere mounting is allowed).
    static let canMount: Bool = {
        guard geteuid() == 0, let disk = try? mount(kilobytes: 1024) else { return false }
        disk.unmount()
        return true
    }()

    static func with<T>(megabytes: Int, _ body: (SmallFileSystem) async throws -> T) async throws -> T {
        try await with(kilobytes: megabytes * 1024, body)
    }

    static func with<T>(kilobytes: Int, _ body: (SmallFileSystem) async throws -> T) async throws -> T {
        let disk = try mount(kilobytes: kilobytes)
        defer { disk.unmount() }
        return try await body(disk)
    }

    private static func mount(kilobytes: Int) throws -> SmallFileSystem {
        let url = temporaryDirectory()
        guard Glibc.mount("tmpfs", url.path, "tmpfs", 0, "size=\(kilobytes)k,mode=700") == 0 else {
            try? FileManager.default.removeItem(at: url)
            throw TestFailure("could not mount a tmpfs on \(url.path)")
        }
        return SmallFileSystem(url: url)
    }

    /// Lazily where a file on it is still open (a server's files close when the last of it is released): it is
    /// gone from view at once, and from memory once they close.
    private func unmount() {
        if umount2(url.path, 0) != 0 { _ = umount2(url.path, Int32(MNT_DETACH)) }
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes a file until the file system has no space left.
    func fill() throws {
        let fd = open(filler.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { throw TestFailure("could not make \(filler.path)") }
        defer { close(fd) }
        let block = [UInt8](repeating: 0, count: 4096)
        while block.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
        guard errno == ENOSPC else { throw TestFailure("filling \(url.path) stopped with errno \(errno)") }
    }

    func free() throws {
        try FileManager.default.removeItem(at: filler)
    }
}

/// Runs `body` with a new empty directory, removed afterwards.
func withTemporaryDirectoryURL<T>(_ body: (URL) async throws -> T) async throws -> T {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory)
}

extension LedgerAccess {
    /// The SQLite connection of a user's file, for a test that looks at the file itself.
    fileprivate var db: Database { (self as! Ledger).db }
}
