import HabitatApp
import LineFraming
import NIOCore
import NIOPosix

/// A connection without a socket: a ``Conversation`` on an event loop of its own, given lines one at a time as a
/// client would send them, with what it writes for each kept as text.
struct TestConnection: Sendable {
    let eventLoop: any EventLoop
    private let conversation: NIOLoopBound<Conversation>
    private let transport: NIOLoopBound<Recorder>

    /// What the conversation asks of its connection, recorded.
    final class Recorder: ConversationTransport {
        var written: [String] = []
        var isWritable = true
        private(set) var over = false
        /// Completed when every line received is answered, or the conversation ended.
        var answered: EventLoopPromise<Void>?

        func write(_ bytes: [UInt8]) { written.append(String(decoding: bytes, as: UTF8.self)) }
        func flush() {}
        func identified() {}
        func caughtUp() { answered?.succeed() }
        func ended() {
            over = true
            answered?.succeed()
        }
    }

    /// Connection number `connection` of `application`, greeted.
    init(_ application: Application, connection: Int = 1) async throws {
        let eventLoop = MultiThreadedEventLoopGroup.singleton.next()
        (conversation, transport) = try await eventLoop.submit {
            let conversation = application.conversation(on: eventLoop)
            let recorder = Recorder()
            conversation.begin(connection: connection, transport: recorder)
            recorder.written = []
            return (NIOLoopBound(conversation, eventLoop: eventLoop), NIOLoopBound(recorder, eventLoop: eventLoop))
        }.get()
        self.eventLoop = eventLoop
    }

    /// What the connection writes for `line` (its reply, then any events and what waited for a login), each write as
    /// text, and whether the conversation ended after it.
    func answer(_ line: IncomingLine) async throws -> (written: [String], closing: Bool) {
        let (conversation, transport) = (conversation, transport)
        return try await eventLoop.flatSubmit {
            let recorder = transport.value
            recorder.written = []
            recorder.answered = eventLoop.makePromise()
            let answered = recorder.answered!.futureResult
            conversation.value.receive(line)
            return answered.map { (transport.value.written, transport.value.over) }
        }.get()
    }

    /// What the connection writes for `line`, each write as text.
    func say(_ line: String) async throws -> [String] {
        try await answer(.text(line)).written
    }

    /// The greeting, as the connection wrote it when it began.
    static func greeting(of application: Application) async throws -> String {
        let eventLoop = MultiThreadedEventLoopGroup.singleton.next()
        return try await eventLoop.submit {
            let recorder = Recorder()
            application.conversation(on: eventLoop).begin(connection: 1, transport: recorder)
            return recorder.written.joined()
        }.get()
    }

    /// The session as it stands between lines.
    var session: Session {
        get async throws {
            let conversation = conversation
            return try await eventLoop.submit { conversation.value.session }.get()
        }
    }

    /// Whether the connection is someone's yet: logged in, or a bridge.
    var identified: Bool {
        get async throws {
            let conversation = conversation
            return try await eventLoop.submit { conversation.value.identified }.get()
        }
    }
}
