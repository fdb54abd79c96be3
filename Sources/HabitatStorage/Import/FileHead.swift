import Foundation

/// Whether the file at `path` starts with `magic`, read without reading the rest of it.
func file(at path: String, startsWith magic: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let expected = Data(magic.utf8)
    return (try? handle.read(upToCount: expected.count)) == expected
}

/// `value` rounded by `rule` to a whole number, or nil when it is no number (NaN, infinite) or beyond 10¹⁵ (a day's
/// milliseconds in the year 33,000): no count, price or instant in a file a person exports is, and one that says so is
/// damaged or made to harm.
func whole(_ value: Double, _ rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> Int? {
    guard value.isFinite, abs(value) < 1e15 else { return nil }
    return Int(value.rounded(rule))
}
