import Foundation
import HabitatPostgres
import Testing

/// A PostgreSQL cluster of a test's own, on loopback: for what the shared one (``TestPostgres``) must never see, such as
/// a restart. Made with Debian's `initdb` in a temporary directory and run with `pg_ctl`; as root, as the package's
/// `postgres` user (initdb refuses root).
public final class PostgresCluster: Sendable {
    public let directory: URL
    public let port: Int
    private let bin: String

    /// The cluster's `postgres` database, trusted on loopback.
    public var address: DatabaseAddress {
        DatabaseAddress(host: "127.0.0.1", port: port, user: "postgres", database: "postgres", tls: .disable)
    }

    /// The same database through the cluster's Unix socket, in its directory.
    public var socketAddress: DatabaseAddress {
        DatabaseAddress(host: directory.path, port: port, user: "postgres", database: "postgres")
    }

    /// Makes a cluster and starts it; ``stop()`` removes it.
    public init() async throws {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        guard let version = versions.sorted(by: { $0.compare($1, options: .numeric) == .orderedAscending }).last else {
            throw TestFailure("PostgreSQL is not installed (apt-get install postgresql)")
        }
        bin = "/usr/lib/postgresql/\(version)/bin"
        directory = temporaryDirectory()
        port = try await Loopback.freePort()
        if getuid() == 0 { try await Self.run("/usr/bin/chown", ["postgres:", directory.path]) }
        try await run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync"])
        try await start()
    }

    /// Runs `body` with a cluster of its own, stopped and removed after; when `body` fails, what the cluster logged is
    /// recorded beside its error.
    public static func with<T: Sendable>(_ body: (PostgresCluster) async throws -> T) async throws -> T {
        let cluster = try await PostgresCluster()
        do {
            let result = try await body(cluster)
            await cluster.stop()
            return result
        } catch {
            Issue.record("the cluster logged:\n\(cluster.log)")
            await cluster.stop()
            throw error
        }
    }

    private var data: String { directory.appendingPathComponent("data").path }

    public func start() async throws {
        try await run("pg_ctl", [
            "-D", data, "-l", directory.appendingPathComponent("log").path, "-w", "-t", "600", "-o",
            "-p \(port) -k \(directory.path) -c listen_addresses=127.0.0.1 -c fsync=off", "start",
        ])
    }

    /// `pg_ctl restart -m fast`: every connection is closed, transactions under way are rolled back, and the server
    /// starts again on the same port. Returns once it takes connections.
    public func restartFast() async throws {
        try await run("pg_ctl", ["-D", data, "-l", directory.appendingPathComponent("log").path, "-w", "-t", "600", "-m", "fast", "restart"])
    }

    /// Stops the cluster and removes its directory.
    public func stop() async {
        try? await run("pg_ctl", ["-D", data, "-m", "immediate", "stop"])
        try? FileManager.default.removeItem(at: directory)
    }

    /// What the cluster logged.
    public var log: String { (try? String(contentsOf: directory.appendingPathComponent("log"), encoding: .utf8)) ?? "" }

    /// Runs `tool` of PostgreSQL's with every descriptor past the standard three closed first: Foundation learns
    /// that a process ended when a socket it shares with it closes, and the server `pg_ctl start` leaves running would
    /// hold it open for as long as it runs.
    private func run(_ tool: String, _ arguments: [String]) async throws {
        let closing = #"for fd in /proc/$$/fd/*; do fd=${fd##*/}; [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done; exec "$@""#
        let user = getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] : []
        try await Self.run("/bin/bash", ["-c", closing, "bash"] + user + ["\(bin)/\(tool)"] + arguments)
    }

    private static func run(_ executable: String, _ arguments: [String]) async throws {
        let run = try await runToEnd(URL(fileURLWithPath: executable), arguments, errorsInOutput: true)
        guard run.status == 0 else {
            throw TestFailure("\(executable) \(arguments.joined(separator: " ")) failed: \(run.output)")
        }
    }
}
