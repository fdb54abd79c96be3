import NIOCore

/// One framed request line, or the news that a line was too long and was dropped.
public enum LineFrame: Sendable, Equatable {
    /// The line without its `\n` or `\r\n`.
    case line(ByteBuffer)
    /// A line passed the length limit; its bytes were discarded up to the next `\n`.
    case tooLong
}

/// Splits bytes into lines ending in LF (a CR before it is dropped), never buffering more than
/// `maximumLength` bytes: a longer line is reported once as ``LineFrame/tooLong`` and skipped.
public struct LineFrameDecoder: ByteToMessageDecoder {
    public typealias InboundOut = LineFrame

    public let maximumLength: Int
    private var discarding = false
    private var scanned = 0

    public init(maximumLength: Int) {
        self.maximumLength = maximumLength
    }

    public mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        let view = buffer.readableBytesView
        guard let newline = view[(view.startIndex + scanned)...].firstIndex(of: UInt8(ascii: "\n")) else {
            scanned = view.count
            if view.count > maximumLength {
                if !discarding {
                    discarding = true
                    context.fireChannelRead(Self.wrapInboundOut(.tooLong))
                }
                buffer.moveReaderIndex(forwardBy: view.count)
                scanned = 0
            }
            return .needMoreData
        }
        let length = newline - view.startIndex
        scanned = 0
        if discarding {
            discarding = false
            buffer.moveReaderIndex(forwardBy: length + 1)
            return .continue
        }
        var line = buffer.readSlice(length: length)!
        buffer.moveReaderIndex(forwardBy: 1)
        if line.readableBytesView.last == UInt8(ascii: "\r") { line.moveWriterIndex(to: line.writerIndex - 1) }
        context.fireChannelRead(Self.wrapInboundOut(line.readableBytes > maximumLength ? .tooLong : .line(line)))
        return .continue
    }

    public mutating func decodeLast(
        context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool
    ) throws -> DecodingState {
        // A last line without its newline still counts.
        if try decode(context: context, buffer: &buffer) == .continue { return .continue }
        if buffer.readableBytes > 0, !discarding {
            let line = buffer.readSlice(length: buffer.readableBytes)!
            context.fireChannelRead(Self.wrapInboundOut(.line(line)))
        }
        buffer.moveReaderIndex(to: buffer.writerIndex)
        return .needMoreData
    }
}
