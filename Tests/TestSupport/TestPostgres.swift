import Foundation
import HabitatApp
import Logging
import PostgresNIO
import Testing

import HabitatPostgres

/// The PostgreSQL the tests run against: the cluster `scripts/with-postgres` starts and names in
/// `HABITAT_TEST_POSTGRES`. Each test makes a database of its own there and drops it after.
public enum TestPostgres {
    public static let server: DatabaseAddress? = ProcessInfo.processInfo.environment["HABITAT_TEST_POSTGRES"].flatMap { try? DatabaseAddress($0) }
    public static var isAvailable: Bool { server != nil }
    public static let logger = Logger(label: "test-postgres")

    /// Runs `body` with a new, empty database's address, dropped afterwards.
    public static func withDatabase<T: Sendable>(_ body: @Sendable (DatabaseAddress) async throws -> T) async throws -> T {
        let server = try #require(server, "no PostgreSQL: run the tests under scripts/with-postgres")
        let name = "habitat_test_" + UUID().uuidString.prefix(8).lowercased()
        try await server.withClient(logger: logger) { client in
            _ = try await client.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: logger)
        }
        var address = server
        address.database = name
        do {
            let result = try await body(address)
            try await drop(name, on: server)
            return result
        } catch {
            try? await drop(name, on: server)
            throw error
        }
    }

    private static func drop(_ name: String, on server: DatabaseAddress) async throws {
        try await server.withClient(logger: logger) { client in
            _ = try await client.query(PostgresQuery(unsafeSQL: "DROP DATABASE \(name) WITH (FORCE)"), logger: logger)
        }
    }
}


extension TestPostgres {
    /// Runs `body`, then closes `stores`, whether it threw or not.
    public static func closing<T>(_ stores: [PostgresStore], _ body: () async throws -> T) async throws -> T {
        do {
            let result = try await body()
            for store in stores { await store.close() }
            return result
        } catch {
            for store in stores { await store.close() }
            throw error
        }
    }

    /// Runs `sql` in the database at `address`, as its operator might by hand.
    public static func execute(_ sql: String, in address: DatabaseAddress) async throws {
        try await address.withClient(logger: logger) { client in
            _ = try await client.query(PostgresQuery(unsafeSQL: sql), logger: logger)
        }
    }

    /// The one number `sql` (a `count(*)`) finds in the database at `address`.
    public static func count(_ sql: String, in address: DatabaseAddress) async throws -> Int {
        try await address.withClient(logger: logger) { client in
            for try await count in try await client.query(PostgresQuery(unsafeSQL: sql), logger: logger).decode(Int.self) {
                return count
            }
            return 0
        }
    }

    /// Takes the rows `lock` (a `SELECT … FOR UPDATE`) finds in a transaction of its own, says so with `locked`, and
    /// keeps them until the connection ends (PostgreSQL stopped or restarted; at most ten minutes).
    public static func holding(_ lock: String, in address: DatabaseAddress, locked: @Sendable () -> Void) async throws {
        try await address.withClient(logger: logger) { client in
            try await client.withConnection { connection in
                _ = try await connection.query("BEGIN", logger: logger)
                _ = try await connection.query(PostgresQuery(unsafeSQL: lock), logger: logger)
                locked()
                _ = try? await connection.query("SELECT pg_sleep(600)", logger: logger)
            }
        }
    }

    /// Runs `body` with the stores of a new, empty database (its schema made), closed and dropped afterwards: what
    /// `serve --database` gives a server.
    public static func withStores<T: Sendable>(_ body: @Sendable (Stores) async throws -> T) async throws -> T {
        try await withDatabase { address in
            let store = try await PostgresStore.open(address, hearingOtherServers: true, logger: logger)
            do {
                let result = try await body(Stores(directory: store, users: store, description: "PostgreSQL at \(address)") {})
                await store.close()
                return result
            } catch {
                await store.close()
                throw error
            }
        }
    }
}
