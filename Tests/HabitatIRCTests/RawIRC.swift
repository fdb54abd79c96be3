import LineFraming
import NIOCore
import NIOPosix
import TestSupport

@testable import HabitatIRC
import HabitatBridgeKit

/// A plain IRC user for integration tests: registers with a nick, sends raw lines, waits for matching messages
/// (answering PING while it reads).
actor RawIRC {
    let nick: String
    private let channel: any Channel
    private var lines: AsyncStream<String>.AsyncIterator

    private init(nick: String, channel: any Channel, lines: AsyncStream<String>) {
        self.nick = nick
        self.channel = channel
        self.lines = lines.makeAsyncIterator()
    }

    static func connect(port: Int, nick: String) async throws -> RawIRC {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        ByteToMessageHandler(LineFrameDecoder.text(maximumLength: 8703)))
                    try channel.pipeline.syncOperations.addHandler(LineSink(continuation: continuation))
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        let client = RawIRC(nick: nick, channel: channel, lines: stream)
        try await client.send("NICK \(nick)")
        try await client.send("USER \(nick) 0 * :\(nick)")
        _ = try await client.next { $0.command == "001" }
        return client
    }

    func send(_ line: String) async throws {
        try await channel.writeAndFlush(ByteBuffer(string: line + "\r\n"))
    }

    /// The next message matching `predicate`; fails when none comes within 60 s (a loaded machine can be slow).
    func next(where predicate: (IRCMessage) -> Bool) async throws -> IRCMessage {
        let channel = self.channel
        let watchdog = channel.eventLoop.scheduleTask(in: .seconds(60)) { channel.close(promise: nil) }
        defer { watchdog.cancel() }
        var lines = self.lines
        defer { self.lines = lines }
        while let line = await lines.next(isolation: self) {
            guard let message = IRCMessage(line: line) else { continue }
            if message.command == "PING" {
                try await send(IRCMessage(command: "PONG", parameters: message.parameters).line)
            }
            if predicate(message) { return message }
        }
        throw TestFailure("\(nick): connection closed while waiting")
    }

    /// The next PRIVMSG from `nick` to `target`, its text.
    func privmsg(from nick: String, to target: String) async throws -> String {
        try await next { $0.command == "PRIVMSG" && $0.source?.nick == nick && $0.parameters.first == target }
            .parameters[1]
    }

    /// Joins `channel` and returns once `nick` is there too.
    func join(_ channel: String, waitingFor nick: String) async throws {
        try await send("JOIN \(channel)")
        _ = try await next { message in
            let names = message.command == "353" ? message.parameters.last?.split(separator: " ") ?? [] : []
            return names.contains { $0.drop { "~&@%+".contains($0) } == nick }
                || (message.command == "JOIN" && message.source?.nick == nick)
        }
    }

    func close() async {
        try? await channel.close()
    }
}

private final class LineSink: ChannelInboundHandler, Sendable {
    typealias InboundIn = String
    let continuation: AsyncStream<String>.Continuation

    init(continuation: AsyncStream<String>.Continuation) { self.continuation = continuation }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        continuation.yield(unwrapInboundIn(data))
    }

    func channelInactive(context: ChannelHandlerContext) {
        continuation.finish()
        context.fireChannelInactive()
    }
}
