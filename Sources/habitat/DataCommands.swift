import ArgumentParser
import Foundation
import HabitatStorage

struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write out everything a user has: the whole game as JSON, or the history as CSV.",
        discussion: """
            JSON holds the totals, settings, areas, habits, rewards, routines, rooms, running timers and every ledger entry. CSV holds \
            the ledger, one row per entry (Day, Recorded at, Type, What, Quantity, XP, Coins, Life, Note, \
            Undone), for a spreadsheet. Safe to run while the server runs.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, csv
    }

    @Option(help: "The user's name.")
    var user: String

    @Option(help: "json (everything) or csv (the history).")
    var format = Format.json

    @Option(help: "Write to this file instead of standard output.")
    var output: String?

    @Option(help: "The server's data directory.")
    var data = "./habitat-data"

    func run() async throws {
        SQLiteSetup.apply()
        let dataDirectory = URL(fileURLWithPath: data)
        let directory = try existingDataDirectory(data)
        guard let account = try await directory.account(named: user) else {
            throw CommandFailure("There is no user called \(user).")
        }
        let users = UserDatabases(directory: dataDirectory, capacity: 1, durability: .normal)
        var export = try await users.with(account.fileID) { database in
            try await UserExport.load(user: account.name, from: database, at: Date())
        }
        try await export.addFromDirectory(accountID: account.id, directory)
        let bytes = format == .json ? try export.json() : Data(export.csv().utf8)
        if let output {
            do {
                try bytes.write(to: URL(fileURLWithPath: output), options: .atomic)
            } catch let error as CocoaError where error.code == .fileWriteOutOfSpace {
                throw CommandFailure("Could not write \(output): the disk is full. Free some space there, or write it to another disk.")
            } catch {
                throw CommandFailure("Could not write \(output): \(Self.reason(error)). Is the folder there, and may you write in it?")
            }
            print("Exported \(export.ledger.count) ledger entries of \(account.name) to \(output).")
        } else {
            FileHandle.standardOutput.write(bytes)
        }
    }
}

/// The directory database of the data directory `data`, which must hold Habitat data already: a mistyped
/// `--data` is refused, not made into a new, empty data directory.
func existingDataDirectory(_ data: String) throws -> DirectoryDatabase {
    try requireData(in: data)
    return try DirectoryDatabase(directory: URL(fileURLWithPath: data), durability: .normal)
}

/// Refuses a `--data` that holds no Habitat data, in the same words for every command.
func requireData(in data: String) throws {
    guard DirectoryDatabase.exists(in: URL(fileURLWithPath: data)) else {
        throw CommandFailure("\(data) holds no Habitat data (there is no \(DirectoryDatabase.fileName) in it). Use --data to point at it.")
    }
}

extension Export {
    /// The system's words for why a file could not be written (`No such file or directory`), without a
    /// closing full stop, to go inside a sentence.
    static func reason(_ error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(underlying.code))) }
        var words = (error as NSError).localizedDescription
        while words.hasSuffix(".") { words.removeLast() }
        return words
    }
}

struct Backup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Copy the whole data directory, consistently, while the server runs.",
        discussion: """
            Each file is copied with SQLite's online backup API, so it holds exactly what was committed when \
            its copy began. The copy is a data directory: 'habitat serve --data <copy>' runs on it.
            """
    )

    @Argument(help: "Where to put the copy: a new or empty directory, outside the data directory.")
    var destination: String

    @Option(help: "The server's data directory.")
    var data = "./habitat-data"

    func run() throws {
        SQLiteSetup.apply()
        try requireData(in: data)
        let summary: DataBackup.Summary
        do {
            summary = try DataBackup.copy(from: URL(fileURLWithPath: data), to: URL(fileURLWithPath: destination))
        } catch let failure as DataBackup.Failure {
            throw CommandFailure(failure.description)
        }
        let megabytes = String(format: "%.1f", Double(summary.bytes) / 1_000_000)
        let files = summary.users == 1 ? "1 user's file" : "\(summary.users) users' files"
        let done = "Backed up the directory and \(files) (\(megabytes) MB) to \(destination)"
        guard summary.damaged.isEmpty else {
            let list = summary.damaged.map { "  \($0)" }.joined(separator: "\n")
            throw CommandFailure("""
                \(done), but SQLite can't read \(summary.damaged.count == 1 ? "this file" : "these files"); \
                \(summary.damaged.count == 1 ? "it was" : "they were") copied byte for byte, for repair:
                \(list)
                'habitat check --data \(data)' says more.
                """)
        }
        print(done + ".")
    }
}

struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that every file of the data directory is sound.",
        discussion: """
            Runs SQLite's integrity check on the directory database and on every user's file, and names \
            whose file is damaged. Safe to run while the server runs, and on a backup. Exits with 1 when a \
            file is not sound.
            """
    )

    @Option(help: "The server's data directory (or a backup of it).")
    var data = "./habitat-data"

    func run() throws {
        SQLiteSetup.apply()
        try requireData(in: data)
        let report = DataCheck.run(in: URL(fileURLWithPath: data))
        guard !report.findings.isEmpty || !report.unchecked.isEmpty else {
            let users = report.files - 1
            print("All \(report.files) files are sound: the directory database and \(users == 1 ? "1 user's file" : "\(users) users' files").")
            return
        }
        var said: [String] = []
        if !report.findings.isEmpty {
            let list = report.findings.map { "  \($0)" }.joined(separator: "\n")
            said.append("""
                \(report.findings.count) of \(report.files) files \(report.findings.count == 1 ? "is" : "are") not sound:
                \(list)
                Restore \(report.findings.count == 1 ? "it" : "them") from a backup with the server stopped, or try sqlite3's '.recover'.
                """)
        }
        if !report.unchecked.isEmpty {
            let count = report.unchecked.count
            said.append(
                "\(count) of \(report.files) files could not be checked: the disk holding \(data) is full, and SQLite needs a little "
                    + "space to open a file. Nothing is known to be wrong with \(count == 1 ? "it" : "them"); free some space there and check again.")
        }
        throw CommandFailure(said.joined(separator: "\n"))
    }
}
