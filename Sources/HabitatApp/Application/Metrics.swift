import CoreMetrics
import HabitatCommands
import HabitatStorage
import NIOConcurrencyHelpers

/// What a server tells its operator: requests by command and outcome and how long each took, connections by state,
/// the chat users bridges hold sessions of, open user files, storage's queue and checkpoints, and how late the
/// scheduler fires.
///
/// Each server makes its own from its own metrics factory, so that many can run in one process (tests do); a server
/// without metrics has none, and nothing on a request's way is measured.
public final class Metrics: Sendable {
    let storage: StorageMetrics
    /// How long after an entry came due the scheduler fired it (the oldest of each batch).
    let schedulerLag: CoreMetrics.Timer
    /// Set when the metrics are read (``Application/refreshGauges()``), not on each open and close.
    let openFiles: Meter
    /// Likewise: the descriptors users' open files hold, and how many times one was opened again for its descriptor.
    private let fileDescriptors: Meter
    private let reopens: Counter
    private let reopensCounted = NIOLockedValueBox(0)
    private let factory: any MetricsFactory
    private let connections: [ConnectionState: Meter]
    private let chatUsers: Meter
    private let perCommand = NIOLockedValueBox(PerCommand())
    private let notUnderstood: [LineMissed: Counter]
    let process: ProcessFigures

    /// Made as each command and outcome first comes.
    private struct PerCommand {
        var requests: [RequestKey: Counter] = [:]
        var durations: [String: CoreMetrics.Timer] = [:]
    }

    private struct RequestKey: Hashable {
        let command: String
        let outcome: String
    }

    public init(factory: any MetricsFactory) {
        self.factory = factory
        storage = StorageMetrics(factory: factory)
        schedulerLag = Timer(label: "habitat_scheduler_lag_seconds", factory: factory)
        openFiles = Meter(label: "habitat_open_user_files", factory: factory)
        fileDescriptors = Meter(label: "habitat_user_file_descriptors", factory: factory)
        reopens = Counter(label: "habitat_user_file_reopens_total", factory: factory)
        chatUsers = Meter(label: "habitat_bridge_chat_users", factory: factory)
        var connections: [ConnectionState: Meter] = [:]
        for state in ConnectionState.allCases {
            connections[state] = Meter(
                label: "habitat_connections", dimensions: [("state", state.rawValue)], factory: factory)
        }
        self.connections = connections
        var notUnderstood: [LineMissed: Counter] = [:]
        for kind in LineMissed.allCases {
            notUnderstood[kind] = Counter(label: "habitat_lines_not_understood_total", dimensions: [("kind", kind.rawValue)], factory: factory)
        }
        self.notUnderstood = notUnderstood
        process = ProcessFigures(factory: factory)
    }

    /// A person's line the server could not simply do: read as no command, naming no habit of theirs, or asked about.
    func missed(_ kind: LineMissed) {
        notUnderstood[kind]?.increment()
    }

    /// The histograms' buckets, in seconds, by name: requests and storage from 0.1 ms to 1 s, the scheduler's lag
    /// from 10 ms to 5 minutes (its tick is a second; a server that was down fires what came due meanwhile).
    public static let buckets: [String: [Duration]] = {
        let fast: [Duration] = [
            .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2.5),
            .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
            .milliseconds(250), .milliseconds(500), .seconds(1),
        ]
        let lag: [Duration] = [
            .milliseconds(10), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
            .seconds(1), .seconds(2), .seconds(5), .seconds(10), .seconds(30), .seconds(60), .seconds(300),
        ]
        return [
            requestDuration: fast, "habitat_storage_wait_seconds": fast, "habitat_checkpoint_duration_seconds": fast,
            "habitat_scheduler_lag_seconds": lag,
        ]
    }()

    static let requestDuration = "habitat_request_duration_seconds"

    /// Sets the shared descriptors' gauge and counts the reopenings since the last reading.
    func refreshDescriptors(_ pool: (open: Int, reopened: Int)) {
        fileDescriptors.set(pool.open)
        let new = reopensCounted.withLockedValue { counted in
            defer { counted = max(counted, pool.reopened) }
            return pool.reopened - counted
        }
        if new > 0 { reopens.increment(by: new) }
    }

    /// What each metric is, as the `# HELP` line a reader sees above it.
    public static let help: [String: String] = ProcessFigures.help.merging([
        "habitat_requests_total": "Requests answered, by command and outcome (ok, or the error's code).",
        requestDuration: "Time from a line being taken up to its reply being ready, by command.",
        "habitat_connections": "Open connections, by state: unauthenticated, logged_in, bridge.",
        "habitat_bridge_chat_users": "Chat users whose sessions the connected bridges hold.",
        "habitat_open_user_files": "Users' files open now (at most --open-files).",
        "habitat_user_file_descriptors": "Descriptors users' open files hold now (shared within what the descriptor limit leaves beside the connections).",
        "habitat_user_file_reopens_total": "Times an open user's file took a descriptor again, after giving it to another file.",
        StorageMetrics.openedName: "Times a user's file was opened (its schema and log read: over ten times a command's work).",
        StorageMetrics.closedName: "Users' files closed, by reason: room (for another file, under --open-files) or idle (--idle-files).",
        "habitat_storage_queue_depth": "Work handed to users' files that no storage thread has started yet.",
        "habitat_storage_wait_seconds": "How long work handed to a user's file waited for a storage thread.",
        "habitat_checkpoint_duration_seconds": "Each copy of a user file's write-ahead log into the file.",
        "habitat_scheduler_lag_seconds": "How late the scheduler fired what came due (the oldest of each batch).",
        "habitat_lines_not_understood_total": "People's lines not simply done, by kind: unknown_command (read as nothing), no_such_habit (naming no habit of theirs), asked (a reading asked about, or what was missing asked for).",
    ]) { own, _ in own }

    /// The instant a request's time is counted from.
    var now: ContinuousClock.Instant { .now }

    /// A request was answered with `reply`: counted by its command (``CommandTable/kind(of:)``, as its plan found it,
    /// or read now when no plan read it) and outcome (`ok`, or its error's code), and timed from `start`.
    func answered(_ request: Request, with reply: Reply, since start: ContinuousClock.Instant?) {
        let outcome = reply.code?.rawValue ?? (reply.ok ? "ok" : "error")
        // A line read in the player's own words that named none of their habits was not understood after all.
        let command =
            reply.code == .unknownCommand ? Commands.unknownKind : request.kind ?? Commands.table.kind(of: request.text)
        let (requests, duration) = perCommand.withLockedValue { made in
            let key = RequestKey(command: command, outcome: outcome)
            let requests = made.requests[key] ?? Counter(
                label: "habitat_requests_total", dimensions: [("command", command), ("outcome", outcome)],
                factory: factory)
            let duration = made.durations[command] ?? Timer(
                label: Self.requestDuration, dimensions: [("command", command)], factory: factory)
            (made.requests[key], made.durations[command]) = (requests, duration)
            return (requests, duration)
        }
        requests.increment()
        if let start { duration.recordSince(start) }
    }

    /// A connection's share of the gauges moved from `old` to `new` (`nil`: it is not counted, before it began or
    /// after it ended).
    func connection(from old: ConnectionFigures?, to new: ConnectionFigures?) {
        if let old {
            connections[old.state]?.decrement()
            if old.chatUsers > 0 { chatUsers.decrement(by: Double(old.chatUsers)) }
        }
        if let new {
            connections[new.state]?.increment()
            if new.chatUsers > 0 { chatUsers.increment(by: Double(new.chatUsers)) }
        }
    }
}

/// Where a connection stands, as the connections gauge counts it.
enum ConnectionState: String, CaseIterable {
    case unauthenticated
    case loggedIn = "logged_in"
    case bridge
}

/// What one connection adds to the gauges: its state, and for a bridge, the chat users it holds sessions of.
struct ConnectionFigures: Equatable {
    var state: ConnectionState
    var chatUsers = 0

    init(_ session: Session) {
        if session.bridge != nil {
            state = .bridge
            chatUsers = session.chatUsers.count
        } else {
            state = session.account == nil ? .unauthenticated : .loggedIn
        }
    }
}

/// Why a person's line was not simply done, as ``Metrics/missed(_:)`` counts it.
enum LineMissed: String, CaseIterable {
    case unknownCommand = "unknown_command"
    case noSuchHabit = "no_such_habit"
    case asked
}
