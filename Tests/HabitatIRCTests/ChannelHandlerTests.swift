import NIOCore
import NIOEmbedded
import Testing

@testable import HabitatIRC

@Test func aQuietConnectionIsPingedThenClosed() throws {
    let channel = EmbeddedChannel(handler: IRCKeepAlive())
    try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 6667)).wait()
    channel.pipeline.fireUserInboundEventTriggered(IdleStateHandler.IdleStateEvent.read)
    #expect(try channel.readOutbound(as: ByteBuffer.self) == ByteBuffer(string: "PING :habitat\r\n"))
    try channel.writeInbound("PONG :habitat")
    #expect(try channel.readInbound(as: String.self) == "PONG :habitat")
    channel.pipeline.fireUserInboundEventTriggered(IdleStateHandler.IdleStateEvent.read)
    #expect(try channel.readOutbound(as: ByteBuffer.self) == ByteBuffer(string: "PING :habitat\r\n"))
    #expect(channel.isActive)
    channel.pipeline.fireUserInboundEventTriggered(IdleStateHandler.IdleStateEvent.read)
    #expect(!channel.isActive)
}
