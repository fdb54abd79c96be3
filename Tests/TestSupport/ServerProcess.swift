import Foundation
import NIOConcurrencyHelpers

/// The real `habitat` executable, run as its own process so it can be killed.
public final class ServerProcess: @unchecked Sendable {
    public let process = Process()
    /// Its end, awaited without holding a thread.
    private let end: ProcessEnd
    public let port: Int
    /// Where it serves its metrics, when started with `--metrics`.
    public let metricsPort: Int?

    public static var executable: URL {
        // Swift's test runner lives in the same build folder as the products.
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = exe.deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("habitat")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                return candidate
            }
            folder.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: "habitat")
    }

    /// Another executable of the build, beside `habitat` (`habitat-bench`, `fuzz-parser`).
    public static func builtBeside(_ name: String) -> URL {
        executable.deletingLastPathComponent().appendingPathComponent(name)
    }

    /// `fileLimit` runs the server under `ulimit -n` of that many files (soft and hard). `crashingAt` runs instead a
    /// server that kills itself when a shared completion reaches that stage (`before-member-commit`,
    /// `after-member-commit`): `habitat-crashing-server`, built beside `habitat` for these tests. `startingAt`
    /// (`2026-03-08 23:59:50`, UTC) runs it under Debian's `faketime`, its clock starting then and running on.
    public init(
        data: URL, extraArguments: [String] = [], environment: [String: String] = [:], fileLimit: Int? = nil,
        crashingAt stage: String? = nil, startingAt instant: String? = nil
    ) async throws {
        process.executableURL = Self.executable
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        // Its clients all come from 127.0.0.1, many at once (habitat-bench's too): no limit per address.
        process.arguments = [
            "serve", "--port", "0", "--data", data.path, "--rate-limit", "0", "--max-per-address", "0",
            "--max-unauthenticated-per-address", "0",
        ] + extraArguments
        if let stage {
            process.executableURL = Self.builtBeside("habitat-crashing-server")
            process.arguments = ["--data", data.path, "--crash-at", stage]
        }
        if let instant {
            Self.removeFaketimeLeftovers()
            // `faketime` runs the server as its child and passes no signal on: ``serverPID`` is the one to signal.
            process.arguments = ["-f", "@\(instant)", process.executableURL!.path] + process.arguments!
            process.executableURL = URL(fileURLWithPath: Self.faketime)
            process.environment?["TZ"] = "UTC"
        }
        if let fileLimit {
            process.arguments = ["-c", "ulimit -n \(fileLimit) && exec \"$0\" \"$@\"", Self.executable.path] + process.arguments!
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
        }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        end = try await ProcessEnd(running: process)
        // The first log line says where it listens: `... port=43121 ... listening`; with `--metrics`, the next where
        // the metrics are: `... metrics_port=43122 ... metrics listening`.
        let handle = errors.fileHandleForReading
        let ready = extraArguments.contains("--metrics") ? "metrics listening" : "listening"
        let logged = NIOLockedValueBox<[UInt8]>([])
        self.logged = logged
        // Read on a thread of its own to the end, so a server that logs much never waits on a full pipe (the latest is
        // kept), and the test awaits the line that says it listens without holding a thread of the task pool.
        let seen = await withCheckedContinuation { (listening: CheckedContinuation<String, Never>) in
            Thread.detachNewThread {
                var (seen, told) = ("", false)
                while case let chunk = handle.availableData, !chunk.isEmpty {
                    if !told {
                        seen += String(decoding: chunk, as: UTF8.self)
                        told = seen.contains(ready)
                        if told { listening.resume(returning: seen) }
                    }
                    logged.withLockedValue {
                        $0.append(contentsOf: chunk)
                        if $0.count > Self.logKept { $0.removeFirst($0.count - Self.logKept) }
                    }
                }
                if !told { listening.resume(returning: seen) }
            }
        }
        guard seen.contains(ready) else { throw TestFailure("the server exited: \(seen)") }
        guard let match = seen.firstMatch(of: /\ port=(\d+)/), let port = Int(match.1) else {
            throw TestFailure("no port in: \(seen)")
        }
        self.port = port
        metricsPort = seen.firstMatch(of: /\ metrics_port=(\d+)/).flatMap { Int($0.1) }
        serverPID = process.processIdentifier
        if underFaketime {
            // It has said it listens, so it runs: `faketime`'s child.
            guard let child = Self.habitatChild(of: process.processIdentifier) else {
                throw TestFailure("no habitat process under faketime")
            }
            serverPID = child
        }
        commandLine = (try? String(contentsOfFile: "/proc/\(serverPID)/cmdline", encoding: .utf8)) ?? ""
    }

    /// A test that fails before it stops its server does not leave the server running.
    deinit {
        if !ended, serverPID != process.processIdentifier, isStillTheServer(serverPID) { Foundation.kill(serverPID, SIGKILL) }
        if process.isRunning {
            Foundation.kill(process.processIdentifier, SIGKILL)
            // Killed, `faketime` leaves its semaphore and shared memory behind, and a later `faketime` of the same pid
            // refuses to start (`sem_open: File exists`). Its pid is not free before it is reaped: nothing else has
            // these names yet.
            if underFaketime { Self.removeFaketimeObjects(of: process.processIdentifier) }
        }
    }

    /// `faketime` names its semaphore and shared memory after its own pid and removes them when its program ends; one
    /// killed (by a test's end, or a run cut short) leaves them in `/dev/shm`, and the next `faketime` given that pid
    /// cannot start. Those of processes that no longer exist are removed before each start.
    private static func removeFaketimeLeftovers() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/shm")) ?? []
        for name in names {
            guard let match = name.wholeMatch(of: /(?:sem\.faketime_sem|faketime_shm)_(\d+)/), let pid = Int32(match.1),
                !FileManager.default.fileExists(atPath: "/proc/\(pid)")
            else { continue }
            try? FileManager.default.removeItem(atPath: "/dev/shm/\(name)")
        }
    }

    private static func removeFaketimeObjects(of pid: Int32) {
        for name in ["sem.faketime_sem_\(pid)", "faketime_shm_\(pid)"] {
            try? FileManager.default.removeItem(atPath: "/dev/shm/\(name)")
        }
    }

    public static let faketime = "/usr/bin/faketime"

    /// Whether a server can be started at a chosen instant: Debian's `faketime` is there, and the run is not
    /// `scripts/race-check`'s (a server built with ThreadSanitizer hangs at its start under libfaketime, so those
    /// tests are left out there: `HABITAT_NO_FAKETIME`).
    public static var canFakeTime: Bool {
        FileManager.default.isExecutableFile(atPath: faketime) && ProcessInfo.processInfo.environment["HABITAT_NO_FAKETIME"] == nil
    }

    /// The end of what the server logged (its standard error), for a failing test to show.
    public var log: String { logged.withLockedValue { String(decoding: $0, as: UTF8.self) } }
    private let logged: NIOLockedValueBox<[UInt8]>
    private static let logKept = 64 * 1024
    private var underFaketime: Bool { process.executableURL?.path == Self.faketime }

    /// The server's own process: this one, or under `faketime`, the `habitat serve` it started (found once, at start,
    /// as `faketime`'s child: a later server of the same data directory is never taken for this one, and the server
    /// stays found if `faketime` ends first).
    public private(set) var serverPID: Int32 = 0
    /// Once killed or terminated, its pid is never signalled again (another process may have it by then).
    private var ended = false
    /// The server's command line as `/proc` gives it, to tell it from a later process of the same number.
    private var commandLine = ""

    /// The child of `parent` running `habitat`, if any.
    private static func habitatChild(of parent: Int32) -> Int32? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = Int32(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // `pid (comm) state ppid ...`: the command may hold spaces and parentheses, the fields after it do not.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 1, Int32(fields[1]) == parent,
                let line = try? String(contentsOfFile: "/proc/\(entry)/cmdline", encoding: .utf8),
                let program = line.split(separator: "\0").first, program.hasSuffix("/habitat") || program.hasSuffix("/habitat-crashing-server")
            else { continue }
            return pid
        }
        return nil
    }

    /// Whether `pid` is still this server: a process ended long ago may have left its number to another (they are
    /// reused within minutes on a busy machine), even to the next server of the same test.
    private func isStillTheServer(_ pid: Int32) -> Bool {
        guard pid > 0, let line = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8) else { return false }
        return line == commandLine
    }

    /// Waits for a server under `faketime` to be gone, at most 60 s: `true` if it is.
    private func waitForServerToEnd(_ pid: Int32) async -> Bool {
        for _ in 0..<600 {
            let status = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            // Gone, or a zombie waiting to be reaped by whoever took it in.
            if status.isEmpty || status.contains(") Z ") { return true }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    public func kill() async {
        let pid = serverPID
        if isStillTheServer(pid) { Foundation.kill(pid, SIGKILL) }
        ended = true
        if underFaketime { _ = await waitForServerToEnd(pid) }
        _ = await end.status
    }

    /// Waits for the process to end by itself (a planned crash).
    public func waitForExit() async -> Int32 {
        ended = true
        return await end.status
    }

    public func terminate() async -> Int32 {
        let pid = serverPID
        if isStillTheServer(pid) { Foundation.kill(pid, SIGTERM) }
        ended = true
        if underFaketime {
            // Not this process's child: its exit status can't be read, only that it ended.
            let ended = await waitForServerToEnd(pid)
            _ = await end.status
            return ended ? 0 : -1
        }
        return await end.status
    }
}
