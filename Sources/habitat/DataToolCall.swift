#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import HabitatApp
import HabitatServer

/// How `habitat backup`, `check` and `export` are answered: by the server running on the data directory, through its
/// socket there, or, when none runs, here. Prints what the answer says; a failure is thrown, to be said as `Error: …`.
enum DataToolCall {
    static func answer(_ request: DataToolRequest, data: String) async throws {
        let socket = URL(fileURLWithPath: data).appendingPathComponent(DataTools.socketName).path
        let result: DataToolResult
        if let answered = try ask(ControlRequest(request: request, data: data), at: socket) {
            result = answered
        } else {
            result = await DataTools.run(request, data: URL(fileURLWithPath: data), dataText: data)
        }
        try say(result)
    }

    /// Prints what a data tool did, or throws what went wrong.
    static func say(_ result: DataToolResult) throws {
        FileHandle.standardOutput.write(Data(result.output.utf8))
        if let failure = result.failure { throw CommandFailure(failure) }
    }

    /// The running server's answer, or `nil` when no server listens at `path` (none runs on this data directory, or
    /// one stopped without removing its socket).
    static func ask(_ request: ControlRequest, at path: String) throws -> DataToolResult? {
        guard let descriptor = DataTools.connect(to: path) else { return nil }
        defer { close(descriptor) }

        var line = try JSONEncoder().encode(request)
        line.append(UInt8(ascii: "\n"))
        let sent = line.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
        var reply = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while sent {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            reply.append(contentsOf: buffer[0..<count])
        }
        guard sent, let answer = try? JSONDecoder().decode(DataToolResult.self, from: reply) else {
            throw CommandFailure("The server running on \(request.data) stopped before it answered. Try again once it runs, or with it stopped.")
        }
        return answer
    }
}
