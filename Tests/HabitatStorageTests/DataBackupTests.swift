import Foundation
import GRDB
import HabitatEngine
import HabitatHousehold
import Testing

@testable import HabitatStorage

@Suite struct DataBackupTests {
    @Test func theCopyIsADataDirectoryWithEveryCommittedChange() async throws {
        try await withTemporaryDirectory { root in
            let data = root.appendingPathComponent("data")
            let directory = try DirectoryDatabase(directory: data, durability: .normal)
            let users = UserDatabases(directory: data, capacity: 8, durability: .normal)
            var accounts: [Account] = []
            for name in ["alice", "bob", "carol"] {
                let account = try await directory.createAccount(name: name, passwordHash: nil, at: Fixture.now)
                try await users.withFile(account.fileID) { database in
                    try await database.add(Fixture.exercise)
                    try await database.did("exercise", times: 1)
                }
                accounts.append(account)
            }
            // Writes go on while the copy is made; each file's copy holds whole transactions only.
            let busyFile = accounts[0].fileID
            let writer = Task {
                for _ in 0..<200 { try await users.withFile(busyFile) { _ = try await $0.did("exercise") } }
            }
            let summary = try DataBackup.copy(from: data, to: root.appendingPathComponent("copy"))
            try await writer.value
            #expect(summary.users == 3)
            #expect(summary.bytes > 0)

            let copy = root.appendingPathComponent("copy")
            let copied = try DirectoryDatabase(directory: copy, durability: .normal)
            let copiedUsers = UserDatabases(directory: copy, capacity: 8, durability: .normal)
            for account in accounts {
                #expect(try await copied.account(named: account.name)?.fileID == account.fileID)
                try await copiedUsers.withFile(account.fileID) { database in
                    let state = try await database.state()
                    let entries = try await database.entries()
                    #expect(state.habits.map(\.name) == ["Exercise"])
                    // The kept totals agree with the ledger in the copy: no half-copied transaction.
                    #expect(state.profile.coins == entries.map(\.coins).reduce(0, +))
                    #expect(state.habits[0].stats.total == entries.count)
                    #expect(try integrityCheck(ofDatabaseAt: database.path) == ["ok"])
                }
            }
        }
    }

    @Test func aSharedCompletionAndAnUndoThatReachMembersFilesWhileTheCopyIsMadeAreLeftForRecoveryInTheCopy() async throws {
        try await withTemporaryDirectory { root in
            let data = root.appendingPathComponent("data")
            let directory = try DirectoryDatabase(directory: data, durability: .normal)
            let users = UserDatabases(directory: data, capacity: 8, durability: .normal)
            let now = Date()
            let ann = try await directory.createAccount(name: "ann", passwordHash: nil, at: now)
            let ben = try await directory.createAccount(name: "ben", passwordHash: nil, at: now)
            let room = try await directory.createRoom(named: "Smiths", owner: ann.id, at: now)
            try await directory.addMember(ben.id, to: room.id, at: now)
            let dishes = try await directory.addSharedHabit(HabitDraft(name: "Dishes"), to: room.id)
            // The server's intent protocol: intent, the member's commit, then the log line with the intent's removal.
            @Sendable func line(_ account: Account, _ token: String) -> RoomLogEntry {
                RoomLogEntry(
                    habitID: dishes.id, habit: "Dishes", kind: .good, accountID: account.id, member: account.name, at: now,
                    day: Fixture.today, quantity: 1, xp: 10, health: 0, ref: token)
            }
            @Sendable func record(_ account: Account) async throws -> String {
                let intent = try await directory.beginIntent(.record, account: account.id, room: room.id, habit: dishes.id, at: now)
                let shared = SharedRecording(habit: "Dishes", kind: .good, xp: 10, coins: 5, life: 0, room: "Smiths", token: intent.token)
                _ = try await users.withFile(account.fileID) { try await $0.apply(.recordShared(shared), at: now) }
                try await directory.finish(intent, entry: line(account, intent.token))
                return intent.token
            }
            @Sendable func undo(_ account: Account, _ token: String) async throws {
                let intent = try await directory.beginIntent(.undo, token: token, account: account.id, room: room.id, habit: dishes.id, at: now)
                _ = try await users.withFile(account.fileID) { try await $0.undo(at: now) }
                try await directory.finish(intent, entry: line(account, token))
            }
            let annDishes = try await record(ann)
            let benDishes = TokenBox()
            let copy = root.appendingPathComponent("copy")
            // Between the directory's copy and the users': ann takes hers back, ben does the dishes.
            try await offTheTaskPool {
                _ = try DataBackup.copy(from: data, to: copy) {
                    try waiting {
                        try await undo(ann, annDishes)
                        benDishes.token = try await record(ben)
                    }
                }
            }
            let copied = try DirectoryDatabase(directory: copy, durability: .normal)
            let intents = try await copied.unfinishedIntents().map { "\($0.action.rawValue) \($0.accountID) \($0.token) \($0.roomID) \($0.habitID)" }
            #expect(
                intents.sorted()
                    == ["record \(ben.id) \(benDishes.token) \(room.id) \(dishes.id)", "undo \(ann.id) \(annDishes) \(room.id) \(dishes.id)"].sorted())
        }
    }

    @Test func aDestinationInsideTheDataDirectoryOrAFileOrUnderAFileIsRefusedWithTheReason() async throws {
        try await withTemporaryDirectory { root in
            let data = root.appendingPathComponent("data")
            _ = try DirectoryDatabase(directory: data, durability: .normal)
            let inside = data.appendingPathComponent("backups/monday")
            let refused = #expect(throws: DataBackup.Failure.self) { try DataBackup.copy(from: data, to: inside) }
            #expect(refused?.description == "\(inside.path) is inside the data directory \(data.path): a copy there is lost with it. Back up somewhere else.")
            #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("backups").path))
            // Also when reached through a symbolic link.
            let link = root.appendingPathComponent("link")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: data)
            #expect(throws: DataBackup.Failure.self) { try DataBackup.copy(from: data, to: link.appendingPathComponent("copy")) }
            let file = root.appendingPathComponent("notes.txt")
            try Data("keep me".utf8).write(to: file)
            let notADirectory = #expect(throws: DataBackup.Failure.self) { try DataBackup.copy(from: data, to: file) }
            #expect(notADirectory?.description == "\(file.path) is a file: back up into a new or empty directory.")
            let underAFile = #expect(throws: DataBackup.Failure.self) { try DataBackup.copy(from: data, to: file.appendingPathComponent("copy")) }
            #expect(underAFile?.description == "Could not make the directory \(file.path)/copy: Not a directory.")
        }
    }

    @Test func aDestinationThatIsNotEmptyIsRefusedAndLeftAlone() async throws {
        try await withTemporaryDirectory { root in
            let data = root.appendingPathComponent("data")
            _ = try DirectoryDatabase(directory: data, durability: .normal)
            let busy = root.appendingPathComponent("busy")
            try FileManager.default.createDirectory(at: busy, withIntermediateDirectories: true)
            try Data("keep me".utf8).write(to: busy.appendingPathComponent("notes.txt"))
            let failure = #expect(throws: DataBackup.Failure.self) { try DataBackup.copy(from: data, to: busy) }
            #expect(failure?.description == "\(busy.path) is not empty: back up into a new or empty directory.")
            #expect(try FileManager.default.contentsOfDirectory(atPath: busy.path) == ["notes.txt"])
        }
    }

    @Test(arguments: [false, true])
    func aBackupThatFailsMidwayLeavesNoHalfCopy(destinationExisted: Bool) async throws {
        struct DiskFull: Error {}
        try await withTemporaryDirectory { root in
            let data = root.appendingPathComponent("data")
            _ = try DirectoryDatabase(directory: data, durability: .normal)
            let copy = root.appendingPathComponent("copy")
            if destinationExisted { try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true) }
            #expect(throws: DiskFull.self) {
                try DataBackup.copy(from: data, to: copy, afterDirectory: { throw DiskFull() })
            }
            if destinationExisted {
                #expect(try FileManager.default.contentsOfDirectory(atPath: copy.path) == [])
            } else {
                #expect(!FileManager.default.fileExists(atPath: copy.path))
            }
        }
    }

    @Test func aDirectoryWithoutHabitatDataIsRefused() async throws {
        try await withTemporaryDirectory { root in
            let failure = #expect(throws: DataBackup.Failure.self) {
                try DataBackup.copy(from: root.appendingPathComponent("nothing"), to: root.appendingPathComponent("copy"))
            }
            #expect(failure?.description.hasSuffix("holds no Habitat data (there is no directory.sqlite in it).") == true)
            #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("copy").path))
        }
    }

    /// The server's files are its connection's alone while open: the backup and the check read them through it.
    @Test func aServersOpenFilesAreCopiedAndCheckedThroughItsOwnConnections() async throws {
        try await withTemporaryDirectory { root in
            let data = root.appendingPathComponent("data")
            let directory = try DirectoryDatabase(directory: data, durability: .normal)
            let users = UserDatabases(
                directory: data, capacity: 8, durability: .normal, holding: try DataDirectoryLock(on: data, exclusive: true))
            let account = try await directory.createAccount(name: "alice", passwordHash: nil, at: Fixture.now)
            let path = try users.path(for: account.fileID)
            try await users.withFile(account.fileID) { database in
                try await database.add(Fixture.exercise)
                for _ in 0..<3 { try await database.did("exercise") }
            }
            // The files are the server's: a tool reading them directly is refused its lock.
            #expect(FileManager.default.fileExists(atPath: path))
            #expect(throws: DataDirectoryInUse.self) { try DataDirectoryLock(on: data, exclusive: false) }
            #expect(throws: DataDirectoryInUse.self) { try DataDirectoryLock(on: data, exclusive: true) }

            let copy = root.appendingPathComponent("copy")
            try await offTheTaskPool {
                let summary = try DataBackup.copy(from: data, to: copy, users: users)
                #expect(summary.users == 1 && summary.damaged.isEmpty)
                let report = DataCheck.run(in: data, users: users)
                #expect(report.files == 2 && report.findings.isEmpty && report.unchecked.isEmpty)
            }
            let copied = UserDatabases(directory: copy, capacity: 1, durability: .normal)
            let entries = try await copied.withFile(account.fileID) { try await $0.entries() }
            #expect(entries.count == 3)
        }
    }

    /// Closing a server's file leaves its log for the next opening, unless the log has grown long: then it is copied
    /// into the file first. Either way the next opening finds every change.
    @Test func aClosedFileKeepsAShortLogAndALongOneIsCopiedIn() async throws {
        try await withTemporaryDirectory { root in
            let users = UserDatabases(
                directory: root, capacity: 8, durability: .normal, holding: try DataDirectoryLock(on: root, exclusive: true))
            let fileID = Fixture.fileID()
            let log = try users.path(for: fileID) + "-wal"
            func logSize() throws -> Int { try #require(FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) }

            try await users.withFile(fileID) { database in
                try await database.add(Fixture.exercise)
                for _ in 0..<2 { try await database.did("exercise") }
            }
            #expect(await users.closeAll() == 1)
            let short = try logSize()
            #expect(short > 0 && short <= UserDatabase.keptLogBytes)
            #expect(!FileManager.default.fileExists(atPath: try users.path(for: fileID) + "-shm"))

            // About 5 KB a recorded action: 100 more pass the kept size.
            try await users.withFile(fileID) { database in
                #expect(try await database.state().habits[0].stats.total == 2)
                for _ in 0..<100 { try await database.did("exercise") }
            }
            #expect(try logSize() > UserDatabase.keptLogBytes)
            #expect(await users.closeAll() == 1)
            #expect(try logSize() == 0)
            let total = try await users.withFile(fileID) { try await $0.state().habits[0].stats.total }
            #expect(total == 102)
        }
    }

    @Test func onlyUsersFilesNamedByAnIDAreCopied() async throws {
        try await withTemporaryDirectory { root in
            let users = root.appendingPathComponent("users")
            let id = Fixture.fileID()
            for path in ["\(id.prefix(2))/\(id).sqlite", "\(id.prefix(2))/\(id).sqlite-wal", "zz/notes.sqlite", "\(id.prefix(2))/other.sqlite"] {
                let url = users.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data().write(to: url)
            }
            #expect(try DataBackup.userFiles(in: users).map { "\($0.0)/\($0.1)" } == ["\(id.prefix(2))/\(id).sqlite"])
        }
    }
}

/// A value set inside a blocking call.
private final class TokenBox: @unchecked Sendable {
    var token = ""
}

/// Runs `body` on a thread of its own, so that it may block on asynchronous work.
private func offTheTaskPool(_ body: @escaping @Sendable () throws -> Void) async throws {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
