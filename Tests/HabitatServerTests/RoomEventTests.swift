import Foundation
import HabitatApp
import HabitatServer
import HabitatStorage
import TestSupport
import Testing

@Suite("Rooms: each member sees exactly the events meant for them")
struct RoomEventTests {
    /// Nothing is waiting on `client`: the next line it reads is the reply to a fresh request.
    func expectNoPendingEvents(_ client: LineClient) async throws {
        let first = try await client.reply(to: "help undo").first ?? ""
        #expect(first.hasPrefix("ℹ️ undo") || first.hasPrefix(#"{"ok":true,"type":"info","text":"ℹ️ undo"#))
    }

    @Test func eventsReachOtherMembersLiveAndAbsentOnesAtLogin() async throws {
        try await TestServer.with { server in
            let ann = try await server.user("ann")
            let code = try #require(try await ann.json("{\"text\": \"room create Flat\"}").data?["invite"] as? String)
            let ben = try await server.user("ben")
            try await ben.expectReply(to: "room join flat \(code)", startsWith: "🏠 Welcome")
            #expect(try await ann.readReply() == ["🏠 ben joined Flat"])
            let invite = try #require(try await ann.json("{\"text\": \"room invite\"}").data?["invite"] as? String)
            let cal = try await server.user("cal")
            try await cal.expectReply(to: "room join flat \(invite)", startsWith: "🏠 Welcome")
            #expect(try await ann.readReply() == ["🏠 cal joined Flat"])
            #expect(try await ben.readReply() == ["🏠 cal joined Flat"])
            // An outsider and a second connection of ann's.
            let outsider = try await server.user("out")
            let annPhone = try await server.connect()
            try await annPhone.expectReply(to: "login ann correct-horse", startsWith: "✅")

            try await ann.expectReply(to: "room add habit Dishes 10 xp", startsWith: "🏠 Added")
            _ = try await ben.readReply()
            _ = try await cal.readReply()

            // cal goes away; ben does the dishes in JSON mode.
            try await cal.expectReply(to: "logout", startsWith: "👋")
            _ = try await ben.reply(to: "mode json")
            #expect(try await ben.json("did dishes").ok == true)
            #expect(try await ann.readReply() == ["🏠 ben did Dishes (+10 XP)"])
            let phoneEvent = try await annPhone.readReply()
            #expect(phoneEvent == ["🏠 ben did Dishes (+10 XP)"])
            for client in [ann, ben, annPhone, outsider] { try await expectNoPendingEvents(client) }

            // cal sees what happened while away, once, at login.
            try await cal.expectReply(to: "login cal correct-horse", startsWith: "✅")
            #expect(try await cal.readReply() == ["ℹ️ While you were away (1):", "🏠 ben did Dishes (+10 XP)"])
            try await expectNoPendingEvents(cal)

            // In JSON mode an event is an `event` line with the room and never an `ok`.
            try await ann.expectReply(to: "did dishes", startsWith: "✅ Dishes completed!")
            let event = try JSONReply(try await ben.readReply()[0])
            #expect(event.object["event"] as? String == "room")
            #expect(event.object["ok"] == nil)
            #expect(event.text == "🏠 ann did Dishes (+10 XP)")
            #expect(event.data?["room"] as? String == "Flat")
        }
    }

    @Test func outsidersCanNeitherSeeNorUseNorRecordInARoom() async throws {
        try await TestServer.with { server in
            let ann = try await server.user("amy")
            _ = try await ann.json("{\"text\": \"room create Home\"}")
            try await ann.expectReply(to: "room add habit Dishes", startsWith: "🏠 Added")
            let eve = try await server.user("eve")
            _ = try await eve.reply(to: "mode json")
            #expect(try await eve.json("room use home").code == "forbidden")
            #expect(try await eve.json("room join home AAA-BBB").code == "forbidden")
            #expect(try await eve.json("room join nowhere AAA-BBB").code == "forbidden")
            #expect(try await eve.json("room status").code == "not_found")
            #expect(try await eve.json("did dishes").code == "unknown_habit")
            #expect(try await eve.json("room leave home").code == "forbidden")
        }
    }
}

@Suite("Rooms: shared habits pass the same checks as personal ones")
struct SharedHabitCheckTests {
    @Test func aSharedHabitWithAnImpossibleRewardIsRefusedNotRecorded() async throws {
        try await TestServer.with { server in
            let ann = try await server.user("ivo")
            _ = try await ann.json("{\"text\": \"room create Attic\"}")
            #expect(try await ann.reply(to: "room add habit Dust 9223372036854775807 xp") == ["❌ XP must be between 0 and 10000."])
            #expect(try await ann.reply(to: "room add bad habit Mess 20000 life") == ["❌ life must be between 0 and 10000."])
            #expect(try await ann.reply(to: "room add habit \"\"") == ["❌ Give the habit a name."])
            try await ann.expectReply(to: "room add habit Dust 10000 xp", startsWith: "🏠 Added Dust")
            try await ann.expectReply(to: "did dust x100", startsWith: "✅ Dust completed ×100! +1000000 XP")
        }
    }

    /// The area a shared habit names follows an area's name rules: the room is told it, so an escape sequence
    /// or a direction override in it would reach every member's terminal raw.
    @Test func aSharedHabitsAreaFollowsAnAreasNameRules() async throws {
        try await TestServer.with { server in
            let ann = try await server.user("ivo")
            _ = try await ann.json("{\"text\": \"room create Attic\"}")
            #expect(try await ann.json(#"{"text": "room add habit Dust in \"a\u001b[2Jb\""}"#).text == "❌ Names can't contain control characters.")
            #expect(try await ann.json(#"{"text": "room add habit Dust in a\u202eb"}"#).text == "❌ Names can't contain control characters.")
            #expect(try await ann.reply(to: "room add habit Dust in " + String(repeating: "x", count: 65)) == ["❌ That name is too long; keep it to 64 characters."])
            #expect(try await ann.reply(to: "room add habit Dust in none") == ["❌ An area can't be called none: 'in none' means no area."])
            #expect(
                try await ann.reply(to: "room add habit Dust in \"  Home   Jobs \"")
                    == ["🏠 Added Dust to Attic (+10 XP, +5 coins, in each member's Home Jobs). Anyone in the room records it with 'did dust'."])
        }
    }
}

@Suite("Bridges: a chat user's news while the bridge is away")
struct BridgeAwayTests {
    @Test func aChatUsersNewsWhileTheBridgeIsAwayComesAfterTheirNextRequest() async throws {
        try await TestServer.with { server in
            let directory = try DirectoryDatabase(directory: server.dataDirectory, durability: .normal)
            try await directory.addBridge(named: "irc", tokenHash: BridgeToken.hash("hbt_away"), at: server.clock.now)
            let ann = try await server.user("ann")
            let code = try #require(try await ann.json(#"{"text": "room create Flat"}"#).data?["invite"] as? String)
            try await ann.expectReply(to: "room add habit Dishes 10 xp", startsWith: "🏠 Added Dishes")
            let bridge = try await server.connect()
            #expect(try await bridge.json("bridge irc hbt_away").ok == true)
            #expect(try await bridge.json(#"{"id": 1, "user": "alice", "text": "room join flat \#(code)"}"#).ok == true)
            #expect(try await ann.readReply() == ["🏠 irc:alice joined Flat"])
            await bridge.close()
            try await Task.sleep(for: .milliseconds(500))
            try await ann.expectReply(to: "did dishes", startsWith: "✅ Dishes completed!")
            // Kept for alice, and sent (privately, with her id) after her next request's reply.
            let again = try await server.connect()
            #expect(try await again.json("bridge irc hbt_away").ok == true)
            let reply = try await again.json(#"{"id": 2, "user": "alice", "text": "help undo"}"#)
            #expect(reply.object["id"] as? Int == 2)
            let event = try #require(try await again.readLine())
            #expect(
                event.hasPrefix(
                    #"{"event":"offline","user":"alice","type":"info","text":"ℹ️ While you were away (1):","toasts":[{"type":"info","text":"ℹ️ While you were away (1):"},{"type":"info","text":"🏠 ann did Dishes (+10 XP)"}],"data":{"offline":true,"events":[{"kind":"room","#))
            #expect(!event.contains(#""ok""#))
            // Once: the next request has nothing after it.
            _ = try await again.json(#"{"id": 3, "user": "alice", "text": "help undo"}"#)
            let next = try await again.json(#"{"id": 4, "user": "alice", "text": "help undo"}"#)
            #expect(next.object["id"] as? Int == 4)
        }
    }
}
