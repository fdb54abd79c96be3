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
