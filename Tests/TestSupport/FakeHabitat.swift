import Foundation
import LineFraming
import NIOCore
import NIOPosix
import NIOConcurrencyHelpers

/// A stand-in Habitat server speaking the bridge protocol: greets, accepts `bridge <name> secret`, and answers
/// each request with `✅ <text>!` (`boom` fails privately; `did dishes` also raises a room event). A silent one
/// answers the handshake and nothing after it.
public final class FakeHabitat: Sendable {
    public let port: Int
    /// The bridge's name it accepts with the token `secret`.
    private let bridge: String
    private let server: any Channel
    private let silent: Bool
    private let received = NIOLockedValueBox<[String]>([])
    /// The connections made to it, closed by ``stop()``.
    private let opened: NIOLockedValueBox<[any Channel]>

    /// The lines received so far (the handshake, then JSON requests).
    public var lines: [String] { received.withLockedValue { $0 } }

    private init(port: Int, server: any Channel, silent: Bool, opened: NIOLockedValueBox<[any Channel]>, bridge: String) {
        self.port = port
        self.bridge = bridge
        self.server = server
        self.silent = silent
        self.opened = opened
    }

    /// A fake on `port` (0: any free one).
    public static func start(silent: Bool = false, port: Int = 0, bridge: String = "irc") async throws -> FakeHabitat {
        let opened = NIOLockedValueBox<[any Channel]>([])
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: port) { channel in
                opened.withLockedValue { $0.append(channel) }
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        ByteToMessageHandler(LineFrameDecoder.text(maximumLength: 1 << 20)))
                    return try NIOAsyncChannel<String, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        let fake = FakeHabitat(
            port: server.channel.localAddress?.port ?? 0, server: server.channel, silent: silent, opened: opened, bridge: bridge)
        Task {
            try await server.executeThenClose { connections in
                for try await connection in connections { Task { try await fake.serve(connection) } }
            }
        }
        return fake
    }

    /// Stops listening and closes every connection made to it, as a server going away does.
    public func stop() async {
        try? await server.close()
        for channel in opened.withLockedValue({ $0 }) { try? await channel.close() }
    }

    private func serve(_ connection: NIOAsyncChannel<String, ByteBuffer>) async throws {
        try await connection.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(string: "👋 Habitat test\n\n"))
            for try await line in inbound {
                received.withLockedValue { $0.append(line) }
                for answer in answers(to: line) { try await outbound.write(ByteBuffer(string: answer + "\n")) }
            }
        }
    }

    private func answers(to line: String) -> [String] {
        if line.hasPrefix("bridge ") {
            let ok = line == "bridge \(bridge) secret"
            return [json(["ok": ok, "type": ok ? "success" : "error", "text": ok ? "✅ Bridge \(bridge) ready." : "❌ No."])]
        }
        guard !silent, let request = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            let text = request["text"] as? String, let user = request["user"] as? String
        else { return [] }
        var reply: [String: Any] = ["id": request["id"] ?? NSNull(), "user": user, "ok": text != "boom"]
        reply["room"] = request["room"]
        reply["text"] = text == "boom" ? "❌ Boom." : "✅ \(text)!"
        reply["toasts"] = [["type": text == "boom" ? "error" : "success", "text": reply["text"]!]]
        var answers = [json(reply)]
        if text == "did dishes", let room = request["room"] as? String {
            answers.append(
                json(["event": "room", "room": room, "type": "info", "text": "🏠 \(user) did Dishes (+10 XP)"]))
        }
        return answers
    }

    private func json(_ object: [String: Any]) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }
}
