import Testing

@testable import HabitatIRC
import HabitatBridgeKit

@Test func channelLinesAddressedToTheBotAreCommands() {
    var bridge = IRCBridge(nick: "habitat")
    for line in [
        "habitat: did dishes", "habitat, did dishes", "Habitat:did dishes", "HABITAT:   did dishes  ",
        "!did dishes", "! did dishes", "  habitat: did dishes",
    ] {
        #expect(bridge.request(for: said("alice", "#smiths", line))?.text == "did dishes", "\(line)")
    }
}

@Test func otherChannelLinesAreLeftAlone() {
    var bridge = IRCBridge(nick: "habitat")
    for line in [
        "did dishes", "habitats: did dishes", "I love habitat", "hey habitat: did dishes", "habitat:", "@habitat",
        "!", "habitat,   ", "\u{1}ACTION waves\u{1}",
    ] {
        #expect(bridge.request(for: said("alice", "#smiths", line)) == nil, "\(line)")
    }
}

@Test func aLineStartingWithTheNickOrAMentionOfItIsForTheBot() {
    var bridge = IRCBridge(nick: "habitat")
    #expect(
        bridge.request(for: said("alice", "#smiths", "@habitat status"))
            == BridgeRequest(id: 1, user: "alice", room: "#smiths", text: "status"))
    #expect(
        bridge.request(for: said("alice", "#smiths", "habitat status"))
            == BridgeRequest(id: 2, user: "alice", room: "#smiths", text: "status", commandOnly: true))
    // Privately every line is for the bot, so its name first asks nothing less.
    #expect(bridge.request(for: said("alice", "habitat", "habitat status")) == BridgeRequest(id: 3, user: "alice", text: "status"))
    bridge.nick = "habitat_"
    #expect(bridge.request(for: said("alice", "#smiths", "habitat_ today"))?.commandOnly == true)
    #expect(bridge.request(for: said("alice", "#smiths", "@habitat_ today"))?.text == "today")
}

@Test func aChannelRequestNamesTheChannelAndTheNick() {
    var bridge = IRCBridge(nick: "habitat")
    #expect(
        bridge.request(for: said("alice", "#smiths", "habitat: did dishes"))
            == BridgeRequest(id: 1, user: "alice", room: "#smiths", text: "did dishes"))
    #expect(
        bridge.request(for: said("bob", "#smiths", "!status"))
            == BridgeRequest(id: 2, user: "bob", room: "#smiths", text: "status"))
}

@Test func theAccountTagIsTheUserWhenThereIsOne() {
    var bridge = IRCBridge(nick: "habitat")
    #expect(bridge.request(for: said("alice_away", "#smiths", "!status", account: "alice"))?.user == "alice")
    #expect(bridge.request(for: said("guest", "#smiths", "!status", account: "*"))?.user == "guest")
}

@Test func anyPrivateMessageIsAPersonalCommand() {
    var bridge = IRCBridge(nick: "habitat")
    #expect(
        bridge.request(for: said("alice", "habitat", "did exercise"))
            == BridgeRequest(id: 1, user: "alice", text: "did exercise"))
    #expect(bridge.request(for: said("alice", "habitat", "habitat: status"))?.text == "status")
    #expect(bridge.request(for: said("alice", "habitat", "!help"))?.text == "help")
    #expect(bridge.request(for: said("alice", "habitat", "   ")) == nil)
}

@Test func theBotAnswersToItsCurrentNickAndItsConfiguredOne() {
    var bridge = IRCBridge(nick: "habitat")
    bridge.nick = "habitat_"
    #expect(bridge.request(for: said("alice", "#smiths", "habitat_: status"))?.text == "status")
    #expect(bridge.request(for: said("alice", "#smiths", "habitat: status"))?.text == "status")
}

@Test func noticesOwnLinesAndOtherCommandsAreIgnored() {
    var bridge = IRCBridge(nick: "habitat")
    var notice = said("alice", "habitat", "status")
    notice.command = "NOTICE"
    #expect(bridge.request(for: notice) == nil)
    #expect(bridge.request(for: said("Habitat", "#smiths", "!status")) == nil)
    #expect(bridge.request(for: IRCMessage(prefix: "alice!a@h", command: "JOIN", parameters: ["#smiths"])) == nil)
    #expect(bridge.request(for: IRCMessage(command: "PRIVMSG", parameters: ["#smiths", "!status"])) == nil)
}

@Test func theCommandPrefixCanBeChangedOrTurnedOff() {
    var dot = IRCBridge(nick: "habitat", commandPrefix: ".")
    #expect(dot.request(for: said("alice", "#smiths", ".status"))?.text == "status")
    #expect(dot.request(for: said("alice", "#smiths", "!status")) == nil)
    var none = IRCBridge(nick: "habitat", commandPrefix: nil)
    #expect(none.request(for: said("alice", "#smiths", "!status")) == nil)
    #expect(none.request(for: said("alice", "#smiths", "habitat: status"))?.text == "status")
}

@Test func formattingCodesAreRemovedFromCommands() {
    var bridge = IRCBridge(nick: "habitat")
    let coloured = "\u{02}habitat\u{02}: \u{03}4,12did\u{0F} \u{1D}dishes\u{03} 5\u{03}9 XP"
    #expect(bridge.request(for: said("alice", "#smiths", coloured))?.text == "did dishes 5 XP")
    #expect(IRCBridge.strippingFormatting("\u{03},5x\u{03}123") == ",5x3")
}

@Test func requestsAreEncodedAsOneJSONLine() throws {
    #expect(
        BridgeRequest(id: 17, user: "alice", room: "#smiths", text: "did dishes").jsonLine
            == ##"{"id":17,"room":"#smiths","text":"did dishes","user":"alice"}"##)
    #expect(
        BridgeRequest(id: 18, user: "bob", text: "say \"hi\"/\n").jsonLine
            == ##"{"id":18,"text":"say \"hi\"/\n","user":"bob"}"##)
}

/// `NICK` and `QUIT` as the server relays them.
private func relayed(_ nick: String, _ command: String, _ parameter: String) -> IRCMessage {
    IRCMessage(prefix: "\(nick)!\(nick)@example.org", command: command, parameters: [parameter])
}

@Test func someoneKnownByNickStaysTheSameUserAfterANickChangeUntilTheyQuit() {
    var bridge = IRCBridge(nick: "habitat")
    _ = bridge.request(for: relayed("hank", "NICK", "hank_away"))
    #expect(bridge.request(for: said("hank_away", "#smiths", "!status"))?.user == "hank")
    _ = bridge.request(for: relayed("hank_away", "NICK", "Hank2"))
    #expect(bridge.request(for: said("hank2", "habitat", "status"))?.user == "hank")
    _ = bridge.request(for: relayed("Hank2", "QUIT", "bye"))
    #expect(bridge.request(for: said("Hank2", "habitat", "status"))?.user == "Hank2")
}

@Test func aNickChangedBackIsOwnAndTheIRCConnectionEndingForgetsNickChanges() {
    var bridge = IRCBridge(nick: "habitat")
    _ = bridge.request(for: relayed("ivy", "NICK", "ivy_"))
    _ = bridge.request(for: relayed("ivy_", "NICK", "ivy"))
    #expect(bridge.request(for: said("ivy", "#smiths", "!status"))?.user == "ivy")
    _ = bridge.request(for: relayed("ivy", "NICK", "ivy_"))
    bridge.forgetNickChanges()
    #expect(bridge.request(for: said("ivy_", "#smiths", "!status"))?.user == "ivy_")
}

@Test func anAnswerFollowsItsAskersNickChange() {
    var bridge = IRCBridge(nick: "habitat")
    let request = bridge.request(for: said("bob", "habitat", "status"))!
    _ = bridge.request(for: relayed("bob", "NICK", "bobby"))
    #expect(lines(bridge.messages(for: success(request.id, "ℹ️ Level 1"))) == ["PRIVMSG bobby :ℹ️ Level 1"])
}
