import Foundation
import HabitatEngine
import HabitatHousehold
import HabitatStorage
import TestSupport
import Testing

@testable import HabitatApp
@testable import HabitatServer

@Suite("Room limits: what a full room, or someone in many rooms, is told")
struct RoomLimitTests {
    static let small = RoomLimits(roomsPerAccount: 2, membersPerRoom: 2, sharedHabitsPerRoom: 2)

    @Test func aFullRoomRefusesAJoinWithLimitReachedAndTheCodeWorksOnceAPlaceIsFree() async throws {
        try await TestServer.with(configure: { $0.roomLimits = Self.small }) { server in
            let ann = try await server.user("ann")
            let code = try #require(try await ann.json(#"{"text": "room create Flat"}"#).data?["invite"] as? String)
            let ben = try await server.user("ben")
            try await ben.expectReply(to: "room join flat \(code)", startsWith: "🏠 Welcome")
            #expect(try await ann.readReply() == ["🏠 ben joined Flat"])
            let invite = try #require(try await ann.json(#"{"text": "room invite"}"#).data?["invite"] as? String)

            let cal = try await server.user("cal")
            _ = try await cal.reply(to: "mode json")
            let refused = try await cal.json("room join flat \(invite)")
            #expect(refused.ok == false)
            #expect(refused.code == "limit_reached")
            #expect(refused.text == "❌ Flat has 2 members, the most a room can have.")

            try await ben.expectReply(to: "room leave", startsWith: "🏠 You left Flat.")
            #expect(try await ann.readReply() == ["🏠 ben left Flat"])
            #expect(try await cal.json("room join flat \(invite)").text?.hasPrefix("🏠 Welcome to Flat! 2 members") == true)
        }
    }

    @Test func someoneInAsManyRoomsAsOneCanBeIsToldToLeaveOneAndARoomsSharedHabitsAreBounded() async throws {
        try await TestServer.with(configure: { $0.roomLimits = Self.small }) { server in
            let ann = try await server.user("ann")
            try await ann.expectReply(to: "room create Flat", startsWith: "🏠 Room Flat created")
            try await ann.expectReply(to: "room create Garden", startsWith: "🏠 Room Garden created")
            #expect(
                try await ann.reply(to: "room create Attic")
                    == ["❌ You're in 2 rooms, the most one player can be in. To join or start another, leave one with 'room leave <name>'."])
            try await ann.expectReply(to: "room use flat", startsWith: "🏠")
            try await ann.expectReply(to: "room add habit Dishes", startsWith: "🏠 Added Dishes")
            try await ann.expectReply(to: "room add bad habit Takeout", startsWith: "🏠 Added Takeout")
            #expect(try await ann.reply(to: "room add habit Laundry") == ["❌ Flat has 2 shared habits, the most a room can have."])
            try await ann.expectReply(to: "did dishes", startsWith: "✅ Dishes completed!")
        }
    }

    @Test func aSpeakerAFullChannelRoomCanNotTakeKeepsTheirOwnGameAndIsToldWhyAtARoomCommand() async throws {
        try await TestServer.with(configure: { $0.roomLimits = Self.small }) { server in
            let directory = try DirectoryDatabase(directory: server.dataDirectory, durability: .normal)
            try await directory.addBridge(named: "irc", tokenHash: BridgeToken.hash("hbt_full"), at: server.clock.now)
            let bridge = try await server.connect()
            #expect(try await bridge.json("bridge irc hbt_full").ok == true)
            func say(_ user: String, _ text: String) async throws -> JSONReply {
                try await bridge.json(##"{"id": 1, "user": "\##(user)", "room": "#big", "text": "\##(text)"}"##)
            }
            #expect(try await say("ada", "room add habit Dishes").ok == true)
            #expect(try await say("bo", "room status").ok == true)
            // cy is not made a member of #big: what cy says there is about cy's own game.
            #expect(try await say("cy", "add habit Swim").text == "✅ Added habit Swim (+10 XP, +5 coins). Record it with 'did swim'.")
            #expect(try await say("cy", "did swim").text?.hasPrefix("✅ Swim completed!") == true)
            let dishes = try await say("cy", "did dishes")
            #expect(dishes.code == "unknown_habit")
            let status = try await say("cy", "room status")
            #expect(status.code == "limit_reached")
            #expect(status.text == "❌ #big has 2 members, the most a room can have.")
            #expect(try await say("cy", "rooms").text == "ℹ️ You're not in a room yet. Start one with 'room create <name>'.")
            // A room command about another room is carried out, said there too.
            #expect(try await say("cy", "room create Pool").text?.hasPrefix("🏠 Room Pool created") == true)
            #expect(try await say("cy", "room leave pool").text == "🏠 You left Pool.")
        }
    }

    @Test func theHundredAndFirstInviteCodeOfARoomIsRefused() async throws {
        try await TestServer.with { server in
            let ann = try await server.user("ann")
            _ = try await ann.reply(to: "mode json")
            let created = try await ann.json("room create Smiths")
            let first = try #require(created.data?["invite"] as? String)
            for _ in 2...100 { #expect(try await ann.json("room invite").ok == true) }
            let refused = try await ann.json("room invite")
            #expect(refused.ok == false)
            #expect(refused.code == "limit_reached")
            #expect(
                refused.text
                    == "❌ Smiths has 100 unused invite codes, the most a room can have. Each works once and expires 7 days after it was made; a new one can be made once one is used or expires.")
            // A code used frees a place.
            let ben = try await server.user("ben")
            try await ben.expectReply(to: "room join smiths \(first)", startsWith: "🏠 Welcome")
            _ = try await ann.readLine()
            #expect(try await ann.json("room invite").ok == true)
            // A week on, every code made that day has expired.
            server.clock.advance(by: 7 * 24 * 3600)
            #expect(try await ann.json("room invite").ok == true)
        }
    }
}
