import Foundation

/// Runs the real `habitat <arguments>` as an operator would, and returns its exit status and what it
/// printed (standard output and error together).
func habitat(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = ServerProcess.executable
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// Runs the real `habitat-bench <arguments>` (built beside `habitat`) to its end, and returns its exit status,
/// its standard output and its standard error. Waits without holding a thread of the test's.
func habitatBench(_ arguments: [String]) async throws -> (status: Int32, output: String, errors: String) {
    let folder = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let outputFile = folder.appendingPathComponent("stdout")
    let errorFile = folder.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
    let output = try FileHandle(forWritingTo: outputFile)
    let errors = try FileHandle(forWritingTo: errorFile)
    let process = Process()
    process.executableURL = ServerProcess.executable.deletingLastPathComponent().appendingPathComponent("habitat-bench")
    process.arguments = arguments
    process.standardOutput = output
    process.standardError = errors
    try await withCheckedThrowingContinuation { (ended: CheckedContinuation<Void, any Error>) in
        process.terminationHandler = { _ in ended.resume() }
        do {
            try process.run()
        } catch {
            process.terminationHandler = nil
            ended.resume(throwing: error)
        }
    }
    try output.close()
    try errors.close()
    return (
        process.terminationStatus, try String(contentsOf: outputFile, encoding: .utf8),
        try String(contentsOf: errorFile, encoding: .utf8)
    )
}
