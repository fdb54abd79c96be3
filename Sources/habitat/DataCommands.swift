import ArgumentParser
import Foundation
import HabitatApp
import HabitatEngine
import HabitatPostgres
import HabitatStorage
import Logging

struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write out everything a user has: the whole game as JSON, or the history as CSV.",
        discussion: """
            JSON holds the totals, settings, areas, habits, rewards, routines, rooms, running timers and every ledger entry. CSV holds \
            the ledger, one row per entry (Day, Recorded at, Type, What, Quantity, XP, Coins, Life, Note, \
            Undone), for a spreadsheet. loop writes the habits and each day's history as Loop Habit Tracker's database \
            backup, which Loop's Settings → Import data reads; loop-csv as Loop's CSV export (a zip of Habits.csv and \
            each habit's Checkmarks.csv and Scores.csv). While the server runs, the server does it.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, csv, loop
        case loopCSV = "loop-csv"
    }

    @Option(help: "The user's name.")
    var user: String

    @Option(help: "json (everything), csv (the history), loop (the habits and their days as Loop Habit Tracker's backup, with --output), or loop-csv (as Loop's CSV export, a zip, with --output).")
    var format = Format.json

    @Option(help: "Write to this file instead of standard output.")
    var output: String?

    @Option(help: "The server's data directory.")
    var data = "./habitat-data"

    @Option(help: databaseHelp("the server keeps everything in"))
    var database: String?

    func run() async throws {
        let (user, format, output) = (user, format.rawValue, output.map(absolute))
        guard let address = try databaseAddress(database) else {
            return try await DataToolCall.answer(.export(user: user, format: format, output: output), data: data)
        }
        try DataToolCall.say(try await withDatabase(address) { store in
            try await DataTools.export(user: user, format: format, output: output, from: store, users: store)
        })
    }
}

struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Bring a user's habits and history in from another tracker.",
        discussion: """
            Reads Loop Habit Tracker's database backup (Settings → Export full backup, a .db file) or CSV export (a \
            .zip), Habitica's user \
            data (Settings → Site Data → Export Data → User Data: JSON: its habits, dailies, to-dos, rewards, and tags as \
            areas), and Habitat's own JSON export (habitat export: habits, areas, rewards, routines, pauses, to-dos). The habits come in with their schedules and every day's history, so streaks and strength go on where \
            they were; the history earns no XP or coins. A habit whose name the user has already gets a number after it, or \
            with --merge takes the file's days. All of it comes in, or nothing. \
            --dry-run says what would come in, and what would only roughly. While the server runs, the server does it.
            """
    )

    @Option(help: "The user's name.")
    var user: String

    @Argument(help: "The file to import.")
    var file: String

    @Flag(help: "Say what would come in, and change nothing.")
    var dryRun = false

    @Flag(help: "Let the history earn the XP and coins each day done would have (by default it earns none).")
    var withRewards = false

    @Flag(help: "Bring in the character too (Habitica's or Habitat's): its level, its gold or coins, its share of health.")
    var withCharacter = false

    @Flag(help: "A habit whose name the user has already takes the file's days, instead of coming in as a new, numbered one.")
    var merge = false

    @Option(help: "The server's data directory.")
    var data = "./habitat-data"

    func run() async throws {
        try await DataToolCall.answer(.importFile(
                    user: user, file: absolute(file), dryRun: dryRun, options: ImportOptions(withRewards: withRewards, withCharacter: withCharacter, merge: merge)), data: data)
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
        throw CommandFailure(DataTools.noData(data))
    }
}

struct Backup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Copy the whole data directory, or a PostgreSQL database, consistently, while the server runs.",
        discussion: """
            Each file is copied with SQLite's online backup API, so it holds exactly what was committed when \
            its copy began. The copy is a data directory: 'habitat serve --data <copy>' runs on it. With --database, \
            everything in the database is copied into a new data directory as it was at one moment, each user's file \
            read back and compared; 'habitat migrate --from <copy> --to postgresql://…' brings it back into a database.
            """
    )

    @Argument(help: "Where to put the copy: a new or empty directory, outside the data directory.")
    var destination: String

    @Option(help: "The server's data directory.")
    var data = "./habitat-data"

    @Option(help: databaseHelp("the server keeps everything in"))
    var database: String?

    func run() async throws {
        guard let address = try databaseAddress(database) else {
            return try await DataToolCall.answer(.backup(destination: absolute(destination)), data: data)
        }
        let destination = absolute(destination)
        let report = try await withDatabase(address) { store in try await StoreMigration.copyBack(from: store, to: URL(fileURLWithPath: destination)) }
        print(
            "Backed up \(counted(report.accounts, "account", "accounts")), \(counted(report.rooms, "room", "rooms")) and "
                + "\(counted(report.rows, "row", "rows")) in all from \(address) into \(destination), as they were at one moment; "
                + "every table and every ledger agrees on both sides.")
    }
}

struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that every file of the data directory, or a PostgreSQL database, is sound.",
        discussion: """
            Runs SQLite's integrity check on the directory database and on every user's file, and names \
            whose file is damaged. Runs on a backup too; while the server runs, the server does it. With --database, \
            checks that the schema is this Habitat's and that no row belongs to an account or a room that doesn't \
            exist, changing nothing. Exits with 1 when something is not sound.
            """
    )

    @Option(help: "The server's data directory (or a backup of it).")
    var data = "./habitat-data"

    @Option(help: databaseHelp("to check"))
    var database: String?

    func run() async throws {
        guard let address = try databaseAddress(database) else { return try await DataToolCall.answer(.check, data: data) }
        var logger = Logger(label: "check")
        logger.logLevel = .warning
        let report: DatabaseCheck.Report
        do {
            report = try await DatabaseCheck.run(address, logger: logger)
        } catch let problem as PostgresProblem {
            throw CommandFailure(problem.description)
        }
        let pending = report.pending.isEmpty
            ? "" : " Its schema is behind this Habitat's (\(report.pending.joined(separator: ", ")) not applied yet): 'habitat serve' applies it at start."
        guard report.findings.isEmpty else {
            let list = report.findings.map { "  \($0)" }.joined(separator: "\n")
            throw CommandFailure("""
                PostgreSQL at \(address) is not sound:
                \(list)
                Restore it from a backup (PostgreSQL's own, or 'habitat migrate' from a data directory).\(pending)
                """)
        }
        print(
            "PostgreSQL at \(address) is sound: \(counted(report.accounts, "account", "accounts")), \(counted(report.rooms, "room", "rooms")) and "
                + "\(counted(report.ledgerEntries, "ledger entry", "ledger entries")); no row of \(report.tables) tables belongs to an "
                + "account or a room that doesn't exist.\(pending)")
    }
}

/// `path` made absolute against the working directory, for a server that has its own.
func absolute(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
}
