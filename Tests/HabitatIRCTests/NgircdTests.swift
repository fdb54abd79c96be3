import HabitatBridgeKit
import HabitatIRC
import TestSupport
import Testing

/// Integration tests against a real IRC server (Debian's ngircd) on loopback.
@Suite(.enabled(if: Ngircd.isInstalled, "ngircd is not installed at /usr/sbin/ngircd (apt-get install ngircd)"))
struct NgircdTests {
    @Test func theClientRegistersJoinsTalksAndQuits() async throws {
        let ngircd = try await Ngircd.start()
        defer { ngircd.stop() }
        let bot = IRCClient(
            configuration: .init(host: "127.0.0.1", port: ngircd.port, nick: "habitat", channels: ["#smiths"]),
            logger: quietLogger)
        let events = Recording.of(bot.events)
        let running = Task { await bot.run() }
        try await events.first { $0 == .registered(nick: "habitat") }

        let alice = try await RawIRC.connect(port: ngircd.port, nick: "alice")
        try await alice.join("#smiths", waitingFor: "habitat")
        try await alice.send("PRIVMSG #smiths :habitat: did dishes")
        try await events.first {
            $0 == .message(IRCMessage(line: ":alice!~alice@127.0.0.1 PRIVMSG #smiths :habitat: did dishes")!)
        }
        await bot.send([.privmsg("#smiths", "alice: ✅ Dishes completed!")])
        #expect(try await alice.privmsg(from: "habitat", to: "#smiths") == "alice: ✅ Dishes completed!")

        running.cancel()
        await running.value
        let quit = try await alice.next { $0.command == "QUIT" && $0.source?.nick == "habitat" }
        #expect(quit.parameters.last?.contains("Habitat bridge stopping") == true)
        await alice.close()
    }

    @Test func aTakenNickGetsAnUnderscoreAndAQuietLinkIsPinged() async throws {
        let ngircd = try await Ngircd.start()
        defer { ngircd.stop() }
        let holder = try await RawIRC.connect(port: ngircd.port, nick: "habitat")
        // ngircd answers nothing for 2 s after refusing a nick; a quiet period shorter than that would ping,
        // then close the link as dead before registration completes.
        let bot = IRCClient(
            configuration: .init(host: "127.0.0.1", port: ngircd.port, nick: "habitat", keepAlive: .seconds(3)),
            logger: quietLogger)
        let events = Recording.of(bot.events)
        let running = Task { await bot.run() }
        try await events.first { $0 == .registered(nick: "habitat_") }
        try await events.first { if case .message(let message) = $0 { message.command == "PONG" } else { false } }
        running.cancel()
        await running.value
        await holder.close()
    }

    @Test func theBotTakesItsNickBackWhenItsHolderQuits() async throws {
        let ngircd = try await Ngircd.start()
        defer { ngircd.stop() }
        let holder = try await RawIRC.connect(port: ngircd.port, nick: "habitat")
        try await holder.send("JOIN #smiths")
        let bot = IRCClient(
            configuration: .init(host: "127.0.0.1", port: ngircd.port, nick: "habitat", channels: ["#smiths"]),
            logger: quietLogger)
        let events = Recording.of(bot.events)
        let running = Task { await bot.run() }
        try await events.first { $0 == .registered(nick: "habitat_") }
        _ = try await holder.next { $0.command == "JOIN" && $0.source?.nick == "habitat_" }
        try await holder.send("QUIT :bye")
        await holder.close()
        try await events.first { $0 == .renamed(nick: "habitat") }
        running.cancel()
        await running.value
    }

    @Test func theServersPingsAreAnswered() async throws {
        let ngircd = try await Ngircd.start(pingTimeout: 5, pongTimeout: 5)
        defer { ngircd.stop() }
        let bot = IRCClient(
            configuration: .init(host: "127.0.0.1", port: ngircd.port, nick: "habitat"), logger: quietLogger)
        let events = Recording.of(bot.events)
        let running = Task { await bot.run() }
        let isPing: @Sendable (IRCClient.Event) -> Bool = {
            if case .message(let message) = $0 { message.command == "PING" } else { false }
        }
        // ngircd pings again only when the last ping was answered; otherwise it closes the link. (A connection it
        // turned away while starting up, on a loaded machine, comes before the registration and is not what this is
        // about.)
        let registered = try await events.first { if case .registered = $0 { true } else { false } }
        let first = try await events.first(after: registered.index, where: isPing)
        try await events.first(after: first.index, where: isPing)
        #expect(!events.all[registered.index...].contains(.disconnected))
        running.cancel()
        await running.value
    }

    @Test func requestsPastTheLimitAwaitingHabitatAreRefusedPrivatelyAsBusy() async throws {
        let ngircd = try await Ngircd.start()
        defer { ngircd.stop() }
        let habitat = try await FakeHabitat.start(silent: true)
        var configuration = IRCBridgeService.Configuration(
            habitatHost: "127.0.0.1", habitatPort: habitat.port, bridge: "irc", token: "secret",
            ircHost: "127.0.0.1", ircPort: ngircd.port, nick: "habitat", channels: ["#smiths"])
        configuration.pendingLimit = 1
        let service = IRCBridgeService(configuration: configuration, logger: quietLogger)
        let running = Task { try await service.run() }
        try await eventually("the bridge handshake") { habitat.lines.contains("bridge irc secret") }

        let alice = try await RawIRC.connect(port: ngircd.port, nick: "alice")
        try await alice.join("#smiths", waitingFor: "habitat")
        try await alice.send("PRIVMSG #smiths :habitat: did dishes")
        try await eventually("the first request") { habitat.lines.count == 2 }
        try await alice.send("PRIVMSG #smiths :habitat: status")
        let busy = try await alice.privmsg(from: "habitat", to: "alice")
        #expect(busy == "❌ Habitat is busy right now. Please try again in a minute.")
        #expect(habitat.lines.dropFirst() == [##"{"id":1,"room":"#smiths","text":"did dishes","user":"alice"}"##])

        running.cancel()
        try await running.value
        await alice.close()
        await habitat.stop()
    }

    @Test func theBridgeCarriesCommandsRepliesAndEventsBothWays() async throws {
        let ngircd = try await Ngircd.start()
        defer { ngircd.stop() }
        let habitat = try await FakeHabitat.start()
        let service = IRCBridgeService(
            configuration: .init(
                habitatHost: "127.0.0.1", habitatPort: habitat.port, bridge: "irc", token: "secret",
                ircHost: "127.0.0.1", ircPort: ngircd.port, nick: "habitat", channels: ["#smiths"]),
            logger: quietLogger)
        let running = Task { try await service.run() }
        try await eventually("the bridge handshake") { habitat.lines.contains("bridge irc secret") }

        let alice = try await RawIRC.connect(port: ngircd.port, nick: "alice")
        try await alice.join("#smiths", waitingFor: "habitat")
        try await alice.send("PRIVMSG #smiths :habitat: did dishes")
        #expect(try await alice.privmsg(from: "habitat", to: "#smiths") == "alice: ✅ did dishes!")
        #expect(try await alice.privmsg(from: "habitat", to: "#smiths") == "🏠 alice did Dishes (+10 XP)")
        try await alice.send("PRIVMSG #smiths :!boom")
        #expect(try await alice.privmsg(from: "habitat", to: "alice") == "❌ Boom.")
        try await alice.send("PRIVMSG habitat :status")
        #expect(try await alice.privmsg(from: "habitat", to: "alice") == "✅ status!")
        #expect(
            habitat.lines.dropFirst() == [
                ##"{"id":1,"room":"#smiths","text":"did dishes","user":"alice"}"##,
                ##"{"id":2,"room":"#smiths","text":"boom","user":"alice"}"##,
                ##"{"id":3,"text":"status","user":"alice"}"##,
            ])

        running.cancel()
        try await running.value
        _ = try await alice.next { $0.command == "QUIT" && $0.source?.nick == "habitat" }
        await alice.close()
        await habitat.stop()
    }

    /// Habitat goes away and comes back: the channel hears it only once it is back after a notable absence (here
    /// any, so the test need not wait a minute; ``Absence`` holds the minute).
    @Test func theChannelHearsWhenHabitatIsBack() async throws {
        let ngircd = try await Ngircd.start()
        defer { ngircd.stop() }
        let habitat = try await FakeHabitat.start()
        var configuration = IRCChat.Configuration(
            habitatHost: "127.0.0.1", habitatPort: habitat.port, bridge: "irc", token: "secret",
            ircHost: "127.0.0.1", ircPort: ngircd.port, nick: "habitat", channels: ["#smiths"])
        configuration.notableAbsence = .zero
        let service = IRCBridgeService(configuration: configuration, logger: quietLogger)
        let running = Task { try await service.run() }
        try await eventually("the bridge handshake") { habitat.lines.contains("bridge irc secret") }
        let alice = try await RawIRC.connect(port: ngircd.port, nick: "alice")
        try await alice.join("#smiths", waitingFor: "habitat")

        await habitat.stop()
        let again = try await FakeHabitat.start(port: habitat.port)
        try await eventually("the bridge to come back", timeout: .seconds(60)) { again.lines.contains("bridge irc secret") }
        #expect(try await alice.privmsg(from: "habitat", to: "#smiths") == "✅ Habitat is back.")
        // And it works as before.
        try await alice.send("PRIVMSG #smiths :!status")
        #expect(try await alice.privmsg(from: "habitat", to: "#smiths") == "alice: ✅ status!")

        running.cancel()
        try await running.value
        await alice.close()
        await again.stop()
    }
}
