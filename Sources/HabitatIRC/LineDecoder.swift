import NIOCore

/// Splits bytes into text lines ending in LF (a CR before it is dropped). Bytes that are not UTF-8 become U+FFFD;
/// a line longer than `maximumLength` is skipped whole, never buffered beyond the limit.
struct LineDecoder: ByteToMessageDecoder {
    typealias InboundOut = String

    let maximumLength: Int
    private var discarding = false
    private var scanned = 0

    init(maximumLength: Int) {
        self.maximumLength = maximumLength
    }

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        let view = buffer.readableBytesView
        guard let newline = view[(view.startIndex + scanned)...].firstIndex(of: UInt8(ascii: "\n")) else {
            scanned = view.count
            if view.count > maximumLength {
                discarding = true
                buffer.moveReaderIndex(forwardBy: view.count)
                scanned = 0
            }
            return .needMoreData
        }
        scanned = 0
        var line = buffer.readSlice(length: newline - view.startIndex)!
        buffer.moveReaderIndex(forwardBy: 1)
        if discarding || line.readableBytes > maximumLength {
            discarding = false
            return .continue
        }
        if line.readableBytesView.last == UInt8(ascii: "\r") { line.moveWriterIndex(to: line.writerIndex - 1) }
        context.fireChannelRead(Self.wrapInboundOut(String(decoding: line.readableBytesView, as: UTF8.self)))
        return .continue
    }

    mutating func decodeLast(
        context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool
    ) throws -> DecodingState {
        while try decode(context: context, buffer: &buffer) == .continue {}
        if buffer.readableBytes > 0, !discarding {
            context.fireChannelRead(Self.wrapInboundOut(String(buffer: buffer)))
        }
        buffer.moveReaderIndex(to: buffer.writerIndex)
        return .needMoreData
    }
}
