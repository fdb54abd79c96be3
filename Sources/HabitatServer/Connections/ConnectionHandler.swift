import HabitatApp
import HabitatCommands
import HabitatEngine
import LineFraming
import NIOCore
import NIOPosix

/// Sent down a connection's pipeline when the server starts shutting down.
struct DrainConnection: Sendable {}

/// One client's connection: counts it in (or turns it away), hands its lines to its ``Conversation`` and writes what
/// that says, holds reads while lines wait, closes it for not logging in, and drains it at shutdown. The conversation
/// runs every line; this is its socket.
///
/// Writes of one read are flushed together; what a job finishes later is flushed as it is written.
final class ConnectionHandler: ChannelDuplexHandler, ConversationTransport {
    typealias InboundIn = LineFrame
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let server: HabitatServer
    private let conversation: Conversation
    /// The longest line the framer passes, for the error a longer one gets.
    private let maxLine: Int
    private var context: ChannelHandlerContext?
    /// The connection's number in the server's registry, once counted in.
    private var id: Int?
    private var loginTimer: Scheduled<Void>?
    private var unflushed = false
    private var inRead = false
    private var readHeld = false
    /// The server is shutting down: lines from here on are read and dropped, unanswered.
    private var draining = false
    private var peerClosed = false
    private var peerGone: EventLoopPromise<Void>?
    /// The client's address as its load balancer said it (``ProxyProtocolHandler``).
    private var proxied: SocketAddress?

    init(server: HabitatServer, conversation: Conversation, maxLine: Int) {
        self.server = server
        self.conversation = conversation
        self.maxLine = maxLine
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        context.fireChannelActive()
        let channel = context.channel
        let client = clientAddress(context)
        let address = AddressLimits.key(of: client)
        switch server.connections.add(channel, limit: server.configuration.maxConnections, address: address) {
        case .success(let id):
            self.id = id
            conversation.begin(connection: id, address: client?.ipAddress, transport: self)
            let timeout = server.configuration.unauthenticatedTimeout
            let conversation = NIOLoopBound(conversation, eventLoop: context.eventLoop)
            loginTimer = context.eventLoop.scheduleTask(in: .milliseconds(Int64(timeout * 1000))) {
                conversation.value.loginTimeout(after: Int(timeout))
            }
        case .failure(let refusal):
            let reply = Reply(error: HabitatError(.busy, server.turnedAway(refusal, address: address)))
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: reply.text(plain: false))))
                .whenComplete { _ in channel.close(promise: nil) }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        loginTimer?.cancel()
        markPeerClosed()
        if let id {
            conversation.close()
            server.connections.remove(id)
            self.id = nil
        }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // One client's trouble (a reset, a failed TLS handshake) stays its own.
        server.logger.debug(
            "connection ended",
            metadata: [
                "connection": "\(id.map { "c\($0)" } ?? "-")", "address": "\(clientAddress(context)?.ipAddress ?? "-")",
                "error": "\(error)",
            ])
        context.close(promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // Sent after shutdown began, or before the connection was counted in: not answered. Read all the same, so that
        // closing the connection later finds nothing unread (which would reset it, and the client could lose replies
        // it has not read yet).
        guard !draining, id != nil else { return }
        inRead = true
        conversation.receive(IncomingLine(unwrapInboundIn(data), maxLine: maxLine))
        inRead = false
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        flush()
        context.fireChannelReadComplete()
        if draining { context.read() }
    }

    /// Reading pauses only once a line waits behind a job in hand: a client that sends one line at a time keeps
    /// reading, so its socket is not taken out of the event loop's interest and put back (two system calls) for
    /// every change.
    func read(context: ChannelHandlerContext) {
        if conversation.hasWaitingLines && !draining {
            readHeld = true
        } else {
            context.read()
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { conversation.writable() }
        context.fireChannelWritabilityChanged()
    }

    /// Who is at the other end: the connection's own peer, or the client its load balancer named.
    private func clientAddress(_ context: ChannelHandlerContext) -> SocketAddress? { proxied ?? context.channel.remoteAddress }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ProxiedClient {
            proxied = event.address
            return
        }
        if event is DrainConnection {
            guard !draining else { return }
            draining = true
            // The connection hears that the server is stopping; the lines already received are answered; then the
            // conversation ends.
            conversation.serverStopping()
            resumeReading()
            return
        }
        if case .inputClosed? = event as? ChannelEvent {
            // The client closed its side: after the lines already received are answered, or after the server's last
            // reply while it was draining.
            markPeerClosed()
            conversation.endOfInput()
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    // MARK: - What the conversation asks of the connection

    func write(_ bytes: [UInt8]) {
        guard let context else { return }
        context.write(wrapOutboundOut(ByteBuffer(bytes: bytes)), promise: nil)
        unflushed = true
    }

    func flush() {
        // The read that brought the line flushes at its end, with the replies of any other lines it brought.
        guard unflushed, !inRead, let context else { return }
        unflushed = false
        context.flush()
    }

    var isWritable: Bool { context?.channel.isWritable ?? false }

    func identified() {
        loginTimer?.cancel()
        if let id { server.connections.identified(id) }
    }

    func caughtUp() {
        resumeReading()
    }

    func ended() {
        guard let context else { return }
        loginTimer?.cancel()
        if unflushed {
            unflushed = false
            context.flush()
        }
        let channel = context.channel
        // Once what was written is sent (writes complete in order, so an empty one completes last).
        let sent = context.writeAndFlush(wrapOutboundOut(ByteBuffer()))
        guard draining else {
            sent.whenComplete { _ in channel.close(promise: nil) }
            return
        }
        // Shutting down: the replies go out, then the end of output, and the connection stays (dropping whatever
        // arrives) until the client closes its side, briefly. Closing at once with lines still unread would reset the
        // connection, and a client can lose replies it had not read yet: changes made, their replies gone.
        let closed = waitForPeerToClose(atMost: .seconds(1), channel: channel)
        sent.whenComplete { _ in
            channel.close(mode: .output).whenComplete { _ in
                closed.whenComplete { _ in channel.close(promise: nil) }
            }
        }
    }

    private func resumeReading() {
        guard readHeld, let context else { return }
        readHeld = false
        context.read()
    }

    private func markPeerClosed() {
        peerClosed = true
        peerGone?.succeed()
        peerGone = nil
    }

    /// Completes when the client closes its side or the connection ends, or after `limit`.
    private func waitForPeerToClose(atMost limit: TimeAmount, channel: any Channel) -> EventLoopFuture<Void> {
        if peerClosed { return channel.eventLoop.makeSucceededVoidFuture() }
        let promise = channel.eventLoop.makePromise(of: Void.self)
        peerGone = promise
        let timeout = channel.eventLoop.scheduleTask(in: limit) { promise.succeed() }
        channel.closeFuture.whenComplete { _ in promise.succeed() }
        promise.futureResult.whenComplete { _ in timeout.cancel() }
        return promise.futureResult
    }
}

/// Password hashes on NIO's blocking thread pool.
struct ThreadPoolWork: SlowWork {
    let pool: NIOThreadPool

    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await pool.runIfActive(work)
    }
}
