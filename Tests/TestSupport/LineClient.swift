import Foundation
import LineFraming
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL

/// A test client of the line protocol over real TCP: send lines, read lines and whole replies.
public actor LineClient {
    public let channel: any Channel
    private var lines: AsyncStream<String>.AsyncIterator
    private let collector: LineCollector
    /// Lines this client has read.
    private var read = 0
    /// The last line sent, and whether the connection was closed for a silent server: what a failure says.
    private var lastSent: String?
    private let silenced = NIOLockedValueBox(false)
    static let timeout = TimeAmount.seconds(60)

    private init(channel: any Channel, lines: AsyncStream<String>, collector: LineCollector) {
        self.channel = channel
        self.lines = lines.makeAsyncIterator()
        self.collector = collector
    }

    /// Connects (over TLS with `tls`, checking the certificate is for `localhost`), from the loopback address `from`
    /// when given (Linux routes all of 127.0.0.0/8 to loopback: each is an address of its own to the server).
    public static func connect(
        port: Int, readGreeting: Bool = true, tls: NIOSSLContext? = nil, from: String? = nil
    ) async throws -> LineClient {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        let collector = LineCollector(continuation: continuation)
        var bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        if let from { bootstrap = bootstrap.bind(to: try SocketAddress(ipAddress: from, port: 0)) }
        let channel = try await bootstrap
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls {
                        try channel.pipeline.syncOperations.addHandler(
                            NIOSSLClientHandler(context: tls, serverHostname: "localhost"))
                    }
                    try channel.pipeline.syncOperations.addHandler(
                        ByteToMessageHandler(LineFrameDecoder(maximumLength: 1 << 20)))
                    try channel.pipeline.syncOperations.addHandler(collector)
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        let client = LineClient(channel: channel, lines: stream, collector: collector)
        if readGreeting { _ = try await client.readReply() }
        return client
    }

    /// Connects (over TLS with `tls`, from `from` when given), registers `name`, and returns the logged-in client.
    public static func registered(
        _ name: String, password: String = "correct-horse", port: Int, tls: NIOSSLContext? = nil, from: String? = nil
    ) async throws -> LineClient {
        let client = try await connect(port: port, tls: tls, from: from)
        try await client.expectReply(to: "register \(name) \(password)", startsWith: "✅ Welcome to Habitat, \(name)!")
        return client
    }

    public func send(_ line: String) async throws {
        lastSent = line
        try await sendRaw(Array((line + "\n").utf8))
    }

    public func sendRaw(_ bytes: [UInt8]) async throws {
        try await channel.writeAndFlush(ByteBuffer(bytes: bytes))
    }

    /// The next line, or `nil` when the server closed the connection. A silent server fails the test
    /// after a while (the connection is closed) instead of hanging it.
    public func readLine() async throws -> String? {
        let channel = self.channel
        let (collector, read, silenced) = (self.collector, self.read, self.silenced)
        // Closed when the server said nothing: not when its line came and this task waited for a turn to read it (a
        // machine whose test threads are all busy).
        let watchdog = channel.eventLoop.scheduleTask(in: Self.timeout) {
            if collector.received.withLockedValue({ $0 }) <= read {
                silenced.withLockedValue { $0 = true }
                channel.close(promise: nil)
            }
        }
        defer { watchdog.cancel() }
        var lines = self.lines
        let line = await lines.next(isolation: self)
        self.lines = lines
        if line != nil { self.read += 1 }
        return line
    }

    /// One reply: a JSON line, or text lines up to the empty line that ends them (not included).
    public func readReply() async throws -> [String] {
        guard let first = try await readLine() else {
            let why = silenced.withLockedValue { $0 } ? "nothing came for \(Self.timeout.nanoseconds / 1_000_000_000) s" : "the server closed it"
            throw TestFailure("connection closed before a reply (\(why); last sent: \(lastSent.map { "'\($0)'" } ?? "nothing"))")
        }
        if first.hasPrefix("{") { return [first] }
        var reply = [first]
        while let line = try await readLine(), !line.isEmpty { reply.append(line) }
        return reply
    }

    /// Sends a line and returns its reply.
    public func reply(to line: String) async throws -> [String] {
        try await send(line)
        return try await readReply()
    }

    /// Sends a line and returns its reply as JSON.
    public func json(_ line: String) async throws -> JSONReply {
        let reply = try await self.reply(to: line)
        return try JSONReply(reply[0])
    }

    @discardableResult
    public func expectReply(to line: String, startsWith prefix: String) async throws -> [String] {
        let reply = try await self.reply(to: line)
        guard reply.first?.hasPrefix(prefix) == true else {
            throw TestFailure("'\(line)' answered \(reply), expected it to start with \(prefix)")
        }
        return reply
    }

    public func close() async {
        try? await channel.close()
    }
}

/// A JSON reply line, parsed with Foundation so the server's encoder is checked by someone else's decoder.
public struct JSONReply: @unchecked Sendable {
    public let line: String
    public let object: [String: Any]

    public init(_ line: String) throws {
        self.line = line
        guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw TestFailure("not a JSON object: \(line)")
        }
        self.object = object
    }

    public var ok: Bool? { object["ok"] as? Bool }
    public var code: String? { object["code"] as? String }
    public var text: String? { object["text"] as? String }
    public var type: String? { object["type"] as? String }
    public var data: [String: Any]? { object["data"] as? [String: Any] }
    public func int(_ key: String) -> Int? { (data?[key] as? NSNumber)?.intValue }
}

final class LineCollector: ChannelInboundHandler, Sendable {
    typealias InboundIn = LineFrame
    let continuation: AsyncStream<String>.Continuation
    /// Lines the server sent.
    let received = NIOLockedValueBox(0)

    init(continuation: AsyncStream<String>.Continuation) { self.continuation = continuation }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .line(let buffer) = unwrapInboundIn(data) {
            received.withLockedValue { $0 += 1 }
            continuation.yield(String(decoding: buffer.readableBytesView, as: UTF8.self))
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        continuation.finish()
        context.fireChannelInactive()
    }
}

