import Logging
import PostgresNIO

/// `habitat check --database`: what must hold of Habitat's data in PostgreSQL, checked without changing anything.
///
/// - The schema is this Habitat's: no migration edited after it was applied, none from a newer Habitat (``Migrations``).
/// - No orphan rows: every row of a table a user owns (`account_id`) names an account that exists, and every row of a
///   table a room owns (`room_id`) a room that exists. Tables are found by their columns, so one added later is checked
///   too. A room's log and intents keep `0` for a member who deleted their account: any other id of no account is an
///   account's trace left behind.
/// - Every ledger entry that undoes another (`reverts`) or belongs to a batch (`batch`) points to an entry of the same
///   account.
///
/// The foreign keys of a single PostgreSQL already prevent orphans; the check is for a database that lost them (a copy
/// restored table by table, a distributed one whose keys were dropped) and for what no key covers.
public enum DatabaseCheck {
    public struct Report: Sendable {
        public var accounts = 0
        public var rooms = 0
        public var ledgerEntries = 0
        /// Tables checked for rows of no account or no room.
        public var tables = 0
        /// What is wrong, each in a sentence for the operator.
        public var findings: [String] = []
        /// Migrations this Habitat has that the database has not had yet (`serve` applies them at start).
        public var pending: [String] = []
    }

    /// Checks the database at `address`; PostgreSQL's errors are thrown as ``PostgresProblem``s.
    public static func run(_ address: DatabaseAddress, logger: Logger) async throws -> Report {
        do {
            let connection = try await PostgresConnection.connect(configuration: address.connectionConfiguration(), id: 1, logger: logger)
            do {
                let report = try await run(on: connection, logger: logger)
                try await connection.close()
                return report
            } catch {
                try? await connection.close()
                throw error
            }
        } catch {
            throw PostgresProblem(error, at: address) ?? error
        }
    }

    static func run(on connection: PostgresConnection, logger: Logger) async throws -> Report {
        // One snapshot for every count, read only.
        try await connection.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
        let report = try await checked(on: connection, logger: logger)
        try await connection.query("COMMIT", logger: logger)
        return report
    }

    private static func checked(on connection: PostgresConnection, logger: Logger) async throws -> Report {
        var report = Report()
        let tables = try await columns(on: connection, logger: logger)
        guard tables["habitat_migration"] != nil, tables["account"] != nil else {
            report.findings.append("This database has no Habitat schema: 'habitat serve --database' or 'habitat migrate' makes it.")
            return report
        }
        let applied = try await Migrations.applied(on: connection, logger: logger)
        do {
            try Migrations.verify(applied)
        } catch let error as MigrationError {
            report.findings.append(error.description)
        }
        report.pending = Migrations.known.filter { applied[$0.version] == nil }.map(\.name)

        report.accounts = try await count("SELECT count(*) FROM account", on: connection, logger: logger)
        report.rooms = try await count("SELECT count(*) FROM room", on: connection, logger: logger)
        report.ledgerEntries = try await count("SELECT count(*) FROM ledger", on: connection, logger: logger)
        for (table, columns) in tables.sorted(by: { $0.key < $1.key }) {
            var checked = false
            if columns.contains("account_id"), table != "account" {
                checked = true
                let formerMember = ["room_log", "room_intent"].contains(table) ? " AND t.account_id <> 0" : ""
                let orphans = try await count(
                    "SELECT count(*) FROM \(table) t WHERE NOT EXISTS (SELECT 1 FROM account a WHERE a.id = t.account_id)\(formerMember)",
                    on: connection, logger: logger)
                if orphans > 0 { report.findings.append("\(table): \(rows(orphans)) of an account that doesn't exist.") }
            }
            if columns.contains("room_id"), table != "room" {
                checked = true
                let orphans = try await count(
                    "SELECT count(*) FROM \(table) t WHERE NOT EXISTS (SELECT 1 FROM room r WHERE r.id = t.room_id)",
                    on: connection, logger: logger)
                if orphans > 0 { report.findings.append("\(table): \(rows(orphans)) of a room that doesn't exist.") }
            }
            if checked { report.tables += 1 }
        }
        for link in ["reverts", "batch"] {
            let broken = try await count(
                """
                SELECT count(*) FROM ledger l WHERE l.\(link) IS NOT NULL
                AND NOT EXISTS (SELECT 1 FROM ledger o WHERE o.account_id = l.account_id AND o.id = l.\(link))
                """, on: connection, logger: logger)
            let what = link == "reverts" ? "undo an entry" : "belong to a batch"
            if broken > 0 { report.findings.append("ledger: \(broken == 1 ? "1 entry claims" : "\(broken) entries claim") to \(what) its account doesn't have.") }
        }
        return report
    }

    /// Each table of the schema Habitat's tables are in, with its columns.
    static func columns(on connection: PostgresConnection, logger: Logger) async throws -> [String: Set<String>] {
        var tables: [String: Set<String>] = [:]
        let query: PostgresQuery = """
            SELECT c.table_name::text, c.column_name::text FROM information_schema.columns c
            JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
            WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
            """
        for try await (table, column) in try await connection.query(query, logger: logger).decode((String, String).self) {
            tables[table, default: []].insert(column)
        }
        return tables
    }

    static func count(_ sql: String, on connection: PostgresConnection, logger: Logger) async throws -> Int {
        for try await count in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).decode(Int.self) { return count }
        return 0
    }

    static func rows(_ count: Int) -> String { count == 1 ? "1 row" : "\(count) rows" }
}
