import HabitatApp
import HabitatCommands
import HabitatEngine
import LineFraming
import NIOCore
import NIOPosix

/// Sent down a connection's pipeline when the server starts shutting down.
struct DrainConnection: Sendable {}

/// Reads and plans each line right on the event loop (``Pipeline/start(_:session:)``): answers there the plans
/// that need nothing but memory (a refusal, a `status` or `habits` of a game in memory), starts the changes that
/// need nothing but the user's own file (a personal `did`, `buy`, …) and writes their replies when committed, and
/// passes every other line on to the connection's task with its plan, in order.
///
/// A line is taken here only while the task has nothing in hand (so replies keep the order of their
/// requests) and the connection is writable (a client that stops reading gets back-pressure as before).
/// While a change started here is in hand, later lines wait here (and reading pauses once one does); the
/// input's end is passed on only after it, so a server that is shutting down still answers the command in hand.
/// Writes of one read are flushed together.
final class ImmediateRepliesHandler: ChannelDuplexHandler {
    typealias InboundIn = LineFrame
    typealias InboundOut = TaskLine
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let link: ConnectionLink
    /// The link's conversation and its pipeline, kept at hand.
    private let conversation: Conversation
    private let pipeline: Pipeline
    /// The longest line the framer passes, for the error a longer one gets.
    private let maxLine: Int
    private var unflushed = false
    /// A change started here is not answered yet.
    private var changing = false
    /// Lines that came while a change was in hand, oldest first.
    private var waiting = CircularBuffer<LineFrame>(initialCapacity: 2)
    private var readHeld = false
    private var inputClosedHeld = false

    init(link: ConnectionLink, maxLine: Int) {
        self.link = link
        self.conversation = link.conversation
        self.pipeline = link.conversation.pipeline
        self.maxLine = maxLine
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
        let line = IncomingLine(frame, maxLine: maxLine)
        var planned: Pipeline.Planned?
        if !link.taskBusy, context.channel.isWritable {
            switch pipeline.start(line, session: &conversation.session) {
            case .reply(let reply):
                guard !reply.isEmpty else { return false }
                context.write(wrapOutboundOut(ByteBuffer(bytes: reply)), promise: nil)
                unflushed = true
                return false
            case .change(let change):
                start(change, context: context)
                return false
            case .later(let plan):
                planned = plan
            }
        }
        link.passedToTask()
        context.fireChannelRead(wrapInboundOut(TaskLine(line: line, planned: planned)))
        return true
    }

    private func start(_ change: Pipeline.Change, context: ChannelHandlerContext) {
        changing = true
        let finish = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        pipeline.perform(change) { result in
            finish.eventLoop.execute {
                finish.value.handler.finish(change, result, context: finish.value.context)
            }
        }
    }

    private func finish(
        _ change: Pipeline.Change, _ result: Result<(outcome: Outcome, state: GameState), any Error>, context: ChannelHandlerContext
    ) {
        changing = false
        let reply = pipeline.finish(change, result, session: conversation.session)
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

/// A line for the connection's task, with its plan when the handler made it already.
struct TaskLine: Sendable {
    let line: IncomingLine
    let planned: Pipeline.Planned?
}

/// Password hashes on NIO's blocking thread pool.
struct ThreadPoolWork: SlowWork {
    let pool: NIOThreadPool

    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await pool.runIfActive(work)
    }
}
