import LineFraming
import NIOCore
import NIOPosix
import NIOSSL

/// Opens TCP connections, over TLS when given a context, that read text lines and write raw bytes. The lines are
/// ``LineFrameDecoder/text(maximumLength:)``'s: a too-long one is skipped.
public enum LineConnection {
    public static func connect(
        host: String, port: Int, maximumLineLength: Int, group: any EventLoopGroup, tls: NIOSSLContext? = nil,
        configure: @escaping @Sendable (ChannelPipeline.SynchronousOperations) throws -> Void = { _ in }
    ) async throws -> NIOAsyncChannel<String, ByteBuffer> {
        try await ClientBootstrap(group: group)
            .connectTimeout(.seconds(10))
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    if let tls {
                        // The certificate is checked against the name, or against the address when the host is one
                        // (an address is never sent as the server name).
                        let isAddress = (try? SocketAddress(ipAddress: host, port: 0)) != nil
                        try pipeline.addHandler(NIOSSLClientHandler(context: tls, serverHostname: isAddress ? nil : host))
                    }
                    let lines = LineFrameDecoder.text(maximumLength: maximumLineLength)
                    try pipeline.addHandler(ByteToMessageHandler(lines))
                    try configure(pipeline)
                    return try NIOAsyncChannel<String, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
    }
}
