import ArgumentParser
import Foundation
import Histogram
import NIOCore
import NIOPosix

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

            Redis, for comparison: --redis set or --redis ping drives the Redis server at --host/--port \
            with the same clients, load and histograms, each client sending the inline command 'SET k<client> v' \
            or 'PING' and expecting '+OK' or '+PONG' (anything else is an error). Nothing is set up first.

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

    @Option(help: "Drive a Redis server instead, with one inline command: set (SET k<client> v) or ping (PING).")
    var redis: RedisCommand?

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
        if redis != nil, only != nil || userCount != nil || prefillLedger > 0 {
            throw ValidationError("--redis sends its one command and has no users: no --only, --users or --prefill-ledger.")
        }
    }

    func run() async throws {
        let names = try users.names()
        let target: Target = redis == nil ? .habitat : .redis
        let plan = redis.map { Plan.only($0.kind) } ?? only.map(Plan.only) ?? Plan.mix
        let userCount = target == .redis ? 0 : self.userCount ?? clients
        // Connection j is logged in as user j % userCount and belongs to worker j % clients.
        let connectionCount = max(userCount, clients)
        let talkingTo = target == .redis ? "Redis" : "\(userCount) users (\(names.prefix)…)"
        let group = MultiThreadedEventLoopGroup(numberOfThreads: server.threads)
        defer { Task.detached { try? await group.shutdownGracefully() } }
        let loops = Array(group.makeIterator())
        let log = Log(quiet: quiet)

        log.line(
            "habitat-bench: \(plan.description); \(clients) clients, pipeline \(pipeline), \(talkingTo), "
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
                let connection = try await Connection.connect(host: server.host, port: server.port, target: target, on: loop)
                if target == .habitat {
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
                }
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
                pipeline: pipeline, client: w, seed: 0x9E37_79B9_7F4A_7C15 &* UInt64(w + 1))
        }

        // Load.
        let start = nowNanos()
        let cpuAtStart = processCPUSeconds()
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
        let clientCPUSeconds = processCPUSeconds() - cpuAtStart
        timeout.cancel()
        loadProgress.cancel()

        var stats = WorkerStats()
        for worker in workers {
            stats.merge(try await worker.eventLoop.submit { worker.snapshot }.get())
        }
        for connection in connections { await connection.close() }

        let report = Report(
            target: target, plan: plan, clients: clients, users: userCount, pipeline: pipeline, threads: server.threads, duration: duration,
            warmup: warmup, setUpSeconds: setUpSeconds, prefillLedger: prefillLedger, stats: stats,
            clientCPUSeconds: clientCPUSeconds)
        if plan.weights.count > 1 {
            for line in report.kindLines() { log.always(line) }
        }
        if !stats.errorCodes.isEmpty { log.always("errors by code: \(describe(stats.errorCodes))") }
        if !stats.refusalCodes.isEmpty { log.always("refused by code: \(describe(stats.refusalCodes))") }
        print(report.summary)
        if json { print(report.json) }
    }
}
