import Foundation
import HabitatBridgeKit
import HabitatMatrix
import NIOConcurrencyHelpers
import TestSupport
import Testing

/// The whole loop: a real Synapse, a real Habitat server, the Matrix bridge between them, and two people in a
/// household room and their direct chats with the bot.
@Suite("Matrix bridge end to end against Synapse and a Habitat server", .serialized)
struct MatrixEndToEndTests {
    static let token = "hbt_matrix_end_to_end_0123456789ab"

    /// The Habitat server's clock: the real one, moved on by hand to end timers at once.
    final class GameClock: Sendable {
        private let offset = NIOLockedValueBox<TimeInterval>(0)
        var now: Date { Date().addingTimeInterval(offset.withLockedValue { $0 }) }
        func advance(by seconds: TimeInterval) { offset.withLockedValue { $0 += seconds } }
    }

    @Test(.enabled(if: Synapse.isInstalled, "Synapse is not installed (.ci/run puts it in ~/.cache/habitat-synapse)"))
    func aHouseholdPlaysInAMatrixRoom() async throws {
        let synapse = try await Synapse.start()
        defer { synapse.stop() }
        async let registeredBot = MatrixPerson.register("habitat", password: "bot-password-1", on: synapse.address)
        async let registeredAlice = MatrixPerson.register("alice", password: "alice-password-1", on: synapse.address)
        async let registeredBob = MatrixPerson.register("bob", password: "bob-password-1", on: synapse.address)
        let (botAccount, alice, bob) = try await (registeredBot, registeredAlice, registeredBob)
        try await botAccount.setDisplayName("Habitat")
        try await alice.setDisplayName("Alice Smith")
        try await bob.setDisplayName("Bob")
        let bot = botAccount.userID
        #expect(bot == "@habitat:localhost")
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("matrix-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let clock = GameClock()

        try await HabitatTestServer.run(bridge: "matrix", token: Self.token, clock: { clock.now }) { port in
            let configuration = MatrixBridgeService.Configuration(
                habitat: HabitatClient.Configuration(port: port, bridge: "matrix", token: Self.token),
                homeserver: synapse.address, userID: bot, credential: .password("bot-password-1"),
                stateDirectory: state, syncTimeout: .seconds(2))
            let startBridge = {
                Task { try await MatrixBridgeService(configuration: configuration, logger: quietLogger).run() }
            }
            var bridge = startBridge()
            defer { bridge.cancel() }

            // alice makes the household's room and invites the bot and bob; the bot joins.
            let room = try await alice.createRoom(name: "Smiths", inviting: [bot, bob.userID])
            try await bob.join(room)
            try await eventually("the bot to join the room") { try await alice.joinedMembers(of: room).contains(bot) }

            /// The bot's messages in the room, as everyone there sees them.
            func said(in room: String) async throws -> [String] {
                try await alice.messages(in: room).filter { $0.sender == bot }.compactMap(\.content.body)
            }

            // A command in the room: the reply in the room, after the speaker's display name.
            try await alice.say("!room add habit Dishes 10 xp", in: room)
            #expect(
                try await alice.message(1, from: bot, in: room).content.body
                    == "Alice Smith: 🏠 Added Dishes to #smiths (+10 XP, +5 coins). Anyone in the room records it with 'did dishes'."
            )

            // bob addresses the bot with a mention pill: everyone in the room sees his completion.
            try await bob.say(
                "Habitat: did dishes", in: room,
                formattedBody: "<a href=\"https://matrix.to/#/\(bot)\">Habitat</a>: did dishes", mentions: [bot])
            #expect(
                try await alice.message(2, from: bot, in: room).content.body
                    == "Bob: ✅ Dishes completed! +10 XP, +5 coins (#smiths)")

            // alice's direct chat with the bot: personal commands, answered there; her chore done there is news in
            // the room.
            let direct = try await alice.createRoom(inviting: [bot], direct: true)
            try await eventually("the bot to join the direct chat") {
                try await alice.joinedMembers(of: direct).contains(bot)
            }
            try await alice.say("did dishes", in: direct)
            #expect(
                try await alice.message(1, from: bot, in: direct).content.body
                    == "✅ Dishes completed! +10 XP, +5 coins (#smiths)")
            let news = try await alice.message(3, from: bot, in: room).content.body ?? ""
            #expect(news == "🏠 Alice Smith did Dishes (+10 XP)", "\(news)")
            try await alice.say("status", in: direct)
            #expect(
                try await alice.message(2, from: bot, in: direct).content.body
                    == "ℹ️ Level 1 · 10/100 XP · 1000/1000 health · 5 coins")

            // An error said in the room comes privately: bob has no direct chat yet, so the bot opens one.
            try await bob.startFollowingInvitations()
            try await bob.say("!did juggling", in: room)
            let bobsDirect = try await bob.nextInvitation()
            try await bob.join(bobsDirect)
            let error = try await bob.message(1, from: bot, in: bobsDirect).content.body ?? ""
            #expect(error.hasPrefix("❓ No habit 'juggling'."), "\(error)")

            // A personal event: a timer's end comes to alice's direct chat.
            try await alice.say("add habit Meditate", in: direct)
            _ = try await alice.message(3, from: bot, in: direct)
            try await alice.say("start timer meditate 1 min", in: direct)
            let started = try await alice.message(4, from: bot, in: direct).content.body ?? ""
            #expect(started.hasPrefix("⏰ Timer started: 1 min of Meditate"), "\(started)")
            clock.advance(by: 60)
            #expect(
                try await alice.message(5, from: bot, in: direct).content.body
                    == "⏰ 1 min of Meditate done! +10 XP, +5 coins")

            // In an encrypted room the bot says once that it can't read it.
            let secret = try await alice.createRoom(name: "Secret", inviting: [bot], encrypted: true)
            #expect(
                try await alice.message(1, from: bot, in: secret).content.body == MatrixBridge.cannotReadEncrypted.body)

            // A reply of several lines has an HTML body beside the plain one, its detail lines in <pre>.
            try await alice.say("today", in: direct)
            let today = try await alice.message(6, from: bot, in: direct).content
            let day = clock.now.formatted(
                Date.VerbatimFormatStyle(
                    format: "\(weekday: .abbreviated) \(day: .defaultDigits) \(month: .abbreviated)", timeZone: .gmt,
                    calendar: Calendar(identifier: .gregorian)
                ).locale(Locale(identifier: "en_US_POSIX")))
            let detail = "  No area 1/1\n    ✓ Meditate · streak 1 (best 1) · 5%"
            #expect(today.body == "ℹ️ Today, \(day) — 1/1 done\n" + detail)
            #expect(today.formattedBody == "ℹ️ Today, \(day) — 1/1 done<pre>\(detail)</pre>")

            // A restart: what was said while the bridge was away is answered once, and nothing before it again.
            bridge.cancel()
            _ = await bridge.result
            try await alice.say("!room log", in: room)
            bridge = startBridge()
            let log = try await alice.message(4, from: bot, in: room).content.body ?? ""
            #expect(log.hasPrefix("Alice Smith: 🏠 #smiths"), "\(log)")
            try await alice.say("!status", in: room)
            _ = try await alice.message(5, from: bot, in: room)
            #expect(try await said(in: room).count == 5)
            #expect(try await said(in: direct).count == 6)
            bridge.cancel()
            _ = await bridge.result
        }
    }

    /// The bot's account (`habitat`, its password `bot-password-1`) and alice, registered on `synapse`.
    static func botAndAlice(on synapse: Synapse) async throws -> (bot: String, alice: MatrixPerson) {
        async let bot = MatrixPerson.register("habitat", password: "bot-password-1", on: synapse.address)
        async let alice = MatrixPerson.register("alice", password: "alice-password-1", on: synapse.address)
        return try await (bot.userID, alice)
    }

    /// The bridge of `bot` between `synapse` and the Habitat server on `port`, running until it is cancelled, and
    /// `person`'s direct chat with the bot, once the bot has joined it.
    static func directChat(
        of person: MatrixPerson, with bot: String, on synapse: Synapse, port: Int
    ) async throws -> (bridge: Task<Void, any Error>, room: String) {
        let configuration = MatrixBridgeService.Configuration(
            habitat: HabitatClient.Configuration(port: port, bridge: "matrix", token: token),
            homeserver: synapse.address, userID: bot, credential: .password("bot-password-1"), syncTimeout: .seconds(2))
        let bridge = Task { try await MatrixBridgeService(configuration: configuration, logger: quietLogger).run() }
        let direct = try await person.createRoom(inviting: [bot], direct: true)
        try await eventually("the bot to join the direct chat") { try await person.joinedMembers(of: direct).contains(bot) }
        return (bridge, direct)
    }

    /// In Matrix a heatmap, the streaks and a habit's strength come as pictures (uploaded to the homeserver's
    /// media store), the text as their caption; the picture fetched back through the media API is a PNG of the
    /// size the message says.
    @Test(.enabled(if: Synapse.isInstalled, "Synapse is not installed (.ci/run puts it in ~/.cache/habitat-synapse)"))
    func aHeatmapTheStreaksAndTheStrengthComeAsPictures() async throws {
        let synapse = try await Synapse.start()
        defer { synapse.stop() }
        let (bot, alice) = try await Self.botAndAlice(on: synapse)
        try await HabitatTestServer.run(bridge: "matrix", token: Self.token) { port in
            let (bridge, direct) = try await Self.directChat(of: alice, with: bot, on: synapse, port: port)
            defer { bridge.cancel() }
            try await alice.say("add habit Floss", in: direct)
            _ = try await alice.message(1, from: bot, in: direct)
            try await alice.say("did floss", in: direct)
            _ = try await alice.message(2, from: bot, in: direct)

            try await alice.say("heatmap", in: direct)
            let heatmap = try #require(try await alice.images(from: bot, in: direct).first)
            #expect(heatmap.body.hasPrefix("ℹ️ All habits, last 12 weeks: 1 time on 1 day\n"), "\(heatmap.body)")
            #expect(heatmap.filename == "heatmap.png")
            #expect(heatmap.info.mimetype == "image/png")
            let png = try await alice.client.download(heatmap.url)
            #expect(png.count == heatmap.info.size)
            let size = try #require(pngSize(png), "not a PNG")
            #expect(size.width == heatmap.info.w && size.height == heatmap.info.h)
            #expect(size.height == 211 && size.width >= 260)

            try await alice.say("streaks", in: direct)
            var images: [MatrixPerson.Image] = []
            try await eventually("the streaks' picture") {
                images = try await alice.images(from: bot, in: direct)
                return images.count == 2
            }
            #expect(images[1].body.hasPrefix("ℹ️ Streaks\n  Floss: 1 day (best 1)"), "\(images[1].body)")
            let streaks = try await alice.client.download(images[1].url)
            #expect(pngSize(streaks).map { [$0.width, $0.height] } == [580, 78])

            try await alice.say("strength floss", in: direct)
            try await eventually("the strength's picture") {
                images = try await alice.images(from: bot, in: direct)
                return images.count == 3
            }
            #expect(images[2].body.hasPrefix("ℹ️ Floss's strength, last 12 weeks: 0% → 5%\n"), "\(images[2].body)")
            #expect(images[2].filename == "strength.png")
            let strength = try await alice.client.download(images[2].url)
            #expect(pngSize(strength).map { $0.height } == 216)
            bridge.cancel()
            _ = await bridge.result
        }
    }

    /// Habitat goes away and comes back: the household room hears it once it is back after a notable absence (here
    /// any, so the test need not wait a minute; ``Absence`` holds the minute).
    @Test(.enabled(if: Synapse.isInstalled, "Synapse is not installed (.ci/run puts it in ~/.cache/habitat-synapse)"))
    func theRoomHearsWhenHabitatIsBack() async throws {
        let synapse = try await Synapse.start()
        defer { synapse.stop() }
        let (bot, alice) = try await Self.botAndAlice(on: synapse)
        let habitat = try await FakeHabitat.start(bridge: "matrix")
        var configuration = MatrixBridgeService.Configuration(
            habitat: HabitatClient.Configuration(port: habitat.port, bridge: "matrix", token: "secret"),
            homeserver: synapse.address, userID: bot, credential: .password("bot-password-1"), syncTimeout: .seconds(2))
        configuration.notableAbsence = .zero
        let bridge = Task { try await MatrixBridgeService(configuration: configuration, logger: quietLogger).run() }
        defer { bridge.cancel() }
        let room = try await alice.createRoom(name: "Smiths", inviting: [bot])
        try await eventually("the bot to join the room") { try await alice.joinedMembers(of: room).contains(bot) }
        try await alice.say("!status", in: room)
        #expect(try await alice.message(1, from: bot, in: room).content.body?.hasSuffix("✅ status!") == true)

        await habitat.stop()
        let again = try await FakeHabitat.start(port: habitat.port, bridge: "matrix")
        defer { Task { await again.stop() } }
        #expect(try await alice.message(2, from: bot, in: room).content.body == "✅ Habitat is back.")
        bridge.cancel()
        _ = await bridge.result
    }
}
