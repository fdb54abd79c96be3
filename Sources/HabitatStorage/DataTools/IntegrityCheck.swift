import GRDB

/// SQLite's own verdict on a database file: `["ok"]` when it is sound.
public func integrityCheck(ofDatabaseAt path: String) throws -> [String] {
    var configuration = Configuration()
    configuration.readonly = true
    configuration.busyMode = .timeout(5)
    let database = try DatabaseQueue(path: path, configuration: configuration)
    defer { try? database.close() }
    return try database.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
}
