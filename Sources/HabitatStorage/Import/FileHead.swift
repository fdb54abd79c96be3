import Foundation

/// Whether the file at `path` starts with `magic`, read without reading the rest of it.
func file(at path: String, startsWith magic: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let expected = Data(magic.utf8)
    return (try? handle.read(upToCount: expected.count)) == expected
}
