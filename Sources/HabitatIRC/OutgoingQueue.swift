/// Lines waiting for the IRC server. Protocol lines (PONG, JOIN, registration) go before chat lines, chat lines
/// only once registered, and all of them at the pace of ``FloodControl``.
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
    /// Chat lines kept at most; when more arrive the oldest are dropped.
    let capacity: Int
    private var protocolLines: [String] = []
    private var chatLines: [String] = []
    /// Whether chat lines may flow (the connection is registered).
    var chatOpen = false

    init(flood: FloodControl = FloodControl(), capacity: Int = 500) {
        self.flood = flood
        self.capacity = capacity
    }

    mutating func push(_ line: String, isProtocol: Bool = false) {
        if isProtocol {
            protocolLines.append(line)
        } else {
            chatLines.append(line)
            if chatLines.count > capacity { chatLines.removeFirst(chatLines.count - capacity) }
        }
    }

    /// Takes the next line if its time has come, or says how long to wait.
    mutating func next(now: ContinuousClock.Instant) -> Next {
        guard !protocolLines.isEmpty || (chatOpen && !chatLines.isEmpty) else { return .idle }
        let at = flood.earliestSend(now: now)
        guard at <= now else { return .wait(until: at) }
        flood.sent(at: now)
        return .send(protocolLines.isEmpty ? chatLines.removeFirst() : protocolLines.removeFirst())
    }

    /// A new connection: protocol lines of the old one are dropped, chat lines wait for registration.
    mutating func reset() {
        protocolLines = []
        chatOpen = false
        flood = FloodControl(burst: flood.burst, interval: flood.interval)
    }
}
