import Foundation
import TestSupport

/// A real Synapse homeserver (PyPI's `matrix-synapse`, in the virtual environment `.ci/run` makes) on a free loopback
/// port, with a throwaway configuration and database, for end-to-end tests. Registration is open (no verification),
/// rate limits are raised, nothing reaches outside.
final class Synapse: Sendable {
    /// The virtual environment: `HABITAT_SYNAPSE_VENV`, else `~/.cache/habitat-synapse`.
    static let environment: String =
        ProcessInfo.processInfo.environment["HABITAT_SYNAPSE_VENV"]
        ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/habitat-synapse").path
    static var python: String { environment + "/bin/python" }
    static var isInstalled: Bool {
        FileManager.default.fileExists(atPath: environment + "/bin/synapse_homeserver")
    }

    let port: Int
    /// The client API's base address.
    var address: String { "http://127.0.0.1:\(port)" }
    private let peer: PeerProcess

    private init(port: Int, peer: PeerProcess) {
        self.port = port
        self.peer = peer
    }

    /// Starts Synapse and returns once `/health` answers; a port taken meanwhile means another try on another one.
    static func start() async throws -> Synapse {
        for _ in 1..<3 {
            if let server = try await startOnce() { return server }
        }
        guard let server = try await startOnce() else { throw TestFailure("Synapse did not start in three tries") }
        return server
    }

    private static func startOnce() async throws -> Synapse? {
        let port = try await Loopback.freePort()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("synapse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let seed = (0..<32).map { _ in UInt8.random(in: 0...255) }
        let key = "ed25519 a_test " + Data(seed).base64EncodedString().replacingOccurrences(of: "=", with: "")
        try key.write(to: directory.appendingPathComponent("signing.key"), atomically: true, encoding: .utf8)
        let limit = "{per_second: 1000, burst_count: 1000}"
        try """
        server_name: localhost
        pid_file: \(directory.path)/homeserver.pid
        listeners:
          - {port: \(port), bind_addresses: ['127.0.0.1'], type: http, tls: false, resources: [{names: [client], compress: false}]}
        database: {name: sqlite3, args: {database: \(directory.path)/homeserver.db}}
        media_store_path: \(directory.path)/media
        signing_key_path: \(directory.path)/signing.key
        report_stats: false
        macaroon_secret_key: "\(UUID().uuidString)"
        form_secret: "\(UUID().uuidString)"
        enable_registration: true
        enable_registration_without_verification: true
        trusted_key_servers: []
        suppress_key_server_warning: true
        presence: {enabled: false}
        rc_message: \(limit)
        rc_registration: \(limit)
        rc_login: {address: \(limit), account: \(limit), failed_attempts: \(limit)}
        rc_joins: {local: \(limit), remote: \(limit)}
        rc_joins_per_room: \(limit)
        rc_invites: {per_room: \(limit), per_user: \(limit), per_issuer: \(limit)}
        """.write(to: directory.appendingPathComponent("homeserver.yaml"), atomically: true, encoding: .utf8)
        let config = directory.appendingPathComponent("homeserver.yaml").path
        let peer = try await PeerProcess(python, ["-m", "synapse.app.homeserver", "-c", config], in: directory)
        let health = "http://127.0.0.1:\(port)/health"
        guard await peer.becomesReady("Synapse to answer \(health)", checks: [{ await isHealthy(health) }]) else {
            return nil
        }
        return Synapse(port: port, peer: peer)
    }

    private static func isHealthy(_ health: String) async -> Bool {
        (try? await MatrixPerson.get(health)) == "OK"
    }

    func stop() {
        peer.stop()
    }
}
