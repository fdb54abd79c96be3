import NIOConcurrencyHelpers
import Synchronization

/// Whether a user's file has changed since it was read: a reader marks the file before it reads, and any commit to the
/// file after that takes the mark away. What was worked out from the read holds while the mark does.
///
/// A commit to a file nobody marked costs one atomic load.
public final class CommitMarks: Sendable {
    private let marks = NIOLockedValueBox<(next: UInt64, byFile: [String: UInt64])>((1, [:]))
    private let count = Synchronization.Atomic<Int>(0)

    public init() {}

    /// A mark on the file, to take before reading it: the one it has already if nothing was committed since that was
    /// taken.
    public func mark(_ fileID: String) -> UInt64 {
        marks.withLockedValue { marks in
            if let mark = marks.byFile[fileID] { return mark }
            let mark = marks.next
            marks.next += 1
            marks.byFile[fileID] = mark
            count.store(marks.byFile.count, ordering: .relaxed)
            return mark
        }
    }

    /// Whether nothing was committed to the file since `mark` was taken.
    public func unchanged(_ fileID: String, since mark: UInt64) -> Bool {
        marks.withLockedValue { $0.byFile[fileID] == mark }
    }

    /// Takes the marks off these files (nothing is kept that was worked out from them).
    public func forget(_ fileIDs: some Sequence<String>) {
        marks.withLockedValue { marks in
            for fileID in fileIDs { marks.byFile[fileID] = nil }
            count.store(marks.byFile.count, ordering: .relaxed)
        }
    }

    /// Takes the marks off every file but these.
    public func keepOnly(_ fileIDs: Set<String>) {
        marks.withLockedValue { marks in
            marks.byFile = marks.byFile.filter { fileIDs.contains($0.key) }
            count.store(marks.byFile.count, ordering: .relaxed)
        }
    }

    /// How many files are marked.
    public var marked: Int { count.load(ordering: .relaxed) }

    /// The file has a new commit: its mark, if any, is gone.
    package func committed(_ fileID: String) {
        guard count.load(ordering: .relaxed) > 0 else { return }
        forget(CollectionOfOne(fileID))
    }
}
