import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// An HTTP server on a free loopback port that answers each request with the next of its answers (the last one
/// again once they run out) and keeps the paths it was asked, for testing how ``MatrixClient`` takes what a
/// homeserver says.
final class FakeHomeserver: Sendable {
    let port: Int
    private let asked = NIOLockedValueBox<[String]>([])
    private let channel: NIOAsyncChannel<NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>, Never>
    private let serving: Task<Void, Never>

    /// The request lines asked so far: `PUT /_matrix/client/v3/…`.
    var requests: [String] { asked.withLockedValue { $0 } }
    var address: String { "http://127.0.0.1:\(port)" }

    init(answers: [(status: HTTPResponseStatus, json: String)]) async throws {
        channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0) { child in
                child.eventLoop.makeCompletedFuture {
                    try child.pipeline.syncOperations.configureHTTPServerPipeline()
                    return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(
                        wrappingChannelSynchronously: child)
                }
            }
        port = channel.channel.localAddress?.port ?? 0
        let (channel, asked) = (channel, asked)
        serving = Task {
            try? await channel.executeThenClose { connections in
                // Each connection on its own: a client may open another while the first waits in its pool.
                await withDiscardingTaskGroup { group in
                    do {
                        for try await connection in connections {
                            group.addTask { await Self.answer(connection, with: answers, asked: asked) }
                        }
                    } catch {}
                }
            }
        }
    }

    /// Answers each request of one connection with the next answer, until the client closes it.
    private static func answer(
        _ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>,
        with answers: [(status: HTTPResponseStatus, json: String)], asked: NIOLockedValueBox<[String]>
    ) async {
        try? await connection.executeThenClose { inbound, outbound in
            for try await part in inbound {
                if case .head(let head) = part {
                    asked.withLockedValue { $0.append("\(head.method) \(head.uri)") }
                }
                guard case .end = part else { continue }
                let count = asked.withLockedValue { $0.count }
                let answer = answers[min(count, answers.count) - 1]
                var headers = HTTPHeaders([("Content-Type", "application/json")])
                headers.add(name: "Content-Length", value: "\(answer.json.utf8.count)")
                try await outbound.write(.head(HTTPResponseHead(version: .http1_1, status: answer.status, headers: headers)))
                try await outbound.write(.body(.byteBuffer(ByteBuffer(string: answer.json))))
                try await outbound.write(.end(nil))
            }
        }
    }

    func stop() async {
        serving.cancel()
        try? await channel.channel.close()
    }
}
