import Foundation
import HabitatApp
import LineFraming
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// Where `habitat backup`, `check` and `export` reach a running server: a Unix socket in the data directory
/// (`control.sock`), so only whoever may read the data directory can ask. A request is one JSON line (a
/// ``ControlRequest``); the answer is one JSON line (a ``DataToolResult``), and the connection closes.
///
/// While the server runs, its connection to a user's file is the file's only one (SQLite's exclusive locking), so
/// the tools read the files through the server instead of opening them.
final class ControlSocket: Sendable {
    let channel: any Channel
    let path: String

    private init(channel: any Channel, path: String) {
        self.channel = channel
        self.path = path
    }

    /// A request line's longest: paths and a user's name.
    static let maximumRequest = 16 * 1024

    /// Listens at `path`, replacing a socket file a stopped server left.
    static func bind(
        at path: String, group: any EventLoopGroup, logger: Logger,
        answer: @escaping @Sendable (ControlRequest) async -> DataToolResult
    ) async throws -> ControlSocket {
        let channel = try await ServerBootstrap(group: group)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineFrameDecoder(maximumLength: maximumRequest)))
                    try channel.pipeline.syncOperations.addHandler(ControlRequestHandler(logger: logger, answer: answer))
                }
            }
            .bind(unixDomainSocketPath: path, cleanupExistingSocketFile: true).get()
        return ControlSocket(channel: channel, path: path)
    }

    /// Stops listening and removes the socket file.
    func close() {
        channel.close(promise: nil)
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// What the command line sends: the request, and the data directory as the person wrote it (for what is said back).
public struct ControlRequest: Codable, Sendable, Equatable {
    public var request: DataToolRequest
    public var data: String

    public init(request: DataToolRequest, data: String) {
        self.request = request
        self.data = data
    }
}

/// Answers the one request of a control connection, then closes it.
final class ControlRequestHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = LineFrame

    let logger: Logger
    let answer: @Sendable (ControlRequest) async -> DataToolResult
    private let asked = NIOLockedValueBox(false)

    init(logger: Logger, answer: @escaping @Sendable (ControlRequest) async -> DataToolResult) {
        self.logger = logger
        self.answer = answer
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let first = asked.withLockedValue { asked in
            defer { asked = true }
            return !asked
        }
        guard first else { return }
        let channel = context.channel
        guard case .line(let line) = unwrapInboundIn(data),
            let request = try? JSONDecoder().decode(ControlRequest.self, from: Data(line.readableBytesView))
        else {
            return Self.reply(DataToolResult(failure: "The server did not understand the request: is this 'habitat' the server's version?"), on: channel)
        }
        logger.notice("a data tool asked", metadata: ["request": "\(request.request)"])
        Task {
            Self.reply(await answer(request), on: channel)
        }
    }

    private static func reply(_ result: DataToolResult, on channel: any Channel) {
        var bytes = (try? JSONEncoder().encode(result)) ?? Data()
        bytes.append(UInt8(ascii: "\n"))
        channel.writeAndFlush(ByteBuffer(bytes: bytes)).whenComplete { _ in channel.close(promise: nil) }
    }
}
