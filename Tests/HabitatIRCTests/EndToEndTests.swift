import Foundation
import HabitatBridgeKit
import HabitatIRC
import HabitatApp
import HabitatServer
import HabitatStorage
import NIOSSL
import ServiceLifecycle
import TestSupport
import Testing

/// The whole loop: a real ngircd, a real Habitat server, the IRC bridge between them, and two
/// people on plain IRC connections sharing a household channel.
@Suite("IRC bridge end to end against ngircd and a Habitat server", .serialized)
struct EndToEndTests {
    static let token = "hbt_end_to_end_0123456789abcdef"

    /// Runs `body` with ngircd, a Habitat server (with bridge `irc`) and the bridge running; with `tls`, the
    /// bridge reaches both servers over TLS, trusting only the test certificate. With `startingAt`, the Habitat
    /// server's clock starts at that instant and runs on.
    func withEverything(
        tls: Bool = false, startingAt start: Date? = nil, _ body: @Sendable (_ ircPort: Int) async throws -> Void
    ) async throws {
        let files = tls ? TestCertificate.files : nil
        let ngircd = try await Ngircd.start(tls: files.map { ($0.certificateChain, $0.privateKey) })
        defer { ngircd.stop() }
        let trusting = tls ? try TestCertificate.clientContext() : nil
        let started = Date()
        let clock = start.map { start in { @Sendable in start.addingTimeInterval(Date().timeIntervalSince(started)) } }
        try await HabitatTestServer.run(bridge: "irc", token: Self.token, tls: files, clock: clock) { habitatPort in
            let bridge = IRCBridgeService(
                configuration: .init(
                    habitatHost: "127.0.0.1", habitatPort: habitatPort, bridge: "irc", token: Self.token, ircHost: "127.0.0.1",
                    ircPort: ngircd.tlsPort ?? ngircd.port, nick: "habitat", channels: ["#smiths"], habitatTLS: trusting,
                    ircTLS: trusting),
                logger: quietLogger)
            let bridgeTask = Task { try await bridge.run() }
            defer { bridgeTask.cancel() }
            try await body(ngircd.port)
        }
    }

    @Test(.enabled(if: Ngircd.isInstalled, "ngircd is not installed (apt-get install ngircd)"))
    func aHouseholdPlaysInAChannel() async throws {
        try await withEverything { port in
            let alice = try await RawIRC.connect(port: port, nick: "alice")
            let bob = try await RawIRC.connect(port: port, nick: "bob")
            try await alice.join("#smiths", waitingFor: "habitat")
            try await bob.join("#smiths", waitingFor: "habitat")

            /// The next line the bot says in the channel, as both of them see it.
            func channelLine() async throws -> String {
                let seen = [try await alice.privmsg(from: "habitat", to: "#smiths"), try await bob.privmsg(from: "habitat", to: "#smiths")]
                #expect(seen[0] == seen[1], "alice saw \(seen[0]); bob saw \(seen[1])")
                return seen[0]
            }

            // A command in the channel, the reply in the channel with the speaker's nick.
            try await alice.send("PRIVMSG #smiths :habitat: room add habit Dishes 10 xp")
            #expect(try await channelLine() == "alice: 🏠 Added Dishes to #smiths (+10 XP, +5 coins). Anyone in the room records it with 'did dishes'.")

            // bob's completion, said in the channel with the ! prefix: everyone there sees the reply.
            try await bob.send("PRIVMSG #smiths :!did dishes")
            let done = try await channelLine()
            #expect(done == "bob: ✅ Dishes completed! +10 XP, +5 coins (#smiths)", "\(done)")

            // Done privately: the reply is private, and the channel hears about it as household news.
            try await alice.send("PRIVMSG habitat :did dishes")
            #expect(try await alice.privmsg(from: "habitat", to: "alice") == "✅ Dishes completed! +10 XP, +5 coins (#smiths)")
            #expect(try await channelLine() == "🏠 alice did Dishes (+10 XP)")

            // A private status.
            try await bob.send("PRIVMSG habitat :status")
            #expect(try await bob.privmsg(from: "habitat", to: "bob") == "ℹ️ Level 1 · 10/100 XP · 1000/1000 health · 5 coins")

            // Errors go privately, not to the channel; the channel's next line is the next good reply.
            try await bob.send("PRIVMSG #smiths :habitat: did juggling")
            #expect(try await bob.privmsg(from: "habitat", to: "bob").hasPrefix("❓ No habit 'juggling'."))
            try await bob.send("PRIVMSG #smiths :!room fairness")
            #expect(try await channelLine() == "bob: 🏠 #smiths — fair shares this week (2 chores done)")

            await alice.close()
            await bob.close()
        }
    }

    /// The server speaks first: a reminder set in a private message comes at its minute as a private message, and the
    /// chores of a channel's room, set by its owner, come to the channel.
    @Test(.enabled(if: Ngircd.isInstalled, "ngircd is not installed (apt-get install ngircd)"))
    func aReminderArrivesAsAPrivateMessageAndTheChoresInTheChannel() async throws {
        // 20:58:30 UTC: the reminder is set within the minute and a half (a loaded machine is slow to set up), and
        // comes at 21:00.
        let started = Date()
        try await withEverything(startingAt: Date(timeIntervalSince1970: 1_795_035_510)) { port in
            let alice = try await RawIRC.connect(port: port, nick: "alice")
            try await alice.join("#smiths", waitingFor: "habitat")
            // alice speaks first in #smiths, so she owns its room: she has it hear its chores at 21:00 too.
            try await alice.send("PRIVMSG #smiths :habitat: room add habit Dishes every day rotate")
            #expect(try await alice.privmsg(from: "habitat", to: "#smiths").hasPrefix("alice: 🏠 Added Dishes to #smiths"))
            try await alice.send("PRIVMSG #smiths :!room remind at 21:00")
            #expect(
                try await alice.privmsg(from: "habitat", to: "#smiths")
                    == "alice: 🏠 Each day at 21:00 (UTC), #smiths hears the chores due and whose turn each is.")
            try await alice.send("PRIVMSG habitat :add habit Floss")
            #expect(try await alice.privmsg(from: "habitat", to: "alice").hasPrefix("✅ Added habit Floss"))
            try await alice.send("PRIVMSG habitat :remind me to floss at 21:00")
            #expect(
                try await alice.privmsg(from: "habitat", to: "alice")
                    == "⏰ I'll remind you of Floss at 21:00 on the days it's due, if it isn't done yet (from today).")
            let left = 90 - Date().timeIntervalSince(started) - 5
            if left > 0 { try await Task.sleep(for: .seconds(left)) }
            // At 21:00: the reminder privately, the chores in the channel (in whichever order they come).
            var heard: [String: [String]] = [:]
            while heard["alice", default: []].isEmpty || heard["#smiths", default: []].count < 2 {
                let message = try await alice.next { $0.command == "PRIVMSG" && $0.source?.nick == "habitat" }
                heard[message.parameters[0], default: []].append(message.parameters[1])
            }
            #expect(heard["alice"] == ["⏰ Time to floss — not done yet today."])
            #expect(heard["#smiths"] == ["🏠 #smiths — chores today, Wed 18 Nov", "  · Dishes — alice's turn"])
            await alice.close()
        }
    }

    @Test(.enabled(if: Ngircd.isInstalled, "ngircd is not installed (apt-get install ngircd)"))
    func theBridgeSpeaksTLSToBothServers() async throws {
        try await withEverything(tls: true) { port in
            let alice = try await RawIRC.connect(port: port, nick: "alice")
            try await alice.join("#smiths", waitingFor: "habitat")
            try await alice.send("PRIVMSG #smiths :habitat: room add habit Dishes 10 xp")
            #expect(
                try await alice.privmsg(from: "habitat", to: "#smiths")
                    == "alice: 🏠 Added Dishes to #smiths (+10 XP, +5 coins). Anyone in the room records it with 'did dishes'.")
            try await alice.send("PRIVMSG habitat :did dishes")
            #expect(try await alice.privmsg(from: "habitat", to: "alice") == "✅ Dishes completed! +10 XP, +5 coins (#smiths)")
            await alice.close()
        }
    }
}
