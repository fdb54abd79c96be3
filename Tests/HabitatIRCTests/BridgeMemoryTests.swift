import Testing

@testable import HabitatIRC
import HabitatBridgeKit

@Test func aRequestPastThePendingLimitIsRefusedPrivatelyAsBusy() {
    var bridge = IRCBridge(nick: "habitat", pendingLimit: 2)
    let first = bridge.request(for: said("alice", "#smiths", "!status"))!
    _ = bridge.request(for: said("bob", "#smiths", "!status"))!
    #expect(!bridge.isOverloaded)
    let third = bridge.request(for: said("carol", "#smiths", "!did dishes"))!
    #expect(bridge.isOverloaded)
    let busy = "❌ Habitat is busy right now. Please try again in a minute."
    #expect(lines(bridge.busy(third)) == ["PRIVMSG carol :\(busy)"])
    #expect(!bridge.isOverloaded)
    // A reply makes room again.
    let answer = bridge.messages(for: success(first.id, "ℹ️ Level 1"))
    #expect(lines(answer) == ["PRIVMSG #smiths :alice: ℹ️ Level 1"])
    _ = bridge.request(for: said("dave", "#smiths", "!status"))!
    #expect(!bridge.isOverloaded)
}

@Test func theNicksOfUsersAreRememberedUpToTheLimit() {
    var bridge = IRCBridge(nick: "habitat", rememberedLimit: 3)
    for number in 0..<10 {
        _ = bridge.request(for: said("n\(number)", "habitat", "status", account: "acct\(number)"))
    }
    let targets = (0..<10).map { number in
        bridge.messages(for: BridgeEvent(event: "timer", user: "acct\(number)", text: "⏰ done")).first?.parameters.first
    }
    // Three are remembered, the last one among them; the others' events go to their account name.
    #expect(targets.filter { $0?.hasPrefix("n") == true }.count == 3)
    #expect(targets.last == "n9")
}

@Test func theNickChangesFollowedAreBoundedToo() {
    var bridge = IRCBridge(nick: "habitat", rememberedLimit: 3)
    for number in 0..<10 {
        let change = IRCMessage(prefix: "p\(number)!p@example.org", command: "NICK", parameters: ["p\(number)_"])
        _ = bridge.request(for: change)
    }
    let users = (0..<10).map { bridge.request(for: said("p\($0)_", "habitat", "status"))!.user }
    #expect(users.filter { !$0.hasSuffix("_") }.count == 3)
    #expect(users.last == "p9")
}

@Test func protocolLinesPastTheirCapacityDropTheOldest() {
    var queue = OutgoingQueue(flood: FloodControl(burst: 1000))
    for number in 1...150 { queue.push("PONG :\(number)", isProtocol: true) }
    let now = ContinuousClock.now
    let sent = (1...101).map { _ in queue.next(now: now) }
    #expect(sent.first == .send("PONG :51"))
    #expect(sent[99] == .send("PONG :150"))
    #expect(sent.last == .idle)
}
