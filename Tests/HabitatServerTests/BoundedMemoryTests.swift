import Foundation
import HabitatEngine
import HabitatHousehold
import HabitatStorage
import TestSupport
import Testing

@testable import HabitatApp
@testable import HabitatServer

@Suite("What the server remembers per chat user, account or room stays bounded")
struct BoundedMemoryTests {
    @Test func theRoomsOfAccountsAndTheSharedHabitsOfRoomsAreCachedUpToTheirBound() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let directory = try DirectoryDatabase(directory: data, durability: .normal)
        let users = UserDatabases(directory: data, durability: .normal)
        let household = Households(
            directory: directory, users: users, presence: Presence(directory: directory), logger: quietLogger,
            cached: 4)
        let now = Date(timeIntervalSince1970: 1_795_176_000)
        let owner = try await directory.createAccount(name: "ann", passwordHash: nil, at: now)
        var rooms: [Room] = []
        for name in ["Flat", "Attic", "Barn"] {
            let room = try await directory.createRoom(named: name, owner: owner.id, at: now)
            for chore in ["Dishes", "Bins"] {
                _ = try await directory.addSharedHabit(HabitDraft(name: chore, kind: .good), to: room.id)
            }
            rooms.append(room)
        }
        for room in rooms { #expect(try await household.sharedHabits(of: room.id).count == 2) }
        // Three rooms of two habits are more than 4: the first two rooms give way.
        #expect(household.cachedWeights.sharedHabits == 2)
        #expect(try await household.sharedHabits(of: rooms[0].id).map(\.name) == ["Dishes", "Bins"])
        // Accounts in no room count one each: ten of them leave the cache at its bound.
        for account in 1000..<1010 { #expect(try await household.rooms(of: Int64(account)) == []) }
        #expect(household.cachedWeights.rooms == 4)
        #expect(try await household.rooms(of: owner.id).count == 3)
        #expect(household.cachedWeights.rooms == 3)
    }

    @Test func aChatIdentityForgottenGetsItsNewsFromItsInboxInstead() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let directory = try DirectoryDatabase(directory: data, durability: .normal)
        let presence = Presence(directory: directory, identitiesKept: 2)
        let now = Date(timeIntervalSince1970: 1_795_176_000)
        let outbox = Outbox()
        presence.attachBridge(outbox, connection: 1, name: "irc")
        var accounts: [Account] = []
        for user in ["ada", "bo", "cy"] {
            let account = try await directory.identity("irc:\(user)", at: now)
            presence.register(account.id, bridge: "irc", user: user)
            accounts.append(account)
        }
        let news = Event(kind: "room", toasts: [Toast(.room, "ann did Dishes")])
        try await presence.deliver(news, to: accounts[2].id, at: now)
        #expect(outbox.take().map { $0.rendered(mode: .text, plain: false) } == ["🏠 ann did Dishes\n\n"])
        // ada spoke longest ago: her news waits in her inbox for her next request.
        try await presence.deliver(news, to: accounts[0].id, at: now)
        #expect(outbox.take().isEmpty)
        #expect(try await directory.takeInbox(of: accounts[0].id).map { InboxToast.toasts(of: $0.toasts) } == [[Toast(.room, "ann did Dishes")]])
    }

    @Test func aBridgeKeepsTheSessionsOfTheChatUsersHeardMostRecently() async throws {
        try await TestServer.with(configure: { $0.chatUsersPerBridge = 2 }) { server in
            let directory = try DirectoryDatabase(directory: server.dataDirectory, durability: .normal)
            try await directory.addBridge(named: "irc", tokenHash: BridgeToken.hash("hbt_kept"), at: server.clock.now)
            let bridge = try await server.connect()
            #expect(try await bridge.json("bridge irc hbt_kept").ok == true)
            func say(_ user: String, _ text: String) async throws -> JSONReply {
                try await bridge.json(#"{"id": 1, "user": "\#(user)", "text": "\#(text)"}"#)
            }
            #expect(try await say("ada", "add habit Read").ok == true)
            #expect(try await say("ada", "add habit Swim").ok == true)
            #expect(try await say("ada", "delete read").text?.hasPrefix("❔ Delete Read for good?") == true)
            #expect(try await say("bo", "help buy").ok == true)
            #expect(try await say("ada", "yes").ok == true)
            // Two others speak while ada's question waits: hers is the session that gives way.
            #expect(try await say("ada", "delete swim").text?.hasPrefix("❔ Delete Swim for good?") == true)
            #expect(try await say("bo", "help buy").ok == true)
            #expect(try await say("cy", "help buy").ok == true)
            let answer = try await say("ada", "yes")
            #expect(answer.code == "not_found")
            #expect(answer.text == "❌ There's no question waiting for an answer.")
        }
    }
}
