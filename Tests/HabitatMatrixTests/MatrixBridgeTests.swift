import HabitatBridgeKit
import HabitatMatrix
import Testing

private let bot = "@habitat:example.org"
private let alice = "@alice:example.org"
private let smiths = "!smiths:example.org"
private let aliceChat = "!alice-chat:example.org"

/// A sync with these rooms' new events.
private func sync(
    _ batch: String, join: [String: [MatrixEvent]] = [:], state: [String: [MatrixEvent]] = [:],
    invite: [String: [MatrixEvent]] = [:]
) -> MatrixSync {
    let joined = Set(join.keys).union(state.keys).reduce(into: [String: MatrixSync.JoinedRoom]()) { rooms, room in
        rooms[room] = MatrixSync.JoinedRoom(state: state[room] ?? [], timeline: join[room] ?? [])
    }
    return MatrixSync(
        nextBatch: batch, rooms: MatrixSync.Rooms(join: joined, invite: invite.mapValues(MatrixSync.InvitedRoom.init)))
}

/// A bridge past its first sync, in the Smiths' room (named, with alice in it) and alice's direct chat.
private func bridgeInTheSmithsRoom() -> MatrixBridge {
    var bridge = MatrixBridge(userID: bot, displayName: "Habitat")
    _ = bridge.actions(
        for: sync(
            "s1",
            state: [smiths: [.roomName("Smiths", by: alice), .member(alice, "join", displayname: "Alice Smith")]],
            invite: [aliceChat: [.member(bot, "invite", by: alice, isDirect: true)]]))
    return bridge
}

private func requests(_ actions: [MatrixBridge.Action]) -> [BridgeRequest] {
    actions.compactMap { if case .request(let request) = $0 { request } else { nil } }
}

@Suite("The Matrix bridge's decisions")
struct MatrixBridgeTests {
    @Test func theFirstSyncIsNotAnsweredButItsInvitationsAreAccepted() {
        var bridge = MatrixBridge(userID: bot)
        let actions = bridge.actions(
            for: sync(
                "s1", join: [smiths: [.message(from: alice, "!status")]],
                invite: [aliceChat: [.member(bot, "invite", by: alice, isDirect: true)]]))
        #expect(actions == [.join(room: aliceChat)])
        #expect(bridge.state.nextBatch == "s1")
        #expect(bridge.state.directChats == [alice: aliceChat])
    }

    @Test func inARoomOnlyLinesAddressedToTheBotAreCommands() {
        var bridge = bridgeInTheSmithsRoom()
        let pill = "<a href=\"https://matrix.to/#/\(bot)\">Habitat</a>: room status"
        let said: [MatrixEvent] = [
            .message(from: alice, "!did dishes"), .message(from: alice, "did dishes"),
            .message(from: alice, "habitat: status"),
            .message(from: alice, "Habitat: room status", formattedBody: pill),
            .message(from: bot, "!did dishes"),
        ]
        let asked = requests(bridge.actions(for: sync("s2", join: [smiths: said])))
        #expect(asked.map(\.text) == ["did dishes", "status", "room status"])
        #expect(asked.map(\.user) == [alice, alice, alice])
        #expect(asked.map(\.room) == ["#smiths", "#smiths", "#smiths"])
    }

    @Test func inARoomTheBotIsAddressedAsPeopleAddressEachOther() {
        var bridge = bridgeInTheSmithsRoom()
        let said: [MatrixEvent] = [
            .message(from: alice, "@habitat today"), .message(from: alice, "habitat status"),
            .message(from: alice, "I love habitat"), .message(from: alice, "Habitat is great"),
        ]
        let asked = requests(bridge.actions(for: sync("s2", join: [smiths: said])))
        #expect(asked.map(\.text) == ["today", "status", "is great"])
        // Only what follows the name alone is sent as possibly no command, which Habitat answers only if it is one.
        #expect(asked.map(\.commandOnly) == [nil, true, true])
    }

    @Test func inADirectChatEveryLineIsAPersonalCommand() {
        var bridge = bridgeInTheSmithsRoom()
        let asked = requests(bridge.actions(for: sync("s2", join: [aliceChat: [.message(from: alice, "status")]])))
        #expect(asked == [BridgeRequest(id: 1, user: alice, text: "status")])
    }

    @Test func aReplyIsSaidInTheRoomAfterTheDisplayNameAndAnErrorInADirectChat() {
        var bridge = bridgeInTheSmithsRoom()
        let bob = "@bob:example.org"
        let asked = requests(
            bridge.actions(
                for: sync(
                    "s2", join: [smiths: [.message(from: alice, "!did dishes"), .message(from: bob, "!did juggling")]]))
        )
        let done = BridgeReply(id: asked[0].id, ok: true, text: "✅ Dishes completed!")
        #expect(
            bridge.outgoing(for: done)
                == [MatrixBridge.Outgoing(place: .room(smiths), message: MatrixMessage(body: "Alice Smith: ✅ Dishes completed!"))])
        let error = BridgeReply(id: asked[1].id, ok: false, text: "❓ No habit 'juggling'.")
        #expect(bridge.outgoing(for: error).map(\.place) == [.newDirectChat(with: bob)])
        bridge.opened(directChat: "!bob-chat:example.org", with: bob)
        #expect(
            bridge.outgoing(for: BridgeEvent(event: "timer", user: bob, text: "⏰ done"))?.place
                == .room("!bob-chat:example.org"))
        #expect(
            bridge.outgoing(for: BridgeEvent(event: "room", room: "#smiths", text: "🏠 news"))?.place == .room(smiths))
    }

    @Test func aRoomsNewsNamesItsPeopleByTheirDisplayNames() {
        let bridge = bridgeInTheSmithsRoom()
        let news = BridgeEvent(event: "room", room: "#smiths", text: "🏠 matrix:\(alice) did Dishes (+10 XP)")
        #expect(bridge.outgoing(for: news) == nil)
        var heard = bridge
        _ = heard.actions(for: sync("s2", join: [smiths: [.message(from: alice, "!status")]]))
        #expect(heard.outgoing(for: news)?.message.body == "🏠 Alice Smith did Dishes (+10 XP)")
    }

    @Test func roomsOfTheSameNameGetChannelsOfTheirOwn() {
        var bridge = MatrixBridge(userID: bot)
        let other = "!other:example.org"
        _ = bridge.actions(
            for: sync(
                "s1",
                state: [smiths: [.roomName("Smith family", by: alice)], other: [.roomName("Smith family!", by: alice)]])
        )
        let asked = requests(
            bridge.actions(
                for: sync(
                    "s2", join: [smiths: [.message(from: alice, "!status")], other: [.message(from: alice, "!status")]])
            ))
        #expect(Set(asked.compactMap(\.room)) == ["#smith-family", "#smith-family-2"])
    }

    @Test func aReplyOfSeveralLinesHasAPreformattedHTMLBody() {
        let message = MatrixMessage([BridgeToast(text: "ℹ️ Today <3\n  ✓ Dishes\n  · Floss")], addressing: "Alice")
        #expect(message.body == "Alice: ℹ️ Today <3\n  ✓ Dishes\n  · Floss")
        #expect(message.formattedBody == "Alice: ℹ️ Today &lt;3<pre>  ✓ Dishes\n  · Floss</pre>")
        #expect(message.format == "org.matrix.custom.html")
        #expect(MatrixMessage([BridgeToast(text: "✅ Done")]).formattedBody == nil)
    }

    @Test func inAnEncryptedRoomTheBotSaysOnceThatItCantRead() {
        var bridge = bridgeInTheSmithsRoom()
        let encryption = MatrixEvent(type: "m.room.encryption", sender: alice, stateKey: "", content: .init())
        let joined = bridge.actions(for: sync("s2", state: [aliceChat: [encryption]]))
        #expect(joined == [.say(MatrixBridge.cannotReadEncrypted, room: aliceChat)])
        #expect(bridge.state.directChats.isEmpty)
        #expect(bridge.actions(for: sync("s3", join: [aliceChat: [encryption]])).isEmpty)
    }

    @Test func aDirectChatLeftIsForgotten() {
        var bridge = bridgeInTheSmithsRoom()
        _ = bridge.actions(for: sync("s2", join: [aliceChat: [.member(alice, "leave")]]))
        #expect(bridge.state.directChats.isEmpty)
    }
}
