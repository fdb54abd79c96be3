import Foundation
import HabitatCommands
import HabitatEngine
import HabitatStorage
import LineFraming
import NIOCore

/// What a ``Conversation`` needs of its connection. Called on the connection's event loop only.
public protocol ConversationTransport: AnyObject {
    /// Writes `bytes` (a reply, an event); sent with the next ``flush()``, or at the end of the read that brought the
    /// line answered.
    func write(_ bytes: [UInt8])
    /// Sends what was written.
    func flush()
    /// Whether the client takes what is written: while it does not, lines wait unanswered.
    var isWritable: Bool { get }
    /// The connection logged in, or speaks for a bridge: said before the reply that says so is written (a client told
    /// "Welcome" may open another connection at once).
    func identified()
    /// Every line received is answered or in hand: reading may go on.
    func caughtUp()
    /// The conversation is over (`quit`, no login in time, or the input ended and every line was answered): the
    /// connection closes once what was written is sent.
    func ended()
}

/// One connection's conversation with the server: its session, its lines, the events meant for it, and whose they
/// are (the account it is logged in as, or the bridge it speaks for).
///
/// Every line is a job (``Pipeline/Job``), and the conversation runs its jobs one at a time, in the order the lines
/// came: a reply computed at once, a change whose commit calls back from a storage thread, and work awaited in a task
/// of its own all end in the same ``finish(_:events:)``, which writes the reply, then the events held while the job ran,
/// then takes the next line. Everything here runs on the connection's event loop (a callback or a task hops back to
/// it before it touches anything), so a `status` is answered without a thread hop, a `did` goes to its file and back
/// once, and the awaited work runs on that loop too (``EventLoopTaskExecutor``).
///
/// Not `Sendable`: it belongs to its event loop, and what crosses to another thread holds it in an `NIOLoopBound`.
public final class Conversation {
    public let pipeline: Pipeline
    public private(set) var session: Session
    let eventLoop: any EventLoop
    private let executor: EventLoopTaskExecutor
    /// The connection, which owns this conversation; let go when it closes (``close()``).
    private var transport: (any ConversationTransport)?
    /// The connection was told it is someone's (``ConversationTransport/identified()``).
    private var toldIdentified = false
    /// The events meant for this connection, written between jobs.
    let outbox = Outbox()
    private var connection = 0
    /// The account whose events this connection receives, once logged in.
    private var attached: Int64?
    /// The bridge this connection speaks for, once it said so.
    private var bridge: String?
    /// What this connection adds to the metrics' gauges now: `nil` before it began and after it ended.
    private var counted: ConnectionFigures?

    /// A job is in hand: later lines wait, and events are held for after its reply.
    private var busy = false
    /// Lines received while a job was in hand or the client was not taking replies, oldest first.
    private var waiting = CircularBuffer<IncomingLine>(initialCapacity: 2)
    /// No more lines come: once the last is answered, the conversation ends.
    private var inputEnded = false
    /// The login timeout passed while a job was in hand, after so many seconds: unless that job logs in, the
    /// conversation ends once it is answered.
    private var loginTimedOut: Int?
    private var over = false
    /// The server is stopping: the connection was told, or is told after the reply to the job in hand.
    private var stopping: StoppingNotice?

    private enum StoppingNotice {
        case pending, told
    }

    init(pipeline: Pipeline, eventLoop: any EventLoop) {
        self.pipeline = pipeline
        self.eventLoop = eventLoop
        self.executor = EventLoopTaskExecutor(eventLoop)
        // The session is set when the connection is counted (``begin(connection:address:transport:)``): its name needs the number.
        self.session = Session(id: "", rateLimit: pipeline.configuration.rateLimit, now: pipeline.configuration.clock())
    }

    /// The connection was counted as the server's `connection`th, from `address` (the client's IP address): its session
    /// starts now, and the greeting is written.
    public func begin(connection: Int, address: String? = nil, transport: any ConversationTransport) {
        eventLoop.assertInEventLoop()
        self.connection = connection
        self.transport = transport
        session = Session(id: "c\(connection)", rateLimit: pipeline.configuration.rateLimit, now: pipeline.configuration.clock())
        session.address = address
        recount()
        let me = NIOLoopBound(self, eventLoop: eventLoop)
        outbox.wakeWith { me.eventLoop.execute { me.value.writeWaitingEvents() } }
        transport.write(Array(Pipeline.greeting.text(plain: false).utf8))
        transport.flush()
    }

    /// Moves this connection in the metrics' gauges to where its session stands (or out of them, once `ended`).
    /// Called as it begins, as each line is answered, before the reply is written (a client told "Welcome" sees itself
    /// counted as logged in), and as it ends.
    private func recount(ended: Bool = false) {
        guard let metrics = pipeline.metrics else { return }
        let now = ended ? nil : ConnectionFigures(session)
        guard now != counted else { return }
        metrics.connection(from: counted, to: now)
        counted = now
    }

    /// Whether the connection is someone's yet: logged in, or a bridge. Until then it may be closed for not logging in.
    public var identified: Bool { attached != nil || bridge != nil || session.account != nil || session.bridge != nil }

    /// Whether lines wait behind a job in hand (reading pauses then, so a client that sends one line at a time keeps
    /// its socket in the event loop's interest).
    public var hasWaitingLines: Bool { !waiting.isEmpty }

    // MARK: - Lines

    /// A line arrived: it is answered now, or started, or waits its turn.
    public func receive(_ line: IncomingLine) {
        eventLoop.assertInEventLoop()
        guard !over else { return }
        if busy || !waiting.isEmpty || transport?.isWritable == false {
            waiting.append(line)
        } else {
            take(line)
        }
    }

    /// No more lines come: the conversation ends after the last one received is answered.
    public func endOfInput() {
        eventLoop.assertInEventLoop()
        inputEnded = true
        if !busy, waiting.isEmpty { end() }
    }

    /// The server is stopping: the connection hears so once, in its mode (after the reply to a job in hand, so that
    /// reply comes first), then the lines already received are answered and the conversation ends.
    public func serverStopping() {
        eventLoop.assertInEventLoop()
        guard !over, stopping == nil else { return }
        if busy {
            stopping = .pending
        } else {
            stopping = .told
            transport?.write(stoppingNotice)
            transport?.flush()
        }
        endOfInput()
    }

    /// The client takes replies again: the lines that waited for it are taken.
    public func writable() {
        eventLoop.assertInEventLoop()
        guard !busy else { return }
        takeWaiting()
        transport?.flush()
    }

    /// No login within `seconds`: said now, in the connection's mode, and the conversation ends; or, with a job in
    /// hand (a login on a slow machine, say), after its reply unless it logged in.
    public func loginTimeout(after seconds: Int) {
        eventLoop.assertInEventLoop()
        guard !over, !identified else { return }
        guard !busy else {
            loginTimedOut = seconds
            return
        }
        transport?.write(loginTimeoutNotice(after: seconds))
        end()
    }

    /// Starts the job of `line`, and finishes it at once when it needs nothing more.
    private func take(_ line: IncomingLine) {
        switch pipeline.take(line, session: &session) {
        case .done(let reply):
            // No event waits for this reply: one that arrived meanwhile is on its way (``writeWaitingEvents()``).
            finish(reply, events: false)
        case .change(let change):
            busy = true
            let me = NIOLoopBound(self, eventLoop: eventLoop)
            pipeline.perform(change) { result in
                me.eventLoop.execute {
                    let me = me.value
                    switch me.pipeline.finish(change, result, session: me.session) {
                    case .done(let reply): me.finishAsync(reply)
                    case .task(let work): me.start(work)
                    case .change: preconditionFailure("a change ends in a reply or in work")
                    }
                }
            }
        case .task(let work):
            busy = true
            start(work)
        }
    }

    /// Awaits `work` in a task of its own, and finishes the job with its reply.
    private func start(_ work: Pipeline.Work) {
        let me = NIOLoopBound(self, eventLoop: eventLoop)
        let (pipeline, session) = (pipeline, session)
        // A task of its own for each: a task keeps the memory its deepest call ever needed until it ends.
        Task(executorPreference: executor) {
            let (reply, session) = await pipeline.run(work, session: session)
            me.onLoop { me in
                me.session = session
                me.finishAsync(reply)
            }
        }
    }

    /// The job in hand ended with `reply`, away from the read that brought its line: written, and sent.
    private func finishAsync(_ reply: [UInt8]?) {
        finish(reply, events: true)
        transport?.flush()
    }

    /// Every job ends here: its reply, then (with `events`, for a job that did not end as its line arrived) the events
    /// held while it ran, then (when it logged in) what waited for the account, which is a job of its own; then the
    /// next line.
    private func finish(_ reply: [UInt8]?, events: Bool) {
        guard !over else { return }
        recount()
        if !toldIdentified, identified {
            toldIdentified = true
            transport?.identified()
        }
        if let reply { transport?.write(reply) }
        if events || session.account?.id != attached {
            // The events of an account this line logged out of (or whose login lapsed) are not its.
            let loggedOut = attached != nil && session.account == nil
            let held = outbox.take()
            if !loggedOut { writeEvents(held) }
        }
        if bridge == nil, let name = session.bridge {
            bridge = name
            pipeline.presence.attachBridge(outbox, connection: connection, name: name)
        }
        if session.account?.id != attached {
            if let old = attached { pipeline.presence.detach(connection: connection, from: old) }
            attached = session.account?.id
            if let new = attached, let account = session.account {
                pipeline.presence.attach(outbox, connection: connection, to: new)
                return arrive(account)
            }
        }
        next()
    }

    /// What waited for an account that just logged in, as a job of its own: what came while they were away, then
    /// today's reminders that reached no one, if any still hold, then the live events that came meanwhile.
    private func arrive(_ account: Account) {
        busy = true
        let me = NIOLoopBound(self, eventLoop: eventLoop)
        let pipeline = pipeline
        Task(executorPreference: executor) {
            let kept = try? await pipeline.presence.offlineDelivery(for: account.id)
            let missed = try? await pipeline.missedReminders(for: account, now: pipeline.configuration.clock())
            me.onLoop { me in
                guard !me.over else { return }
                for event in [kept, missed].compactMap(\.self) {
                    me.transport?.write(Array(event.rendered(mode: me.session.mode, plain: me.session.plain).utf8))
                }
                // Held while this job was in hand: no later wake would write them.
                me.writeEvents(me.outbox.take())
                me.next()
                me.transport?.flush()
            }
        }
    }

    /// The job in hand is done: the conversation ends if it is to, or takes the lines that waited.
    private func next() {
        busy = false
        if stopping == .pending {
            stopping = .told
            transport?.write(stoppingNotice)
        }
        if session.closing { return end() }
        if let seconds = loginTimedOut, !identified {
            transport?.write(loginTimeoutNotice(after: seconds))
            return end()
        }
        takeWaiting()
    }

    /// Takes the lines that waited, in order, until one is in hand or the client stops taking replies.
    private func takeWaiting() {
        while !busy, !over, transport?.isWritable != false, let line = waiting.popFirst() { take(line) }
        guard !busy, !over, waiting.isEmpty else { return }
        if inputEnded { return end() }
        transport?.caughtUp()
    }

    private func end() {
        guard !over else { return }
        over = true
        waiting.removeAll()
        transport?.ended()
    }

    // MARK: - Events

    /// Writes the events that wait, unless a job is in hand (its ``finish(_:events:)`` writes them after its reply).
    private func writeWaitingEvents() {
        guard !busy, !over else { return }
        let events = outbox.take()
        guard !events.isEmpty, pipeline.loginHolds(&session) else { return }
        writeEvents(events)
        transport?.flush()
    }

    private func writeEvents(_ events: [Event]) {
        for event in events {
            transport?.write(Array(event.rendered(mode: session.mode, plain: session.plain).utf8))
        }
    }

    /// What the server says before it closes a connection that did not log in within `seconds`, in the connection's
    /// mode.
    func loginTimeoutNotice(after seconds: Int) -> [UInt8] {
        let closing = Event(
            kind: "closing",
            toasts: [Toast(.error, "No login within \(seconds) seconds, so this connection is closing. Connect again when you're ready.")])
        return Array(closing.rendered(mode: session.mode, plain: session.plain).utf8)
    }

    /// What every connection hears when the server stops, in the connection's mode (JSON: a `shutdown` event).
    var stoppingNotice: [UInt8] {
        let notice = Event(
            kind: "shutdown", toasts: [Toast(.warning, "Habitat is restarting — everything you did is saved. Reconnect in a minute.")])
        return Array(notice.rendered(mode: session.mode, plain: session.plain).utf8)
    }

    /// The connection ended: nothing more is written, and no event is sent to it any more.
    public func close() {
        eventLoop.assertInEventLoop()
        over = true
        transport = nil
        waiting.removeAll()
        outbox.stopWaking()
        recount(ended: true)
        if let attached { pipeline.presence.detach(connection: connection, from: attached) }
        if let bridge { pipeline.presence.detachBridge(connection: connection, name: bridge) }
    }
}

extension NIOLoopBound {
    /// Runs `body` with the value on its event loop: now when this is that loop's thread (awaited work resumes there),
    /// else as soon as the loop gets to it.
    func onLoop(_ body: @escaping @Sendable (Value) -> Void) {
        if eventLoop.inEventLoop {
            body(value)
        } else {
            eventLoop.execute { body(self.value) }
        }
    }
}
