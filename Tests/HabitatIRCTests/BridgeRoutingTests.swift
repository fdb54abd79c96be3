import HabitatCommands
@testable import HabitatIRC
import HabitatBridgeKit
import Testing

@testable import HabitatApp

@Test func aChannelReplyGoesToTheChannelAfterTheSpeakersNickItsShortToastsInOneLine() {
    var bridge = IRCBridge(nick: "habitat")
    let request = bridge.request(for: said("alice", "#smiths", "habitat: did dishes"))!
    let reply = BridgeReply(
        id: request.id, user: "alice", room: "#smiths", ok: true, text: "✅ Dishes completed! +10 XP, +5 coins",
        toasts: [
            BridgeToast(type: "success", text: "✅ Dishes completed! +10 XP, +5 coins"),
            BridgeToast(type: "success", text: "🎉 Level up! You reached level 2"),
        ])
    #expect(
        lines(bridge.messages(for: reply)) == [
            "PRIVMSG #smiths :alice: ✅ Dishes completed! +10 XP, +5 coins · 🎉 Level up! You reached level 2"
        ])
}

@Test func toastsAreJoinedOnlyWhileTheLineFitsAndNeverWithDetailLines() {
    var bridge = IRCBridge(nick: "habitat")
    let budget = IRCLineSplitter().budget(target: "alice")
    let long = String(repeating: "x", count: budget - 20)
    let request = bridge.request(for: said("alice", "habitat", "did exercise"))!
    let reply = BridgeReply(
        id: request.id, ok: true, text: "",
        toasts: [
            BridgeToast(text: "✅ Done"), BridgeToast(text: "ℹ️ Took it"), BridgeToast(text: long), BridgeToast(text: "🎉 Up"),
            BridgeToast(text: "ℹ️ Today\n  ✓ Dishes"), BridgeToast(text: "🔥 3 days"), BridgeToast(text: "🏆 Best"),
        ])
    #expect(
        lines(bridge.messages(for: reply)) == [
            "PRIVMSG alice :✅ Done · ℹ️ Took it", "PRIVMSG alice :\(long) · 🎉 Up", "PRIVMSG alice :ℹ️ Today",
            "PRIVMSG alice :  ✓ Dishes", "PRIVMSG alice :🔥 3 days · 🏆 Best",
        ])
}

@Test func detailLinesFollowTheirToastWithoutTheNick() {
    var bridge = IRCBridge(nick: "habitat")
    let request = bridge.request(for: said("alice", "#smiths", "!habits"))!
    let reply = success(request.id, "ℹ️ Your habits (2)\n  + Exercise: +10 XP\n  - Smoking: -25 life")
    #expect(
        lines(bridge.messages(for: reply)) == [
            "PRIVMSG #smiths :alice: ℹ️ Your habits (2)", "PRIVMSG #smiths :  + Exercise: +10 XP",
            "PRIVMSG #smiths :  - Smoking: -25 life",
        ])
}

@Test func errorsFromAChannelGoPrivately() {
    var bridge = IRCBridge(nick: "habitat")
    let request = bridge.request(for: said("alice", "#smiths", "!buy potion"))!
    let text = "❌ Health Potion costs 25 coins; you have 5. Keep going!"
    let reply = BridgeReply(
        id: request.id, ok: false, text: text, toasts: [BridgeToast(type: "error", text: text)],
        code: "not_enough_coins")
    #expect(lines(bridge.messages(for: reply)) == ["PRIVMSG alice :\(text)"])
}

@Test func helpFromAChannelGoesPrivately() {
    var bridge = IRCBridge(nick: "habitat")
    let request = bridge.request(for: said("alice", "#smiths", "habitat: Help buy"))!
    #expect(
        lines(bridge.messages(for: success(request.id, "ℹ️ buy <item>\n  buy potion")))
            == ["PRIVMSG alice :ℹ️ buy <item>", "PRIVMSG alice :  buy potion"])
}

@Test func helpAskedForWithItsOtherWordsGoesPrivatelyToo() {
    var bridge = IRCBridge(nick: "habitat")
    for line in ["!?", "!commands", "habitat: Commands", "! ? buy"] {
        let request = bridge.request(for: said("alice", "#smiths", line))!
        #expect(lines(bridge.messages(for: success(request.id, "ℹ️ Habitat commands"))) == ["PRIVMSG alice :ℹ️ Habitat commands"], "\(line)")
    }
}

@Test func theWordsTakenForHelpAreTheOnesHabitatKnows() throws {
    let help = try #require(Commands.all.first { $0.name == "help" })
    #expect(IRCBridge.helpWords == Set([help.name] + help.phrasings))
}

@Test func aBadHabitRecordedInAChannelIsStillSaidInTheChannel() {
    var bridge = IRCBridge(nick: "habitat")
    let request = bridge.request(for: said("bob", "#smiths", "!did smoking"))!
    let reply = BridgeReply(id: request.id, ok: true, text: "⚠️ Smoking recorded. -10 life")
    #expect(lines(bridge.messages(for: reply)) == ["PRIVMSG #smiths :bob: ⚠️ Smoking recorded. -10 life"])
}

@Test func privateCommandsAreAnsweredPrivatelyWithoutANickPrefix() {
    var bridge = IRCBridge(nick: "habitat")
    let request = bridge.request(for: said("alice", "habitat", "status"))!
    #expect(lines(bridge.messages(for: success(request.id, "ℹ️ Level 2"))) == ["PRIVMSG alice :ℹ️ Level 2"])
}

@Test func repliesAreMatchedByIdNotByOrder() {
    var bridge = IRCBridge(nick: "habitat")
    let first = bridge.request(for: said("alice", "#smiths", "!status"))!
    let second = bridge.request(for: said("bob", "habitat", "status"))!
    #expect(lines(bridge.messages(for: success(second.id, "ℹ️ two"))) == ["PRIVMSG bob :ℹ️ two"])
    #expect(lines(bridge.messages(for: success(first.id, "ℹ️ one"))) == ["PRIVMSG #smiths :alice: ℹ️ one"])
    #expect(bridge.messages(for: success(first.id, "ℹ️ again")).isEmpty)
    #expect(bridge.messages(for: BridgeReply(ok: false, text: "❌ no id")).isEmpty)
}

@Test func aLongReplyIsSplitIntoLinesThatFit() {
    var bridge = IRCBridge(nick: "habitat")
    let request = bridge.request(for: said("alice", "#smiths", "!habits"))!
    let text = "ℹ️ " + String(repeating: "Exercise 🏋️ ", count: 60)
    let messages = bridge.messages(for: success(request.id, text))
    #expect(messages.count > 1)
    #expect(messages.allSatisfy { $0.parameters[0] == "#smiths" && ($0.line + "\r\n").utf8.count + 100 <= 512 })
    #expect(messages[0].parameters[1].hasPrefix("alice: ℹ️ Exercise"))
}

@Test func roomEventsArePostedInTheirChannel() {
    let bridge = IRCBridge(nick: "habitat")
    let event = BridgeEvent(event: "room", room: "#smiths", text: "🏠 bob did Dishes (+10 XP)")
    #expect(lines(bridge.messages(for: event)) == ["PRIVMSG #smiths :🏠 bob did Dishes (+10 XP)"])
}

@Test func personalEventsGoToTheLastNickSeenForTheUser() {
    var bridge = IRCBridge(nick: "habitat")
    let timer = BridgeEvent(
        event: "timer", user: "alice", text: "⏰ done",
        toasts: [BridgeToast(type: "success", text: "⏰ 10 min of Meditation done! +10 XP, +5 coins")])
    #expect(lines(bridge.messages(for: timer)) == ["PRIVMSG alice :⏰ 10 min of Meditation done! +10 XP, +5 coins"])
    _ = bridge.request(for: said("ali", "#smiths", "!status", account: "alice"))
    #expect(bridge.messages(for: timer).map(\.parameters[0]) == ["ali"])
    _ = bridge.request(
        for: IRCMessage(tags: ["account": "alice"], prefix: "ali!a@h", command: "NICK", parameters: ["ali_away"]))
    #expect(bridge.messages(for: timer).map(\.parameters[0]) == ["ali_away"])
}

@Test func aNickChangeIsFollowedForNickUsersToo() {
    var bridge = IRCBridge(nick: "habitat")
    _ = bridge.request(for: said("bob", "habitat", "status"))
    _ = bridge.request(for: IRCMessage(prefix: "bob!b@h", command: "NICK", parameters: ["bobby"]))
    let event = BridgeEvent(event: "timer", user: "bob", text: "⏰ done")
    #expect(lines(bridge.messages(for: event)) == ["PRIVMSG bobby :⏰ done"])
}

@Test func anEventForNobodyIsDropped() {
    #expect(IRCBridge(nick: "habitat").messages(for: BridgeEvent(event: "room", text: "🏠 hi")).isEmpty)
}

@Test func whenHabitatIsUnreachableTheAskerIsToldPrivately() {
    var bridge = IRCBridge(nick: "habitat")
    let unsent = bridge.request(for: said("alice", "#smiths", "!status"))!
    #expect(
        lines(bridge.unsent(unsent))
            == ["PRIVMSG alice :❌ Habitat is not reachable right now. Please try again in a minute."])
    _ = bridge.request(for: said("bob", "#smiths", "!status"))
    _ = bridge.request(for: said("carol", "habitat", "did dishes"))
    #expect(
        lines(bridge.abandonPending()) == [
            "PRIVMSG bob :❌ Habitat went away before answering 'status', so it may or may not have been done. Have a look ('today', 'history') before saying it again.",
            "PRIVMSG carol :❌ Habitat went away before answering 'did dishes', so it may or may not have been done. Have a look ('today', 'history') before saying it again.",
        ])
    #expect(bridge.abandonPending().isEmpty)
}
