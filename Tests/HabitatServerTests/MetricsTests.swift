import Foundation
import NIOCore
import NIOPosix
import TestSupport
import Testing

@testable import HabitatApp

/// `--metrics`: what an operator reads off a running server, scraped as Prometheus would.
@Suite("Metrics for an operator")
struct MetricsTests {
    static func withMetrics(_ configuration: inout ServerConfiguration) {
        configuration.metrics = ListenAddress(host: "127.0.0.1", port: 0)
    }

    @Test func aScrapeCountsEachCommandByItsOutcomeAndEachConnectionByItsState() async throws {
        try await TestServer.with(configure: Self.withMetrics) { server in
            let port = try #require(server.habitat.metricsPort)
            let alice = try await server.user("alice")
            try await alice.expectReply(to: "add habit exercise", startsWith: "✅")
            try await alice.expectReply(to: "did exercise", startsWith: "✅ exercise completed!")
            try await alice.expectReply(to: "did exercise", startsWith: "✅ exercise completed!")
            try await alice.expectReply(to: "frobnicate the widgets", startsWith: "❓ I don't know")
            let stranger = try await server.connect()
            try await stranger.expectReply(to: "status", startsWith: "❌")

            let scrape = try await HTTPScrape.get("/metrics", port: port)
            #expect(scrape.status == 200)
            #expect(scrape.headers["content-type"] == "text/plain; version=0.0.4; charset=utf-8")
            let samples = scrape.samples
            #expect(samples[#"habitat_requests_total{command="register",outcome="ok"}"#] == 1)
            #expect(samples[#"habitat_requests_total{command="add habit",outcome="ok"}"#] == 1)
            #expect(samples[#"habitat_requests_total{command="did",outcome="ok"}"#] == 2)
            #expect(samples[#"habitat_requests_total{command="unknown",outcome="unknown_command"}"#] == 1)
            #expect(samples[#"habitat_requests_total{command="status",outcome="auth_required"}"#] == 1)
            #expect(samples.keys.filter { $0.hasPrefix("habitat_requests_total{") }.count == 5)
            #expect(samples[#"habitat_request_duration_seconds_count{command="did"}"#] == 2)
            #expect(samples[#"habitat_request_duration_seconds_bucket{command="did",le="+Inf"}"#] == 2)
            #expect(samples[#"habitat_connections{state="logged_in"}"#] == 1)
            #expect(samples[#"habitat_connections{state="unauthenticated"}"#] == 1)
            #expect(samples[#"habitat_connections{state="bridge"}"#] == 0)
            #expect(samples["habitat_bridge_chat_users"] == 0)
            #expect(samples["habitat_open_user_files"] == 1)
            #expect(samples["habitat_storage_queue_depth"] == 0)
            #expect((samples["habitat_storage_wait_seconds_count"] ?? 0) > 0)
            #expect(samples["habitat_checkpoint_duration_seconds_count"] == 0)
            #expect(samples["habitat_scheduler_lag_seconds_count"] == 0)
        }
    }

    /// People's lines the server could not simply do are counted by why (`--metrics`), and those it could not read are
    /// kept without who typed them (`--record-unknown`), for an operator to grow the everyday words from.
    @Test func aLineNotUnderstoodIsCountedByKindAndKeptWithoutItsAuthor() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("unknown-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        try await TestServer.with(configure: { configuration in
            Self.withMetrics(&configuration)
            configuration.unknownLines = file
        }) { server in
            let port = try #require(server.habitat.metricsPort)
            let alice = try await server.user("alice")
            try await alice.expectReply(to: "add habit exercise", startsWith: "✅")
            try await alice.expectReply(to: "frobnicate the widgets", startsWith: "❓ I don't know 'frobnicate'")
            try await alice.expectReply(to: "did tennis", startsWith: "❓ No habit 'tennis'")
            try await alice.expectReply(to: "did exercize", startsWith: "❓ Did you mean 'did exercise'?")
            try await alice.expectReply(to: "went for a long exercise", startsWith: "✅ exercise completed!")
            let samples = try await HTTPScrape.get("/metrics", port: port).samples
            #expect(samples[#"habitat_lines_not_understood_total{kind="unknown_command"}"#] == 1)
            #expect(samples[#"habitat_lines_not_understood_total{kind="no_such_habit"}"#] == 1)
            #expect(samples[#"habitat_lines_not_understood_total{kind="asked"}"#] == 1)
            // Written away from the connection's thread: read once both lines are there.
            let deadline = ContinuousClock.now + .seconds(30)
            var kept = ""
            while ContinuousClock.now < deadline {
                kept = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
                if kept.filter({ $0 == "\n" }).count >= 2 { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(kept == "frobnicate the widgets\ndid tennis\n")
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        }
    }

    /// Too small an `--open-files` for the users active at once shows as files opened and closed to make room at
    /// about the rate of the commands.
    @Test func eachOpeningOfAUsersFileAndEachCloseToMakeRoomIsCounted() async throws {
        try await TestServer.with(configure: { configuration in
            Self.withMetrics(&configuration)
            configuration.openUserFiles = 1
            configuration.idleFileTimeout = 0
        }) { server in
            let port = try #require(server.habitat.metricsPort)
            let (alice, bob) = (try await server.user("alice"), try await server.user("bob"))
            try await alice.expectReply(to: "add habit exercise", startsWith: "✅")
            try await bob.expectReply(to: "add habit exercise", startsWith: "✅")
            let before = try await HTTPScrape.get("/metrics", port: port).samples
            // One file open at a time: each command opens its user's file, and closes the other's to make room.
            for _ in 0..<3 {
                try await alice.expectReply(to: "did exercise", startsWith: "✅")
                try await bob.expectReply(to: "did exercise", startsWith: "✅")
            }
            let after = try await HTTPScrape.get("/metrics", port: port).samples
            #expect(try #require(after[Self.opened]) - (before[Self.opened] ?? 0) == 6)
            #expect(try #require(after[Self.closedForRoom]) - (before[Self.closedForRoom] ?? 0) == 6)
            #expect(after[Self.closedIdle] == 0)
            #expect(after["habitat_open_user_files"] == 1)
        }
    }

    /// Files nobody used for `--idle-files` close, and are counted apart from those closed to make room.
    @Test func aFileClosedForBeingIdleIsCountedAsSuch() async throws {
        try await TestServer.with(configure: { configuration in
            Self.withMetrics(&configuration)
            configuration.idleFileTimeout = 0.2
        }) { server in
            let port = try #require(server.habitat.metricsPort)
            let alice = try await server.user("alice")
            try await alice.expectReply(to: "add habit exercise", startsWith: "✅")
            try await alice.expectReply(to: "did exercise", startsWith: "✅")
            var samples = try await HTTPScrape.get("/metrics", port: port).samples
            for _ in 0..<1000 where samples["habitat_open_user_files"] != 0 {
                try await Task.sleep(for: .milliseconds(10))
                samples = try await HTTPScrape.get("/metrics", port: port).samples
            }
            // However often a slow machine let it close between the commands, each opening ended in an idle close.
            #expect(samples["habitat_open_user_files"] == 0)
            let opened = try #require(samples[Self.opened])
            #expect(opened >= 1)
            #expect(samples[Self.closedIdle] == opened)
            #expect(samples[Self.closedForRoom] == 0)
        }
    }

    static let opened = "habitat_user_files_opened_total"
    static let closedForRoom = #"habitat_user_files_closed_total{reason="room"}"#
    static let closedIdle = #"habitat_user_files_closed_total{reason="idle"}"#

    @Test func eachMetricSaysWhatItIsAboveItsType() async throws {
        try await TestServer.with(configure: Self.withMetrics) { server in
            let port = try #require(server.habitat.metricsPort)
            let alice = try await server.user("alice")
            try await alice.expectReply(to: "status", startsWith: "ℹ️")
            let lines = try await HTTPScrape.get("/metrics", port: port).body.split(separator: "\n").map(String.init)
            let types = lines.indices.filter { lines[$0].hasPrefix("# TYPE ") }
            #expect(types.count == 20)  // 14 of the server's, 6 of the process (ProcessFigures)
            for index in types {
                let name = String(lines[index].split(separator: " ")[2])
                #expect(index > 0 && lines[index - 1] == "# HELP \(name) \(Metrics.help[name] ?? "?")", "\(name)")
            }
            let connections = try #require(lines.firstIndex(of: "# TYPE habitat_connections gauge"))
            #expect(lines[connections - 1] == "# HELP habitat_connections Open connections, by state: unauthenticated, logged_in, bridge.")
        }
    }

    @Test func aBridgeCountsAsABridgeAndItsChatUsersAsTheSessionsItHolds() async throws {
        try await TestServer.with(configure: Self.withMetrics) { server in
            let port = try #require(server.habitat.metricsPort)
            try await server.habitat.application.directory.addBridge(
                named: "irc", tokenHash: BridgeToken.hash("hbt_counted"), at: server.clock.now)
            let bridge = try await server.connect()
            #expect(try await bridge.json("bridge irc hbt_counted").ok == true)
            for user in ["ada", "bo", "ada"] {
                #expect(try await bridge.json(#"{"id": 1, "user": "\#(user)", "text": "status"}"#).ok == true)
            }
            let samples = try await HTTPScrape.get("/metrics", port: port).samples
            #expect(samples[#"habitat_connections{state="bridge"}"#] == 1)
            #expect(samples[#"habitat_connections{state="unauthenticated"}"#] == 0)
            #expect(samples["habitat_bridge_chat_users"] == 2)
            #expect(samples[#"habitat_requests_total{command="bridge",outcome="ok"}"#] == 1)
            #expect(samples[#"habitat_requests_total{command="status",outcome="ok"}"#] == 3)

            // Once the bridge is gone, so are its chat users.
            await bridge.close()
            var after = samples
            for _ in 0..<500 where after[#"habitat_connections{state="bridge"}"#] != 0 {
                try await Task.sleep(for: .milliseconds(10))
                after = try await HTTPScrape.get("/metrics", port: port).samples
            }
            #expect(after[#"habitat_connections{state="bridge"}"#] == 0)
            #expect(after["habitat_bridge_chat_users"] == 0)
        }
    }

    @Test func theSchedulersLagIsHowLongAfterItsTimeATimerFired() async throws {
        try await TestServer.with(configure: Self.withMetrics) { server in
            let port = try #require(server.habitat.metricsPort)
            let client = try await server.user("olga")
            try await client.expectReply(to: "add habit Meditation", startsWith: "✅")
            try await client.expectReply(to: "start timer meditation 10 min", startsWith: "⏰ Timer started")
            // The clock jumps half a minute past the timer's end, as after a server that was stopped.
            server.clock.advance(by: 630)
            #expect(try await client.readReply() == ["⏰ 10 min of Meditation done! +10 XP, +5 coins"])
            let samples = try await HTTPScrape.get("/metrics", port: port).samples
            #expect(samples["habitat_scheduler_lag_seconds_count"] == 1)
            #expect(samples["habitat_scheduler_lag_seconds_sum"] == 30)
            #expect(samples[#"habitat_scheduler_lag_seconds_bucket{le="10.0"}"#] == 0)
            #expect(samples[#"habitat_scheduler_lag_seconds_bucket{le="30.0"}"#] == 1)
        }
    }

    @Test func onlyAGetOfTheMetricsPathIsAnswered() async throws {
        try await TestServer.with(configure: Self.withMetrics) { server in
            let port = try #require(server.habitat.metricsPort)
            #expect(try await HTTPScrape.get("/", port: port).status == 404)
            #expect(try await HTTPScrape.get("/metrics/more", port: port).status == 404)
            let post = try await HTTPScrape.get("/metrics", method: "POST", port: port)
            #expect(post.status == 405)
            #expect(post.headers["allow"] == "GET")
            #expect(try await HTTPScrape.get("/metrics?name=x", port: port).status == 200)
        }
    }

    @Test func aServerWithoutTheFlagMeasuresNothing() async throws {
        try await TestServer.with { server in
            _ = try await server.user("alice")
            #expect(server.habitat.metricsPort == nil)
            #expect(server.habitat.application.metrics == nil)
        }
    }

    @Test func theToolListensForMetricsOnlyWhenAsked() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let plain = try await ServerProcess(data: data)
        #expect(plain.metricsPort == nil)
        #expect(listeningPorts(of: plain.process.processIdentifier) == [plain.port])
        _ = await plain.terminate()

        let measured = try await ServerProcess(data: data, extraArguments: ["--metrics", "127.0.0.1:0"])
        let metricsPort = try #require(measured.metricsPort)
        #expect(listeningPorts(of: measured.process.processIdentifier) == [measured.port, metricsPort])
        _ = await measured.terminate()
    }

    @Test func anAddressThatIsNoneIsRefused() async throws {
        let refused = try await habitat(["serve", "--metrics", "localhost:http"])
        #expect(refused.status != 0)
        #expect(refused.output.contains("--metrics is a port (9464) or a host and port (127.0.0.1:9464), not 'localhost:http'."))
    }
}

/// One HTTP request over a plain socket, and its response.
struct HTTPScrape {
    let status: Int
    /// Header names in lower case.
    let headers: [String: String]
    let body: String

    static func get(_ path: String, method: String = "GET", port: Int) async throws -> HTTPScrape {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
            }
        var received = ByteBuffer()
        try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(string: "\(method) \(path) HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n\r\n"))
            // The endpoint closes the connection after its response.
            for try await var chunk in inbound { received.writeBuffer(&chunk) }
        }
        let text = String(buffer: received)
        guard let end = text.range(of: "\r\n\r\n") else { throw TestFailure("no HTTP response: \(text)") }
        let lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
        guard let status = lines.first?.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
            throw TestFailure("no status in: \(text)")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return HTTPScrape(status: status, headers: headers, body: String(text[end.upperBound...]))
    }

    /// Each sample of the Prometheus text, by its name and labels as written: `habitat_connections{state="bridge"}`.
    var samples: [String: Double] {
        var samples: [String: Double] = [:]
        for line in body.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else { continue }
            samples[String(line[..<space])] = value
        }
        return samples
    }
}

/// The TCP ports process `pid` listens on, read from `/proc`: its sockets, and which of them listen.
func listeningPorts(of pid: Int32) -> Set<Int> {
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
    let sockets = Set(descriptors.compactMap { descriptor -> String? in
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(descriptor)")) ?? ""
        return target.firstMatch(of: /socket:\[(\d+)\]/).map { String($0.1) }
    })
    var ports: Set<Int> = []
    for table in ["tcp", "tcp6"] {
        // Read to its end: Foundation reads a file of /proc, whose size says 0, only as far as its first 4 KiB, about
        // 26 sockets, and a busy machine (or a whole test run) has many more.
        let file = FileHandle(forReadingAtPath: "/proc/\(pid)/net/\(table)")
        let text = String(decoding: (try? file?.readToEnd()) ?? Data(), as: UTF8.self)
        try? file?.close()
        for line in text.split(separator: "\n").dropFirst() {
            // `sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode`
            let fields = line.split(separator: " ")
            guard fields.count > 9, fields[3] == "0A", sockets.contains(String(fields[9])),
                let port = fields[1].split(separator: ":").last.flatMap({ Int($0, radix: 16) })
            else { continue }
            ports.insert(port)
        }
    }
    return ports
}
