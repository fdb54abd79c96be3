import Foundation
import Testing
import TestSupport

/// In CI the PostgreSQL tests must run, never be skipped for want of a server.
@Suite("PostgreSQL for the tests")
struct TestPostgresTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["CI"] != nil))
    func ciGivesTheTestsAPostgreSQL() {
        #expect(TestPostgres.isAvailable, "CI runs the tests under scripts/with-postgres, which names the server in HABITAT_TEST_POSTGRES")
    }
}
