import Foundation
import TestSupport
import Testing

/// `habitat do`: one command to a running server, for scripts; its exit status says how it went.
@Suite("habitat do, one-shot commands")
struct OneShotTests {
    func run(_ arguments: [String], _ environment: [String: String] = [:]) async throws -> (status: Int32, output: String, errors: String) {
        try await runToEnd(ServerProcess.executable, ["do"] + arguments, environment: environment)
    }

    @Test func commandsRunInOrderAndTheExitStatusSaysHowTheyWent() async throws {
        try await TestServer.with { server in
            let address = "127.0.0.1:\(server.port)"
            let registered = try await run(["--server", address, "register", "bob", "correct-horse"])
            #expect(registered.status == 0)
            #expect(registered.output == "✅ Welcome to Habitat, bob! You're logged in. Try 'add habit Exercise', then 'did exercise'.\n")

            let bob = ["HABITAT_USER": "bob", "HABITAT_PASSWORD": "correct-horse", "HABITAT_SERVER": address, "NO_COLOR": "1"]
            let done = try await run(["-c", "add habit Water target 8 glasses", "-c", "did water 2"], bob)
            #expect(done.status == 0)
            #expect(
                done.output == """
                    ✅ Added habit Water (+10 XP, +5 coins, 8 glasses a day). Record it with 'did water 3'.
                    📈 Water 2/8 glasses today

                    """)

            // The first command not carried out stops the rest: exit 1, its code on standard error.
            let failed = try await run(["-c", "did juggling", "-c", "did water 1"], bob)
            #expect(failed.status == 1)
            #expect(failed.output == "❓ No habit 'juggling'. Type 'habits' to see yours.\n")
            #expect(failed.errors == "error: unknown_habit\n")
            let water = try await run(["--json", "status"], bob)
            #expect(water.status == 0)
            #expect(water.output.hasPrefix(#"{"ok":true,"type":"info","text":"ℹ️ Level 1 · 0/100 XP"#))
            #expect(water.output.hasSuffix("\n") && water.output.split(separator: "\n").count == 1)

            // A wrong password: exit 1, and nothing sent.
            var wrong = bob
            wrong["HABITAT_PASSWORD"] = "wrong-horse"
            let refused = try await run(["did water 1"], wrong)
            #expect(refused.status == 1)
            #expect(refused.errors == "error: bad_credentials\n")

            // The password from a file, as scripts keep it.
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("password-\(UUID().uuidString)")
            try "correct-horse\n".write(to: file, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: file) }
            let fromFile = try await run(["--server", address, "--user", "bob", "--password-file", file.path, "did", "water", "1"], ["NO_COLOR": "1"])
            #expect(fromFile.status == 0)
            #expect(fromFile.output == "📈 Water 3/8 glasses today\n")

            // Or from a pipe, as `--password-file <(pass show habitat)` gives it.
            let pipe = FileManager.default.temporaryDirectory.appendingPathComponent("password-pipe-\(UUID().uuidString)")
            #expect(mkfifo(pipe.path, 0o600) == 0)
            defer { try? FileManager.default.removeItem(at: pipe) }
            let writer = Thread {
                // Opening a pipe to write waits for its reader.
                guard let handle = FileHandle(forWritingAtPath: pipe.path) else { return }
                handle.write(Data("correct-horse\n".utf8))
                try? handle.close()
            }
            writer.start()
            let fromPipe = try await run(["--server", address, "--user", "bob", "--password-file", pipe.path, "status"], ["NO_COLOR": "1"])
            #expect(fromPipe.status == 0)
            #expect(fromPipe.output.hasPrefix("ℹ️ Level 1"))
        }
    }

    @Test func noServerIsExitStatusTwo() async throws {
        let port = try await Loopback.freePort()
        let missing = try await run(["--server", "127.0.0.1:\(port)", "status"])
        #expect(missing.status == 2)
        #expect(missing.errors == "Could not reach Habitat at 127.0.0.1:\(port): Connection refused\n")
        #expect(missing.output == "")
    }

    @Test func theClientsConfigFileServesWhenItIsPrivateAndConnectDashCIsOneShot() async throws {
        try await TestServer.with { server in
            let bob = try await server.user("bob")
            try await bob.expectReply(to: "add habit Water target 8 glasses", startsWith: "✅")
            await bob.close()
            let home = temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: home) }
            let folder = home.appendingPathComponent("habitat")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let config = folder.appendingPathComponent("client.toml")
            try """
                # bob's shortcut
                server = "127.0.0.1:\(server.port)"
                user = "bob"
                password = "correct-horse"

                """.write(to: config, atomically: true, encoding: .utf8)
            let environment = ["XDG_CONFIG_HOME": home.path]

            // Readable by others: refused, and said how to mend it; nothing sent.
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: config.path)
            let refused = try await run(["did water 2"], environment)
            #expect(refused.status == 2)
            #expect(
                refused.errors == "\(config.path) may hold your password, and others can read it (mode 644). Make it yours alone: chmod 600 \(config.path)\n")

            // Private: the server and the login come from it; piped, the reply has no colour.
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: config.path)
            let done = try await run(["did water 2"], environment)
            #expect(done.status == 0)
            #expect(done.output == "📈 Water 2/8 glasses today\n")

            // `habitat connect -c` does the same, and a flag or a variable beats the file.
            let connected = try await runToEnd(ServerProcess.executable, ["connect", "-c", "did water 1", "-c", "did juggling"], environment: environment)
            #expect(connected.status == 1)
            #expect(connected.output == "📈 Water 3/8 glasses today\n❓ No habit 'juggling'. Type 'habits' to see yours.\n")
            #expect(connected.errors == "error: unknown_habit\n")
            let elsewhere = try await Loopback.freePort()
            let missing = try await runToEnd(
                ServerProcess.executable, ["connect", "-c", "status"], environment: environment.merging(["HABITAT_SERVER": "127.0.0.1:\(elsewhere)"]) { $1 })
            #expect(missing.status == 2)
            #expect(missing.errors == "Could not reach Habitat at 127.0.0.1:\(elsewhere): Connection refused\n")

            // A setting it does not know is named.
            try "sever = \"127.0.0.1:1\"\n".write(to: config, atomically: false, encoding: .utf8)
            let mistyped = try await run(["status"], environment)
            #expect(mistyped.status == 2)
            #expect(mistyped.errors == "\(config.path): 'sever' is not a setting. Known: server, user, password, password_file, tls, tls_ca.\n")
        }
    }
}
