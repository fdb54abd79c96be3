import Foundation

/// The package's own folder, for tests that read what is committed beside the code: transcripts, the README, the
/// fuzzers' corpora, the test certificate.
public enum SourceTree {
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `relative` (`protocols/transcripts`) in the package's folder.
    public static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }
}
