import Foundation
import TestSupport
import Testing

/// `habitat connect` driven in a real terminal (tmux) against a real server: what a person at the prompt sees.
@Suite("habitat connect in a terminal", .serialized, .enabled(if: Tmux.isInstalled, "tmux is not installed (apt-get install tmux)"))
struct ConnectTests {
    @Test func aPersonRegistersCompletesAHabitSeesNewsAboveTheirLineAndFindsTheirHistoryNextTime() async throws {
        try await TestServer.with { server in
            let state = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: state) }
            let command = [ServerProcess.executable.path, "connect", "127.0.0.1:\(server.port)"]
            let terminal = try await Tmux(running: command, environment: ["XDG_STATE_HOME": state.path])
            do {
                try await terminal.waitFor("the prompt") { $0 == "habitat>" }
                // The password is asked for, and never shown.
                try await terminal.type("register alice")
                try await terminal.send("Enter")
                try await terminal.waitFor("the password's prompt") { $0.hasPrefix("Password:") }
                try await terminal.type("correct-horse")
                try await terminal.send("Enter")
                try await terminal.waitFor("the welcome") { $0.hasPrefix("✅ Welcome to Habitat, alice!") }
                try await terminal.waitFor("alice's prompt") { $0 == "alice@habitat>" }
                #expect(try await !terminal.screen().contains { $0.contains("correct-horse") })

                // Tab completes a habit's name; replies are coloured on a terminal.
                try await terminal.type("add habit Floss")
                try await terminal.send("Enter")
                try await terminal.waitFor("the habit added") { $0.hasPrefix("✅ Added habit Floss") }
                try await terminal.type("did fl")
                try await terminal.send("Tab")
                try await terminal.waitFor("the name completed") { $0.hasPrefix("alice@habitat> did floss") }
                try await terminal.send("Enter")
                try await terminal.waitFor("the completion, in green", colours: true) { $0.contains("\u{1B}[32m✅ Floss completed!") }

                // News from a housemate while a line is half typed: printed above it, the line kept as typed.
                try await terminal.type("room create Home")
                try await terminal.send("Enter")
                try await terminal.waitFor("the room") { $0.hasPrefix("🏠 Room Home created") }
                let code = try #require(
                    try await terminal.screen().joined(separator: " ").firstMatch(of: /room join home ([A-Z0-9]{3}-[A-Z0-9]{3})/)?.1)
                try await terminal.type("stat")
                try await terminal.waitFor("the half-typed line") { $0 == "alice@habitat> stat" }
                let bob = try await LineClient.registered("bob", port: server.port)
                try await bob.expectReply(to: "room join home \(code)", startsWith: "🏠")
                try await terminal.waitFor("bob's news") { $0 == "🏠 bob joined Home" }
                let screen = try await terminal.screen()
                #expect(screen.last == "alice@habitat> stat", "\(screen)")
                try await terminal.type("us")
                try await terminal.send("Enter")
                try await terminal.waitFor("the status") { $0.hasPrefix("ℹ️ Level 1 · 10/100 XP") }
                // Ctrl-D at the prompt leaves (once the prompt is back: before it, the terminal is not yet libedit's).
                try await eventually("the prompt back") { try await terminal.screen().last == "alice@habitat>" }
                try await terminal.send("C-d")
                try await eventually("the client to end") { try await terminal.hasEnded() }
                await bob.close()
            } catch {
                await terminal.stop()
                throw error
            }
            await terminal.stop()

            // The history: private, and without the line that held a password.
            let history = state.appendingPathComponent("habitat/history")
            let kept = try String(contentsOf: history, encoding: .utf8)
            #expect(kept.contains("did\\040floss"))
            #expect(!kept.contains("register") && !kept.contains("correct-horse"))
            let mode = try FileManager.default.attributesOfItem(atPath: history.path)[.posixPermissions] as? Int
            #expect(mode == 0o600)

            // Next time, Up finds the last line.
            let again = try await Tmux(running: command, environment: ["XDG_STATE_HOME": state.path])
            do {
                try await again.waitFor("the prompt") { $0 == "habitat>" }
                try await again.send("Up")
                try await again.waitFor("the last line again") { $0 == "habitat> status" }
                // Ctrl-R finds an older one by what it held.
                try await again.send("C-u")
                try await again.waitFor("the line emptied") { $0 == "habitat>" }
                try await again.send("C-r")
                try await again.type("flo")
                try await again.waitFor("the line found") { $0.hasPrefix("habitat> did floss") }
                try await again.send("Enter")
                try await again.waitFor("its reply") { $0.hasPrefix("❌ Log in first") }
            } catch {
                await again.stop()
                throw error
            }
            await again.stop()
        }
    }

    @Test func hintsAndNamesHelpWhileTypingAndARestartedServerIsReconnectedToAndLoggedInAgain() async throws {
        let port = try await Loopback.freePort()
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let terminal = try await TestServer.with(dataDirectory: data, configure: { $0.port = port }) { server in
            let alice = try await server.user("alice")
            for line in ["add reward Cake 30", "add area Fitness", "room create Home", "add todo Renew passport", "room add todo Milk"] {
                try await alice.expectReply(to: line, startsWith: line.hasPrefix("room") ? "🏠" : "✅")
            }
            await alice.close()
            // Logged in from the environment, as a shortcut would.
            let terminal = try await Tmux(
                running: [ServerProcess.executable.path, "connect", "127.0.0.1:\(port)"],
                environment: ["XDG_STATE_HOME": state.path, "HABITAT_USER": "alice", "HABITAT_PASSWORD": "correct-horse"])
            do {
                try await terminal.waitFor("alice's prompt") { $0 == "alice@habitat>" }
                // The rest of a command's form, dimmed, as it is typed; gone once something else is typed.
                try await terminal.type("did ")
                try await terminal.waitFor("the hint, dimmed", colours: true) {
                    $0.contains("alice@habitat> did \u{1B}[2m<habit> [x3] [yesterday")
                }
                try await terminal.send("C-u")
                try await terminal.waitFor("the line emptied") { $0 == "alice@habitat>" }
                // Rewards, areas and rooms complete as habits do.
                for (typed, completed) in [
                    ("buy ca", "buy cake"), ("delete area fi", "delete area fitness"), ("room leave ho", "room leave home"),
                    ("tick off pa", "tick off passport"), ("room got mi", "room got milk"),
                ] {
                    try await terminal.type(typed)
                    try await terminal.send("Tab")
                    try await terminal.waitFor("'\(typed)' completed") { $0.hasPrefix("alice@habitat> \(completed)") }
                    try await terminal.send("C-u")
                    try await terminal.waitFor("the line emptied") { $0 == "alice@habitat>" }
                }
                // A file on this machine, sent over the connection: what it would bring in, nothing changed.
                try await terminal.type("import \(SourceTree.url("Tests/Fixtures/habitica/habitica-user-data.json").path) preview")
                try await terminal.send("Enter")
                try await terminal.waitFor("the preview") { $0.hasPrefix("ℹ️ From Habitica: 4 habits, 9 days of history.") }
                try await terminal.waitFor("how to go on") { $0.contains("type 'import done' to bring it in") }
                try await terminal.type("stat")
            } catch {
                await terminal.stop()
                throw error
            }
            return terminal
        }
        do {
            // The server stopped: said once, while the half-typed line stays.
            try await terminal.waitFor("the loss") { $0 == "⚠️ Lost the connection to Habitat at 127.0.0.1:\(port). Trying again…" }
            try await TestServer.with(dataDirectory: data, configure: { $0.port = port }) { _ in
                try await terminal.waitFor("the reconnection") { $0 == "✅ Connected to Habitat again, as alice." }
                #expect(try await terminal.screen().last == "alice@habitat> stat")
                try await terminal.type("us")
                try await terminal.send("Enter")
                try await terminal.waitFor("alice's status") { $0.hasPrefix("ℹ️ Level 1 · 0/100 XP") }
                let losses = try await terminal.screen().filter { $0.hasPrefix("⚠️ Lost the connection") }
                #expect(losses.count == 1)
            }
        } catch {
            await terminal.stop()
            throw error
        }
        await terminal.stop()
    }
}
