import HabitatApp
import NIOCore

/// What a connection's task and its `ImmediateRepliesHandler` share, on the connection's event loop.
///
/// Both use it only on that loop: the handler is a channel handler, and the task runs with the loop
/// as its executor. The task uses the conversation only for a line the handler passed on, and the handler
/// only while no line is with the task, so the two never overlap.
final class ConnectionLink: @unchecked Sendable {
    let eventLoop: any EventLoop
    /// Runs a task's jobs on `eventLoop`.
    let executor: EventLoopTaskExecutor
    /// The connection's side of the conversation: its session, its events.
    let conversation: Conversation
    /// Lines passed to the task and not yet fully answered.
    private var inTask = 0
    /// The login timeout passed while the task had a line in hand: unless that line logs in, the connection closes
    /// once it is answered.
    var loginTimedOut = false

    init(conversation: Conversation, eventLoop: any EventLoop) {
        self.conversation = conversation
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
