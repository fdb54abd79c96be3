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

    /// Runs `body` with alice and bob in #smiths beside the bot, and `channelLine`: the next line the bot says in the
    /// channel, as both of them see it.
    func withAliceAndBob(
        _ body: @Sendable (_ alice: RawIRC, _ bob: RawIRC, _ channelLine: @Sendable () async throws -> String) async throws -> Void
    ) async throws {
        try await withEverything { port in
            let alice = try await RawIRC.connect(port: port, nick: "alice")
            let bob = try await RawIRC.connect(port: port, nick: "bob")
            try await alice.join("#smiths", waitingFor: "habitat")
            try await bob.join("#smiths", waitingFor: "habitat")
            try await body(alice, bob) {
                let seen = [try await alice.privmsg(from: "habitat", to: "#smiths"), try await bob.privmsg(from: "habitat", to: "#smiths")]
                #expect(seen[0] == seen[1], "alice saw \(seen[0]); bob saw \(seen[1])")
                return seen[0]
            }
        }
    }

    @Test(.enabled(if: Ngircd.isInstalled, "ngircd is not installed (apt-get install ngircd)"))
    func aHouseholdPlaysInAChannel() async throws {
        try await withAliceAndBob { alice, bob, channelLine in

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

    /// The household's shared list from the channel: added to and got with `!`, the first to get an item credited,
    /// the second told privately who got it, and a getting said privately heard in the channel as news.
    @Test(.enabled(if: Ngircd.isInstalled, "ngircd is not installed (apt-get install ngircd)"))
    func aHouseholdKeepsItsListInTheChannel() async throws {
        try await withAliceAndBob { alice, bob, channelLine in

            try await alice.send("PRIVMSG #smiths :!room add todo Milk")
            #expect(try await channelLine() == "alice: 🏠 Added Milk to #smiths's list. Whoever gets it says 'got milk'.")
            try await alice.send("PRIVMSG #smiths :!room add todo Bread")
            #expect(try await channelLine() == "alice: 🏠 Added Bread to #smiths's list. Whoever gets it says 'got bread'.")

            try await bob.send("PRIVMSG #smiths :!got milk")
            #expect(try await channelLine() == "bob: ✅ Milk completed! +10 XP, +5 coins (#smiths)")
            // Second: told privately who got it; the channel hears nothing of it.
            try await alice.send("PRIVMSG #smiths :!got milk")
            #expect(try await alice.privmsg(from: "habitat", to: "alice") == "❌ bob already got Milk.")

            // Got privately: the reply is private, and the channel hears it as the household's news.
            try await alice.send("PRIVMSG habitat :got bread")
            #expect(try await alice.privmsg(from: "habitat", to: "alice") == "✅ Bread completed! +10 XP, +5 coins (#smiths)")
            #expect(try await channelLine() == "🏠 alice got Bread")

            try await bob.send("PRIVMSG #smiths :!room list")
            #expect(try await channelLine() == "bob: 🏠 #smiths's list is empty. Add to it: 'room add todo Milk'.")
            #expect(try await channelLine() == "  Got lately: Bread (alice), Milk (bob)")

            await alice.close()
            await bob.close()
        }
    }

    /// A long view of someone's own game asked in the channel goes to them privately, and the channel hears one line.
    @Test(.enabled(if: Ngircd.isInstalled, "ngircd is not installed (apt-get install ngircd)"))
    func aLongPersonalViewAskedInTheChannelComesPrivately() async throws {
        try await withEverything { port in
            let alice = try await RawIRC.connect(port: port, nick: "alice")
            try await alice.join("#smiths", waitingFor: "habitat")
            for habit in ["Floss", "Stretch", "Walk"] {
                try await alice.send("PRIVMSG habitat :add habit \(habit)")
                #expect(try await alice.privmsg(from: "habitat", to: "alice").hasPrefix("✅ Added habit \(habit)"))
            }
            try await alice.send("PRIVMSG #smiths :!habits")
            var lines: [String] = []
            var inChannel: String?
            while lines.count < 4 || inChannel == nil {
                let message = try await alice.next { $0.command == "PRIVMSG" && $0.source?.nick == "habitat" }
                if message.parameters[0] == "#smiths" { inChannel = message.parameters[1] } else { lines.append(message.parameters[1]) }
            }
            #expect(inChannel == "📬 alice: sent you your habits privately")
            #expect(lines.first?.hasPrefix("ℹ️ Your habits (3)") == true, "\(lines)")
            // A short view stays in the channel.
            try await alice.send("PRIVMSG #smiths :!status")
            #expect(try await alice.privmsg(from: "habitat", to: "#smiths") == "alice: ℹ️ Level 1 · 0/100 XP · 1000/1000 health · 0 coins")
            await alice.close()
        }
    }

    /// Five people ask for `help` at once and a sixth for `status` just after: the sixth's one line goes before
    /// the help still waiting (about 40 lines at one a second), so they are not kept waiting behind it.
    @Test(.enabled(if: Ngircd.isInstalled, "ngircd is not installed (apt-get install ngircd)"))
    func nobodyWaitsBehindSomeoneElsesHelp() async throws {
        try await withEverything { port in
            var askers: [RawIRC] = []
            for index in 1...5 {
                let asker = try await RawIRC.connect(port: port, nick: "asker\(index)")
                try await asker.join("#smiths", waitingFor: "habitat")
                askers.append(asker)
            }
            let sixth = try await RawIRC.connect(port: port, nick: "sixth")
            try await sixth.join("#smiths", waitingFor: "habitat")
            for asker in askers { try await asker.send("PRIVMSG #smiths :!help") }
            // The help has begun to flow when the first asker has its first line.
            #expect(try await askers[0].privmsg(from: "habitat", to: "asker1") == "ℹ️ Habitat — what people do most:")
            let asked = ContinuousClock.now
            try await sixth.send("PRIVMSG #smiths :!status")
            let answer = try await sixth.privmsg(from: "habitat", to: "#smiths")
            let waited = ContinuousClock.now - asked
            #expect(answer == "sixth: ℹ️ Level 1 · 0/100 XP · 1000/1000 health · 0 coins")
            print("IRC flood: status answered \(waited.formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 1)))) after it was asked, behind five helps")
            // The first asker, in the channel too, sees the status answer before the rest of its own help: the
            // bridge sent it ahead of the help still waiting.
            var seen: [String] = []
            while seen.filter({ $0 != answer }).count < 7 {
                let message = try await askers[0].next { message in
                    message.command == "PRIVMSG" && message.source?.nick == "habitat" && message.parameters.count == 2
                        && (message.parameters[0] == "asker1" || message.parameters[1] == answer)
                }
                seen.append(message.parameters[1])
            }
            let lastOfHelp = try #require(seen.lastIndex { $0 != answer })
            #expect(seen.firstIndex(of: answer).map { $0 < lastOfHelp } == true, "\(seen)")
            // Everyone's help arrives whole.
            for (index, asker) in askers.enumerated().dropFirst() {
                #expect(try await asker.privmsg(from: "habitat", to: "asker\(index + 1)") == "ℹ️ Habitat — what people do most:")
                var last = ""
                for _ in 1...7 { last = try await asker.privmsg(from: "habitat", to: "asker\(index + 1)") }
                #expect(last == "  'help <command>' shows one with examples; 'help all' lists every command.")
            }
            for client in askers + [sixth] { await client.close() }
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
            // Ten chores: the channel hears the first eight of them, and how to see the rest.
            for chore in ["Bins", "Laundry", "Hoovering", "Plants", "Cat", "Windows", "Fridge", "Bathroom", "Post"] {
                try await alice.send("PRIVMSG #smiths :!room add habit \(chore)")
                #expect(try await alice.privmsg(from: "habitat", to: "#smiths").hasPrefix("alice: 🏠 Added \(chore) to #smiths"))
            }
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
            while heard["alice", default: []].isEmpty || heard["#smiths", default: []].count < 10 {
                let message = try await alice.next { $0.command == "PRIVMSG" && $0.source?.nick == "habitat" }
                heard[message.parameters[0], default: []].append(message.parameters[1])
            }
            #expect(heard["alice"] == ["⏰ Time to floss — not done yet today."])
            let chores = heard["#smiths"] ?? []
            #expect(chores.prefix(3) == ["🏠 #smiths — chores today, Wed 18 Nov", "  · Dishes — alice's turn", "  · Bins — anyone"], "\(chores)")
            #expect(chores.last == "ℹ️ … 2 more lines: say 'room today more'", "\(chores)")
            // What was left out, asked for.
            try await alice.send("PRIVMSG #smiths :!room today more")
            #expect(try await alice.privmsg(from: "habitat", to: "#smiths") == "alice: ℹ️ The rest of 'room today'")
            #expect(try await alice.privmsg(from: "habitat", to: "#smiths") == "  · Bathroom — anyone")
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
