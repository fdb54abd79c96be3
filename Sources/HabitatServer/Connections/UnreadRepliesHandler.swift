import NIOCore

/// Closes a connection whose client has stopped reading its replies.
///
/// Once the replies waiting to be sent pass the channel's high-water mark, the channel turns
/// unwritable: the connection's lines wait unanswered, and reading stops (back-pressure). If the
/// client still has not read after `timeout`, the connection is closed, so a client that never
/// reads cannot hold a connection and its buffers for ever.
final class UnreadRepliesHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let timeout: TimeAmount
    private var closing: Scheduled<Void>?

    init(timeout: TimeAmount) {
        self.timeout = timeout
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            closing?.cancel()
            closing = nil
        } else if closing == nil {
            let channel = context.channel
            closing = context.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
        }
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        closing?.cancel()
        closing = nil
        context.fireChannelInactive()
    }
}
