import NIOCore

extension LineFrameDecoder where Line == String {
    /// Text lines, for a client that has no one to tell about a bad line: bytes that are not UTF-8 become U+FFFD,
    /// and a line longer than `maximumLength` is skipped whole, never buffered beyond the limit.
    public static func text(maximumLength: Int) -> Self {
        LineFrameDecoder(maximumLength: maximumLength) { frame in
            guard case .line(let line) = frame else { return nil }
            return String(decoding: line.readableBytesView, as: UTF8.self)
        }
    }
}

extension LineFrameDecoder where Line == ByteBuffer {
    /// Each line's bytes, however long, for a reader that scans them itself (the load generator).
    public static var bytes: Self {
        LineFrameDecoder(maximumLength: .max) { frame in
            guard case .line(let line) = frame else { return nil }
            return line
        }
    }
}
