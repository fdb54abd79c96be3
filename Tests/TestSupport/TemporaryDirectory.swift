import Foundation
import HabitatStorage

/// A new empty directory for a test's data. SQLite is set up first, as `habitat serve` sets it up before it opens
/// anything (``SQLiteSetup/apply()``): the tests' servers and files run as the real one's do.
public func temporaryDirectory() -> URL {
    SQLiteSetup.apply()
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("habitat-test-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
