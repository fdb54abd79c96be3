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

    /// What the connection's task writes for `line`, each write as text, and whether the connection closes after it.
    static func answer(_ line: IncomingLine, to conversation: Conversation) async throws -> (written: [String], closing: Bool) {
        var written: [String] = []
        let closing = try await conversation.answer(line, planned: nil) { written.append(String(decoding: $0, as: UTF8.self)) }
        return (written, closing)
    }

    /// What the connection's task writes for `line`, each write as text.
    static func say(_ line: String, to conversation: Conversation) async throws -> [String] {
        try await answer(.text(line), to: conversation).written
    }

    /// The reply to `line` as the connection's handler gives it when the line arrives: at once, or after the change
    /// it started commits; `nil` when the line goes to the task.
    static func sayAsItArrives(_ line: String, to conversation: Conversation) async -> String? {
        switch conversation.pipeline.start(.text(line), session: &conversation.session) {
        case .reply(let bytes):
            return String(decoding: bytes, as: UTF8.self)
        case .change(let change):
            let result = await withCheckedContinuation { done in conversation.pipeline.perform(change) { done.resume(returning: $0) } }
            return String(decoding: conversation.pipeline.finish(change, result, session: conversation.session), as: UTF8.self)
        case .later:
            return nil
        }
    }

    @Test func aNewPlayerRegistersAddsAHabitAndDoesIt() async throws {
        try await Self.withApplication { application in
            let alice = application.conversation()
            alice.begin(connection: 1)
            #expect(String(decoding: alice.greeting, as: UTF8.self) == "👋 Habitat 0.1.0 — type 'help' for commands, or 'register <name> <password>' to begin.\n\n")
            let welcome = try await Self.say("register alice correct-horse", to: alice)
            #expect(welcome == [
                "✅ Welcome to Habitat, alice! You're logged in. Try 'add habit Exercise', then 'did exercise'.\n\n"
            ])
            #expect(alice.identified)
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

    /// `hi` before login tells how to begin; after it, where to look next.
    @Test func helloIsAnsweredKindlyWithTheNextStep() async throws {
        try await Self.withApplication { application in
            let newcomer = application.conversation()
            newcomer.begin(connection: 1)
            #expect(try await Self.say("hi", to: newcomer) == [
                "👋 Hi! To begin, type 'register <name> <password>', or 'login <name> <password>' if you have an account. 'help' lists everything.\n\n"
            ])
            _ = try await Self.say("register alice correct-horse", to: newcomer)
            #expect(try await Self.say("Hello", to: newcomer) == [
                "👋 Hi, alice! Type 'today' to see what's left today, or 'help' for everything.\n\n"
            ])
        }
    }

    /// The lines a handler answers as they arrive get the very replies the task gives: one plan, two places.
    @Test func aLineAnsweredAsItArrivesGetsTheRepliesTheTaskGives() async throws {
        try await Self.withApplication { application in
            let (early, late) = (application.conversation(), application.conversation())
            early.begin(connection: 1)
            late.begin(connection: 2)
            _ = try await Self.say("register ann correct-horse", to: early)
            _ = try await Self.say("register ben correct-horse", to: late)
            let lines = [
                "add habit Exercise", "did exercise", "did exer x2", "did nothing", "buy potion", "status", "habits",
                #"{"id": 7, "text": "store"}"#, "slipped exercise", "xyzzy", "{not json", "plain on", "did exercise yesterday",
            ]
            for line in lines {
                let atOnce = await Self.sayAsItArrives(line, to: early)
                let inTask = try await Self.say(line, to: late)
                if let atOnce {
                    #expect([atOnce] == inTask, "\(line)")
                } else {
                    // The session's own commands are the task's: run there for both.
                    let again = try await Self.say(line, to: early)
                    #expect(again == inTask, "\(line)")
                }
            }
        }
    }

    @Test func aLineTooLongOrNotUTF8IsRefusedInTheRequestsOwnForm() async throws {
        try await Self.withApplication { application in
            let conversation = application.conversation()
            conversation.begin(connection: 1)
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
            let (phone, laptop) = (application.conversation(), application.conversation())
            phone.begin(connection: 1)
            laptop.begin(connection: 2)
            _ = try await Self.say("register cy correct-horse", to: phone)
            _ = try await Self.say("login cy correct-horse", to: laptop)
            _ = try await Self.say("passwd correct-horse battery-staple", to: phone)
            let lapsed = try await Self.say("status", to: laptop)
            #expect(lapsed == [
                "❌ Your password was changed on another connection, so you're logged out here. Log in again with the new one.\n\n"
            ])
            #expect(laptop.session.account == nil)
            let quit = try await Self.answer(.text("quit"), to: phone)
            #expect(quit.closing)
            #expect(quit.written == ["👋 Bye! Keep the streak going.\n\n"])
        }
    }
}
