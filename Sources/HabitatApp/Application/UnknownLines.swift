import Foundation
import HabitatEngine
import Logging
import NIOConcurrencyHelpers

/// The lines people typed that the server could not read, appended to a file (`habitat serve --record-unknown FILE`),
/// one a line, as typed (control characters escaped), without who typed them or when: what an operator reads to grow
/// the everyday words from what people really type. Written on a queue of its own, never on a connection's thread;
/// at most ``limit`` bytes, after which it says so once in the log and keeps no more.
final class UnknownLines: Sendable {
    static let limit = 16 * 1024 * 1024

    private let queue = DispatchQueue(label: "habitat.unknown-lines", qos: .utility)
    private let file: FileHandle
    /// The bytes the file holds, and whether it was told to be full.
    private let written: NIOLockedValueBox<(bytes: Int, full: Bool)>
    private let logger: Logger
    private let path: String

    /// Opens (or makes, readable by its owner alone) the file at `url` to append to.
    init(_ url: URL, logger: Logger) throws {
        path = url.path
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
            }
        }
        file = try FileHandle(forWritingTo: url)
        let size = try file.seekToEnd()
        written = NIOLockedValueBox((Int(size), false))
        self.logger = logger
    }

    /// Appends `line`, unless the file holds its limit already.
    func record(_ line: String) {
        let bytes = Array((line.echoed + "\n").utf8)
        let (take, first) = written.withLockedValue { written -> (Bool, Bool) in
            if written.bytes + bytes.count <= Self.limit {
                written.bytes += bytes.count
                return (true, false)
            }
            defer { written.full = true }
            return (false, !written.full)
        }
        if first {
            logger.warning("the file of unread lines is full: no more are kept", metadata: ["file": "\(path)", "limit_bytes": "\(Self.limit)"])
        }
        guard take else { return }
        queue.async { [file] in try? file.write(contentsOf: bytes) }
    }
}
