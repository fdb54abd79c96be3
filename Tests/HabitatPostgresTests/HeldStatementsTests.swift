import PostgresNIO
import Testing

@testable import HabitatPostgres

@Suite("A change's statements held back and sent together")
struct HeldStatementsTests {
    let updateHabit = HeldStatement(
        sql: "UPDATE habit SET streak = $1, total = $2 WHERE id = $3 AND account_id = $4", values: [.int(3), .int(12), .int(7), .int(1)],
        joining: "habit")
    let putProfile = HeldStatement(
        sql: "INSERT INTO profile (xp, coins, account_id) VALUES ($1, $2, $3) ON CONFLICT (account_id) DO UPDATE SET xp = EXCLUDED.xp",
        values: [.int(40), .int(15), .int(1)], joining: "profile")

    @Test func updatesOfDifferentTablesGoAsOneStatementTheirValuesNumberedOn() {
        let queries = HeldStatement.queries([HeldStatement(sql: "BEGIN", values: []), updateHabit, putProfile])
        #expect(queries.map(\.sql) == [
            "BEGIN",
            "WITH w0 AS (UPDATE habit SET streak = $1, total = $2 WHERE id = $3 AND account_id = $4), "
                + "w1 AS (INSERT INTO profile (xp, coins, account_id) VALUES ($5, $6, $7) ON CONFLICT (account_id) DO UPDATE SET xp = EXCLUDED.xp) "
                + "SELECT 1",
        ])
        #expect(queries.map(\.binds.count) == [0, 7])
    }

    @Test func twoUpdatesOfOneTableAreNeverOneStatement() {
        var other = updateHabit
        other.values = [.int(1), .int(2), .int(8), .int(1)]
        let queries = HeldStatement.queries([updateHabit, putProfile, other])
        #expect(queries.count == 2)
        #expect(queries[0].sql.hasPrefix("WITH w0 AS (UPDATE habit"))
        #expect(queries[1].sql == updateHabit.sql)
        #expect(queries[1].binds.count == 4)
    }

    @Test func aDeleteOrAPlainStatementEndsARunAndKeepsItsPlace() {
        let delete = HeldStatement(sql: "DELETE FROM todo WHERE id = $1 AND account_id = $2", values: [.int(5), .int(1)])
        let queries = HeldStatement.queries([updateHabit, delete, putProfile, HeldStatement(sql: "COMMIT", values: [])])
        #expect(queries.map(\.sql) == [updateHabit.sql, delete.sql, putProfile.sql, "COMMIT"])
    }

    @Test func renumberingLeavesEverythingButTheValuesAlone() {
        #expect(HeldStatement.renumbered("SET a = $1, b = $12 WHERE c = '$' AND d = $2", from: 9)
            == "SET a = $10, b = $21 WHERE c = '$' AND d = $11")
        #expect(HeldStatement.renumbered("SET a = $1", from: 0) == "SET a = $1")
    }
}
