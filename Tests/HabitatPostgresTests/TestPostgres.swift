import Foundation
import Logging
import PostgresNIO
import Testing

@testable import HabitatPostgres

/// The PostgreSQL the tests run against: the cluster `scripts/with-postgres` starts and names in
/// `HABITAT_TEST_POSTGRES`. Each test makes a database of its own there and drops it after.
enum TestPostgres {
    static let server: DatabaseAddress? = ProcessInfo.processInfo.environment["HABITAT_TEST_POSTGRES"].flatMap { try? DatabaseAddress($0) }
    static var isAvailable: Bool { server != nil }
    static let logger = Logger(label: "test-postgres")

    /// Runs `body` with a new, empty database's address, dropped afterwards.
    static func withDatabase<T: Sendable>(_ body: @Sendable (DatabaseAddress) async throws -> T) async throws -> T {
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

/// In CI the PostgreSQL tests must run, never be skipped for want of a server.
@Suite("PostgreSQL for the tests")
struct TestPostgresTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["CI"] != nil))
    func ciGivesTheTestsAPostgreSQL() {
        #expect(TestPostgres.isAvailable, "CI runs the tests under scripts/with-postgres, which names the server in HABITAT_TEST_POSTGRES")
    }
}
