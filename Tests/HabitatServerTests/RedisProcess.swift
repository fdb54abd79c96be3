import Foundation
import NIOPosix

/// Debian's `redis-server` on a free loopback port, without persistence: what `habitat-bench` compares Habitat with.
final class RedisProcess: @unchecked Sendable {
    static let executable = "/usr/bin/redis-server"

    private let process: Process
    let port: Int

    /// Starts it with `arguments` after its own (`--requirepass x`, …) and returns once it accepts connections. A port
    /// another process took in between is tried again with another.
    init(arguments: [String] = []) async throws {
        var said = ""
        for _ in 0..<3 {
            let port = try await Self.freePort()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.executable)
            process.arguments =
                ["--port", "\(port)", "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--logfile", ""] + arguments
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            said = ""
            let handle = output.fileHandleForReading
            while !said.contains("Ready to accept connections") {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                said += String(decoding: chunk, as: UTF8.self)
            }
            guard said.contains("Ready to accept connections") else {
                process.waitUntilExit()
                continue
            }
            // Read on to the end, so it never waits on a full pipe.
            Thread.detachNewThread { while !handle.availableData.isEmpty {} }
            self.port = port
            self.process = process
            return
        }
        throw TestFailure("redis-server did not start: \(said)")
    }

    /// Killed, not asked to stop: started from a test's thread it has SIGTERM blocked, and it keeps nothing.
    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// A port free now on 127.0.0.1 (something else may take it before it is used).
    private static func freePort() async throws -> Int {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0).get()
        let port = channel.localAddress?.port ?? 0
        try await channel.close()
        return port
    }
}
