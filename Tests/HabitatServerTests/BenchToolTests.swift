import Foundation
import TestSupport
import Testing

/// `habitat-bench` against a real server: what it reports is what the server did.
@Suite("habitat-bench, the load generator", .serialized)
struct BenchToolTests {
    /// The JSON summary, the last line of a run's standard output.
    func summary(_ output: String) throws -> [String: Any] {
        let last = try #require(output.split(separator: "\n").last)
        return try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
    }

    /// How many times each user has done Exercise (+10 XP each, nothing else earns XP in these runs), read
    /// through the server as its owner would.
    func exerciseCounts(port: Int, users: [String], password: String = "bench-password") async throws -> [Int] {
        var counts: [Int] = []
        for name in users {
            let client = try await LineClient.connect(port: port)
            try await client.expectReply(to: "login \(name) \(password)", startsWith: "✅ Welcome back")
            let status = try await client.json("{\"text\": \"status\"}")
            let xp = try #require(status.int("xp")) + xpOfEarlierLevels(try #require(status.int("level")))
            counts.append(xp / 10)
            await client.close()
        }
        return counts
    }

    @Test func aRunOfDidReportsWhatTheServerCommitted() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let server = try await ServerProcess(data: data)
        let run = try await habitatBench([
            "--port", "\(server.port)", "--only", "did", "--clients", "3", "--users-prefix", "load-",
            "--duration", "1", "--warmup", "0", "--json", "--quiet",
        ])
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("did: 3 clients, 1.0 s, ") == true, "\(run.output)")
        let json = try summary(run.output)
        #expect(json["mode"] as? String == "did")
        #expect(json["clients"] as? Int == 3)
        #expect(json["pipeline"] as? Int == 1)
        #expect(json["errors"] as? Int == 0)
        let commands = try #require(json["commands"] as? Int)
        #expect(commands > 0)
        let kinds = try #require(json["kinds"] as? [String: Any])
        #expect(Set(kinds.keys) == ["did"])
        let p50 = try #require(json["p50_ms"] as? Double)
        let p99 = try #require(json["p99_ms"] as? Double)
        let p999 = try #require(json["p999_ms"] as? Double)
        let max = try #require(json["max_ms"] as? Double)
        #expect(p50 > 0 && p50 <= p99 && p99 <= p999 && p999 <= max)

        // Every completion counted was committed; at most one per client was still in flight when the
        // measured time ended, answered and committed after it.
        let totals = try await exerciseCounts(port: server.port, users: ["load-0", "load-1", "load-2"])
        let recorded = totals.reduce(0, +)
        #expect(totals.allSatisfy { $0 > 0 })
        #expect(recorded >= commands && recorded <= commands + 3, "\(recorded) recorded, \(commands) counted")
        #expect(await server.terminate() == 0)
    }

    @Test func theMixSendsEveryKindAndCountsRefusalsApartFromErrors() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let server = try await ServerProcess(data: data)
        let run = try await habitatBench(["--port", "\(server.port)", "--clients", "4", "--duration", "1", "--warmup", "0", "--json", "--quiet"])
        #expect(run.status == 0, "\(run.errors)")
        let json = try summary(run.output)
        #expect(json["mode"] as? String == "mix")
        #expect(json["errors"] as? Int == 0)
        let kinds = try #require(json["kinds"] as? [String: [String: Any]])
        #expect(Set(kinds.keys) == ["did", "slip", "status", "buy", "undo"])
        for (kind, figures) in kinds { #expect((figures["commands"] as? Int ?? 0) > 0, "\(kind)") }
        // A potion bought at full health is the game saying no, not the server failing.
        let refusals = try #require(json["refusal_codes"] as? [String: Int])
        #expect(Set(refusals.keys).isSubset(of: ["health_full"]))
        #expect(await server.terminate() == 0)
    }

    @Test func pipelinedClientsKeepSeveralRequestsInFlight() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let server = try await ServerProcess(data: data)
        let run = try await habitatBench([
            "--port", "\(server.port)", "--only", "status", "--clients", "2", "--pipeline", "8", "--duration", "1",
            "--warmup", "0", "--json", "--quiet",
        ])
        #expect(run.status == 0, "\(run.errors)")
        let json = try summary(run.output)
        #expect(json["pipeline"] as? Int == 8)
        #expect(json["errors"] as? Int == 0)
        #expect((json["commands"] as? Int ?? 0) > 0)
        #expect(await server.terminate() == 0)
    }

    /// Redis driven by the same clients as Habitat: `SET` and `PING` each answered and counted, no errors; a Redis
    /// that answers something else (it wants a password) has every reply counted as an error, by its code.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: RedisProcess.executable)))
    func aRunAgainstRedisCountsItsRepliesAndWrongOnesAsErrors() async throws {
        let redis = try await RedisProcess()
        for command in ["set", "ping"] {
            let run = try await habitatBench([
                "--redis", command, "--port", "\(redis.port)", "--clients", "2", "--duration", "0.5", "--warmup", "0",
                "--json", "--quiet",
            ])
            #expect(run.status == 0, "\(run.errors)")
            #expect(run.output.hasPrefix("\(command): 2 clients, 0.5 s, "), "\(run.output)")
            let json = try summary(run.output)
            #expect(json["target"] as? String == "redis")
            #expect(json["mode"] as? String == command)
            #expect(json["errors"] as? Int == 0, "\(run.output)")
            #expect((json["commands"] as? Int ?? 0) > 0)
        }

        let locked = try await RedisProcess(arguments: ["--requirepass", "a-password"])
        let run = try await habitatBench([
            "--redis", "ping", "--port", "\(locked.port)", "--clients", "2", "--duration", "0.5", "--warmup", "0", "--json",
            "--quiet",
        ])
        #expect(run.status == 0, "\(run.errors)")
        let json = try summary(run.output)
        let commands = try #require(json["commands"] as? Int)
        #expect(commands > 0)
        #expect(json["errors"] as? Int == commands)
        #expect(json["error_codes"] as? [String: Int] == ["NOAUTH": commands])
    }

    @Test func setupRegistersOnceAndFillsLedgers() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let server = try await ServerProcess(data: data)
        let first = try await habitatBench(["setup", "--port", "\(server.port)", "--users", "2", "--users-prefix", "kept-", "--prefill-ledger", "30", "--quiet"])
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output.hasPrefix("setup: 2 users registered, 0 existed, 60 ledger rows appended, "), "\(first.output)")
        #expect(try await exerciseCounts(port: server.port, users: ["kept-0", "kept-1"]) == [30, 30])

        // A second setup with the same names finds them and only adds to their ledgers.
        let second = try await habitatBench(["setup", "--port", "\(server.port)", "--users", "2", "--users-prefix", "kept-", "--prefill-ledger", "5", "--quiet"])
        #expect(second.status == 0, "\(second.errors)")
        #expect(second.output.hasPrefix("setup: 0 users registered, 2 existed, 10 ledger rows appended, "), "\(second.output)")
        #expect(try await exerciseCounts(port: server.port, users: ["kept-0", "kept-1"]) == [35, 35])
        #expect(await server.terminate() == 0)
    }

    /// Twelve users' reminders at one minute, each on its own live connection, on a server whose clock (faketime)
    /// reaches 21:00 40 s after it starts (time to set them on a loaded machine): every one comes, once, and the
    /// `status` load beside them is answered. A reminder an earlier run left (rem-0's) is replaced, not doubled. Then
    /// six chat users' through a bridge. Counts only: no timings.
    @Test(.enabled(if: ServerProcess.canFakeTime))
    func remindersAtOneMinuteReachEveryConnectionOnce() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        // The users, on the real clock (today is 26 November there too, or the reminder is tomorrow's: either way it
        // is replaced below).
        let plain = try await ServerProcess(data: data)
        let setup = try await habitatBench(["setup", "--port", "\(plain.port)", "--users", "14", "--users-prefix", "rem-", "--quiet"])
        #expect(setup.status == 0, "\(setup.errors)")
        let earlier = try await LineClient.connect(port: plain.port)
        try await earlier.expectReply(to: "login rem-0 bench-password", startsWith: "✅")
        try await earlier.expectReply(to: "remind me to exercise at 21:00", startsWith: "⏰ I'll remind you of Exercise at 21:00")
        await earlier.close()
        #expect(await plain.terminate() == 0)

        // The server's clock starts at 20:59:20 UTC (the users' time zone); the bench is told how far it is from its own.
        let started = Date()
        let server = try await ServerProcess(data: data, startingAt: "2026-11-26 20:59:20")
        let offset = try #require(ISO8601DateFormatter().date(from: "2026-11-26T20:59:20Z")).timeIntervalSince(started)
        let run = try await habitatBench([
            "reminders", "--port", "\(server.port)", "--users-prefix", "rem-", "--connections", "12", "--load-connections", "2",
            "--load-rate", "100", "--load-before", "3", "--at", "21:00", "--clock-offset=\(offset)", "--wait", "20",
            "--server-pid", "\(server.serverPID)", "--json", "--quiet",
        ])
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n")
        #expect(lines.first?.hasPrefix("reminders: 12/12 received at 21:00 (server clock), lateness p50 ") == true, "\(run.output)")
        let json = try summary(run.output)
        #expect(json["mode"] as? String == "reminders")
        #expect(json["minute"] as? String == "2026-11-26T21:00:00Z")
        #expect(json["expected"] as? Int == 12)
        #expect(json["received"] as? Int == 12)
        #expect(json["duplicates"] as? Int == 0)
        #expect(json["late_over_60s"] as? Int == 0)
        let load = try #require(json["load"] as? [String: Any])
        #expect(load["connections"] as? Int == 2)
        #expect(load["errors"] as? Int == 0)
        let before = try #require(load["before"] as? [String: Any])
        #expect((before["requests"] as? Int ?? 0) > 0)
        #expect((json["server_rss_peak_kib"] as? Int ?? 0) > 0)

        // rem-0 has the one reminder the bench set; the load's users none.
        let owner = try await LineClient.connect(port: server.port)
        try await owner.expectReply(to: "login rem-0 bench-password", startsWith: "✅")
        #expect(try await owner.reply(to: "reminders") == ["ℹ️ Reminders (1)", "  1. 21:00 Exercise, if not done"])
        try await owner.expectReply(to: "logout", startsWith: "👋")
        try await owner.expectReply(to: "login rem-12 bench-password", startsWith: "✅")
        #expect(try await owner.reply(to: "reminders").first?.contains("Reminders (1)") == false)
        await owner.close()
        #expect(await server.terminate() == 0)

        // Through a bridge: six chat users (new, so each is given Exercise first), heard on one bridge connection, at
        // 22:00 on a server started at 21:59:20.
        let token = try #require(try await habitat(["bridge", "add", "rb", "--data", data.path]).output.split(separator: "\n").last.map(String.init))
        let evening = Date()
        let later = try await ServerProcess(data: data, startingAt: "2026-11-26 21:59:20")
        let laterOffset = try #require(ISO8601DateFormatter().date(from: "2026-11-26T21:59:20Z")).timeIntervalSince(evening)
        let chat = try await habitatBench([
            "reminders", "--port", "\(later.port)", "--users-prefix", "rem-", "--bridge", "rb", "--bridge-token", token,
            "--connections", "6", "--load-connections", "2", "--load-rate", "100", "--load-before", "3", "--at", "22:00",
            "--clock-offset=\(laterOffset)", "--wait", "20", "--json", "--quiet",
        ])
        #expect(chat.status == 0, "\(chat.errors)")
        #expect(
            chat.output.split(separator: "\n").first?.hasPrefix("reminders: 6/6 received at 22:00 (server clock), lateness p50 ") == true,
            "\(chat.output)")
        let chatSummary = try summary(chat.output)
        #expect(chatSummary["bridge"] as? String == "rb")
        #expect(chatSummary["connections"] as? Int == 1)
        #expect(chatSummary["received"] as? Int == 6)
        #expect(chatSummary["duplicates"] as? Int == 0)
        #expect(chatSummary["other_events"] as? Int == 0)
        #expect(await later.terminate() == 0)
    }

    @Test func noServerAtTheAddressIsSaidPlainly() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        // A port that was just listened on and is free again.
        let server = try await ServerProcess(data: data)
        let port = server.port
        #expect(await server.terminate() == 0)
        let runs = [
            ["--port", "\(port)", "--only", "did", "--duration", "1"],
            ["setup", "--port", "\(port)", "--users", "1", "--users-prefix", "x-"],
            ["idle", "--port", "\(port)", "--connections", "2", "--hold", "1"],
            ["reminders", "--port", "\(port)", "--connections", "2", "--users-prefix", "x-"],
        ]
        for arguments in runs {
            let run = try await habitatBench(arguments)
            #expect(run.status == 1)
            #expect(
                run.errors.contains("can't connect to 127.0.0.1:\(port) (Connection refused). Is 'habitat serve' running there? (--host, --port)"),
                "\(run.errors)")
        }
    }

    /// A server that limits connections per address turns most of 50 clients from one machine away: said, with the
    /// flags that lift the limits.
    @Test func aServerLimitingConnectionsPerAddressIsSaidPlainly() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let server = try await ServerProcess(data: data, extraArguments: ["--max-per-address", "10"])
        let run = try await habitatBench(["--port", "\(server.port)", "--only", "status", "--clients", "50", "--duration", "1"])
        #expect(run.status == 1)
        #expect(
            run.errors.contains(
                "the server turned a connection away: Too many connections from your address (10 at once). Close some, then try "
                    + "again. It limits connections per address; measuring from one machine, start it with --max-per-address 0 "
                    + "--max-unauthenticated-per-address 0."),
            "\(run.errors)")
        #expect(await server.terminate() == 0)
    }
}
