import ArgumentParser
import Foundation
import Histogram
import NIOCore
import NIOPosix

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
