import NIOCore

/// What the load talks to, and how that server's lines are read. Both are driven by the same clients, so
/// their figures can be put side by side.
enum Target: Sendable {
    /// A Habitat server: a greeting first, JSON replies (after `mode json`), events between them.
    case habitat
    /// A Redis server: inline commands, each answered by one line (`+OK`, `+PONG`, `-ERR …`), nothing unasked.
    case redis

    /// Whether the server speaks first: Habitat greets, Redis waits to be asked.
    var greets: Bool { self == .habitat }

    /// The server, as the message of a failed connection names it.
    var serverName: String {
        switch self {
        case .habitat: "'habitat serve'"
        case .redis: "a Redis server"
        }
    }

    /// Whether `line` answers a request, rather than being a greeting or an event.
    @inline(__always)
    func isReply(_ line: ByteBuffer) -> Bool {
        self == .redis || ReplyScan.isReply(line)
    }

    /// What a reply line says of a request of `kind`.
    @inline(__always)
    func outcome(of line: ByteBuffer, for kind: Kind) -> ReplyOutcome {
        switch self {
        case .habitat: Self.habitatOutcome(line)
        case .redis: Self.redisOutcome(line, expected: kind.redisReply)
        }
    }

    private static func habitatOutcome(_ line: ByteBuffer) -> ReplyOutcome {
        switch ReplyScan.ok(line) {
        case true?: return .ok
        case false?:
            let code = ReplyScan.code(line) ?? "unreadable"
            return refusalCodes.contains(code) ? .refused(code: code) : .error(code: code)
        case nil: return .error(code: "unreadable")
        }
    }

    /// `+OK` or `+PONG` as the request expects; an error reply's code is its first word (`-NOAUTH …`).
    private static func redisOutcome(_ line: ByteBuffer, expected: [UInt8]) -> ReplyOutcome {
        line.withUnsafeReadableBytes { bytes in
            if bytes.elementsEqual(expected) { return .ok }
            guard bytes.first == UInt8(ascii: "-") else { return .error(code: "unexpected_reply") }
            let word = bytes.dropFirst().prefix { $0 != UInt8(ascii: " ") }
            return .error(code: word.isEmpty ? "unexpected_reply" : String(decoding: word, as: UTF8.self))
        }
    }
}

/// What a reply line says of its request.
enum ReplyOutcome: Equatable {
    case ok
    /// The game said no (a potion at full health): part of playing, not a fault.
    case refused(code: String)
    case error(code: String)
}
