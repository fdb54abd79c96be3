import Foundation
import TestSupport

/// Debian's `redis-server` on a free loopback port, without persistence: what `habitat-bench` compares Habitat with.
final class RedisProcess: Sendable {
    static let executable = "/usr/bin/redis-server"

    private let peer: PeerProcess
    let port: Int

    /// Starts it with `arguments` after its own (`--requirepass x`, …) and returns once it accepts connections. A port
    /// another process took in between is tried again with another.
    init(arguments: [String] = []) async throws {
        for _ in 0..<3 {
            let port = try await Loopback.freePort()
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("redis-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let peer = try await PeerProcess(
                Self.executable,
                ["--port", "\(port)", "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--logfile", ""]
                    + arguments,
                in: directory)
            if await peer.becomesReady("redis-server on port \(port)", checks: [{ await Loopback.accepts(port: port) }]) {
                self.port = port
                self.peer = peer
                return
            }
        }
        throw TestFailure("redis-server did not start in three tries")
    }

    /// Killed (it keeps nothing), its directory removed.
    deinit {
        peer.stop()
    }
}
