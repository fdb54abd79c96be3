#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LineFraming
import NIOCore
import NIOPosix

/// Monotonic time in nanoseconds.
@inline(__always)
func nowNanos() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
}

enum BenchError: Error, CustomStringConvertible {
    case connectionClosed
    /// The server turned the connection away with this line.
    case serverBusy(String)
    case setUp(String)
    case cannotConnect(host: String, port: Int, reason: String, target: Target)
    /// Connected, but the server's greeting never came.
    case noGreeting(seconds: Int64)

    var description: String {
        switch self {
        case .connectionClosed: "the server closed the connection"
        case .serverBusy(let line) where line.contains("your address"):
            "the server turned a connection away: \(line) It limits connections per address; measuring from one "
                + "machine, start it with --max-per-address 0 --max-unauthenticated-per-address 0."
        case .serverBusy(let line): "the server turned a connection away: \(line)"
        case .setUp(let message): message
        case .cannotConnect(let host, let port, let reason, let target):
            "can't connect to \(host):\(port) (\(reason)). Is \(target.serverName) running there? (--host, --port)"
        case .noGreeting(let seconds):
            "a connection got no greeting within \(seconds) s of connecting. A Habitat server greets each connection it "
                + "accepts, so this one was not accepted: with many connecting at once, the server's queue of connections "
                + "to accept may have overflowed (`nstat -az TcpExtListenOverflows` counts them)."
        }
    }

    /// Why a connection could not be made, in the system's words ("Connection refused").
    static func reason(_ error: any Error) -> String {
        if let error = error as? NIOConnectionError, let first = error.connectionErrors.first {
            return reason(first.error)
        }
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)) }
        if case .connectTimeout(let limit)? = error as? ChannelError { return "no answer in \(limit.nanoseconds / 1_000_000_000) s" }
        return "\(error)"
    }
}

/// What a JSON reply line says, found by byte search (no JSON parsing).
enum ReplyScan {
    private static let okTrue = Array(#""ok":true"#.utf8)
    private static let okFalse = Array(#""ok":false"#.utf8)
    private static let codeKey = Array(#""code":""#.utf8)

    /// Whether the line is a reply (a JSON object that is not an event).
    @inline(__always)
    static func isReply(_ line: ByteBuffer) -> Bool {
        line.withUnsafeReadableBytes { bytes in
            guard bytes.count >= 2, bytes[0] == UInt8(ascii: "{") else { return false }
            // `{"event"` marks a line the server sent on its own.
            if bytes.count >= 8, bytes[2] == UInt8(ascii: "e"), bytes[1] == UInt8(ascii: "\""),
                bytes[3] == UInt8(ascii: "v"), bytes[4] == UInt8(ascii: "e"), bytes[5] == UInt8(ascii: "n")
            {
                return false
            }
            return true
        }
    }

    /// `true` for `"ok":true`, `false` for `"ok":false`, `nil` when neither is there.
    static func ok(_ line: ByteBuffer) -> Bool? {
        line.withUnsafeReadableBytes { bytes in
            if find(okTrue, in: bytes, limit: 256) != nil { return true }
            if find(okFalse, in: bytes, limit: 256) != nil { return false }
            return nil
        }
    }

    /// The `code` of an error reply.
    static func code(_ line: ByteBuffer) -> String? {
        line.withUnsafeReadableBytes { bytes -> String? in
            guard let start = find(codeKey, in: bytes, limit: bytes.count) else { return nil }
            let from = start + codeKey.count
            var end = from
            while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[from..<end]), as: UTF8.self)
        }
    }

    @inline(__always)
    static func find(_ needle: [UInt8], in bytes: UnsafeRawBufferPointer, limit: Int) -> Int? {
        let n = needle.count
        let last = min(bytes.count, limit) - n
        guard last >= 0 else { return nil }
        let first = needle[0]
        var index = 0
        while index <= last {
            if bytes[index] == first {
                var matched = 1
                while matched < n, bytes[index + matched] == needle[matched] { matched += 1 }
                if matched == n { return index }
            }
            index += 1
        }
        return nil
    }
}

/// Receives the reply lines of the connections that carry measured load.
protocol ReplySink: AnyObject {
    func reply(on connection: Connection, kind: UInt8, sentAt: UInt64, line: ByteBuffer, at now: UInt64)
    func closed(_ connection: Connection, unanswered: Int)
}

/// One TCP connection to the server (a Habitat server, or a Redis server for comparison). All its state lives on its
/// channel's event loop: methods that say so must be called there; the async ones hop there themselves.
/// Unchecked `Sendable`: its state is touched only on its channel's event loop.
final class Connection: @unchecked Sendable {
    private struct Pending {
        var sentAt: UInt64
        var kind: UInt8
        var promise: EventLoopPromise<ByteBuffer>?
        /// For ``timedRequest(_:)``: the reply and the nanoseconds from writing the request to reading it.
        var timed: EventLoopPromise<(ByteBuffer, UInt64)>? = nil
    }

    let eventLoop: any EventLoop
    let target: Target
    fileprivate(set) var channel: (any Channel)!
    private var pending = CircularBuffer<Pending>(initialCapacity: 16)
    private var greeting: EventLoopPromise<Void>?
    /// Settles with the server's first line: kept apart from `greeting`, which is let go once settled.
    private let greetingSettled: EventLoopFuture<Void>
    private var isClosed = false
    /// Set while measured load runs; replies then go to it instead of promises.
    var sink: (any ReplySink)?
    /// Which load-carrying user this connection is logged in as (an index into the run's users).
    var userIndex = 0
    /// Called (on the event loop) with each line the server sends on its own after its greeting: an event.
    var onEvent: ((ByteBuffer) -> Void)?

    init(eventLoop: any EventLoop, target: Target = .habitat) {
        self.eventLoop = eventLoop
        self.target = target
        if target.greets {
            let greeting = eventLoop.makePromise(of: Void.self)
            self.greeting = greeting
            self.greetingSettled = greeting.futureResult
        } else {
            self.greetingSettled = eventLoop.makeSucceededVoidFuture()
        }
    }

    /// Opens a connection with TCP_NODELAY, the line decoder and the reply matcher, and returns once the server greeted
    /// it (or fails with what the server said when it turned it away); a Redis server, which does not greet, once
    /// connected. `from` binds the local end to that address (port
    /// chosen by the system): connections spread over several local addresses (127.0.0.2, 127.0.0.3, …) are not limited
    /// to one address's ephemeral ports.
    static func connect(
        host: String, port: Int, target: Target = .habitat, from local: SocketAddress? = nil, on eventLoop: any EventLoop
    ) async throws -> Connection {
        let connection = Connection(eventLoop: eventLoop, target: target)
        do {
            var bootstrap = ClientBootstrap(group: eventLoop)
            if let local { bootstrap = bootstrap.bind(to: local) }
            _ = try await bootstrap
                .channelOption(.socketOption(.tcp_nodelay), value: 1)
                .connectTimeout(.seconds(30))
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        connection.channel = channel
                        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineFrameDecoder<ByteBuffer>.bytes))
                        try channel.pipeline.syncOperations.addHandler(ReplyHandler(connection: connection))
                    }
                }
                .connect(host: host, port: port)
                .get()
        } catch {
            // No greeting will come: settle its promise, which NIO requires of every promise it made.
            try? await eventLoop.submit { connection.ended() }.get()
            throw BenchError.cannotConnect(host: host, port: port, reason: BenchError.reason(error), target: target)
        }
        try await connection.greeted()
        return connection
    }

    /// Completes when the server's first line arrived (it accepted us), fails if it turned us away or said nothing for
    /// `greetingTimeout`: a connection the server never accepted looks open from here, and would wait forever.
    private func greeted() async throws {
        let deadline = eventLoop.scheduleTask(in: .seconds(Self.greetingTimeout)) { self.noGreeting() }
        defer { deadline.cancel() }
        try await greetingSettled.get()
    }

    /// How long a connection waits for the server's greeting, in seconds (the server greets as it accepts).
    static let greetingTimeout: Int64 = 60

    /// Sends one request line and returns its reply line.
    func request(_ line: String) async throws -> ByteBuffer {
        try await eventLoop.flatSubmit { () -> EventLoopFuture<ByteBuffer> in
            let promise = self.eventLoop.makePromise(of: ByteBuffer.self)
            guard !self.isClosed else {
                promise.fail(BenchError.connectionClosed)
                return promise.futureResult
            }
            self.pending.append(Pending(sentAt: nowNanos(), kind: 0, promise: promise))
            var buffer = self.channel.allocator.buffer(capacity: line.utf8.count + 1)
            buffer.writeString(line)
            buffer.writeInteger(UInt8(ascii: "\n"))
            self.channel.writeAndFlush(buffer, promise: nil)
            return promise.futureResult
        }.get()
    }

    /// Sends one request line and returns its reply line and the nanoseconds from writing the request to reading the
    /// reply, both taken on the event loop (so the time waiting for the caller's task to run is not counted).
    func timedRequest(_ line: String) async throws -> (ByteBuffer, UInt64) {
        try await eventLoop.flatSubmit { () -> EventLoopFuture<(ByteBuffer, UInt64)> in
            let promise = self.eventLoop.makePromise(of: (ByteBuffer, UInt64).self)
            guard !self.isClosed else {
                promise.fail(BenchError.connectionClosed)
                return promise.futureResult
            }
            self.pending.append(Pending(sentAt: nowNanos(), kind: 0, promise: nil, timed: promise))
            var buffer = self.channel.allocator.buffer(capacity: line.utf8.count + 1)
            buffer.writeString(line)
            buffer.writeInteger(UInt8(ascii: "\n"))
            self.channel.writeAndFlush(buffer, promise: nil)
            return promise.futureResult
        }.get()
    }

    /// Sends `count` lines, keeping at most `window` unanswered; returns how many replies were
    /// `"ok":true` and the codes of the others. `make(i)` gives the i-th line, newline included.
    func pipelined(count: Int, window: Int, _ make: @escaping @Sendable (Int) -> ByteBuffer) async throws -> Burst.Result {
        try await eventLoop.flatSubmit { () -> EventLoopFuture<Burst.Result> in
            let burst = Burst(connection: self, count: count, window: window, make: make)
            self.sink = burst
            burst.start()
            return burst.done.futureResult.always { _ in self.sink = nil }
        }.get()
    }

    /// Sends a pre-encoded load request (on the event loop).
    @inline(__always)
    func send(_ buffer: ByteBuffer, kind: UInt8, flush: Bool) -> Bool {
        guard !isClosed else { return false }
        pending.append(Pending(sentAt: nowNanos(), kind: kind, promise: nil))
        if flush {
            channel.writeAndFlush(buffer, promise: nil)
        } else {
            channel.write(buffer, promise: nil)
        }
        return true
    }

    func flush() { channel.flush() }

    func close() async {
        try? await eventLoop.flatSubmit { () -> EventLoopFuture<Void> in
            self.channel.close()
        }.get()
    }

    // MARK: Called by the handler, on the event loop.

    fileprivate func received(_ line: ByteBuffer) {
        guard target.isReply(line) else {
            if let greeting, !line.readableBytesView.isEmpty {
                self.greeting = nil
                // A full server answers the connection with one error line instead of the greeting.
                if line.readableBytesView.starts(with: "❌".utf8) {
                    let said = String(decoding: line.readableBytesView, as: UTF8.self)
                    greeting.fail(BenchError.serverBusy(String(said.dropFirst(2))))
                } else {
                    greeting.succeed()
                }
            } else if greeting == nil, let onEvent, !line.readableBytesView.isEmpty {
                onEvent(line)
            }
            return
        }
        guard let request = pending.popFirst() else { return }
        if let promise = request.promise {
            promise.succeed(line)
        } else if let timed = request.timed {
            timed.succeed((line, nowNanos() &- request.sentAt))
        } else if let sink {
            sink.reply(on: self, kind: request.kind, sentAt: request.sentAt, line: line, at: nowNanos())
        }
    }

    /// No greeting came in time: the wait for it fails, and the connection is closed.
    private func noGreeting() {
        guard let greeting else { return }
        self.greeting = nil
        greeting.fail(BenchError.noGreeting(seconds: Self.greetingTimeout))
        channel?.close(promise: nil)
    }

    /// The peer closed the connection, or it was never made: whatever waits on it fails.
    fileprivate func ended() {
        guard !isClosed else { return }
        isClosed = true
        greeting?.fail(BenchError.connectionClosed)
        greeting = nil
        var unanswered = 0
        while let request = pending.popFirst() {
            if let promise = request.promise {
                promise.fail(BenchError.connectionClosed)
            } else if let timed = request.timed {
                timed.fail(BenchError.connectionClosed)
            } else {
                unanswered += 1
            }
        }
        sink?.closed(self, unanswered: unanswered)
    }
}

private final class ReplyHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    let connection: Connection

    init(connection: Connection) {
        self.connection = connection
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        connection.received(unwrapInboundIn(data))
    }

    func channelInactive(context: ChannelHandlerContext) {
        connection.ended()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}

/// A JSON-request line: `{"text":"…"}` (the command text needs no escaping in what the bench sends).
func jsonRequest(_ text: String) -> String {
    var escaped = ""
    for character in text.unicodeScalars {
        switch character {
        case "\"": escaped += "\\\""
        case "\\": escaped += "\\\\"
        default: escaped.unicodeScalars.append(character)
        }
    }
    return #"{"text":""# + escaped + #""}"#
}

/// Reads a reply for set-up: ok, or the error code.
struct SetUpReply {
    let ok: Bool
    let code: String?
    let text: String

    init(_ line: ByteBuffer) {
        ok = ReplyScan.ok(line) == true
        code = ok ? nil : ReplyScan.code(line)
        text = String(buffer: line)
    }
}

/// Many lines on one connection with a bounded window (set-up work such as filling a ledger).
/// Unchecked `Sendable`: its state is touched only on its connection's event loop.
final class Burst: ReplySink, @unchecked Sendable {
    struct Result: Sendable {
        var ok = 0
        var failed: [String: Int] = [:]
    }

    let connection: Connection
    let count: Int
    let window: Int
    let make: @Sendable (Int) -> ByteBuffer
    let done: EventLoopPromise<Result>
    private var sent = 0
    private var answered = 0
    private var result = Result()

    init(connection: Connection, count: Int, window: Int, make: @escaping @Sendable (Int) -> ByteBuffer) {
        self.connection = connection
        self.count = count
        self.window = max(1, window)
        self.make = make
        self.done = connection.eventLoop.makePromise()
    }

    func start() {
        if count == 0 { done.succeed(result) } else { sendMore() }
    }

    private func sendMore() {
        var wrote = false
        while sent < count, sent - answered < window {
            guard connection.send(make(sent), kind: 0, flush: false) else { break }
            sent += 1
            wrote = true
        }
        if wrote { connection.flush() }
    }

    func reply(on connection: Connection, kind: UInt8, sentAt: UInt64, line: ByteBuffer, at now: UInt64) {
        answered += 1
        if ReplyScan.ok(line) == true {
            result.ok += 1
        } else {
            result.failed[ReplyScan.code(line) ?? "unreadable", default: 0] += 1
        }
        if answered == count {
            done.succeed(result)
        } else if sent - answered <= window / 2 {
            sendMore()
        }
    }

    func closed(_ connection: Connection, unanswered: Int) {
        done.fail(BenchError.connectionClosed)
    }
}
