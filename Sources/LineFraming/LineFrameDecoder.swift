import NIOCore

/// ``LineFramer`` as a channel handler's decoder, for every reader of lines: each frame is emitted as what `read`
/// makes of it, or not at all when it makes nothing. ``init(maximumLength:)`` emits the frames themselves.
public struct LineFrameDecoder<Line>: ByteToMessageDecoder {
    public typealias InboundOut = Line

    private var framer: LineFramer
    private let read: (LineFrame) -> Line?

    public init(maximumLength: Int, reading read: @escaping (LineFrame) -> Line?) {
        framer = LineFramer(maximumLength: maximumLength)
        self.read = read
    }

    public mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let frame = framer.next(from: &buffer) else { return .needMoreData }
        if let line = read(frame) { context.fireChannelRead(Self.wrapInboundOut(line)) }
        return .continue
    }

    public mutating func decodeLast(
        context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool
    ) throws -> DecodingState {
        if try decode(context: context, buffer: &buffer) == .continue { return .continue }
        if let rest = framer.remainder(from: &buffer), let line = read(.line(rest)) {
            context.fireChannelRead(Self.wrapInboundOut(line))
        }
        return .needMoreData
    }
}

extension LineFrameDecoder where Line == LineFrame {
    /// Every frame, a too-long line included: the server answers it with an error.
    public init(maximumLength: Int) {
        self.init(maximumLength: maximumLength) { $0 }
    }
}
