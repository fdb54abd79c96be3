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
    var session: Session
    /// Lines passed to the task and not yet fully answered.
    private var inTask = 0

    init(session: Session, eventLoop: any EventLoop) {
        self.session = session
        self.eventLoop = eventLoop
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
}

/// Answers, right on the event loop, the lines that need nothing but the user's game in memory (a
/// `status`, `habits`, …), and passes every other line on to the connection's task, in order.
///
/// A line is answered here only while the task has nothing in hand (so replies keep the order of their
/// requests) and the connection is writable (a client that stops reading gets back-pressure as before).
/// Writes of one read are flushed together.
final class ImmediateRepliesHandler: ChannelInboundHandler {
    typealias InboundIn = LineFrame
    typealias InboundOut = IncomingLine
    typealias OutboundOut = ByteBuffer

    private let link: ConnectionLink
    private let responder: Responder
    private var unflushed = false

    init(link: ConnectionLink, responder: Responder) {
        self.link = link
        self.responder = responder
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        var prepared: Responder.Prepared?
        if !link.taskBusy, context.channel.isWritable {
            switch responder.respondAtOnce(to: frame, session: &link.session) {
            case .reply(let reply):
                context.write(wrapOutboundOut(ByteBuffer(string: reply)), promise: nil)
                unflushed = true
                return
            case .later(let read):
                prepared = read
            }
        }
        link.passedToTask()
        context.fireChannelRead(wrapInboundOut(IncomingLine(frame: frame, prepared: prepared)))
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if unflushed {
            unflushed = false
            context.flush()
        }
        context.fireChannelReadComplete()
    }

}

/// A line for the connection's task, with what the handler already read of it.
struct IncomingLine: Sendable {
    let frame: LineFrame
    let prepared: Responder.Prepared?
}
