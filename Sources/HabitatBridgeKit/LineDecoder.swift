import LineFraming
import NIOCore

/// Splits bytes into text lines (``LineFramer``'s rules). Bytes that are not UTF-8 become U+FFFD;
/// a line longer than `maximumLength` is skipped whole, never buffered beyond the limit.
public struct LineDecoder: ByteToMessageDecoder {
    public typealias InboundOut = String

    private var framer: LineFramer

    public init(maximumLength: Int) {
        framer = LineFramer(maximumLength: maximumLength)
    }

    public mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let frame = framer.next(from: &buffer) else { return .needMoreData }
        if case .line(let line) = frame {
            context.fireChannelRead(Self.wrapInboundOut(String(decoding: line.readableBytesView, as: UTF8.self)))
        }
        return .continue
    }

    public mutating func decodeLast(
        context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool
    ) throws -> DecodingState {
        while try decode(context: context, buffer: &buffer) == .continue {}
        if let line = framer.remainder(from: &buffer) { context.fireChannelRead(Self.wrapInboundOut(String(buffer: line))) }
        return .needMoreData
    }
}
