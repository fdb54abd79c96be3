import Foundation
import HabitatCommands
import HabitatEngine
import HabitatStorage
import LineFraming
import Logging
import Testing

@testable import HabitatApp

/// The application driven without sockets: lines in, replies out, as the transport would.
@Suite("Conversations without sockets")
struct ConversationTests {
    /// Hashes at once, on the caller's thread: these tests log in rarely.
    struct AtOnce: SlowWork {
        func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T { try work() }
    }

    /// An application on a new data directory, removed afterwards.
    /// `hasher`: how passwords are hashed (cheaper still for tests that register hundreds of players).
    static func withApplication(
        hasher: PasswordHasher = PasswordHasher(rounds: 1 << 10, blockSize: 8, parallelism: 1), _ body: (Application) async throws -> Void
    ) async throws {
        SQLiteSetup.apply()
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("habitat-app-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        var configuration = ServerConfiguration()
        configuration.dataDirectory = data
        configuration.passwordHasher = hasher
        configuration.clock = { Date(timeIntervalSince1970: 1_795_176_000) }
        let application = try Application(
            configuration: configuration, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }), slowWork: AtOnce())
        try await application.start()
        try await body(application)
        _ = await application.stop()
    }

    /// What the connection writes for `line`, each write as text, and whether the connection closes after it.
    static func answer(_ line: IncomingLine, to connection: TestConnection) async throws -> (written: [String], closing: Bool) {
        try await connection.answer(line)
    }

    /// What the connection writes for `line`, each write as text.
    static func say(_ line: String, to connection: TestConnection) async throws -> [String] {
        try await connection.say(line)
    }

    /// The reply to `line` when its plan is awaited in a task of its own, as every plan can be, whatever job
    /// ``Pipeline/take(_:session:)`` would make of it; `nil` for a blank line.
    static func sayInTask(_ line: String, session: inout Session, pipeline: Pipeline) async -> String? {
        guard case .request(var request) = Reading(.text(line)) else {
            // No plan (not JSON after all, say): the refusal is made as the line is read, wherever it runs.
            guard case .done(let reply?) = pipeline.take(.text(line), session: &session) else { return nil }
            return String(decoding: reply, as: UTF8.self)
        }
        let plan = Plan.make(for: &request, session: &session, now: pipeline.configuration.clock(), facts: pipeline)
        let (reply, after) = await pipeline.run(Pipeline.Work(.plan(request, plan), since: nil), session: session)
        session = after
        return String(decoding: reply, as: UTF8.self)
    }

    @Test func aNewPlayerRegistersAddsAHabitAndDoesIt() async throws {
        try await Self.withApplication { application in
            let alice = try await TestConnection(application, connection: 1)
            #expect(try await TestConnection.greeting(of: application) == "👋 Habitat 0.1.0 — type 'help' for commands, or 'register <name> <password>' to begin.\n\n")
            let welcome = try await Self.say("register alice correct-horse", to: alice)
            #expect(welcome == [
                "✅ Welcome to Habitat, alice! You're logged in. Try 'add habit Exercise', then 'did exercise'.\n\n"
            ])
            #expect(try await alice.identified)
            let added = try await Self.say("add habit Exercise", to: alice)
            #expect(added == [
                "✅ Added habit Exercise (+10 XP, +5 coins). Record it with 'did exercise'.\n\n"
            ])
            let done = try await Self.say("did exercise", to: alice)
            #expect(done == ["✅ Exercise completed! +10 XP, +5 coins\n\n"])
            let status = try await Self.say("status", to: alice)
            #expect(status == ["ℹ️ Level 1 · 10/100 XP · 1000/1000 health · 5 coins\n\n"])
            let blank = try await Self.say("   ", to: alice)
            #expect(blank == [])
        }
    }

    /// `squats: 30` in a person's own words: after the colon, an amount of a habit counted in one is its amount; of
    /// another habit, a note, as it is after the command `did`, and for a program's JSON.
    @Test func anAmountAfterAColonIsTheHabitsAmountAndOtherwiseANote() async throws {
        try await Self.withApplication { application in
            let alice = try await TestConnection(application, connection: 1)
            _ = try await TestConnection.greeting(of: application)
            for line in ["register alice correct-horse", "add habit Pushups 30 a day", "add habit Squats"] { _ = try await Self.say(line, to: alice) }
            #expect(try await Self.say("pushups: 30", to: alice) == ["✅ Pushups done for today: 30/30! +10 XP, +5 coins\n\n"])
            #expect(try await Self.say("squats: 20", to: alice) == ["✅ Squats completed! +10 XP, +5 coins\n\n"])
            #expect(try await Self.say("did pushups: 5", to: alice) == ["📈 Pushups 31/30 today, done already\n\n"])
            _ = try await Self.say("mode json", to: alice)
            let json = try await Self.say(#"{"text": "pushups: 12"}"#, to: alice)
            #expect(json.first?.contains("Pushups 32/30 today, done already") == true)
            _ = try await Self.say("mode text", to: alice)
            #expect(try await Self.say("history", to: alice) == [
                """
                ℹ️ History, newest first (4)
                  2026-11-20  + Pushups (+0 XP, +0 coins): 12
                  2026-11-20  + Pushups (+0 XP, +0 coins): 5
                  2026-11-20  + Squats (+10 XP, +5 coins): 20
                  2026-11-20  + Pushups ×30 (+10 XP, +5 coins)


                """
            ])
        }
    }

    /// `hi` before login tells how to begin; after it, where to look next.
    @Test func helloIsAnsweredKindlyWithTheNextStep() async throws {
        try await Self.withApplication { application in
            let newcomer = try await TestConnection(application, connection: 1)
            #expect(try await Self.say("hi", to: newcomer) == [
                "👋 Hi! To begin, type 'register <name> <password>', or 'login <name> <password>' if you have an account. 'help' lists everything.\n\n"
            ])
            _ = try await Self.say("register alice correct-horse", to: newcomer)
            #expect(try await Self.say("Hello", to: newcomer) == [
                "👋 Hi, alice! Type 'today' to see what's left today, or 'help' for everything.\n\n"
            ])
        }
    }

    /// A line answered at once or through its file's commit gets the very reply its plan gets when awaited in a task
    /// of its own: one plan, run by the same code wherever its job runs.
    @Test func aLineAnsweredAsItArrivesGetsTheRepliesATaskGives() async throws {
        try await Self.withApplication { application in
            let (early, late) = (try await TestConnection(application, connection: 1), try await TestConnection(application, connection: 2))
            _ = try await Self.say("register ann correct-horse", to: early)
            _ = try await Self.say("register ben correct-horse", to: late)
            var session = try await late.session
            let lines = [
                "add habit Exercise", "did exercise", "did exer x2", "did nothing", "buy potion", "status", "habits",
                #"{"id": 7, "text": "store"}"#, "slipped exercise", "xyzzy", "{not json", "plain on", "did exercise yesterday",
            ]
            for line in lines {
                let atOnce = try await Self.say(line, to: early)
                let inTask = await Self.sayInTask(line, session: &session, pipeline: application.pipeline)
                #expect(atOnce == inTask.map { [$0.replacingOccurrences(of: "ben", with: "ann")] }, "\(line)")
            }
        }
    }

    @Test func aLineTooLongOrNotUTF8IsRefusedInTheRequestsOwnForm() async throws {
        try await Self.withApplication { application in
            let conversation = try await TestConnection(application, connection: 1)
            let tooLong = try await Self.answer(.tooLong(limit: 4096, jsonLike: false), to: conversation)
            #expect(tooLong.written == ["❌ That line was longer than 4096 bytes and was dropped.\n\n"])
            let notUTF8 = try await Self.answer(.notUTF8(jsonLike: true), to: conversation)
            #expect(notUTF8.written == [
                #"{"ok":false,"type":"error","text":"❌ That line wasn't valid UTF-8 and was dropped.","toasts":[{"type":"error","text":"❌ That line wasn't valid UTF-8 and was dropped."}],"code":"invalid_utf8"}"# + "\n"
            ])
        }
    }

    @Test func quitClosesAndAPasswordChangedElsewhereLogsTheOtherConnectionOut() async throws {
        try await Self.withApplication { application in
            let (phone, laptop) = (try await TestConnection(application, connection: 1), try await TestConnection(application, connection: 2))
            _ = try await Self.say("register cy correct-horse", to: phone)
            _ = try await Self.say("login cy correct-horse", to: laptop)
            _ = try await Self.say("passwd correct-horse battery-staple", to: phone)
            let lapsed = try await Self.say("status", to: laptop)
            #expect(lapsed == [
                "❌ Your password was changed on another connection, so you're logged out here. Log in again with the new one.\n\n"
            ])
            #expect(try await laptop.session.account == nil)
            let quit = try await Self.answer(.text("quit"), to: phone)
            #expect(quit.closing)
            #expect(quit.written == ["👋 Bye! Keep the streak going.\n\n"])
        }
    }
}
