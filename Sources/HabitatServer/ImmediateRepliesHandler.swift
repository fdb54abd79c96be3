import HabitatCommands
import LineFraming
import NIOCore

/// What a connection's task and its `ImmediateRepliesHandler` share, on the connection's event loop.
///
/// Both use it only on that loop: the handler is a channel handler, and the task runs with the loop
/// as its executor. The task uses the session only for a line the handler passed on, and the handler
/// only while no line is with the task, so the two never overlap. Plain stored properties rather than
/// a checked box: the task passes `session` as `inout` across its awaits, which keeps the task's stack
/// (kept for the life of the connection) free of copies of it.
final class ConnectionLink: @unchecked Sendable {
    let eventLoop: any EventLoop
    /// Runs a task's jobs on `eventLoop`.
    let executor: EventLoopTaskExecutor
    var session: Session
    /// The account whose events this connection receives, once logged in (used by the task only).
    var attached: Int64?
    /// The bridge this connection speaks for, once it said so (used by the task only).
    var bridge: String?
    /// Lines passed to the task and not yet fully answered.
    private var inTask = 0

    init(session: Session, eventLoop: any EventLoop) {
        self.session = session
        self.eventLoop = eventLoop
        self.executor = EventLoopTaskExecutor(eventLoop)
    }

    /// Whether the task has lines it has not finished with.
    var taskBusy: Bool {
        eventLoop.assertInEventLoop()
        return inTask > 0
    }

    /// The handler passed a line to the task.
    func passedToTask() {
        eventLoop.assertInEventLoop()
        inTask += 1
    }

    /// The task finished a line: its reply, held events and any log-in follow-up are written.
    func taskFinishedLine() {
        eventLoop.assertInEventLoop()
        inTask -= 1
    }

    /// Whether the server is shutting down and this connection takes no more lines.
    private(set) var draining = false
    private var peerGone: EventLoopPromise<Void>?
    private var peerHasClosed = false

    /// The server is shutting down: lines from here on are read and dropped, unanswered.
    func startDraining() {
        eventLoop.assertInEventLoop()
        draining = true
    }

    /// The client closed its side, or the connection ended.
    func peerClosed() {
        eventLoop.assertInEventLoop()
        peerHasClosed = true
        peerGone?.succeed()
        peerGone = nil
    }

    /// Completes when the client closes its side or the connection ends, or after `limit`.
    func waitForPeerToClose(atMost limit: TimeAmount, channel: any Channel) -> EventLoopFuture<Void> {
        eventLoop.assertInEventLoop()
        if peerHasClosed { return eventLoop.makeSucceededVoidFuture() }
        let promise = eventLoop.makePromise(of: Void.self)
        peerGone = promise
        let timeout = eventLoop.scheduleTask(in: limit) { promise.succeed() }
        channel.closeFuture.whenComplete { _ in promise.succeed() }
        promise.futureResult.whenComplete { _ in timeout.cancel() }
        return promise.futureResult
    }
}

/// Sent down a connection's pipeline when the server starts shutting down.
struct DrainConnection: Sendable {}

/// Answers, right on the event loop, the lines that need nothing but the user's game in memory (a
/// `status`, `habits`, …), starts the changes that need nothing but the user's own file (a personal
/// `did`, `buy`, …) and writes their replies when committed, and passes every other line on to the
/// connection's task, in order.
///
/// A line is taken here only while the task has nothing in hand (so replies keep the order of their
/// requests) and the connection is writable (a client that stops reading gets back-pressure as before).
/// While a change started here is in hand, later lines wait here (and reading pauses once one does); the
/// input's end is passed on only after it, so a server that is shutting down still answers the command in hand.
/// Writes of one read are flushed together.
final class ImmediateRepliesHandler: ChannelDuplexHandler {
    typealias InboundIn = LineFrame
    typealias InboundOut = IncomingLine
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let link: ConnectionLink
    private let responder: Responder
    private var unflushed = false
    /// A change started here is not answered yet.
    private var changing = false
    /// Lines that came while a change was in hand, oldest first.
    private var waiting = CircularBuffer<LineFrame>(initialCapacity: 2)
    private var readHeld = false
    private var inputClosedHeld = false

    init(link: ConnectionLink, responder: Responder) {
        self.link = link
        self.responder = responder
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        if link.draining {
            // Sent after shutdown began: not received, not answered. Read all the same, so that closing
            // the connection later finds nothing unread (which would reset it, and the client could lose
            // replies it has not read yet).
            return
        }
        if changing || !waiting.isEmpty {
            waiting.append(frame)
        } else {
            take(frame, context: context)
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        flushIfNeeded(context)
        context.fireChannelReadComplete()
        // The task's side no longer asks for more once its input has ended; keep reading to drop it.
        if link.draining { context.read() }
    }

    func channelInactive(context: ChannelHandlerContext) {
        link.peerClosed()
        context.fireChannelInactive()
    }

    /// Reading pauses only once a line waits behind a change in hand: a client that sends one line at a
    /// time keeps reading, so its socket is not taken out of the event loop's interest and put back
    /// (two system calls) for every change.
    func read(context: ChannelHandlerContext) {
        if changing && !waiting.isEmpty {
            readHeld = true
        } else {
            context.read()
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is DrainConnection {
            guard !link.draining else { return }
            link.startDraining()
            // The lines already received are answered; then the task's input ends.
            if changing || !waiting.isEmpty {
                inputClosedHeld = true
            } else {
                context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
            }
            return
        }
        if case .inputClosed? = event as? ChannelEvent, link.draining {
            // The client closed its side after the server's last reply, or while it was draining.
            link.peerClosed()
            return
        }
        if case .inputClosed? = event as? ChannelEvent, changing || !waiting.isEmpty {
            inputClosedHeld = true
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    /// Answers or starts `frame` here, or passes it to the task (then returns `true`).
    @discardableResult
    private func take(_ frame: LineFrame, context: ChannelHandlerContext) -> Bool {
        var prepared: Responder.Prepared?
        if !link.taskBusy, context.channel.isWritable {
            switch responder.respondAtOnce(to: frame, session: &link.session) {
            case .reply(let reply):
                context.write(wrapOutboundOut(ByteBuffer(bytes: reply)), promise: nil)
                unflushed = true
                return false
            case .change(let change):
                start(change, context: context)
                return false
            case .later(let read):
                prepared = read
            }
        }
        link.passedToTask()
        context.fireChannelRead(wrapInboundOut(IncomingLine(frame: frame, prepared: prepared)))
        return true
    }

    private func start(_ change: Responder.Change, context: ChannelHandlerContext) {
        changing = true
        let finish = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        responder.perform(change) { result in
            finish.eventLoop.execute {
                finish.value.handler.finish(change, result, context: finish.value.context)
            }
        }
    }

    private func finish(_ change: Responder.Change, _ result: Result<Reply, any Error>, context: ChannelHandlerContext) {
        changing = false
        let reply = responder.reply(to: change, result, session: link.session)
        context.write(wrapOutboundOut(ByteBuffer(bytes: reply)), promise: nil)
        unflushed = true
        var passed = false
        while !changing, let next = waiting.popFirst() { passed = take(next, context: context) || passed }
        flushIfNeeded(context)
        // Outside a read the task's side of the pipeline needs to be told the lines passed on are complete.
        if passed { context.fireChannelReadComplete() }
        guard !changing else { return }
        if inputClosedHeld {
            inputClosedHeld = false
            context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        }
        if readHeld {
            readHeld = false
            context.read()
        }
    }

    private func flushIfNeeded(_ context: ChannelHandlerContext) {
        if unflushed {
            unflushed = false
            context.flush()
        }
    }
}

/// A line for the connection's task, with what the handler already read of it.
struct IncomingLine: Sendable {
    let frame: LineFrame
    let prepared: Responder.Prepared?
}
