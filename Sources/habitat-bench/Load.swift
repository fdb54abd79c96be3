import Histogram
import NIOCore
import Synchronization

/// A kind of request the load sends: Habitat's, or one of the two Redis commands they are compared with.
enum Kind: UInt8, CaseIterable, Sendable {
    case did = 0
    case slip
    case status
    case buy
    case undo
    /// Redis's `SET k<client> v`, inline, set against `did`.
    case set
    /// Redis's `PING`, inline, set against `status`.
    case ping

    /// The kinds a Habitat server is sent.
    static let habitat: [Kind] = [.did, .slip, .status, .buy, .undo]

    var label: String {
        switch self {
        case .did: "did"
        case .slip: "slip"
        case .status: "status"
        case .buy: "buy"
        case .undo: "undo"
        case .set: "set"
        case .ping: "ping"
        }
    }

    /// The line a Redis server answers a request of this kind with.
    var redisReply: [UInt8] {
        switch self {
        case .set: Array("+OK".utf8)
        case .ping: Array("+PONG".utf8)
        default: []
        }
    }
}

/// Game refusals that are part of playing, not faults: a potion at full health, too few coins,
/// nothing left to undo, a bad habit or potion while the game is over.
let refusalCodes: Set<String> = ["health_full", "not_enough_coins", "not_found", "game_over"]

/// Which requests a worker sends, in what proportion.
struct Plan: Sendable {
    let name: String
    /// Percent of each kind; sums to 100.
    let weights: [(kind: Kind, percent: Int)]
    /// 100 slots, each a kind, so a draw is one table look-up.
    let table: [Kind]
    /// What `buy` buys: the mix buys potions (refused at full health); `--only buy` a 1-coin reward,
    /// so every purchase is a committed write while the coins last.
    let purchase: String

    init(name: String, weights: [(kind: Kind, percent: Int)], purchase: String = "potion") {
        self.name = name
        self.weights = weights
        self.purchase = purchase
        var table: [Kind] = []
        for (kind, percent) in weights { table += Array(repeating: kind, count: percent) }
        precondition(table.count == 100)
        self.table = table
    }

    static let mix = Plan(name: "mix", weights: [(.did, 55), (.slip, 5), (.status, 30), (.buy, 5), (.undo, 5)])

    static func only(_ kind: Kind) -> Plan {
        Plan(name: kind.label, weights: [(kind, 100)], purchase: kind == .buy ? Game.reward : "potion")
    }

    /// The request line of a kind from one client: as a person would type it (sent after `mode json`), or Redis's
    /// inline command, each client setting a key of its own.
    func line(_ kind: Kind, client: Int) -> String {
        switch kind {
        case .did: "did exercise"
        case .slip: "slipped snacking"
        case .status: "status"
        case .buy: "buy " + purchase.lowercased()
        case .undo: "undo"
        case .set: "SET k\(client) v"
        case .ping: "PING"
        }
    }

    var kinds: [Kind] { weights.map(\.kind) }

    var description: String {
        weights.count == 1 ? "\(name) only" : weights.map { "\($0.percent)% \($0.kind.label)" }.joined(separator: ", ")
    }
}

/// A counter the progress line reads while the event loops write it.
final class Counter: Sendable {
    private let value = Atomic<Int>(0)
    @inline(__always) func add(_ amount: Int) { value.add(amount, ordering: .relaxed) }
    var current: Int { value.load(ordering: .relaxed) }
    /// Adds one and returns the value before.
    func next() -> Int { value.add(1, ordering: .relaxed).oldValue }
}

/// What one worker measured.
struct WorkerStats: Sendable {
    var histograms: [UInt8: Histogram<UInt64>] = [:]
    var completed: [UInt8: Int] = [:]
    var refused: [UInt8: Int] = [:]
    var errors: [UInt8: Int] = [:]
    var errorCodes: [String: Int] = [:]
    var refusalCodes: [String: Int] = [:]
    var connectionErrors = 0
    var timedOut = 0

    mutating func merge(_ other: WorkerStats) {
        for (kind, histogram) in other.histograms {
            if histograms[kind] == nil { histograms[kind] = histogram } else { histograms[kind]!.add(histogram) }
        }
        completed.merge(other.completed, uniquingKeysWith: +)
        refused.merge(other.refused, uniquingKeysWith: +)
        errors.merge(other.errors, uniquingKeysWith: +)
        errorCodes.merge(other.errorCodes, uniquingKeysWith: +)
        refusalCodes.merge(other.refusalCodes, uniquingKeysWith: +)
        connectionErrors += other.connectionErrors
        timedOut += other.timedOut
    }
}

func makeHistogram() -> Histogram<UInt64> {
    // Nanoseconds, 1 µs to 100 s, three significant digits.
    Histogram<UInt64>(lowestDiscernibleValue: 1_000, highestTrackableValue: 100_000_000_000, numberOfSignificantValueDigits: .three)
}

/// One closed-loop client: keeps `pipeline` requests in flight over its connections (taken in turn,
/// so one worker can spread its requests over many users), the next sent as soon as a reply arrives.
/// Its connections' ``Target`` reads the replies; the rest is the same for a Habitat and a Redis server.
/// Lives on one event loop; everything but `progress` is touched only there.
/// Unchecked `Sendable`: its state is touched only on its event loop, and `progress` is a `Counter`, safe anywhere.
final class Worker: ReplySink, @unchecked Sendable {
    let eventLoop: any EventLoop
    let connections: [Connection]
    let pipeline: Int
    let table: [Kind]
    let buffers: [ByteBuffer]
    let progress = Counter()
    let done: EventLoopPromise<Void>

    private var stats = WorkerStats()
    private var random: UInt64
    private var next = 0
    private var inFlight = 0
    private var open: Int
    private var measureStart: UInt64 = .max
    private var measureEnd: UInt64 = .max
    private var finished = false

    init(eventLoop: any EventLoop, connections: [Connection], plan: Plan, pipeline: Int, client: Int, seed: UInt64) {
        self.eventLoop = eventLoop
        self.connections = connections
        self.pipeline = max(1, pipeline)
        self.table = plan.table
        self.open = connections.count
        self.random = seed | 1
        self.done = eventLoop.makePromise()
        var buffers: [ByteBuffer] = []
        for kind in Kind.allCases {
            let line = plan.line(kind, client: client)
            var buffer = ByteBufferAllocator().buffer(capacity: line.utf8.count + 1)
            buffer.writeString(line + "\n")
            buffers.append(buffer)
        }
        self.buffers = buffers
        for kind in plan.kinds { stats.histograms[kind.rawValue] = makeHistogram() }
    }

    /// Starts the loop (call on the event loop). Replies that arrive in `[start, end)` are measured.
    func start(measureStart: UInt64, measureEnd: UInt64) {
        self.measureStart = measureStart
        self.measureEnd = measureEnd
        for connection in connections { connection.sink = self }
        for _ in 0..<pipeline { sendNext() }
        if inFlight == 0 { finish() }
    }

    @inline(__always)
    private func draw() -> Kind {
        // xorshift64
        random ^= random << 13
        random ^= random >> 7
        random ^= random << 17
        return table[Int(random % 100)]
    }

    private func sendNext() {
        var tries = 0
        while tries < connections.count {
            let connection = connections[next]
            next += 1
            if next == connections.count { next = 0 }
            tries += 1
            let kind = draw()
            if connection.send(buffers[Int(kind.rawValue)], kind: kind.rawValue, flush: true) {
                inFlight += 1
                return
            }
        }
    }

    func reply(on connection: Connection, kind: UInt8, sentAt: UInt64, line: ByteBuffer, at now: UInt64) {
        inFlight -= 1
        progress.add(1)
        if now >= measureStart, now < measureEnd {
            stats.completed[kind, default: 0] += 1
            let latency = now &- sentAt
            stats.histograms[kind]?.record(min(latency, 100_000_000_000))
            switch connection.target.outcome(of: line, for: Kind(rawValue: kind) ?? .did) {
            case .ok:
                break
            case .refused(let code):
                stats.refused[kind, default: 0] += 1
                stats.refusalCodes[code, default: 0] += 1
            case .error(let code):
                stats.errors[kind, default: 0] += 1
                stats.errorCodes[code, default: 0] += 1
            }
        }
        if now < measureEnd, !finished {
            sendNext()
        } else if inFlight == 0 {
            finish()
        }
    }

    func closed(_ connection: Connection, unanswered: Int) {
        inFlight -= unanswered
        open -= 1
        stats.connectionErrors += 1
        stats.errorCodes["connection_closed", default: 0] += 1
        if finished { return }
        if open == 0 {
            finish()
            return
        }
        if nowNanos() < measureEnd {
            for _ in 0..<unanswered { sendNext() }
        } else if inFlight == 0 {
            finish()
        }
    }

    /// Stops waiting for replies that did not come (call on the event loop).
    func abandon() {
        guard !finished else { return }
        stats.timedOut += inFlight
        if inFlight > 0 { stats.errorCodes["no_reply", default: 0] += inFlight }
        finish()
    }

    private func finish() {
        guard !finished else { return }
        finished = true
        for connection in connections { connection.sink = nil }
        done.succeed()
    }

    var snapshot: WorkerStats { stats }
}
