import HabitatApp
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// The HTTP listener of `--metrics`: its own channel beside the line protocol's, answering on the event loops with
/// what is in memory (``MetricsRequestHandler``), and closed, with the connections it holds, when the server stops.
final class MetricsEndpoint: Sendable {
    let channel: any Channel
    private let open: NIOLockedValueBox<[ObjectIdentifier: any Channel]>

    private init(channel: any Channel, open: NIOLockedValueBox<[ObjectIdentifier: any Channel]>) {
        self.channel = channel
        self.open = open
    }

    /// How long a client may take to send its request.
    static let requestTimeout = TimeAmount.seconds(10)

    /// Listens on `address`; each `GET /metrics` is answered with `exposition()`, `GET /readyz` from `unreadiness()`.
    static func bind(
        _ address: ListenAddress, group: any EventLoopGroup, exposition: @escaping @Sendable () -> [UInt8],
        unreadiness: @escaping @Sendable () async -> [String]
    ) async throws -> MetricsEndpoint {
        let open = NIOLockedValueBox<[ObjectIdentifier: any Channel]>([:])
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                let key = ObjectIdentifier(channel)
                open.withLockedValue { $0[key] = channel }
                channel.closeFuture.whenComplete { _ in _ = open.withLockedValue { $0.removeValue(forKey: key) } }
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(IdleStateHandler(readTimeout: requestTimeout))
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(MetricsRequestHandler(exposition: exposition, unreadiness: unreadiness))
                }
            }
            .bind(host: address.host, port: address.port).get()
        return MetricsEndpoint(channel: channel, open: open)
    }

    /// The port it listens on.
    var port: Int? { channel.localAddress?.port }

    /// Stops listening and closes the connections it holds.
    func close() {
        channel.close(promise: nil)
        for child in open.withLockedValue({ Array($0.values) }) { child.close(promise: nil) }
    }
}
