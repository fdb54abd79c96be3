import ArgumentParser
import Foundation
import Histogram
import NIOCore
import NIOPosix

struct Idle: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open many connections and hold them, to see what idle connections cost the server.",
        discussion: """
            Opens --connections connections (each waits for the server's greeting), optionally logs each \
            in as one of --users users made by 'setup', holds them for --hold seconds, then checks each \
            still answers (one 'plain off' each). With --server-pid it prints the server's resident memory \
            (VmRSS from /proc/<pid>/status) before, after connecting, after holding and after that check, \
            and its peak (VmHWM) once all are connected: with --login and --setup-concurrency as high as \
            --connections, what a storm of logins at once costs.

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
        let peak = pid.flatMap(peakResidentKiB)
        log.line(
            "\(open.count) connections open\(login ? " and logged in" : "") in \(fmt(connectSeconds)) s"
                + (afterConnect.map { "; server RSS \(mib($0))" } ?? "") + (peak.map { ", its peak so far \(mib($0))" } ?? ""))

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
            if let peak { object["server_rss_peak_connected_kib"] = peak }
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
