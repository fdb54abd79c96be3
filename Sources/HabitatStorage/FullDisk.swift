import Foundation
import GRDB
import NIOConcurrencyHelpers
import Synchronization

/// A change refused because the disk holding the file at `path` is full: SQLite wrote none of it, and
/// the same change works once space is freed.
public struct StorageFullError: Error, CustomStringConvertible {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// Said to whoever ran the command (`habitat export`, `backup`, ...): SQLite needs a little space even to open a
    /// file for reading (its shared-memory file), so any of them can meet it.
    public var description: String { "The disk holding \(path) is full. Free some space there and try again." }

    /// The refusal `error` is when SQLite (or the file system) says the disk holding `path` is full; `nil` otherwise.
    ///
    /// SQLite says `SQLITE_FULL` when a write to the file or its log finds no space, but only "disk I/O error" when it
    /// cannot make the shared-memory file (`-shm`) that opening a file in WAL mode needs: that error is taken for
    /// a full disk when the disk has less than a mebibyte left (`freeBytes`, for the directory holding `path`).
    init?(_ error: any Error, path: String, freeBytes: (String) -> UInt64? = StorageFullError.freeBytes(at:)) {
        if let error = error as? DatabaseError, error.resultCode == .SQLITE_FULL {
            self.init(path: path)
        } else if let error = error as? CocoaError, error.code == .fileWriteOutOfSpace {
            self.init(path: path)
        } else if let error = error as? DatabaseError, error.resultCode == .SQLITE_IOERR,
            let free = freeBytes((path as NSString).deletingLastPathComponent), free < Self.nearlyFull
        {
            self.init(path: path)
        } else {
            return nil
        }
    }

    /// Less space left than this, and an I/O error is taken for a full disk.
    static let nearlyFull: UInt64 = 1 << 20

    /// The bytes this process may still write on the file system holding `directory`, or `nil` if it can't be asked.
    /// Whether the disk holding `directory` has less than ``nearlyFull`` left (or can't be asked).
    public static func isNearlyFull(_ directory: String) -> Bool {
        (freeBytes(at: directory) ?? 0) < nearlyFull
    }

    static func freeBytes(at directory: String) -> UInt64? {
        var stats = statvfs()
        guard statvfs(directory, &stats) == 0 else { return nil }
        // The blocks kept for the superuser are this process's too when it is the superuser.
        let blocks = geteuid() == 0 ? UInt64(stats.f_bfree) : UInt64(stats.f_bavail)
        return blocks * UInt64(stats.f_frsize)
    }
}

/// The files a full disk refused a write to, so that the operator hears of each once: when the first
/// write is refused, and once more when writes to it go through again. A disk that stays full while
/// thousands of commands are refused is one line per file, not one per command.
///
/// On a full disk some writes still go through (one that frees space, or fits in a page already there), in
/// between refusals: a file counts as writable again only once a write goes through after `quiet` without
/// a refusal, so the log does not flap between the two.
public final class FullFiles: Sendable {
    /// What the operator is to hear.
    public enum Notice: Sendable, Equatable {
        /// A write to the file at this path was refused: the disk is full.
        case full(path: String)
        /// Writes to the file go through again.
        case writable(path: String)
    }

    /// The last refusal of each file in trouble.
    private let refusals = NIOLockedValueBox<[String: ContinuousClock.Instant]>([:])
    /// Whether any file is in trouble: a commit, usually with none, looks no further.
    private let any = Synchronization.Atomic<Bool>(false)
    private let quiet: Duration
    private let now: @Sendable () -> ContinuousClock.Instant
    private let report: @Sendable (Notice) -> Void

    /// `report` is told each piece of news once, on the thread that wrote.
    public init(
        quiet: Duration = .seconds(60), now: @escaping @Sendable () -> ContinuousClock.Instant = { .now },
        report: @escaping @Sendable (Notice) -> Void
    ) {
        self.quiet = quiet
        self.now = now
        self.report = report
    }

    /// A write to the file at `path` was refused for a full disk.
    func refused(_ path: String) {
        let now = now()
        let first = refusals.withLockedValue { refusals in
            defer { any.store(true, ordering: .relaxed) }
            return refusals.updateValue(now, forKey: path) == nil
        }
        if first { report(.full(path: path)) }
    }

    /// A write to the file at `path` went through.
    func wrote(_ path: String) {
        guard any.load(ordering: .relaxed) else { return }
        let now = now()
        let again = refusals.withLockedValue { refusals in
            guard let last = refusals[path], now - last >= quiet else { return false }
            refusals[path] = nil
            any.store(!refusals.isEmpty, ordering: .relaxed)
            return true
        }
        if again { report(.writable(path: path)) }
    }
}
