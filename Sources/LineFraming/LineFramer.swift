import NIOCore

/// Cuts a byte stream into lines ending in LF (a CR before it is dropped), never holding more than
/// `maximumLength` bytes of a line: a longer line is reported once as ``LineFrame/tooLong`` and its
/// bytes are skipped up to the next LF. The one framing rule of the server, the IRC bridge and the
/// load generator.
public struct LineFramer: Sendable {
    public let maximumLength: Int
    private var discarding = false
    private var scanned = 0

    public init(maximumLength: Int) {
        self.maximumLength = maximumLength
    }

    /// The next frame taken from `buffer`, or `nil` when it needs more bytes.
    public mutating func next(from buffer: inout ByteBuffer) -> LineFrame? {
        while true {
            let view = buffer.readableBytesView
            guard let newline = view[(view.startIndex + scanned)...].firstIndex(of: UInt8(ascii: "\n")) else {
                scanned = view.count
                // A CR at the end may be the start of the line's CRLF, whose LF is still on its way.
                let ending = view.last == UInt8(ascii: "\r") ? 1 : 0
                if view.count > maximumLength + ending {
                    let firstByte = discarding ? nil : firstByteWithinLimit(of: view)
                    buffer.moveReaderIndex(forwardBy: view.count)
                    scanned = 0
                    if !discarding {
                        discarding = true
                        return .tooLong(firstByte: firstByte)
                    }
                }
                return nil
            }
            let length = newline - view.startIndex
            scanned = 0
            if discarding {
                // The end of a line already reported as too long.
                discarding = false
                buffer.moveReaderIndex(forwardBy: length + 1)
                continue
            }
            var line = buffer.readSlice(length: length)!
            buffer.moveReaderIndex(forwardBy: 1)
            if line.readableBytesView.last == UInt8(ascii: "\r") { line.moveWriterIndex(to: line.writerIndex - 1) }
            return line.readableBytes > maximumLength ? .tooLong(firstByte: firstByteWithinLimit(of: line.readableBytesView)) : .line(line)
        }
    }

    /// A too-long line's first byte that is not a space or a tab, among its first `maximumLength` bytes: the same
    /// however the line arrived.
    private func firstByteWithinLimit(of bytes: ByteBufferView) -> UInt8? {
        Self.firstByte(of: bytes.prefix(maximumLength))
    }

    /// The first byte of `bytes` that is not a space or a tab.
    public static func firstByte(of bytes: ByteBufferView) -> UInt8? {
        bytes.first { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
    }

    /// At the end of the stream: a last line without its LF (unless it was too long). Empties `buffer`.
    public mutating func remainder(from buffer: inout ByteBuffer) -> ByteBuffer? {
        defer { buffer.moveReaderIndex(to: buffer.writerIndex) }
        guard buffer.readableBytes > 0, !discarding else { return nil }
        return buffer.readSlice(length: buffer.readableBytes)
    }
}
