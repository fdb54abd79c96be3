/// Lines waiting for the IRC server. Protocol lines (PONG, JOIN, registration) go before chat lines, chat lines
/// only once registered, and all of them at the pace of ``FloodControl``. Chat lines wait in one line per target
/// (a channel, a nick), and the targets take turns: a long answer to one person (`help`) doesn't hold up
/// everyone else's, and each target's lines keep their order.
struct OutgoingQueue: Sendable {
    enum Next: Equatable {
        /// Send this line now.
        case send(String)
        /// A line is waiting for its turn.
        case wait(until: ContinuousClock.Instant)
        /// Nothing may go now.
        case idle
    }

    private(set) var flood: FloodControl
    /// Chat lines kept at most; when more arrive the oldest of the longest line are dropped.
    let capacity: Int
    /// Protocol lines kept at most, far more than registering takes; when more arrive (a server that pings faster
    /// than lines may go) the oldest are dropped.
    static let protocolCapacity = 100
    private var protocolLines: [String] = []
    /// Chat lines by target, in the order the targets take their turns.
    private var chatLines: [(target: String, lines: [String])] = []
    private var chatCount = 0
    /// Whether chat lines may flow (the connection is registered).
    var chatOpen = false

    init(flood: FloodControl = FloodControl(), capacity: Int = 500) {
        self.flood = flood
        self.capacity = capacity
    }

    /// Queues a line; a chat line waits behind earlier lines to the same `target` (compared without case).
    mutating func push(_ line: String, isProtocol: Bool = false, target: String = "") {
        if isProtocol {
            protocolLines.append(line)
            if protocolLines.count > Self.protocolCapacity { protocolLines.removeFirst() }
            return
        }
        let target = target.lowercased()
        if let index = chatLines.firstIndex(where: { $0.target == target }) {
            chatLines[index].lines.append(line)
        } else {
            chatLines.append((target, [line]))
        }
        chatCount += 1
        if chatCount > capacity { dropOldestOfLongest() }
    }

    private mutating func dropOldestOfLongest() {
        guard let longest = chatLines.indices.max(by: { chatLines[$0].lines.count < chatLines[$1].lines.count })
        else { return }
        chatLines[longest].lines.removeFirst()
        if chatLines[longest].lines.isEmpty { chatLines.remove(at: longest) }
        chatCount -= 1
    }

    /// Takes the next line if its time has come, or says how long to wait.
    mutating func next(now: ContinuousClock.Instant) -> Next {
        guard !protocolLines.isEmpty || (chatOpen && !chatLines.isEmpty) else { return .idle }
        let at = flood.earliestSend(now: now)
        guard at <= now else { return .wait(until: at) }
        flood.sent(at: now)
        return .send(protocolLines.isEmpty ? nextChatLine() : protocolLines.removeFirst())
    }

    /// The first line of the target whose turn it is; that target goes to the back of the turns.
    private mutating func nextChatLine() -> String {
        var turn = chatLines.removeFirst()
        let line = turn.lines.removeFirst()
        if !turn.lines.isEmpty { chatLines.append(turn) }
        chatCount -= 1
        return line
    }

    /// A new connection: protocol lines of the old one are dropped, chat lines wait for registration.
    mutating func reset() {
        protocolLines = []
        chatOpen = false
        flood = FloodControl(burst: flood.burst, interval: flood.interval)
    }
}
