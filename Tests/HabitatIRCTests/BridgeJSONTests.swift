import HabitatBridgeKit
import HabitatIRC
import Testing

@Test func aReplyLineIsReadWithItsToasts() {
    let line =
        ##"{"id":17,"user":"alice","room":"#smiths","ok":true,"type":"success","text":"✅ Dishes completed! +10 XP, +5 coins","toasts":[{"type":"success","text":"✅ Dishes completed! +10 XP, +5 coins"}],"data":{"level":1,"areas":[]}}"##
    #expect(
        BridgeIncoming(jsonLine: line)
            == .reply(
                BridgeReply(
                    id: 17, user: "alice", room: "#smiths", ok: true, text: "✅ Dishes completed! +10 XP, +5 coins",
                    toasts: [BridgeToast(type: "success", text: "✅ Dishes completed! +10 XP, +5 coins")])))
}

@Test func anErrorReplyKeepsItsCode() {
    let line =
        ##"{"id":3,"ok":false,"type":"error","text":"❌ nope","toasts":[{"type":"error","text":"❌ nope"}],"code":"not_enough_coins"}"##
    guard case .reply(let reply)? = BridgeIncoming(jsonLine: line) else {
        Issue.record("not a reply")
        return
    }
    #expect(!reply.ok)
    #expect(reply.code == "not_enough_coins")
}

@Test func anIdThatIsNotAnIntegerIsReadAsMissing() {
    guard case .reply(let reply)? = BridgeIncoming(jsonLine: ##"{"id":"x","ok":false,"text":"❌ bad"}"##) else {
        Issue.record("not a reply")
        return
    }
    #expect(reply.id == nil)
    #expect(reply.toasts.isEmpty)
}

@Test func eventLinesAreToldApartFromReplies() {
    #expect(
        BridgeIncoming(
            jsonLine:
                ##"{"event":"room","room":"#smiths","type":"info","text":"🏠 bob did Dishes (+10 XP)","toasts":[]}"##)
            == .event(BridgeEvent(event: "room", room: "#smiths", text: "🏠 bob did Dishes (+10 XP)")))
    #expect(
        BridgeIncoming(jsonLine: ##"{"event":"timer","user":"alice","type":"success","text":"⏰ done"}"##)
            == .event(BridgeEvent(event: "timer", user: "alice", text: "⏰ done")))
}

@Test func linesThatAreNeitherAreRejected() {
    for line in ["", "hello", "[]", ##"{"text":"no ok"}"##, ##"{"ok":"yes"}"##, "👋 Habitat 0.1.0"] {
        #expect(BridgeIncoming(jsonLine: line) == nil, "\(line)")
    }
}
