import Foundation
import HabitatHousehold
import HabitatApp
import HabitatServer
import HabitatStorage
import TestSupport
import Testing

@Suite("Rooms: deleting a shared habit")
struct RoomDeletionTests {
    /// ann owns Smiths with the shared Dishes; ben is a member. Both are connected, with nothing waiting.
    func smiths(_ server: TestServer) async throws -> (ann: LineClient, ben: LineClient) {
        let ann = try await server.user("ann")
        let code = try #require(try await ann.json(#"{"text": "room create Smiths"}"#).data?["invite"] as? String)
        let ben = try await server.user("ben")
        try await ben.expectReply(to: "room join smiths \(code)", startsWith: "🏠 Welcome")
        #expect(try await ann.readReply() == ["🏠 ben joined Smiths"])
        try await ann.expectReply(to: "room add habit Dishes 10 xp", startsWith: "🏠 Added Dishes")
        #expect(try await ben.readReply() == ["🏠 ann added a shared habit: Dishes (+10 XP, +5 coins)"])
        return (ann, ben)
    }

    @Test func onlyTheOwnerMayDeleteASharedHabitAndIsAskedFirst() async throws {
        try await TestServer.with { server in
            let (ann, ben) = try await smiths(server)
            _ = try await ben.reply(to: "mode json")
            let refused = try await ben.json("room delete habit dishes")
            #expect(refused.ok == false)
            #expect(refused.code == "forbidden")
            #expect(refused.text == "❌ Only the owner of Smiths can delete its shared habits.")
            // Not asked, so ben's `yes` answers nothing.
            #expect(try await ben.json("yes").code == "not_found")

            #expect(try await ann.reply(to: "room delete habit dish") == [
                "❔ Delete Dishes from Smiths for good? Past entries stay in the room's log and in everyone's history. Type 'yes' to confirm; anything else cancels."
            ])
            #expect(try await ann.reply(to: "no") == ["ℹ️ Delete cancelled; the shared habit Dishes is kept."])
            try await ann.expectReply(to: "room delete habit dishes", startsWith: "❔ Delete Dishes from Smiths for good?")
            // Any other line cancels, and is carried out.
            #expect(try await ann.reply(to: "room status").prefix(2) == ["ℹ️ Delete cancelled; the shared habit Dishes is kept.", "🏠 Smiths — 2 members"])
            try await ann.expectReply(to: "room delete habit dishes", startsWith: "❔ Delete Dishes from Smiths for good?")
            #expect(try await ann.reply(to: "yes") == [
                "🏠 Deleted Dishes from Smiths. Its past entries stay in the room's log and in everyone's history."
            ])
            let event = try JSONReply(try #require(try await ben.readLine()))
            #expect(event.object["event"] as? String == "room")
            #expect(event.object["ok"] == nil)
            #expect(event.text == "🏠 ann deleted a shared habit: Dishes")
            #expect(event.data?["room"] as? String == "Smiths")
            #expect(try await ben.json("did dishes").code == "unknown_habit")
            #expect(try await ann.reply(to: "room delete habit dishes") == ["❓ Smiths has no shared habit 'dishes'."])
        }
    }

    /// A member's completion of a habit deleted since stays theirs: in their history, and their undo gives back
    /// exactly what it gave and takes the line out of the room's log, telling the room.
    @Test func aMembersUndoOfADeletedHabitsCompletionStillWorks() async throws {
        try await TestServer.with { server in
            let (ann, ben) = try await smiths(server)
            try await ben.expectReply(to: "did dishes", startsWith: "✅ Dishes completed! +10 XP, +5 coins (Smiths)")
            #expect(try await ann.readReply() == ["🏠 ben did Dishes (+10 XP)"])
            try await ann.expectReply(to: "room delete habit dishes", startsWith: "❔")
            try await ann.expectReply(to: "yes", startsWith: "🏠 Deleted Dishes")
            _ = try await ben.readReply()
            #expect(try await ben.reply(to: "history") == ["ℹ️ History, newest first (1)", "  2026-11-20  + Dishes (+10 XP, +5 coins)"])
            #expect(try await ann.reply(to: "room log") == ["🏠 Smiths — recent activity", "  Fri 20 Nov 12:00  ben did Dishes (+10 XP)"])
            #expect(try await ben.reply(to: "undo") == ["↩️ Undid Dishes (-10 XP, -5 coins)"])
            #expect(try await ann.readReply() == ["🏠 ben took back Dishes"])
            #expect(try await ben.reply(to: "status") == ["ℹ️ Level 1 · 0/100 XP · 1000/1000 health · 0 coins"])
            #expect(try await ann.reply(to: "room log") == ["🏠 Smiths: nothing logged yet."])
        }
    }

    /// `yes` deletes from the room the question was about, even when another room has been chosen since.
    @Test func yesDeletesFromTheRoomAskedAbout() async throws {
        try await TestServer.with { server in
            let (ann, _) = try await smiths(server)
            try await ann.expectReply(to: "room create Garden", startsWith: "🏠 Room Garden created")
            try await ann.expectReply(to: "room add habit Dishes", startsWith: "🏠 Added Dishes to Garden")
            try await ann.expectReply(to: "room use smiths", startsWith: "🏠")
            try await ann.expectReply(to: "room delete habit dishes", startsWith: "❔ Delete Dishes from Smiths for good?")
            try await ann.expectReply(to: "yes", startsWith: "🏠 Deleted Dishes from Smiths.")
            #expect(try await ann.reply(to: "did dishes") == ["❓ No habit 'dishes'. Add one with 'add habit dishes'."])
            try await ann.expectReply(to: "room use garden", startsWith: "🏠")
            try await ann.expectReply(to: "did dishes", startsWith: "✅ Dishes completed! +10 XP, +5 coins (Garden)")
        }
    }

    /// From a bridge's channel, its room's owner deletes a shared habit as anyone would; another speaker can't.
    @Test func aChatUserWhoOwnsTheChannelsRoomDeletesFromTheChannel() async throws {
        try await TestServer.with { server in
            let directory = try DirectoryDatabase(directory: server.dataDirectory, durability: .normal)
            try await directory.addBridge(named: "irc", tokenHash: BridgeToken.hash("hbt_delete"), at: server.clock.now)
            let bridge = try await server.connect()
            #expect(try await bridge.json("bridge irc hbt_delete").ok == true)
            func say(_ user: String, _ text: String, room: String? = "#smiths") async throws -> JSONReply {
                let channel = room.map { #", "room": "\#($0)""# } ?? ""
                return try await bridge.json(#"{"id": 1, "user": "\#(user)"\#(channel), "text": "\#(text)"}"#)
            }
            #expect(try await say("ada", "room add habit Dishes").ok == true)
            #expect(try await say("bo", "room status").ok == true)
            let refused = try await say("bo", "room delete habit dishes")
            #expect(refused.code == "forbidden")
            #expect(refused.text == "❌ Only the owner of #smiths can delete its shared habits.")
            let asked = try await say("ada", "room delete habit dishes")
            #expect(asked.text == "❔ Delete Dishes from #smiths for good? Past entries stay in the room's log and in everyone's history. Type 'yes' to confirm; anything else cancels.")
            #expect(asked.code == nil)
            // Confirmed privately: the question was about #smiths.
            let done = try await say("ada", "yes", room: nil)
            #expect(done.text == "🏠 Deleted Dishes from #smiths. Its past entries stay in the room's log and in everyone's history.")
            // Said privately, the news is posted in the channel.
            let event = try JSONReply(try #require(try await bridge.readLine()))
            #expect(event.object["event"] as? String == "room")
            #expect(event.object["room"] as? String == "#smiths")
            #expect(event.text == "🏠 ada deleted a shared habit: Dishes")
            #expect(try await say("bo", "did dishes").code == "unknown_habit")
        }
    }
}
