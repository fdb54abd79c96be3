import HabitatApp
import NIOCore

/// Sent up a connection's pipeline, before it becomes active, when its load balancer said who the client is.
struct ProxiedClient: Sendable {
    let address: SocketAddress
}

/// First on each connection when the server takes the PROXY protocol (`--proxy-protocol`): from a configured load
/// balancer, reads the header it sends first and tells the connection the client's address (``ProxiedClient``) before
/// the connection counts as open, so per-address limits, login throttles and logs see the person, not the balancer. A
/// connection from a balancer that sends no header is its own client (someone on the balancer's machine, or a plain
/// health check). From anywhere else a PROXY header is refused: the connection is told so and closed, as a client must
/// not name its own address. Once it has decided, it leaves the pipeline.
final class ProxyProtocolHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    static let refusal = "⚠️ This server takes a PROXY header only from its load balancers (--proxy-protocol).\n"

    private let balancers: [AddressRange]
    /// How long a balancer's connection may take to send its header.
    private let timeout: TimeAmount
    /// Told of a connection refused or closed, and why, for the server's log.
    private let refused: @Sendable (_ address: SocketAddress?, _ why: String) -> Void
    private var fromBalancer = false
    private var active = false
    private var received: ByteBuffer?
    private var timer: Scheduled<Void>?

    init(balancers: [AddressRange], timeout: TimeAmount, refused: @escaping @Sendable (SocketAddress?, String) -> Void) {
        (self.balancers, self.timeout, self.refused) = (balancers, timeout, refused)
    }

    func channelActive(context: ChannelHandlerContext) {
        let peer = context.channel.remoteAddress
        fromBalancer = peer.map { address in balancers.contains { $0.contains(address.addressBytes) } } ?? false
        guard fromBalancer else {
            active = true
            return context.fireChannelActive()
        }
        let channel = context.channel
        timer = context.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        if var earlier = received {
            earlier.writeBuffer(&bytes)
            bytes = earlier
        }
        switch ProxyHeader.read(bytes.readableBytesView) {
        case .incomplete:
            received = bytes
        case .none:
            activate(context, client: nil)
            pass(bytes, context)
        case .header(let source, let length) where fromBalancer:
            bytes.moveReaderIndex(forwardBy: length)
            activate(context, client: source)
            pass(bytes, context)
        case .invalid(let why) where fromBalancer:
            refused(context.channel.remoteAddress, "the load balancer sent \(why)")
            context.close(promise: nil)
        case .header, .invalid:
            refused(context.channel.remoteAddress, "a PROXY header from an address not given to --proxy-protocol")
            received = nil
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: Self.refusal))).whenComplete { _ in
                context.close(promise: nil)
            }
        }
    }

    /// The connection counts as open from here, with its client's address when the balancer said it.
    private func activate(_ context: ChannelHandlerContext, client: SocketAddress?) {
        timer?.cancel()
        guard !active else { return }
        active = true
        if let client { context.fireUserInboundEventTriggered(ProxiedClient(address: client)) }
        context.fireChannelActive()
    }

    /// Passes on what the client sent and leaves the pipeline.
    private func pass(_ bytes: ByteBuffer, _ context: ChannelHandlerContext) {
        received = nil
        if bytes.readableBytes > 0 { context.fireChannelRead(wrapInboundOut(bytes)) }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}

extension SocketAddress {
    /// The address's bytes (4 for IPv4, 16 for IPv6; none for a Unix socket).
    var addressBytes: [UInt8] {
        switch self {
        case .v4(let v4): withUnsafeBytes(of: v4.address.sin_addr) { Array($0) }
        case .v6(let v6): withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
        case .unixDomainSocket: []
        }
    }
}
