import NIOCore

/// First on a TLS port's connections: a client that starts with anything but a TLS handshake record (someone typing
/// at `nc`, a client set up without TLS) gets one plain line saying the port speaks TLS, and the connection closes,
/// as a web server answers plain HTTP on its HTTPS port; TLS bytes would only look like garbage. A TLS client's bytes
/// pass on untouched.
final class PlainTextOnTLSPort: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// A TLS record that carries a handshake starts with this byte (RFC 8446 §5.1).
    static let handshake: UInt8 = 0x16

    static let notice =
        "⚠️ This port speaks TLS. Connect with a TLS client (openssl s_client -connect host:port, or --habitat-tls for a bridge).\n"

    private var decided = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !decided else { return context.fireChannelRead(data) }
        let bytes = unwrapInboundIn(data)
        guard let first = bytes.getInteger(at: bytes.readerIndex, as: UInt8.self) else { return }
        decided = true
        guard first != Self.handshake else { return context.fireChannelRead(data) }
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: Self.notice))).whenComplete { _ in
            context.close(promise: nil)
        }
    }
}
