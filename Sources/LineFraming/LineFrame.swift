import NIOCore

/// One framed line, or the news that a line was too long and was dropped.
public enum LineFrame: Sendable, Equatable {
    /// The line without its `\n` or `\r\n`.
    case line(ByteBuffer)
    /// A line passed the length limit; its bytes were discarded up to the next `\n`. `firstByte` is its first
    /// byte after any leading spaces and tabs (`nil` if there was none within the limit), enough to tell what
    /// kind of line it was (a JSON request starts with `{`).
    case tooLong(firstByte: UInt8?)
}
