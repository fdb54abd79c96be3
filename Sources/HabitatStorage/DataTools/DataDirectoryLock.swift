import Foundation
import NIOConcurrencyHelpers

#if canImport(Glibc)
import Glibc
#endif

/// Another Habitat process is using the data directory: a server, or a data tool reading its files directly.
public struct DataDirectoryInUse: Error, CustomStringConvertible {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    public var description: String { "\(path) is in use by another Habitat process" }
}

/// A lock on a whole data directory, held for as long as this value lives (or until ``release()``): a server holds it
/// alone, the data tools reading files directly share it with each other.
///
/// A running server's users' files have no locks of their own: their connections are their only ones and give
/// their descriptors up between commands (descriptor_pool.c), which SQLite's locks would not survive. This lock
/// stands for them. It is the kernel's (`flock` on the directory), so a process that dies, however, lets it go.
public final class DataDirectoryLock: Sendable {
    public let path: String
    private let descriptor: NIOLockedValueBox<Int32?>

    /// Takes the lock on `directory` (made if missing): `exclusive` for a server. Throws ``DataDirectoryInUse`` when
    /// another process (or another lock in this one) holds it in a way that excludes this one; never waits.
    public init(on directory: URL, exclusive: Bool) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.path
        let opened = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard opened >= 0 else { throw CocoaError.error(.fileReadNoPermission, userInfo: [NSFilePathErrorKey: path]) }
        guard flock(opened, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) == 0 else {
            let error = errno
            close(opened)
            if error == EWOULDBLOCK { throw DataDirectoryInUse(path: path) }
            throw CocoaError.error(.fileReadUnknown, userInfo: [NSFilePathErrorKey: path, NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: error) ?? .EIO)])
        }
        descriptor = NIOLockedValueBox(opened)
    }

    /// Lets the lock go (once; later calls do nothing).
    public func release() {
        descriptor.withLockedValue { descriptor in
            if let open = descriptor { close(open) }
            descriptor = nil
        }
    }

    deinit { release() }
}
