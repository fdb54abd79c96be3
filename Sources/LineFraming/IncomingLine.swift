import NIOCore

/// A line as the transport hands it over: its text, or why it could not be read.
public enum IncomingLine: Sendable, Equatable {
    /// A line of valid UTF-8, without its line end.
    case text(String)
    /// A line longer than `limit` bytes, dropped. `jsonLike` when it started with `{` (then the error is JSON).
    case tooLong(limit: Int, jsonLike: Bool)
    /// A line that was not valid UTF-8, dropped.
    case notUTF8(jsonLike: Bool)
}

extension IncomingLine {
    /// A framed line as the application reads lines: text, or why it could not be read. A line that looks like a
    /// JSON request (it starts with `{`) gets its error in JSON.
    public init(_ frame: LineFrame, maxLine: Int) {
        switch frame {
        case .tooLong(let firstByte):
            self = .tooLong(limit: maxLine, jsonLike: firstByte == UInt8(ascii: "{"))
        case .line(let bytes):
            if let text = String(validating: bytes.readableBytesView, as: UTF8.self) {
                self = .text(text)
            } else {
                self = .notUTF8(jsonLike: LineFramer.firstByte(of: bytes.readableBytesView) == UInt8(ascii: "{"))
            }
        }
    }
}
