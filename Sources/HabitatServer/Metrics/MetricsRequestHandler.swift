import NIOCore
import NIOHTTP1

/// Answers the metrics endpoint's HTTP requests: `GET /metrics` with the metrics in Prometheus' text format,
/// `GET /healthz` with 200 while the server's event loops answer, `GET /readyz` with 200 `ready` when it serves well
/// or 503 and what keeps it from it (its checks run off the event loop); another path with 404, another method with
/// 405. Each response closes its connection; so does a client that says nothing for a while (``IdleStateHandler``).
final class MetricsRequestHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// Prometheus' text format.
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    /// The metrics as they stand, in that format.
    private let exposition: @Sendable () -> [UInt8]
    /// What keeps the server from serving well; none when it is ready.
    private let unreadiness: @Sendable () async -> [String]
    private var head: HTTPRequestHead?
    /// Whether a response is on its way: the idle timer closes only a connection that says nothing and waits for
    /// nothing (a `/readyz` on a busy machine may take longer than the timer to find its answer).
    private var answering = false

    init(exposition: @escaping @Sendable () -> [UInt8], unreadiness: @escaping @Sendable () async -> [String]) {
        self.exposition = exposition
        self.unreadiness = unreadiness
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
        case .body:
            break
        case .end:
            guard let head else { return }
            self.head = nil
            respond(to: head, context: context)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            if !answering { context.close(promise: nil) }
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    /// The paths answered.
    static let paths: Set<Substring> = ["/metrics", "/healthz", "/readyz"]

    /// The status, extra headers and body of the response to `head`, but for `/readyz` (``ready(_:)``).
    func response(to head: HTTPRequestHead) -> (HTTPResponseStatus, [(String, String)], [UInt8]) {
        let path = head.uri.prefix { $0 != "?" }
        guard Self.paths.contains(path) else {
            return (.notFound, [], Array("Not found: the metrics are at /metrics, health at /healthz and /readyz.\n".utf8))
        }
        guard head.method == .GET else {
            return (.methodNotAllowed, [("Allow", "GET")], Array("Only GET reads \(path).\n".utf8))
        }
        return path == "/healthz" ? (.ok, [], Array("ok\n".utf8)) : (.ok, [], exposition())
    }

    /// `/readyz`'s response: 200 `ready`, or 503 with a line for each thing that keeps the server from serving well.
    static func ready(_ problems: [String]) -> (HTTPResponseStatus, [(String, String)], [UInt8]) {
        problems.isEmpty
            ? (.ok, [], Array("ready\n".utf8))
            : (.serviceUnavailable, [], Array(("not ready:\n" + problems.map { "- \($0)\n" }.joined()).utf8))
    }

    private func respond(to request: HTTPRequestHead, context: ChannelHandlerContext) {
        answering = true
        if request.method == .GET, request.uri.prefix(while: { $0 != "?" }) == "/readyz" {
            let answer = context.eventLoop.makePromise(of: [String].self)
            answer.completeWithTask { [unreadiness] in await unreadiness() }
            answer.futureResult.assumeIsolated().whenSuccess { problems in
                self.write(Self.ready(problems), to: request, context: context)
            }
            return
        }
        write(response(to: request), to: request, context: context)
    }

    private func write(
        _ response: (HTTPResponseStatus, [(String, String)], [UInt8]), to request: HTTPRequestHead, context: ChannelHandlerContext
    ) {
        let (status, extra, body) = response
        var headers = HTTPHeaders(extra)
        let metrics = status == .ok && request.uri.prefix(while: { $0 != "?" }) == "/metrics"
        headers.add(name: "Content-Type", value: metrics ? Self.contentType : "text/plain; charset=utf-8")
        headers.add(name: "Content-Length", value: "\(body.count)")
        headers.add(name: "Connection", value: "close")
        let head = HTTPResponseHead(version: request.version, status: status, headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }
}
