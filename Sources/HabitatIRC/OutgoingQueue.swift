/// Lines waiting for the IRC server. Protocol lines (PONG, JOIN, registration) go before chat lines, chat lines
/// only once registered, and all of them at the pace of ``FloodControl``. Chat lines wait in one line per target
/// (a channel, a nick), and the targets take turns: a long answer to one person (`help`) doesn't hold up
/// everyone else's. A short answer (at most ``shortAnswer`` lines, pushed together) goes before the lines of long
/// ones still waiting, so a `status` is not kept behind five people's `help`; each target's lines of one kind keep
/// their order.
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
    /// The most lines an answer has to go before longer ones.
    static let shortAnswer = 2
    /// Chat lines of short answers by target, in the order the targets take their turns.
    private var shortLines: [(target: String, lines: [String])] = []
    /// Chat lines of longer answers by target, in the order the targets take their turns.
    private var longLines: [(target: String, lines: [String])] = []
    private var chatCount = 0
    /// Whether chat lines may flow (the connection is registered).
    var chatOpen = false

    init(flood: FloodControl = FloodControl(), capacity: Int = 500) {
        self.flood = flood
        self.capacity = capacity
    }

    /// Queues a line; a chat line waits behind earlier lines to the same `target` (compared without case), as a
    /// short answer of its own.
    mutating func push(_ line: String, isProtocol: Bool = false, target: String = "") {
        if isProtocol {
            protocolLines.append(line)
            if protocolLines.count > Self.protocolCapacity { protocolLines.removeFirst() }
            return
        }
        push([line], target: target)
    }

    /// Queues the chat lines of one answer to `target`: a short one (``shortAnswer`` lines or fewer) before the
    /// lines of longer ones.
    mutating func push(_ lines: [String], target: String) {
        guard !lines.isEmpty else { return }
        let target = target.lowercased()
        if lines.count <= Self.shortAnswer {
            Self.append(lines, to: target, in: &shortLines)
        } else {
            Self.append(lines, to: target, in: &longLines)
        }
        chatCount += lines.count
        while chatCount > capacity { dropOldestOfLongest() }
    }

    private static func append(_ lines: [String], to target: String, in turns: inout [(target: String, lines: [String])]) {
        if let index = turns.firstIndex(where: { $0.target == target }) {
            turns[index].lines += lines
        } else {
            turns.append((target, lines))
        }
    }

    /// Drops the oldest line of the longest line of long answers, else of short ones.
    private mutating func dropOldestOfLongest() {
        if !Self.dropOldestOfLongest(in: &longLines) { _ = Self.dropOldestOfLongest(in: &shortLines) }
        chatCount -= 1
    }

    private static func dropOldestOfLongest(in turns: inout [(target: String, lines: [String])]) -> Bool {
        guard let longest = turns.indices.max(by: { turns[$0].lines.count < turns[$1].lines.count }) else { return false }
        turns[longest].lines.removeFirst()
        if turns[longest].lines.isEmpty { turns.remove(at: longest) }
        return true
    }

    /// Takes the next line if its time has come, or says how long to wait.
    mutating func next(now: ContinuousClock.Instant) -> Next {
        guard !protocolLines.isEmpty || (chatOpen && chatCount > 0) else { return .idle }
        let at = flood.earliestSend(now: now)
        guard at <= now else { return .wait(until: at) }
        flood.sent(at: now)
        return .send(protocolLines.isEmpty ? nextChatLine() : protocolLines.removeFirst())
    }

    /// The first line of the target whose turn it is, short answers first; that target goes to the back of the
    /// turns.
    private mutating func nextChatLine() -> String {
        chatCount -= 1
        return shortLines.isEmpty ? Self.take(from: &longLines) : Self.take(from: &shortLines)
    }

    private static func take(from turns: inout [(target: String, lines: [String])]) -> String {
        var turn = turns.removeFirst()
        let line = turn.lines.removeFirst()
        if !turn.lines.isEmpty { turns.append(turn) }
        return line
    }

    /// A new connection: protocol lines of the old one are dropped, chat lines wait for registration.
    mutating func reset() {
        protocolLines = []
        chatOpen = false
        flood = FloodControl(burst: flood.burst, interval: flood.interval)
    }
}
