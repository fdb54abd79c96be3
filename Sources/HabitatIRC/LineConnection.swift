import NIOCore
import NIOPosix

/// Opens TCP connections that read text lines (see ``LineDecoder``) and write raw bytes.
enum LineConnection {
    static func connect(
        host: String, port: Int, maximumLineLength: Int, group: any EventLoopGroup,
        configure: @escaping @Sendable (ChannelPipeline.SynchronousOperations) throws -> Void = { _ in }
    ) async throws -> NIOAsyncChannel<String, ByteBuffer> {
        try await ClientBootstrap(group: group)
            .connectTimeout(.seconds(10))
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    try pipeline.addHandler(ByteToMessageHandler(LineDecoder(maximumLength: maximumLineLength)))
                    try configure(pipeline)
                    return try NIOAsyncChannel<String, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
    }
}
