import ArgumentParser
import Foundation
import Histogram
import NIOCore
import NIOPosix

@main
struct HabitatBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "habitat-bench",
        abstract: "Load generator for a running Habitat server: N clients over real TCP, latency in an HDR histogram.",
        discussion: """
            Start the server first, without its per-connection rate limit:
              habitat serve --rate-limit 0 --data /tmp/bench-data

            Examples:
              habitat-bench                        # the mix, 50 clients, 10 s
              habitat-bench --only did --json      # recorded actions, JSON last
              habitat-bench --only status --pipeline 16
              habitat-bench setup --users 100000 --users-prefix lru-
              habitat-bench --only status --users 2000 --users-prefix lru-
              habitat-bench setup --users 1 --users-prefix big- --prefill-ledger 1000000
              habitat-bench --only did --users 1 --users-prefix big-
              habitat-bench idle --connections 10000 --server-pid <pid of habitat serve>

            Every run registers its users first (or logs in when the name exists). Registering and \
            logging in each cost the server one scrypt hash (about 16 MiB and tens of milliseconds; \
            two at a time on a 2-core machine), so the set-up of many users takes a while: 'setup' \
            does it once for a data directory, and later runs with the same --users-prefix only log in.
            """,
        subcommands: [Run.self, Setup.self, Idle.self],
        defaultSubcommand: Run.self
    )
}

/// Where the server is and how many threads the bench's event loops use.
struct ServerOptions: ParsableArguments {
    @Option(help: "Server address.")
    var host = "127.0.0.1"

    @Option(help: "Server port.")
    var port = 7878

    @Option(help: "Event-loop threads of the bench itself (1 leaves the most CPU to the server).")
    var threads = 1

    func validate() throws {
        guard threads >= 1 else { throw ValidationError("--threads must be at least 1.") }
        guard (1...65535).contains(port) else { throw ValidationError("--port must be 1–65535.") }
    }
}

struct UserOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Prefix of the bench's user names (<prefix><n>).",
            discussion: "Without it, 'bench' plus a random suffix, so runs don't collide. Given, it is used as is, so a run can reuse users made by 'setup'."))
    var usersPrefix: String?

    @Option(help: "Password of every bench user (8+ characters).")
    var password = "bench-password"

    @Option(help: "Set-up connections at work at once (registration and login are scrypt-bound on the server).")
    var setupConcurrency = 16

    func names() throws -> UserNames {
        guard password.count >= 8, !password.contains(" ") else {
            throw ValidationError("--password needs 8+ characters and no spaces.")
        }
        return try UserNames.resolve(prefix: usersPrefix, password: password)
    }
}

extension Kind: ExpressibleByArgument {
    init?(argument: String) {
        guard let kind = Kind.allCases.first(where: { $0.label == argument.lowercased() }) else { return nil }
        self = kind
    }

    static var allValueStrings: [String] { ["did", "status", "buy", "undo", "slip"] }
}

// MARK: - run

struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Closed-loop load: each client sends its next request as soon as the previous reply arrived.",
        discussion: """
            Set-up: every user is registered (or logged in), gets the habits Exercise and Snacking, and, \
            when the load buys, some coins and lost health; each connection switches to JSON mode. Then \
            each client keeps --pipeline requests in flight for --warmup + --duration seconds. Latency \
            (send to reply line) goes into an HDR histogram; only replies in the --duration window count.

            The mix: 55% 'did exercise', 5% 'slipped snacking', 30% 'status', 5% 'buy potion', 5% 'undo'. \
            Game refusals (health_full, not_enough_coins, game_over, not_found for undo) are counted \
            as 'refused', not errors. Errors are other error replies, lost connections and missing replies.

            Alone: 'did' and 'status' run as long as you like. '--only buy' buys a 1-coin reward \
            (set-up gives each user 10,000 coins). '--only undo' and '--only slip' soon run out of \
            game (nothing left to undo, game over) and are then refused; give undo something to undo \
            with --prefill-ledger.

            Output: a progress line a second on stderr, a summary line on stdout, and with --json one \
            JSON object as the last line.
            """)

    @OptionGroup var server: ServerOptions
    @OptionGroup var users: UserOptions

    @Option(help: "Concurrent clients (closed loop each).")
    var clients = 50

    @Option(help: "Measured seconds.")
    var duration: Double = 10

    @Option(help: "Seconds of load before measuring starts (not counted).")
    var warmup: Double = 2

    @Option(help: "Requests in flight per client.")
    var pipeline = 1

    @Option(help: "One kind of request alone instead of the mix: did, status, buy, undo or slip.")
    var only: Kind?

    @Option(
        name: .customLong("users"),
        help: ArgumentHelp(
            "Distinct users the load is spread over (default: one per client).",
            discussion: "More users than clients: each client holds one connection per user and takes them in turn, so requests touch every user's file (an LRU smaller than --users is missed). Fewer: clients share users."))
    var userCount: Int?

    @Option(help: "Before measuring, record this many completions ('did exercise') for each user: ledger rows.")
    var prefillLedger = 0

    @Option(help: "Connections per user that fill its ledger (each logs in once).")
    var prefillConnections = 4

    @Flag(help: "Print one JSON summary object as the last line of stdout.")
    var json = false

    @Flag(help: "No progress lines on stderr.")
    var quiet = false

    func validate() throws {
        guard clients >= 1 else { throw ValidationError("--clients must be at least 1.") }
        guard duration > 0, warmup >= 0 else { throw ValidationError("--duration must be positive, --warmup not negative.") }
        guard pipeline >= 1 else { throw ValidationError("--pipeline must be at least 1.") }
        if let userCount, userCount < 1 { throw ValidationError("--users must be at least 1.") }
        guard prefillLedger >= 0 else { throw ValidationError("--prefill-ledger can't be negative.") }
    }

    func run() async throws {
        let names = try users.names()
        let plan = only.map(Plan.only) ?? Plan.mix
        let userCount = self.userCount ?? clients
        // Connection j is logged in as user j % userCount and belongs to worker j % clients.
        let connectionCount = max(userCount, clients)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: server.threads)
        defer { Task.detached { try? await group.shutdownGracefully() } }
        let loops = Array(group.makeIterator())
        let log = Log(quiet: quiet)

        log.line(
            "habitat-bench: \(plan.description); \(clients) clients, pipeline \(pipeline), \(userCount) users (\(names.prefix)…), "
                + "\(server.host):\(server.port), warm-up \(fmt(warmup)) s, measuring \(fmt(duration)) s")

        // Set-up.
        let setUpStart = nowNanos()
        let connected = Counter()
        let prefilled = Counter()
        let slots = Slots<Connection>(count: connectionCount)
        let seeds = plan.kinds.contains(.buy)
        let rewards = plan.purchase == Game.reward
        let setUpProgress = log.every(second: { elapsed in
            var text = "set-up \(fmt(elapsed, 0)) s: \(connected.current)/\(connectionCount) connections ready"
            if prefillLedger > 0 { text += ", \(prefilled.current)/\(prefillLedger * userCount) ledger rows" }
            return text
        })
        do {
            try await concurrently(connectionCount, limit: users.setupConcurrency) { [server, prefillLedger, prefillConnections] j in
                let loop = loops[(j % clients) % loops.count]
                let connection = try await Connection.connect(host: server.host, port: server.port, on: loop)
                connection.userIndex = j % userCount
                let name = names.name(connection.userIndex)
                let first = j < userCount
                _ = try await connection.registerOrLogin(name, password: names.password)
                if first {
                    try await connection.addHabits()
                    if seeds { try await connection.seedGame(rewards: rewards) }
                }
                if first, prefillLedger > 0 {
                    try await fillLedger(
                        host: server.host, port: server.port, on: loop, user: name, password: names.password,
                        rows: prefillLedger, connections: prefillConnections, window: 64, progress: prefilled)
                }
                try await connection.setUpRequest("mode json")
                slots.set(j, connection)
                connected.add(1)
            }
        } catch {
            setUpProgress.cancel()
            throw BenchError.setUp("set-up failed: \(error)")
        }
        setUpProgress.cancel()
        let connections = slots.all.map { $0! }
        let setUpSeconds = Double(nowNanos() - setUpStart) / 1e9
        log.line("set-up done in \(fmt(setUpSeconds)) s")

        // Workers.
        let workers = (0..<clients).map { w in
            Worker(
                eventLoop: loops[w % loops.count],
                connections: stride(from: w, to: connectionCount, by: clients).map { connections[$0] }, plan: plan,
                pipeline: pipeline, seed: 0x9E37_79B9_7F4A_7C15 &* UInt64(w + 1))
        }

        // Load.
        let start = nowNanos()
        let measureStart = start + UInt64(warmup * 1e9)
        let measureEnd = measureStart + UInt64(duration * 1e9)
        for worker in workers {
            worker.eventLoop.execute { worker.start(measureStart: measureStart, measureEnd: measureEnd) }
        }
        let loadProgress = log.progress(workers: workers, start: start, measureStart: measureStart)
        let deadline = Double(warmup + duration + 30)
        let allDone = EventLoopFuture.andAllComplete(workers.map(\.done.futureResult), on: loops[0])
        let timeout = loops[0].scheduleTask(in: .nanoseconds(Int64(deadline * 1e9))) {
            for worker in workers { worker.eventLoop.execute { worker.abandon() } }
        }
        try await allDone.get()
        timeout.cancel()
        loadProgress.cancel()

        var stats = WorkerStats()
        for worker in workers {
            stats.merge(try await worker.eventLoop.submit { worker.snapshot }.get())
        }
        for connection in connections { await connection.close() }

        let report = Report(
            plan: plan, clients: clients, users: userCount, pipeline: pipeline, threads: server.threads, duration: duration,
            warmup: warmup, setUpSeconds: setUpSeconds, prefillLedger: prefillLedger, stats: stats)
        if plan.weights.count > 1 {
            for line in report.kindLines() { log.always(line) }
        }
        if !stats.errorCodes.isEmpty { log.always("errors by code: \(describe(stats.errorCodes))") }
        if !stats.refusalCodes.isEmpty { log.always("refused by code: \(describe(stats.refusalCodes))") }
        print(report.summary)
        if json { print(report.json) }
    }
}

// MARK: - setup

struct Setup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Register users (with their habits) once, for later runs against the same data directory.",
        discussion: """
            Registers <prefix>0 … <prefix>N-1, each with the habits Exercise and Snacking. A name that \
            exists is skipped (a user from an earlier setup). With --prefill-ledger, each user (new or \
            not) also gets that many completions ('did exercise', one ledger row each) appended to its \
            ledger over --prefill-connections connections with --prefill-window requests in flight each.

            Each registration costs the server one scrypt hash; on a 2-core machine expect roughly \
            N / (2 / hash time) seconds (see BENCHMARKS.md for measured rates). Run the server with \
            --rate-limit 0 when filling ledgers.
            """)

    @OptionGroup var server: ServerOptions
    @OptionGroup var users: UserOptions

    @Option(name: .customLong("users"), help: "How many users.")
    var userCount = 100

    @Option(help: "First user number (to continue an interrupted setup).")
    var from = 0

    @Option(help: "Completions to append to each user's ledger.")
    var prefillLedger = 0

    @Option(help: "Connections per user that fill its ledger (each logs in once).")
    var prefillConnections = 4

    @Option(help: "Requests in flight per connection while filling a ledger.")
    var prefillWindow = 64

    @Flag(help: "No progress lines on stderr.")
    var quiet = false

    func run() async throws {
        guard users.usersPrefix != nil else {
            throw ValidationError("setup needs --users-prefix, so later runs can name the same users.")
        }
        let names = try users.names()
        let group = MultiThreadedEventLoopGroup(numberOfThreads: server.threads)
        defer { Task.detached { try? await group.shutdownGracefully() } }
        let log = Log(quiet: quiet)
        let registered = Counter()
        let existed = Counter()
        let rows = Counter()
        let total = userCount
        let start = nowNanos()
        let progress = log.every(second: { elapsed in
            let done = registered.current + existed.current
            let rate = Double(done) / max(elapsed, 0.001)
            var text = "setup \(fmt(elapsed, 0)) s: \(done)/\(total) users (\(registered.current) new), \(fmt(rate, 1)) users/s"
            if rate > 0, done < total { text += ", about \(fmt(Double(total - done) / rate, 0)) s left" }
            if prefillLedger > 0 { text += ", \(rows.current) ledger rows" }
            return text
        })
        // Each worker connection registers users one after another, logging out in between.
        let workers = min(users.setupConcurrency, max(1, userCount))
        let next = Counter()
        let first = from
        let last = from + userCount
        let (prefill, window, fillers) = (prefillLedger, prefillWindow, prefillConnections)
        do {
            try await concurrently(workers, limit: workers) { [server] _ in
                let connection = try await Connection.connect(host: server.host, port: server.port, on: group.next())
                while true {
                    let index = first + next.next()
                    guard index < last else { break }
                    let name = names.name(index)
                    let outcome = try await connection.registerOrLogin(name, password: names.password, loginIfTaken: false)
                    if outcome == .registered {
                        try await connection.addHabits()
                        try await connection.setUpRequest("logout")
                    }
                    if prefill > 0 {
                        try await fillLedger(
                            host: server.host, port: server.port, on: connection.eventLoop, user: name, password: names.password,
                            rows: prefill, connections: fillers, window: window, progress: rows)
                    }
                    if outcome == .registered { registered.add(1) } else { existed.add(1) }
                }
                await connection.close()
            }
        } catch {
            progress.cancel()
            throw BenchError.setUp("setup failed: \(error)")
        }
        progress.cancel()
        let seconds = Double(nowNanos() - start) / 1e9
        print(
            "setup: \(registered.current) users registered, \(existed.current) existed, "
                + (prefill > 0 ? "\(rows.current) ledger rows appended, " : "")
                + "\(fmt(seconds)) s (\(fmt(Double(registered.current + existed.current) / seconds, 1)) users/s"
                + (prefill > 0 ? ", \(fmt(Double(rows.current) / seconds, 0)) rows/s" : "") + ")")
    }
}

// MARK: - idle

struct Idle: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open many connections and hold them, to see what idle connections cost the server.",
        discussion: """
            Opens --connections connections (each waits for the server's greeting), optionally logs each \
            in as one of --users users made by 'setup', holds them for --hold seconds, then checks each \
            still answers (one 'plain off' each). With --server-pid it prints the server's resident memory \
            (VmRSS from /proc/<pid>/status) before, after connecting, after holding and after that check.

            Unauthenticated connections are closed by the server after its --login-timeout (default \
            120 s): hold for less, start the server with a longer --login-timeout, or use --login. \
            Each connection is a file descriptor on both sides: check 'ulimit -n'.
            """)

    @OptionGroup var server: ServerOptions
    @OptionGroup var users: UserOptions

    @Option(help: "Connections to open.")
    var connections = 10_000

    @Option(help: "Seconds to hold them open before checking and closing.")
    var hold: Double = 10

    @Option(help: "Connections being opened at once.")
    var connectConcurrency = 200

    @Option(help: "The server's process id, to read its resident memory.")
    var serverPid: Int?

    @Flag(help: "Log each connection in (as <prefix><n % users>; needs users made by 'setup' and costs a scrypt hash each).")
    var login = false

    @Option(name: .customLong("users"), help: "With --login: how many users the connections are spread over.")
    var userCount = 100

    @Flag(help: "Print one JSON summary object as the last line of stdout.")
    var json = false

    @Flag(help: "No progress lines on stderr.")
    var quiet = false

    func run() async throws {
        let names = try users.names()
        if login, users.usersPrefix == nil {
            throw ValidationError("--login needs --users-prefix of users made by 'setup'.")
        }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: server.threads)
        defer { Task.detached { try? await group.shutdownGracefully() } }
        let log = Log(quiet: quiet)
        let pid = serverPid
        let baseline = pid.flatMap(residentKiB)
        if let baseline { log.line("server RSS before: \(mib(baseline))") }

        let total = connections
        let opened = Counter()
        let start = nowNanos()
        let slots = Slots<Connection>(count: total)
        let progress = log.every(second: { elapsed in
            "connecting \(fmt(elapsed, 0)) s: \(opened.current)/\(total)"
                + (pid.flatMap(residentKiB).map { ", server RSS \(mib($0))" } ?? "")
        })
        let (doLogin, users) = (login, userCount)
        do {
            try await concurrently(total, limit: login ? max(1, self.users.setupConcurrency) : connectConcurrency) { [server] index in
                let connection = try await Connection.connect(host: server.host, port: server.port, on: group.next())
                try await connection.greeted()
                if doLogin {
                    try await connection.setUpRequest("login \(names.name(index % users)) \(names.password)")
                }
                slots.set(index, connection)
                opened.add(1)
            }
        } catch {
            progress.cancel()
            throw BenchError.setUp("opened \(opened.current) of \(total) connections, then: \(error)")
        }
        progress.cancel()
        let connectSeconds = Double(nowNanos() - start) / 1e9
        let open = slots.all.map { $0! }
        let afterConnect = pid.flatMap(residentKiB)
        log.line(
            "\(open.count) connections open in \(fmt(connectSeconds)) s"
                + (afterConnect.map { "; server RSS \(mib($0))" } ?? ""))

        let holdStart = nowNanos()
        while Double(nowNanos() - holdStart) / 1e9 < hold {
            try await Task.sleep(for: .seconds(min(5, max(0.1, hold - Double(nowNanos() - holdStart) / 1e9))))
            let alive = open.filter(\.isOpenNow).count
            log.line(
                "holding \(fmt(Double(nowNanos() - holdStart) / 1e9, 0)) s: \(alive) open"
                    + (pid.flatMap(residentKiB).map { ", server RSS \(mib($0))" } ?? ""))
        }
        let afterHold = pid.flatMap(residentKiB)

        // Each connection must still answer.
        let answered = Counter()
        try await concurrently(open.count, limit: connectConcurrency) { index in
            if let reply = try? await open[index].request(jsonRequest("plain off")), ReplyScan.ok(reply) == true {
                answered.add(1)
            }
        }
        let afterCheck = pid.flatMap(residentKiB)
        try await concurrently(open.count, limit: connectConcurrency) { index in await open[index].close() }

        var summary = "idle: \(open.count) connections held \(fmt(hold)) s, \(answered.current) answered afterwards"
        if let baseline, let afterHold {
            let perConnection = Double(afterHold - baseline) / Double(max(1, open.count))
            summary += ", server RSS \(mib(afterHold)) (before \(mib(baseline)), \(fmt(perConnection, 1)) KiB per connection)"
        }
        if let afterCheck { summary += ", \(mib(afterCheck)) once each had sent a command" }
        if let own = residentKiB(Int(getpid())) { summary += ", bench RSS \(mib(own))" }
        print(summary)
        if json {
            var object: [String: Any] = [
                "mode": "idle", "connections": open.count, "answered": answered.current, "hold_s": hold,
                "connect_s": connectSeconds, "logged_in": login,
            ]
            if let baseline { object["server_rss_before_kib"] = baseline }
            if let afterConnect { object["server_rss_connected_kib"] = afterConnect }
            if let afterHold { object["server_rss_held_kib"] = afterHold }
            if let afterCheck { object["server_rss_after_command_kib"] = afterCheck }
            print(jsonLine(object))
        }
    }
}

extension Connection {
    /// Whether the channel is still open, read from any thread.
    var isOpenNow: Bool { channel.isActive }
}

// MARK: - output

/// Progress and notes on stderr.
struct Log: Sendable {
    let quiet: Bool

    func line(_ text: String) {
        guard !quiet else { return }
        always(text)
    }

    func always(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Prints `text(elapsed seconds)` once a second until cancelled.
    func every(second text: @escaping @Sendable (Double) -> String) -> Task<Void, Never> {
        let start = nowNanos()
        let quiet = self.quiet
        return Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                if Task.isCancelled || quiet { break }
                Log(quiet: false).always(text(Double(nowNanos() - start) / 1e9))
            }
        }
    }

    /// Elapsed time, replies so far and the rate over the last second, once a second.
    func progress(workers: [Worker], start: UInt64, measureStart: UInt64) -> Task<Void, Never> {
        let quiet = self.quiet
        return Task {
            var last = 0
            var lastTime = start
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                if Task.isCancelled || quiet { break }
                let now = nowNanos()
                let total = workers.reduce(0) { $0 + $1.progress.current }
                let rate = Double(total - last) / (Double(now - lastTime) / 1e9)
                let phase = now < measureStart ? "warm-up" : "measuring"
                Log(quiet: false).always(
                    "\(fmt(Double(now - start) / 1e9, 1)) s \(phase): \(total) commands, \(fmt(rate, 0)) cmd/s")
                last = total
                lastTime = now
            }
        }
    }
}

struct Report {
    let plan: Plan
    let clients: Int
    let users: Int
    let pipeline: Int
    let threads: Int
    let duration: Double
    let warmup: Double
    let setUpSeconds: Double
    let prefillLedger: Int
    let stats: WorkerStats

    var overall: Histogram<UInt64> {
        var merged = makeHistogram()
        for histogram in stats.histograms.values { merged.add(histogram) }
        return merged
    }

    var commands: Int { stats.completed.values.reduce(0, +) }
    var refused: Int { stats.refused.values.reduce(0, +) }
    var errors: Int { stats.errors.values.reduce(0, +) + stats.connectionErrors + stats.timedOut }

    var summary: String {
        let histogram = overall
        return "\(plan.name): \(clients) clients, \(fmt(duration, 1)) s, \(fmt(Double(commands) / duration, 0)) cmd/s, "
            + "p50 \(ms(histogram, 50)) ms, p99 \(ms(histogram, 99)) ms, p99.9 \(ms(histogram, 99.9)) ms, "
            + "errors \(errors), refused \(refused)"
    }

    func kindLines() -> [String] {
        plan.kinds.map { kind in
            let histogram = stats.histograms[kind.rawValue] ?? makeHistogram()
            let count = stats.completed[kind.rawValue] ?? 0
            return "  \(kind.label): \(fmt(Double(count) / duration, 0)) cmd/s, p50 \(ms(histogram, 50)) ms, "
                + "p99 \(ms(histogram, 99)) ms, refused \(stats.refused[kind.rawValue] ?? 0), errors \(stats.errors[kind.rawValue] ?? 0)"
        }
    }

    var json: String {
        func latency(_ histogram: Histogram<UInt64>) -> [String: Any] {
            [
                "p50_ms": msValue(histogram, 50), "p90_ms": msValue(histogram, 90), "p99_ms": msValue(histogram, 99),
                "p999_ms": msValue(histogram, 99.9), "max_ms": Double(histogram.max) / 1e6, "mean_ms": histogram.mean / 1e6,
            ]
        }
        var kinds: [String: Any] = [:]
        for kind in plan.kinds {
            let histogram = stats.histograms[kind.rawValue] ?? makeHistogram()
            let count = stats.completed[kind.rawValue] ?? 0
            var entry = latency(histogram)
            entry["commands"] = count
            entry["commands_per_s"] = Double(count) / duration
            entry["refused"] = stats.refused[kind.rawValue] ?? 0
            entry["errors"] = stats.errors[kind.rawValue] ?? 0
            kinds[kind.label] = entry
        }
        var object = latency(overall)
        object.merge([
            "mode": plan.name, "clients": clients, "users": users, "pipeline": pipeline, "threads": threads,
            "duration_s": duration, "warmup_s": warmup, "setup_s": setUpSeconds, "prefill_ledger": prefillLedger,
            "commands": commands, "commands_per_s": Double(commands) / duration, "errors": errors, "refused": refused,
            "error_codes": stats.errorCodes, "refusal_codes": stats.refusalCodes, "kinds": kinds,
        ]) { $1 }
        return jsonLine(object)
    }
}

func jsonLine(_ object: [String: Any]) -> String {
    guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
}

func msValue(_ histogram: Histogram<UInt64>, _ percentile: Double) -> Double {
    histogram.totalCount == 0 ? 0 : Double(histogram.valueAtPercentile(percentile)) / 1e6
}

func ms(_ histogram: Histogram<UInt64>, _ percentile: Double) -> String {
    fmt(msValue(histogram, percentile), 2)
}

func fmt(_ value: Double, _ digits: Int = 1) -> String {
    String(format: "%.\(digits)f", value)
}

func describe(_ codes: [String: Int]) -> String {
    codes.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
}

/// Resident memory of a process in KiB (VmRSS in /proc/<pid>/status).
func residentKiB(_ pid: Int) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }
    return nil
}

func mib(_ kib: Int) -> String {
    fmt(Double(kib) / 1024, 1) + " MiB"
}
