import Foundation
import TestSupport
import Testing

/// `contrib/fail2ban/filter.d/habitat.conf` against a real server's log: each failed login and bridge token, by the
/// address it came from, and nothing else (a login that worked, a registration, the server's own lines).
@Suite(
    "fail2ban reads the server's log",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fail2ban-regex"), "fail2ban is not installed (.ci/run installs it)"))
struct Fail2banTests {
    @Test func theFilterMatchesEachFailedLoginByItsAddressAndNothingElse() async throws {
        let folder = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try await ServerProcess(data: folder.appendingPathComponent("data"))
        let log: String
        do {
            _ = try await LineClient.registered("alice", port: server.port)
            let guesser = try await LineClient.connect(port: server.port)
            try await guesser.expectReply(to: "login alice wrong-horse", startsWith: "❌")
            try await guesser.expectReply(to: "login nobody at-all", startsWith: "❌")
            // A name made to look like the end of a line the filter matches is only a name.
            try await guesser.expectReply(to: "login x]login-failed pass", startsWith: "❌")
            try await guesser.expectReply(to: "bridge matrix hbt_not_a_token", startsWith: "❌")
            try await guesser.expectReply(to: "login alice correct-horse", startsWith: "✅")
            #expect(await server.terminate() == 0)
            log = server.log
        } catch {
            _ = await server.terminate()
            throw error
        }
        let file = folder.appendingPathComponent("habitat.log")
        try Data(log.utf8).write(to: file)
        let filter = SourceTree.url("contrib/fail2ban/filter.d/habitat.conf").path
        let lines = log.split(separator: "\n").count
        let summary = try await runToEnd(URL(fileURLWithPath: "/usr/bin/fail2ban-regex"), [file.path, filter])
        #expect(summary.status == 0, "\(summary.errors)")
        #expect(summary.output.contains("Lines: \(lines) lines, 0 ignored, 4 matched, \(lines - 4) missed"), "\(summary.output)\n\(log)")
        let addresses = try await runToEnd(URL(fileURLWithPath: "/usr/bin/fail2ban-regex"), ["--out", "ip", file.path, filter])
        #expect(addresses.output == "127.0.0.1\n127.0.0.1\n127.0.0.1\n127.0.0.1\n", "\(addresses.output)")
    }

    @Test func theJSONFilterMatchesTheSameInAJSONLog() async throws {
        let folder = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try await LoggedProcess([
            "serve", "--port", "0", "--data", folder.appendingPathComponent("data").path, "--log-format", "json",
        ])
        let started = try await server.logs(#""message":"listening""#)
        let port = try #require(started.firstMatch(of: /"port":"(\d+)"/).flatMap { Int($0.1) })
        _ = try await LineClient.registered("alice", port: port)
        let guesser = try await LineClient.connect(port: port)
        try await guesser.expectReply(to: "login alice wrong-horse", startsWith: "❌")
        // A name made to look like the field the filter reads is only a name.
        try await guesser.expectReply(to: #"login x","address":"198.51.100.7 pass"#, startsWith: "❌")
        try await guesser.expectReply(to: "bridge matrix hbt_not_a_token", startsWith: "❌")
        try await guesser.expectReply(to: "login alice correct-horse", startsWith: "✅")
        #expect(await server.terminate() == 0)
        let log = server.log
        let file = folder.appendingPathComponent("habitat.log")
        try Data(log.utf8).write(to: file)
        let filter = SourceTree.url("contrib/fail2ban/filter.d/habitat-json.conf").path
        let lines = log.split(separator: "\n").count
        let summary = try await runToEnd(URL(fileURLWithPath: "/usr/bin/fail2ban-regex"), [file.path, filter])
        #expect(summary.output.contains("Lines: \(lines) lines, 0 ignored, 3 matched, \(lines - 3) missed"), "\(summary.output)\n\(log)")
        let addresses = try await runToEnd(URL(fileURLWithPath: "/usr/bin/fail2ban-regex"), ["--out", "ip", file.path, filter])
        #expect(addresses.output == "127.0.0.1\n127.0.0.1\n127.0.0.1\n", "\(addresses.output)")
    }
}
