import Foundation
import TestSupport
import Testing

@Suite("PostgreSQL on the same machine, through its Unix socket", .enabled(if: TestPostgres.isAvailable))
struct PostgresSocketTests {
    /// `--database postgresql://USER@/DATABASE?host=DIR&port=N`, libpq's way to say a Unix socket: the server keeps
    /// everything there, and the data tools reach it the same way.
    @Test func aServerKeepsEverythingInAPostgreSQLReachedThroughItsSocket() async throws {
        try await PostgresCluster.with { cluster in
            let address = cluster.socketAddress
            #expect(address.description == "postgresql://postgres@/postgres?host=\(cluster.directory.path)&port=\(cluster.port)")
            let data = temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: data) }
            let server = try await ServerProcess(data: data, extraArguments: ["--database", address.description])
            let alice = try await LineClient.registered("alice", port: server.port)
            try await alice.expectReply(to: "add habit Stretch", startsWith: "✅")
            try await alice.expectReply(to: "did stretch", startsWith: "✅ Stretch completed!")
            await alice.close()
            #expect(await server.terminate() == 0)

            let check = try await habitat(["check", "--database", address.description])
            #expect(check.status == 0)
            #expect(check.output == """
                PostgreSQL at \(address) is sound: 1 account, 0 rooms and 1 ledger entry; no row of 23 tables belongs to an \
                account or a room that doesn't exist.

                """)
        }
    }
}
