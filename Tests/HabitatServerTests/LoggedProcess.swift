import Foundation
import TestSupport

/// A `habitat` command run as its own process until the test stops it, its standard error kept in a file the test
/// reads while it runs.
final class LoggedProcess: Sendable {
    let process: Process
    let end: ProcessEnd
    let folder: URL
    private let errorFile: URL

    init(_ arguments: [String], environment: [String: String] = [:]) async throws {
        folder = temporaryDirectory()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        errorFile = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let process = Process()
        process.executableURL = ServerProcess.executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errorFile)
        self.process = process
        end = try await ProcessEnd(running: process)
    }

    /// What it has logged so far.
    var log: String { String(decoding: (try? Data(contentsOf: errorFile)) ?? Data(), as: UTF8.self) }

    /// Waits until its log holds `text` (or it ended); returns the log.
    @discardableResult
    func logs(_ text: String) async throws -> String {
        try await eventually("the log to say \(text)") { log.contains(text) || !process.isRunning }
        guard log.contains(text) else { throw TestFailure("it ended without saying \(text):\n\(log)") }
        return log
    }

    /// Its command line as the system shows it to every user (`ps`).
    var commandLine: String {
        ((try? String(contentsOfFile: "/proc/\(process.processIdentifier)/cmdline", encoding: .utf8)) ?? "")
            .replacingOccurrences(of: "\0", with: " ")
    }

    /// SIGTERM, and its exit status.
    func terminate() async -> Int32 {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        return await end.status
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: folder)
    }
}
