import NIOCore

/// Notices a dead IRC connection: after a quiet read period (an `IdleStateHandler` event) it sends `PING`,
/// and when the next period passes without a line either, it closes the channel so the client reconnects.
final class IRCKeepAlive: ChannelDuplexHandler {
    typealias InboundIn = String
    typealias InboundOut = String
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private var pinged = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        pinged = false
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard let idle = event as? IdleStateHandler.IdleStateEvent, idle == .read else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        if pinged {
            context.close(promise: nil)
        } else {
            pinged = true
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: "PING :habitat\r\n")), promise: nil)
        }
    }
}
