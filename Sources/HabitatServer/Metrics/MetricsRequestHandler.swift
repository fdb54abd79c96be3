import NIOCore
import NIOHTTP1

/// Answers the metrics endpoint's HTTP requests: `GET /metrics` with the metrics in Prometheus' text format, another
/// path with 404, another method with 405. Each response closes its connection; so does a client that says nothing
/// for a while (``IdleStateHandler``).
final class MetricsRequestHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// Prometheus' text format.
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    /// The metrics as they stand, in that format.
    private let exposition: @Sendable () -> [UInt8]
    private var head: HTTPRequestHead?

    init(exposition: @escaping @Sendable () -> [UInt8]) {
        self.exposition = exposition
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
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    /// The status, extra headers and body of the response to `head`.
    func response(to head: HTTPRequestHead) -> (HTTPResponseStatus, [(String, String)], [UInt8]) {
        let path = head.uri.prefix { $0 != "?" }
        guard path == "/metrics" else {
            return (.notFound, [], Array("Not found: the metrics are at /metrics.\n".utf8))
        }
        guard head.method == .GET else {
            return (.methodNotAllowed, [("Allow", "GET")], Array("Only GET reads the metrics.\n".utf8))
        }
        return (.ok, [], exposition())
    }

    private func respond(to request: HTTPRequestHead, context: ChannelHandlerContext) {
        let (status, extra, body) = response(to: request)
        var headers = HTTPHeaders(extra)
        headers.add(name: "Content-Type", value: status == .ok ? Self.contentType : "text/plain; charset=utf-8")
        headers.add(name: "Content-Length", value: "\(body.count)")
        headers.add(name: "Connection", value: "close")
        let head = HTTPResponseHead(version: request.version, status: status, headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }
}
