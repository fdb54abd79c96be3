import Foundation

/// Runs the real `habitat <arguments>` as an operator would, and returns its exit status and what it
/// printed (standard output and error together).
public func habitat(_ arguments: [String]) async throws -> (status: Int32, output: String) {
    let run = try await runToEnd(ServerProcess.executable, arguments, errorsInOutput: true)
    return (run.status, run.output)
}

/// Runs the real `habitat-bench <arguments>` (built beside `habitat`) to its end, and returns its exit status,
/// its standard output and its standard error.
public func habitatBench(_ arguments: [String]) async throws -> (status: Int32, output: String, errors: String) {
    try await runToEnd(ServerProcess.builtBeside("habitat-bench"), arguments)
}
