import Foundation
import NIOConcurrencyHelpers

/// A process the test started, whose end is awaited without holding a thread.
///
/// Swift's task pool has as many threads as the machine has cores (two here), and `Process.waitUntilExit()` or a
/// read to the end of a pipe holds one until the process ends. Two tests doing so at once hold them all: every
/// other test stops, and one that waits on a real clock (a homeserver's answer, a reminder's minute) fails. So a
/// test never blocks for a process; it awaits this.
public final class ProcessEnd: Sendable {
    private struct State {
        var status: Int32?
        var waiting: [CheckedContinuation<Int32, Never>] = []
    }
    private let state = NIOLockedValueBox(State())

    /// Runs `process`, its end noted from the moment it starts (once few descriptors are open: see
    /// ``untilFewDescriptorsAreOpen()``).
    public init(running process: Process) async throws {
        await untilFewDescriptorsAreOpen()
        process.terminationHandler = { [self] ended in self.ended(ended.terminationStatus) }
        do {
            try process.run()
        } catch {
            process.terminationHandler = nil
            throw error
        }
        // Foundation hears of the end through a socket its run loop watches (`__CFSocketManager`'s `select`), and with
        // thousands of descriptors open that has been seen never to tell it: the test waited for ever on a process long
        // ended. So the end is also watched here, on a thread of its own, without reaping the process (Foundation
        // does, when it hears): whichever tells first is the end.
        let pid = process.processIdentifier
        Thread.detachNewThread { [self] in
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 {
                // Reaped already (ECHILD): Foundation heard, and said so.
                guard errno == EINTR else { return }
            }
            // The exit status, or the signal that ended it, as Foundation's `terminationStatus` says them.
            ended(info._sifields._sigchld.si_status)
        }
    }

    /// The exit status (or the signal that ended it), once the process has ended.
    public var status: Int32 {
        get async {
            await withCheckedContinuation { continuation in
                let status = state.withLockedValue { state -> Int32? in
                    if state.status == nil { state.waiting.append(continuation) }
                    return state.status
                }
                if let status { continuation.resume(returning: status) }
            }
        }
    }

    private func ended(_ status: Int32) {
        let waiting = state.withLockedValue { state -> [CheckedContinuation<Int32, Never>] in
            guard state.status == nil else { return [] }
            state.status = status
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume(returning: status) }
    }
}

/// Runs `executable` with `arguments` to its end and returns its exit status, its standard output and its standard
/// error (both in `output` when `errorsInOutput`), kept in files meanwhile, so a process that prints much never
/// waits on a full pipe and no thread is held.
public func runToEnd(
    _ executable: URL, _ arguments: [String], errorsInOutput: Bool = false, environment: [String: String] = [:]
) async throws -> (status: Int32, output: String, errors: String) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("habitat-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outputFile = folder.appendingPathComponent("stdout")
    let errorFile = folder.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
    let output = try FileHandle(forWritingTo: outputFile)
    let errors = try FileHandle(forWritingTo: errorFile)
    defer {
        try? output.close()
        try? errors.close()
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if !environment.isEmpty {
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    process.standardOutput = output
    process.standardError = errorsInOutput ? output : errors
    let status = try await ProcessEnd(running: process).status
    let read = { (file: URL) in String(decoding: (try? Data(contentsOf: file)) ?? Data(), as: UTF8.self) }
    return (status, read(outputFile), read(errorFile))
}

/// Waits, up to ten seconds, until this process has fewer than 1,200 descriptors open: `ProcessEnd` and `PeerProcess`
/// call it before `Process.run()`. Foundation 6.3's `Process.run()` on Linux finds the highest open descriptor by reading
/// `/proc/self/fd` and copying 256 bytes of each entry's name, past the end of glibc's 32 KiB directory buffer when
/// more than about 1,350 descriptors fill it, and the test process crashes when the page after that buffer is not
/// mapped (swift-corelibs-foundation pull request 5472, fixed after 6.3.1). With all the tests under way at once,
/// the test process holds up to 2,700 for a while (their servers' sockets, files and directory locks). Waiting longer
/// does not help: the tests waiting hold their own servers' descriptors, the peak lasts, and they all start at once.
public func untilFewDescriptorsAreOpen() async {
    let deadline = ContinuousClock.now + .seconds(10)
    // FileManager reads each entry's name by its length: it does not have the bug.
    while ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0) >= 1_200,
        ContinuousClock.now < deadline
    {
        try? await Task.sleep(for: .milliseconds(50))
    }
}
