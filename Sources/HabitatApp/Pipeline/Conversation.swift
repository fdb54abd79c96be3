import Foundation
import HabitatCommands
import HabitatEngine
import LineFraming

/// One connection's side of the conversation with the server: its session, the events meant for it, and whose
/// they are (the account it is logged in as, or the bridge it speaks for).
///
/// The transport gives it the connection's lines and writes what it says. It is used on the connection's own
/// thread only: the transport's handler reads and plans a line (``Pipeline/start(_:session:)``) only while the
/// connection's task has none in hand, and the task answers lines (``answer(_:planned:write:)``) one at a time,
/// so the two never overlap. Plain stored properties rather than a checked box: the task passes `session` as
/// `inout` across its awaits, which keeps the task's stack (kept for the life of the connection) free of copies.
public final class Conversation: @unchecked Sendable {
    public let pipeline: Pipeline
    public var session: Session
    /// The events meant for this connection, held while a line is answered.
    let outbox = Outbox()
    private var connection = 0
    /// The account whose events this connection receives, once logged in.
    private var attached: Int64?
    /// The bridge this connection speaks for, once it said so.
    private var bridge: String?
    /// What this connection adds to the metrics' gauges now: `nil` before it began and after it ended.
    private var counted: ConnectionFigures?

    init(pipeline: Pipeline) {
        self.pipeline = pipeline
        // The session is set when the connection is counted (``begin(connection:)``): its name needs the number.
        self.session = Session(id: "", rateLimit: pipeline.configuration.rateLimit, now: pipeline.configuration.clock())
    }

    /// The connection was counted as the server's `connection`th: its session starts now.
    public func begin(connection: Int) {
        self.connection = connection
        session = Session(id: "c\(connection)", rateLimit: pipeline.configuration.rateLimit, now: pipeline.configuration.clock())
        recount()
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

    /// What the server says first.
    public var greeting: [UInt8] { Array(Pipeline.greeting.text(plain: false).utf8) }

    /// Whether the connection is someone's yet: logged in, or a bridge. Until then it may be closed for not logging in.
    /// True as soon as the line that logs in is answered, before its reply is written: a client told "Welcome" may open
    /// another connection at once.
    public var identified: Bool { attached != nil || bridge != nil || session.account != nil || session.bridge != nil }

    /// What the server says before it closes a connection that did not log in within `seconds`, in the connection's
    /// mode.
    public func loginTimeoutNotice(after seconds: Int) -> [UInt8] {
        let closing = Event(
            kind: "closing",
            toasts: [Toast(.error, "No login within \(seconds) seconds, so this connection is closing. Connect again when you're ready.")])
        return Array(closing.rendered(mode: session.mode, plain: session.plain).utf8)
    }

    /// Answers a line the connection's task took, with its plan if it was planned as it arrived: its reply, then the
    /// events held while it ran, then (when it logged in) what waited for the account. `write` writes each.
    /// Returns whether the connection is to close (`quit`).
    public func answer(_ line: IncomingLine, planned: Pipeline.Planned?, write: ([UInt8]) async throws -> Void) async throws -> Bool {
        outbox.hold()
        let reply = await pipeline.respond(to: line, planned: planned, session: &session)
        recount()
        if let reply { try await write(reply) }
        let events = outbox.release(mode: session.mode, plain: session.plain)
        // The events of an account this line logged out of (or whose login lapsed) are not its.
        let loggedOut = attached != nil && session.account == nil
        if !loggedOut {
            for event in events { try await write(Array(event.utf8)) }
        }
        if bridge == nil, let name = session.bridge {
            bridge = name
            pipeline.presence.attachBridge(outbox, connection: connection, name: name)
        }
        if session.account?.id != attached {
            if let old = attached { pipeline.presence.detach(connection: connection, from: old) }
            attached = session.account?.id
            if let new = attached {
                pipeline.presence.attach(outbox, connection: connection, to: new)
                // What waited while they were away comes right after the login reply.
                if let kept = try? await pipeline.presence.offlineDelivery(for: new) {
                    try await write(Array(kept.rendered(mode: session.mode, plain: session.plain).utf8))
                }
                // Then today's reminders that reached no one, if any still hold.
                if let account = session.account, let missed = try? await pipeline.missedReminders(for: account, now: pipeline.configuration.clock()) {
                    try await write(Array(missed.rendered(mode: session.mode, plain: session.plain).utf8))
                }
            }
        }
        return session.closing
    }

    /// Wakes the connection's event writer when events wait and no line is being answered.
    public var eventsWaiting: AsyncStream<Void> { outbox.wakes }

    /// The events waiting while no line is being answered, rendered in the connection's mode; none for a login that
    /// lapsed when its password was changed on another connection. Called between lines, when the session is free.
    public func waitingEvents() -> [String] {
        let events = outbox.takeIfIdle()
        guard !events.isEmpty, pipeline.loginHolds(&session) else { return [] }
        return events
    }

    /// The connection is closing: no more events wake its writer.
    public func stopEvents() { outbox.finish() }

    /// The connection ended: no event is sent to it any more.
    public func end() {
        recount(ended: true)
        if let attached { pipeline.presence.detach(connection: connection, from: attached) }
        if let bridge { pipeline.presence.detachBridge(connection: connection, name: bridge) }
    }
}
