import ArgumentParser
import Foundation
import Histogram
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#endif

struct Reminders: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Many users' reminders at one minute: how late each reaches its live connection, and what other requests see meanwhile.",
        discussion: """
            Uses users made by 'setup' (habits Exercise and Snacking, time zone UTC). Opens --connections \
            connections, each logged in as its own user (<prefix>0 …) in JSON mode, stops any reminder of \
            Exercise they had ('stop reminding exercise'), then sets 'remind me to exercise at HH:MM' on each: \
            the next whole minute at least --lead seconds away, or --at. Exercise is due every day and is not \
            done, so every one of them fires at that minute. Don't record 'did exercise' for these users that \
            day: a habit done gets no reminder.

            For each connection it records when its reminder event arrived, relative to the minute on the \
            server's clock (--clock-offset: the server's clock minus this machine's), in an HDR histogram: \
            p50, p99 and max lateness, how many came and how many after 60 s. From --load-before seconds \
            before the minute until the last reminder came, --load-connections more connections (users \
            <prefix>N … after those) send 'status' at --load-rate requests a second in all, one at a time \
            each, on an event loop of their own; their latency is reported before the minute and during \
            the burst (from the minute to the last reminder). With --server-pid: the server's resident \
            memory before, once connected, at the minute, its peak during the burst (VmHWM, reset when the \
            load starts where /proc/<pid>/clear_refs allows it, else since the server started) and after.

            Start the server without its limits per address and connection: \
              habitat serve --rate-limit 0 --max-per-address 0 --max-unauthenticated-per-address 0 \\
                --max-connections 200000
            Each connection is a file descriptor on both sides ('ulimit -n'). One local address has about \
            28,000 ephemeral ports: against a server on 127.x, more than 20,000 connections are spread over \
            127.0.0.2, 127.0.0.3, … (--source-addresses).

            With --bridge, the users given a reminder are --connections chat users of that bridge \
            (<bridge>:<chat-prefix>0 …, made on first use; each given the habit Exercise if it has none), \
            all heard through one bridge connection: as many listening users as wanted, over one socket. \
            Their reminders are set through --set-concurrency more bridge connections, closed before the \
            minute; the load's users are then <prefix>0 … . Make the bridge first: habitat bridge add NAME.
            """)

    @OptionGroup var server: ServerOptions
    @OptionGroup var users: UserOptions

    @Option(help: "Live connections, each logged in as its own user and given a reminder at the minute.")
    var connections = 10_000

    @Option(help: "Connections sending 'status' meanwhile (users numbered after the reminders' ones).")
    var loadConnections = 4

    @Option(
        help: ArgumentHelp(
            "More users given a reminder at the same minute, not connected at it (numbered after the load's users).",
            discussion: "The server looks at theirs too (each is told at the user's next login). Theirs are set first, so the server comes to the live connections' last: their lateness is the minute's whole work."))
    var offlineUsers = 0

    @Option(help: "Connections that set the offline users' reminders (each logs in as one user after another).")
    var offlineConnections = 32

    @Option(help: "'status' requests a second over all load connections (0: each sends the next as soon as its reply came).")
    var loadRate: Double = 200

    @Option(help: "Seconds before the minute the load starts.")
    var loadBefore: Double = 10

    @Option(help: "The minute is the next whole minute at least this many seconds after every connection logged in.")
    var lead: Double = 30

    @Option(help: "The minute as HH:MM on the server's clock (UTC, the users' time zone), instead of --lead.")
    var at: String?

    @Option(help: "The server's clock minus this machine's, in seconds (for a server under faketime, or elsewhere).")
    var clockOffset: Double = 0

    @Option(help: "Seconds after the minute to wait for the reminders before counting what came.")
    var wait: Double = 180

    @Option(
        help: ArgumentHelp(
            "Local addresses to spread the connections over: 127.0.0.2, 127.0.0.3, … (0: the system chooses).",
            discussion: "Default: against a server on 127.x, one per 20,000 connections when there are more than 20,000; else 0."))
    var sourceAddresses: Int?

    @Option(help: "Reminders being set at once.")
    var setConcurrency = 256

    @Option(help: "The server's process id, to read its resident memory.")
    var serverPid: Int?

    @Option(help: "A bridge whose chat users get the reminders instead of logged-in connections (see above).")
    var bridge: String?

    @Option(help: "The bridge's token (else $HABITAT_BRIDGE_TOKEN).")
    var bridgeToken: String?

    @Option(help: "The chat users' names before their number.")
    var chatPrefix = "b"

    @Flag(help: "Print one JSON summary object as the last line of stdout.")
    var json = false

    @Flag(help: "No progress lines on stderr.")
    var quiet = false

    func validate() throws {
        guard connections >= 1 else { throw ValidationError("--connections must be at least 1.") }
        guard offlineUsers >= 0, offlineConnections >= 1 else {
            throw ValidationError("--offline-users can't be negative, --offline-connections must be at least 1.")
        }
        guard loadConnections >= 0, loadRate >= 0, loadBefore >= 0 else {
            throw ValidationError("--load-connections, --load-rate and --load-before can't be negative.")
        }
        guard wait > 0, lead >= 0 else { throw ValidationError("--wait must be positive, --lead not negative.") }
        if let at, Self.parse(at) == nil { throw ValidationError("--at takes HH:MM (00:00–23:59).") }
        if let sourceAddresses, !(0...250).contains(sourceAddresses) { throw ValidationError("--source-addresses must be 0–250.") }
        if bridge != nil, offlineUsers > 0 { throw ValidationError("--offline-users are logged-in users: not with --bridge.") }
        if bridge != nil, bridgeToken ?? ProcessInfo.processInfo.environment["HABITAT_BRIDGE_TOKEN"] == nil {
            throw ValidationError("--bridge needs --bridge-token (or HABITAT_BRIDGE_TOKEN).")
        }
    }

    static func parse(_ text: String) -> (hour: Int, minute: Int)? {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        return (hour, minute)
    }

    func run() async throws {
        guard users.usersPrefix != nil else {
            throw ValidationError("reminders needs --users-prefix of users made by 'setup' (--connections + --load-connections of them).")
        }
        let names = try users.names()
        let group = MultiThreadedEventLoopGroup(numberOfThreads: server.threads)
        // The load's replies are timed on a loop of their own, not behind the reminders' events.
        let loadGroup = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer {
            Task.detached {
                try? await group.shutdownGracefully()
                try? await loadGroup.shutdownGracefully()
            }
        }
        let log = Log(quiet: quiet)
        let pid = serverPid
        let rssBefore = pid.flatMap(residentKiB)
        // Connections each logged in as a user given a reminder (none through a bridge), then the load's.
        let socketUsers = bridge == nil ? connections : 0
        let total = socketUsers + loadConnections
        let addressCount =
            sourceAddresses ?? (server.host.hasPrefix("127.") && total > 20_000 ? (total + 19_999) / 20_000 : 0)
        let locals = try (0..<addressCount).map { try SocketAddress(ipAddress: "127.0.0.\(2 + $0)", port: 0) }

        // Log in every connection; each forgets any earlier reminder of Exercise.
        let receipts = Receipts(count: connections)
        let ready = Counter()
        let start = nowNanos()
        let slots = Slots<Connection>(count: total)
        let progress = log.every(second: { elapsed in
            "logging in \(fmt(elapsed, 0)) s: \(ready.current)/\(total)" + (pid.flatMap(residentKiB).map { ", server RSS \(mib($0))" } ?? "")
        })
        let reminderCount = socketUsers
        do {
            try await concurrently(total, limit: max(1, users.setupConcurrency)) { [server] index in
                let local = locals.isEmpty ? nil : locals[index % locals.count]
                let loop = index < reminderCount ? group.next() : loadGroup.next()
                let connection = try await Connection.connect(host: server.host, port: server.port, from: local, on: loop)
                try await connection.setUpRequest("mode json")
                try await connection.setUpRequest("login \(names.name(index)) \(names.password)")
                if index < reminderCount {
                    try await loop.submit {
                        connection.onEvent = { line in receipts.received(line, on: index, at: wallNanos()) }
                    }.get()
                    try await connection.setUpRequest("stop reminding exercise", allowing: ["not_found"])
                }
                slots.set(index, connection)
                ready.add(1)
            }
        } catch {
            progress.cancel()
            throw BenchError.setUp("logged in \(ready.current) of \(total) connections, then: \(error)")
        }
        progress.cancel()
        let open = slots.all.map { $0! }
        // Through a bridge: one connection hears every chat user's reminder.
        var heard: Connection?
        if let bridge {
            let connection = try await Connection.connect(host: server.host, port: server.port, on: group.next())
            try await connection.setUpRequest("mode json")
            try await connection.setUpRequest("bridge \(bridge) \(bridgeTokenValue)")
            let prefix = Array("\"user\":\"\(chatPrefix)".utf8)
            try await connection.eventLoop.submit {
                connection.onEvent = { line in receipts.received(line, user: prefix, at: wallNanos()) }
            }.get()
            heard = connection
        }
        let connectSeconds = Double(nowNanos() - start) / 1e9
        let rssConnected = pid.flatMap(residentKiB)
        log.line(
            "\(total) connections logged in in \(fmt(connectSeconds)) s"
                + (addressCount > 0 ? " (from \(addressCount) local addresses)" : "")
                + (rssConnected.map { "; server RSS \(mib($0))" } ?? ""))

        // The minute, on the server's clock (Unix seconds).
        let offset = clockOffset
        let serverNow = { Date().timeIntervalSince1970 + offset }
        let minute: Double
        if let at, let (hour, minuteOfHour) = Self.parse(at) {
            let now = serverNow()
            var candidate = (now / 86_400).rounded(.down) * 86_400 + Double(hour * 3600 + minuteOfHour * 60)
            if candidate <= now { candidate += 86_400 }
            minute = candidate
        } else {
            minute = ((serverNow() + lead) / 60).rounded(.up) * 60
        }
        let clock = Self.clockText(minute)
        log.line("the minute: \(clock) UTC on the server's clock, in \(fmt(minute - serverNow())) s; setting \(connections) reminders")

        // Every login's own lines have come (each connection has had a reply since): what comes from now on is counted.
        receipts.arm()

        // The offline users' reminders first: the server comes to them before the live connections'.
        let setStart = nowNanos()
        let offlineSet = Counter()
        if offlineUsers > 0 {
            let offlineProgress = log.every(second: { elapsed in
                "setting offline users' reminders \(fmt(elapsed, 0)) s: \(offlineSet.current)/\(offlineUsers)"
            })
            let first = total
            let last = total + offlineUsers
            let next = Counter()
            do {
                try await concurrently(offlineConnections, limit: offlineConnections) { [server] worker in
                    let local = locals.isEmpty ? nil : locals[worker % locals.count]
                    let connection = try await Connection.connect(host: server.host, port: server.port, from: local, on: group.next())
                    try await connection.setUpRequest("mode json")
                    while true {
                        let index = first + next.next()
                        guard index < last else { break }
                        try await connection.setUpRequest("login \(names.name(index)) \(names.password)")
                        try await connection.setUpRequest("stop reminding exercise", allowing: ["not_found"])
                        try await Self.remind(connection, at: clock)
                        try await connection.setUpRequest("logout")
                        offlineSet.add(1)
                    }
                    await connection.close()
                }
            } catch {
                offlineProgress.cancel()
                throw BenchError.setUp("set \(offlineSet.current) of \(offlineUsers) offline users' reminders, then: \(error)")
            }
            offlineProgress.cancel()
            log.line("\(offlineUsers) offline users' reminders set in \(fmt(Double(nowNanos() - setStart) / 1e9)) s")
        }

        // A reminder on each live connection, or for each chat user.
        let set = Counter()
        let setProgress = log.every(second: { elapsed in "setting reminders \(fmt(elapsed, 0)) s: \(set.current)/\(connections)" })
        do {
            if let bridge {
                let next = Counter()
                let workers = min(setConcurrency, connections)
                try await concurrently(workers, limit: workers) { [server, chatPrefix, connections, bridgeTokenValue] worker in
                    let local = locals.isEmpty ? nil : locals[worker % locals.count]
                    let connection = try await Connection.connect(host: server.host, port: server.port, from: local, on: group.next())
                    try await connection.setUpRequest("mode json")
                    try await connection.setUpRequest("bridge \(bridge) \(bridgeTokenValue)")
                    while case let index = next.next(), index < connections {
                        try await Self.remind(chatUser: "\(chatPrefix)\(index)", through: connection, at: clock)
                        set.add(1)
                    }
                    await connection.close()
                }
            } else {
                try await concurrently(connections, limit: max(1, setConcurrency)) { index in
                    try await Self.remind(open[index], at: clock)
                    set.add(1)
                }
            }
        } catch {
            setProgress.cancel()
            throw BenchError.setUp("set \(set.current) of \(connections) reminders, then: \(error)")
        }
        setProgress.cancel()
        let setSeconds = Double(nowNanos() - setStart) / 1e9
        guard serverNow() < minute else {
            throw BenchError.setUp(
                "setting the reminders took \(fmt(setSeconds)) s, past the minute \(clock): give a longer --lead (or a later --at)")
        }
        log.line("\(connections + offlineUsers) reminders set in \(fmt(setSeconds)) s; the minute comes in \(fmt(minute - serverNow())) s")

        // Load from --load-before seconds before the minute.
        try await sleep(until: minute - loadBefore, serverNow)
        let stop = Counter()
        let samples = LoadSamples()
        let loadConnections = Array(open[socketUsers...])
        let interval = loadRate > 0 ? Double(loadConnections.count) / loadRate : 0
        let loadTasks = loadConnections.enumerated().map { index, connection in
            Task { await samples.drive(connection, interval: interval, phase: Double(index) / Double(max(1, loadConnections.count)), stop: stop) }
        }
        let peakReset = pid.map(resetPeak) ?? false
        try await sleep(until: minute, serverNow)
        let rssAtMinute = pid.flatMap(residentKiB)

        // The burst: until every reminder came, or --wait after the minute.
        var rssSampledPeak = rssAtMinute ?? 0
        var lastLog = nowNanos()
        while receipts.count < connections, serverNow() < minute + wait {
            try await Task.sleep(for: .milliseconds(100))
            if let pid, let rss = residentKiB(pid) { rssSampledPeak = max(rssSampledPeak, rss) }
            if nowNanos() - lastLog >= 1_000_000_000 {
                lastLog = nowNanos()
                log.line(
                    "\(fmt(serverNow() - minute)) s after the minute: \(receipts.count)/\(connections) reminders"
                        + (pid.flatMap(residentKiB).map { ", server RSS \(mib($0))" } ?? ""))
            }
        }
        let rssPeak = pid.flatMap(peakResidentKiB)
        let rssAfter = pid.flatMap(residentKiB)
        stop.add(1)
        for task in loadTasks { await task.value }

        let result = receipts.snapshot
        let minuteNanos = Int64((minute - offset) * 1e9)
        var lateness = Histogram<UInt64>(
            lowestDiscernibleValue: 1_000, highestTrackableValue: 3_600_000_000_000, numberOfSignificantValueDigits: .three)
        var early = 0
        var lateOver60 = 0
        var last: Int64 = 0
        for at in result.at where at != 0 {
            let late = at - minuteNanos
            if late < 0 { early += 1 }
            if late > 60_000_000_000 { lateOver60 += 1 }
            last = max(last, late)
            lateness.record(UInt64(min(max(late, 1_000), 3_600_000_000_000)))
        }
        let burstEnd = result.received == connections ? minuteNanos + last : Int64((minute + wait - offset) * 1e9)
        let load = samples.split(at: minuteNanos, until: burstEnd)

        try await concurrently(open.count, limit: 1000) { index in await open[index].close() }
        await heard?.close()
        try await Task.sleep(for: .seconds(1))
        let rssClosed = pid.flatMap(residentKiB)

        func seconds(_ percentile: Double) -> Double {
            lateness.totalCount == 0 ? 0 : Double(lateness.valueAtPercentile(percentile)) / 1e9
        }
        let burstSeconds = Double(last) / 1e9
        var summary =
            "reminders: \(result.received)/\(connections) received at \(clock) (server clock), lateness p50 \(fmt(seconds(50), 2)) s, "
            + "p99 \(fmt(seconds(99), 2)) s, max \(fmt(Double(lateness.max) / 1e9, 2)) s, \(lateOver60) after 60 s"
        if result.duplicates > 0 { summary += ", \(result.duplicates) twice" }
        if early > 0 { summary += ", \(early) before the minute (clocks?)" }
        if offlineUsers > 0 { summary += "; \(offlineUsers) more users' reminders at that minute, not connected" }
        if let bridge { summary += "; chat users of the bridge \(bridge), heard on one connection" }
        summary += "; set in \(fmt(setSeconds)) s"
        print(summary)
        if !loadConnections.isEmpty {
            print(
                "status load (\(loadRate > 0 ? fmt(loadRate, 0) + "/s" : "closed loop") on \(loadConnections.count) connections): "
                    + "before the minute \(load.before.text), during the burst (\(fmt(burstSeconds, 1)) s) \(load.during.text), "
                    + "errors \(load.errors)")
        }
        if let rssBefore {
            var line = "server RSS: before \(mib(rssBefore))"
            if let rssConnected { line += ", connected \(mib(rssConnected))" }
            if let rssAtMinute { line += ", at the minute \(mib(rssAtMinute))" }
            if let rssPeak { line += ", peak \(mib(max(rssPeak, rssSampledPeak)))\(peakReset ? " (since the load started)" : " (since the server started)")" }
            if let rssAfter { line += ", after the last reminder \(mib(rssAfter))" }
            if let rssClosed { line += ", connections closed \(mib(rssClosed))" }
            print(line)
        }
        if json {
            var object: [String: Any] = [
                "mode": "reminders", "connections": socketUsers + (heard == nil ? 0 : 1), "bridge": bridge ?? NSNull(), "expected": connections, "received": result.received,
                "offline_users": offlineUsers, "due_at_minute": connections + offlineUsers,
                "duplicates": result.duplicates, "other_events": result.others, "late_over_60s": lateOver60, "early": early,
                "minute": Self.isoText(minute), "connect_s": connectSeconds, "set_s": setSeconds,
                "lateness_p50_s": seconds(50), "lateness_p90_s": seconds(90), "lateness_p99_s": seconds(99),
                "lateness_max_s": Double(lateness.max) / 1e9, "lateness_min_s": Double(lateness.min) / 1e9,
                "burst_s": burstSeconds, "source_addresses": addressCount,
                "load": [
                    "connections": loadConnections.count, "rate_per_s": loadRate, "errors": load.errors,
                    "before": load.before.json, "during": load.during.json,
                ] as [String: Any],
            ]
            if let rssBefore { object["server_rss_before_kib"] = rssBefore }
            if let rssConnected { object["server_rss_connected_kib"] = rssConnected }
            if let rssAtMinute { object["server_rss_at_minute_kib"] = rssAtMinute }
            if let rssPeak {
                object["server_rss_peak_kib"] = max(rssPeak, rssSampledPeak)
                object["server_rss_peak_since"] = peakReset ? "load" : "start"
            }
            if let rssAfter { object["server_rss_after_kib"] = rssAfter }
            if let rssClosed { object["server_rss_closed_kib"] = rssClosed }
            if let own = residentKiB(Int(getpid())) { object["bench_rss_kib"] = own }
            print(jsonLine(object))
        }
    }

    /// Sets the logged-in user's reminder of Exercise at `clock` (HH:MM), which must be for today.
    static func remind(_ connection: Connection, at clock: String) async throws {
        try forToday(try await connection.setUpRequest("remind me to exercise at \(clock)"), at: clock)
    }

    /// Checks that the reminder `reply` answers is for today (`of`: whose).
    static func forToday(_ reply: SetUpReply, at clock: String, of user: String? = nil) throws {
        guard reply.text.contains("(from today)") || reply.text.contains("already have a reminder") else {
            let whose = user.map { " of \($0)" } ?? ""
            throw BenchError.setUp("the reminder\(whose) at \(clock) is not for today: \(reply.text.prefix(300)) (a longer --lead?)")
        }
    }

    /// Sets the chat user's reminder of Exercise at `clock` through a bridge connection, giving them the habit first if
    /// they have none.
    static func remind(chatUser user: String, through connection: Connection, at clock: String) async throws {
        func say(_ text: String) async throws -> SetUpReply {
            SetUpReply(try await connection.request(#"{"user":"\#(user)","text":"\#(text)"}"#))
        }
        var reply = try await say("remind me to exercise at \(clock)")
        if reply.code == "unknown_habit" {
            let added = try await say("add habit Exercise")
            guard added.ok else { throw BenchError.setUp("'add habit Exercise' for \(user) failed: \(added.text.prefix(300))") }
            reply = try await say("remind me to exercise at \(clock)")
        }
        try forToday(reply, at: clock, of: user)
    }

    private var bridgeTokenValue: String { bridgeToken ?? ProcessInfo.processInfo.environment["HABITAT_BRIDGE_TOKEN"] ?? "" }

    /// Sleeps until `instant` on the server's clock.
    private func sleep(until instant: Double, _ serverNow: () -> Double) async throws {
        let left = instant - serverNow()
        if left > 0 { try await Task.sleep(for: .nanoseconds(Int64(left * 1e9))) }
    }

    static func clockText(_ instant: Double) -> String {
        let secondOfDay = Int(instant.truncatingRemainder(dividingBy: 86_400))
        return String(format: "%02d:%02d", secondOfDay / 3600, secondOfDay % 3600 / 60)
    }

    static func isoText(_ instant: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSince1970: instant))
    }
}

/// The wall clock in nanoseconds since 1970 (lateness is against a minute of the clock).
func wallNanos() -> Int64 {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
}

/// Resets the process's peak resident memory (VmHWM) to its current one; `false` if that isn't allowed.
func resetPeak(_ pid: Int) -> Bool {
    guard let handle = FileHandle(forWritingAtPath: "/proc/\(pid)/clear_refs") else { return false }
    defer { try? handle.close() }
    return (try? handle.write(contentsOf: Data("5".utf8))) != nil
}
