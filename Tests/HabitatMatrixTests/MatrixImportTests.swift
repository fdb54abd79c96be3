import Foundation
import HabitatBridgeKit
import HabitatMatrix
import TestSupport
import Testing

/// A file sent to the bot in a direct chat is an import: the bridge fetches it from the homeserver's media store and
/// sends it to Habitat, the preview comes back, and `import done` brings it in (`import cancel` drops it).
@Suite("Importing a file sent to the Matrix bot", .serialized)
struct MatrixImportTests {
    @Test(.enabled(if: Synapse.isInstalled, "Synapse is not installed (.ci/run puts it in ~/.cache/habitat-synapse)"))
    func aFileSentToTheBotIsPreviewedThenImported() async throws {
        let synapse = try await Synapse.start()
        defer { synapse.stop() }
        let (bot, alice) = try await MatrixEndToEndTests.botAndAlice(on: synapse)
        try await HabitatTestServer.run(bridge: "matrix", token: MatrixEndToEndTests.token) { port in
            let (bridge, direct) = try await MatrixEndToEndTests.directChat(of: alice, with: bot, on: synapse, port: port)
            defer { bridge.cancel() }
            try await alice.say("add habit Floss", in: direct)
            _ = try await alice.message(1, from: bot, in: direct)

            // 19 kB: nine `import data` lines, none of which is answered.
            let file = try Data(contentsOf: SourceTree.url("Tests/Fixtures/habitica/habitica-user-data.json"))
            try await alice.send(file: file, named: "habitica-user-data.json", in: direct)
            let preview = try #require(try await alice.message(2, from: bot, in: direct).content.body)
            #expect(preview.hasPrefix("ℹ️ From Habitica: 4 habits, 9 days of history.\n  Drink a glass of water · every day · 3 days\n"), "\(preview)")
            #expect(preview.hasSuffix("Nothing was changed yet: type 'import done' to bring it in, or 'import cancel'."), "\(preview)")

            try await alice.say("import done", in: direct)
            let done = try #require(try await alice.message(3, from: bot, in: direct).content.body)
            #expect(done.hasPrefix("✅ From Habitica: 4 habits, 9 days of history.\n"), "\(done)")
            #expect(done.contains("Imported into "), "\(done)")
            try await alice.say("habits", in: direct)
            let habits = try #require(try await alice.message(4, from: bot, in: direct).content.body)
            #expect(habits.hasPrefix("ℹ️ Your habits (5)"), "\(habits)")

            // A binary file, Loop's CSV export (a zip), comes through the same way; dropped, nothing changes.
            let zip = try Data(contentsOf: SourceTree.url("Tests/Fixtures/loop/Loop Habits CSV 2025-03-31.zip"))
            try await alice.send(file: zip, named: "Loop Habits CSV 2025-03-31.zip", in: direct)
            let loop = try #require(try await alice.message(5, from: bot, in: direct).content.body)
            #expect(loop.hasPrefix("ℹ️ From Loop Habit Tracker: 6 habits, 263 days of history.\n  Meditate · every day · 101 days\n"), "\(loop)")
            try await alice.say("import cancel", in: direct)
            let dropped = try #require(try await alice.message(6, from: bot, in: direct).content.body)
            #expect(dropped == "ℹ️ Dropped Loop Habits CSV 2025-03-31.zip; nothing was imported.")
            let said = try await alice.messages(in: direct).filter { $0.sender == bot }
            #expect(said.count == 6)
            bridge.cancel()
            _ = await bridge.result
        }
    }
}
