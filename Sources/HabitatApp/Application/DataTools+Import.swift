import Foundation
import HabitatCommands
import HabitatEngine
import HabitatStorage

extension DataTools {
    /// The trackers whose files `habitat import` reads, each with how it knows one of its files.
    static func plan(of file: String) throws -> ImportPlan {
        guard FileManager.default.isReadableFile(atPath: file) else {
            throw HabitatError(.notFound, "\(file) can't be read. Is the path right, and may you read it?")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)?.intValue ?? 0
        guard size <= mostRead else {
            throw HabitatError(.invalidArgument, "\(file) is more than \(mostRead >> 20) MB, more than an import takes: is it the right file?")
        }
        if LoopBackup.isBackup(at: file) { return try LoopBackup.read(at: file).keepingDays(through: lastDay) }
        if LoopCSV.isExport(at: file) { return try LoopCSV.read(at: file).keepingDays(through: lastDay) }
        if let data = FileManager.default.contents(atPath: file) {
            if UserExport.isExport(data) { return try UserExport.read(data, name: file).keepingDays(through: lastDay) }
            if HabiticaExport.isExport(data) { return try HabiticaExport.read(data).keepingDays(through: lastDay) }
        }
        throw HabitatError(.invalidArgument, "\(file) is not a file Habitat can import. \(readable)")
    }

    /// The largest file `habitat import` reads.
    static let mostRead = 64 << 20

    /// The last day a file's history may hold: tomorrow in UTC, today everywhere on Earth.
    static var lastDay: Day { Day(Date(), timeZone: TimeZone(identifier: "UTC")!) + 1 }

    /// What a dry run of `habitat import` says last.
    static let runAgain = "Nothing was changed: this was a dry run. Run it again without --dry-run to bring it in."

    /// The plan of a file sent over a connection (``ImportFile``), named `name`: read from a temporary copy, which is
    /// removed. Blocking: called on a storage thread.
    static func plan(of data: Data, named name: String) throws -> ImportPlan {
        if UserExport.isExport(data) { return try UserExport.read(data, name: name).keepingDays(through: lastDay) }
        if HabiticaExport.isExport(data) { return try HabiticaExport.read(data).keepingDays(through: lastDay) }
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("habitat-import-\(UUID().uuidString)").path
        guard FileManager.default.createFile(atPath: copy, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw HabitatError(.internal, "The server could not keep \(name) to read it. Please try again later.")
        }
        defer { try? FileManager.default.removeItem(atPath: copy) }
        if LoopBackup.isBackup(at: copy) { return try LoopBackup.read(at: copy, name: name).keepingDays(through: lastDay) }
        if LoopCSV.isExport(at: copy) { return try LoopCSV.read(at: copy, name: name).keepingDays(through: lastDay) }
        throw HabitatError(.invalidArgument, "\(name) is not a file Habitat can import. \(readable)")
    }

    /// The files `habitat import` reads, said for the person.
    static let readable =
        "It reads Loop Habit Tracker's database backup (Settings → Export full backup, a .db file) or CSV export (a .zip), Habitica's user data (Settings → Site Data → Export Data → User Data: JSON), and Habitat's own export (habitat export)."

    /// Brings `file` into `user`'s game in one transaction (all of it or nothing), or, with `dryRun`, says what it would:
    /// on either store, through the games every change of theirs takes.
    static func importFile(
        _ file: String, into user: String, dryRun: Bool, options: ImportOptions, from directory: any StorageContract, users: any UserGames
    ) async throws -> DataToolResult {
        guard let account = try await directory.account(named: user) else {
            return .failed("There is no user called \(user).")
        }
        let plan = try plan(of: file)
        if dryRun {
            let into = try await users.with(account.fileID) { try await placing(plan, in: $0, options: options, at: Date()) }
            return DataToolResult(output: Views.importSummary(plan, into: into, user: account.name, confirm: Self.runAgain))
        }
        let (outcome, into) = try await users.with(account.fileID) { database in
            let (outcome, _, into) = try await database.importing(plan, options: options, at: Date())
            return (outcome, into)
        }
        return DataToolResult(output: Views.importSummary(plan, into: into, user: account.name, outcome: outcome))
    }

    /// Where each of `plan`'s habits would go in the game of `database` (a name of its own, numbered when taken, or the
    /// habit it merges into), worked out on a copy of the game: nothing is changed. Refused as the import would be
    /// (too many habits).
    static func placing(_ plan: ImportPlan, in database: any UserGame, options: ImportOptions, at now: Date) async throws -> [ImportedInto] {
        var state = try await database.state()
        return try state.addImported(plan, at: now, merging: options.merge)
    }

    /// `account`'s habits and their days as Loop Habit Tracker's database backup (`csv` false), which Loop's "Import
    /// data" reads, or its CSV export (a zip, for spreadsheets), at `output`, a new file.
    static func exportForLoop(_ account: Account, csv: Bool, to output: String?, users: any UserGames) async throws -> DataToolResult {
        guard let output else {
            let example = csv ? "--output loop.zip" : "--output loop.db"
            return .failed("A Loop \(csv ? "CSV export is a zip" : "backup is a database file"): say where to write it with --output (e.g. \(example)).")
        }
        guard !FileManager.default.fileExists(atPath: output) else {
            return .failed("\(output) is there already: Habitat writes a new file, so choose another name or move that one.")
        }
        let now = Date()
        let (state, days, notes) = try await users.with(account.fileID) { database in
            let state = try await database.state()
            let (days, notes) = try await database.read { ledger in (try ledger.habitDays(), try ledger.habitNotes()) }
            return (state, days, notes)
        }
        do {
            if csv {
                try LoopCSV.write(
                    state.habits, days: days, notes: notes, today: state.settings.day(of: now),
                    strength: { habit, day in state.keeping(habit, days: days, today: day).strength }, to: output)
            } else {
                try LoopBackup.write(state.habits, days: days, notes: notes, to: output)
            }
        } catch {
            try? FileManager.default.removeItem(atPath: output)
            return .failed("Could not write \(output): \(reason(error)). Is the folder there, and may you write in it?")
        }
        let count = days.values.reduce(0) { $0 + $1.count }
        let what = csv ? "Loop Habit Tracker's CSV export, for spreadsheets" : "a Loop Habit Tracker backup: in Loop, Settings → Import data"
        return DataToolResult(
            output: "Exported \(GameState.count(state.habits.count, "habit")) of \(account.name) with \(GameState.count(count, "day")) of history to \(output), \(what).\n")
    }
}
