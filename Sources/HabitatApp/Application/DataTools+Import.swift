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
        if LoopBackup.isBackup(at: file) { return try LoopBackup.read(at: file) }
        if let data = FileManager.default.contents(atPath: file), HabiticaExport.isExport(data) { return try HabiticaExport.read(data) }
        throw HabitatError(.invalidArgument, "\(file) is not a file Habitat can import. \(readable)")
    }

    /// The files `habitat import` reads, said for the person.
    static let readable =
        "It reads Loop Habit Tracker's database backup (Settings → Export full backup, a .db file) and Habitica's user data (Settings → Site Data → Export Data → User Data: JSON)."

    /// Brings `file` into `user`'s game in one transaction (all of it or nothing), or, with `dryRun`, says what it would.
    static func importFile(
        _ file: String, into user: String, dryRun: Bool, data: URL, users: UserDatabases?, directory: DirectoryDatabase?
    ) async throws -> DataToolResult {
        let directory = try directory ?? DirectoryDatabase(directory: data, durability: .normal)
        guard let account = try await directory.account(named: user) else {
            return .failed("There is no user called \(user).")
        }
        let plan = try plan(of: file)
        if dryRun { return DataToolResult(output: Views.importSummary(plan, user: account.name)) }
        let users = users ?? UserDatabases(directory: data, capacity: 1, durability: .normal)
        let names = try await users.with(account.fileID) { database in
            let (_, state) = try await database.importing(plan, at: Date())
            return Array(state.habits.suffix(plan.habits.count).map(\.name))
        }
        return DataToolResult(output: Views.importSummary(plan, names: names, user: account.name))
    }
}
