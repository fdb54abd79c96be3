import Foundation
import GRDB
import HabitatEngine
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
                try await users.with(account.fileID) { database in
                    try await database.add(Fixture.exercise)
                    try await database.did("exercise", times: 1)
                }
                accounts.append(account)
            }
            // Writes go on while the copy is made; each file's copy holds whole transactions only.
            let writer = Task {
                for _ in 0..<200 { try await users.with(accounts[0].fileID) { _ = try await $0.did("exercise") } }
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
                try await copiedUsers.with(account.fileID) { database in
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

    @Test func aDirectoryWithoutHabitatDataIsRefused() async throws {
        try await withTemporaryDirectory { root in
            let failure = #expect(throws: DataBackup.Failure.self) {
                try DataBackup.copy(from: root.appendingPathComponent("nothing"), to: root.appendingPathComponent("copy"))
            }
            #expect(failure?.description.hasSuffix("holds no Habitat data (there is no directory.sqlite in it).") == true)
            #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("copy").path))
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
