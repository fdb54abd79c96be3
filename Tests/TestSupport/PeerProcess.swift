import Foundation

/// A real server a test started (ngircd, Synapse): its process, quiet, and the throwaway directory of its
/// configuration and data.
public final class PeerProcess: Sendable {
    public let process: Process
    public let directory: URL

    /// Runs `executable` with `arguments` in `directory`, its output thrown away (once few descriptors are open: see
    /// ``untilFewDescriptorsAreOpen()``).
    public init(_ executable: String, _ arguments: [String], in directory: URL) async throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        self.directory = directory
        await untilFewDescriptorsAreOpen()
        try process.run()
    }

    /// Waits until each of `checks` passes; `false`, the process stopped, when it exited first or a check did not
    /// pass within `timeout` (a port taken meanwhile, a machine too loaded): the caller starts another.
    public func becomesReady(
        _ what: String, timeout: Duration = .seconds(60), checks: [@Sendable () async -> Bool]
    ) async -> Bool {
        do {
            for check in checks {
                try await eventually(what, timeout: timeout) {
                    guard process.isRunning else { return true }
                    return await check()
                }
            }
        } catch {
            stop()
            return false
        }
        guard process.isRunning else {
            stop()
            return false
        }
        return true
    }

    /// Kills the server: a child of the test runner inherits its blocked signals, so SIGTERM would not arrive.
    /// Its end is not waited for (that would hold one of the task pool's threads; ``ProcessEnd``).
    public func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: directory)
    }
}
