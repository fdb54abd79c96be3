import HabitatBridgeKit
import Testing

private func success(_ id: Int, _ text: String) -> BridgeReply {
    BridgeReply(id: id, ok: true, text: text, toasts: [BridgeToast(type: "success", text: text)])
}

@Suite("The bridge kit's rules: requests, replies and where they are said")
struct BridgeRouterTests {
    @Test func aReplyToAChannelCommandIsSaidInTheChannelAfterTheSpeakersName() {
        var router = BridgeRouter()
        let request = router.request(
            user: "@alice:x.org", address: "@alice:x.org", name: "Alice", channel: "#smiths", text: "did dishes")
        #expect(request == BridgeRequest(id: 1, user: "@alice:x.org", room: "#smiths", text: "did dishes"))
        #expect(
            router.deliveries(for: success(1, "✅ Dishes completed!")).first
                == BridgeDelivery(
                    place: .channel("#smiths"), addressing: "Alice",
                    toasts: [BridgeToast(type: "success", text: "✅ Dishes completed!")]))
        // Answered once: the same id again is unknown.
        #expect(router.deliveries(for: success(1, "✅ again")).first == nil)
    }

    @Test func helpAndErrorsFromAChannelAreAnsweredPrivately() {
        var router = BridgeRouter()
        _ = router.request(user: "alice", address: "alice_", name: "alice_", channel: "#smiths", text: "help buy")
        _ = router.request(user: "alice", address: "alice_", name: "alice_", channel: "#smiths", text: "did juggling")
        #expect(router.deliveries(for: success(1, "ℹ️ buy")).first?.place == .person("alice_"))
        let error = BridgeReply(id: 2, ok: false, text: "❓ No habit 'juggling'.", code: "unknown_habit")
        #expect(
            router.deliveries(for: error).first
                == BridgeDelivery(place: .person("alice_"), toasts: [BridgeToast(text: "❓ No habit 'juggling'.")]))
    }

    @Test func personalEventsGoToTheAddressLastSeenAndRoomEventsToTheirChannel() {
        var router = BridgeRouter()
        _ = router.request(user: "al", address: "alice", name: "alice", channel: nil, text: "status")
        #expect(
            router.delivery(for: BridgeEvent(event: "timer", user: "al", text: "⏰ done"))?.place == .person("alice"))
        #expect(router.delivery(for: BridgeEvent(event: "timer", user: "bo", text: "⏰ done"))?.place == .person("bo"))
        #expect(
            router.delivery(for: BridgeEvent(event: "room", room: "#smiths", text: "🏠 hi"))?.place
                == .channel("#smiths"))
        router.readdress(from: "ALICE", to: "alice_away")
        #expect(router.address(of: "al") == "alice_away")
    }

    @Test func theBusyLimitAndAGoneHabitatAreToldPrivately() {
        var router = BridgeRouter(pendingLimit: 1)
        let first = router.request(user: "a", address: "a", name: "a", channel: "#c", text: "did dishes")
        let second = router.request(user: "b", address: "b", name: "b", channel: "#c", text: "status")
        #expect(router.isOverloaded)
        #expect(router.busy(second) == BridgeDelivery(place: .person("b"), toasts: [BridgeRouter.busy]))
        #expect(!router.isOverloaded)
        #expect(router.abandonPending().map(\.place) == [.person("a")])
        #expect(router.unsent(first) == nil)
    }

    @Test func aRequestIsSentUnlessHabitatIsBehindOrUnreachable() async {
        var router = BridgeRouter(pendingLimit: 1)
        var sent: [Int] = []
        let first = router.request(user: "a", address: "a", name: "a", channel: nil, text: "status")
        #expect(
            await router.submit(first) {
                sent.append($0.id); return true
            } == nil)
        let second = router.request(user: "b", address: "b", name: "b", channel: nil, text: "status")
        #expect(
            await router.submit(second) {
                sent.append($0.id); return true
            } == BridgeDelivery(place: .person("b"), toasts: [BridgeRouter.busy]))
        _ = router.deliveries(for: BridgeReply(id: first.id, ok: true, text: "ℹ️ Level 1")).first
        let fourth = router.request(user: "d", address: "d", name: "d", channel: nil, text: "status")
        #expect(
            await router.submit(fourth) { _ in false }
                == BridgeDelivery(place: .person("d"), toasts: [BridgeRouter.unreachable]))
        #expect(sent == [first.id])
    }

    @Test func linesAddressedToTheBotByPrefixOrName() {
        let addressing = Addressing(commandPrefix: "!", names: ["habitat", "Habitat Bot"])
        #expect(addressing.command(in: "!did dishes") == "did dishes")
        #expect(addressing.command(in: "HABITAT: did dishes") == "did dishes")
        #expect(addressing.command(in: "Habitat Bot, status") == "status")
        #expect(addressing.command(in: "habitat did dishes") == nil)
        #expect(addressing.command(in: "did dishes") == nil)
        #expect(Addressing(commandPrefix: nil, names: ["habitat"]).command(in: "!status") == nil)
    }

    @Test(arguments: [
        ("@habitat status", "status", false), ("@Habitat: status", "status", false), ("@habitat, did dishes", "did dishes", false),
        ("habitat status", "status", true), ("Habitat did dishes", "did dishes", true), ("habitat is great", "is great", true),
        ("Habitat Bot status", "status", true), ("@Habitat Bot status", "status", false), ("Habitat Bot: status", "status", false),
    ])
    func linesAddressedAsPeopleAddressEachOther(line: String, text: String, onlyIfCommand: Bool) {
        let addressing = Addressing(commandPrefix: "!", names: ["habitat", "Habitat Bot"])
        #expect(addressing.addressed(in: line) == Addressing.Addressed(text, onlyIfCommand: onlyIfCommand))
    }

    @Test(arguments: ["I love habitat", "habitats rule", "habitat", "@habitat", "@habitat   ", "hey @habitat status", "habitatstatus"])
    func linesThatOnlyMentionTheBotAreNotForIt(line: String) {
        #expect(Addressing(commandPrefix: "!", names: ["habitat"]).addressed(in: line) == nil)
    }

    @Test func aLineThatOnlyStartedWithTheNameIsAnsweredOnlyIfItIsACommand() {
        var router = BridgeRouter()
        let chat = router.request(user: "a", address: "a", name: "a", channel: "#c", text: "is great", onlyIfCommand: true)
        #expect(chat.jsonLine == ##"{"command_only":true,"id":1,"room":"#c","text":"is great","user":"a"}"##)
        #expect(router.deliveries(for: BridgeReply(id: chat.id, ok: false, text: "❓ That's not a command", code: "unknown_command")).first == nil)
        let asked = router.request(user: "a", address: "a", name: "a", channel: "#c", text: "status", onlyIfCommand: true)
        #expect(
            router.deliveries(for: BridgeReply(id: asked.id, ok: true, text: "ℹ️ Level 1")).first
                == BridgeDelivery(place: .channel("#c"), addressing: "a", toasts: [BridgeToast(text: "ℹ️ Level 1")]))
        let plain = router.request(user: "a", address: "a", name: "a", channel: "#c", text: "jugle")
        #expect(plain.jsonLine == ##"{"id":3,"room":"#c","text":"jugle","user":"a"}"##)
        #expect(
            router.deliveries(for: BridgeReply(id: plain.id, ok: false, text: "❓ I don't know 'jugle'", code: "unknown_command")).first
                == BridgeDelivery(place: .person("a"), toasts: [BridgeToast(text: "❓ I don't know 'jugle'")]))
    }

    @Test func aLongPersonalViewAskedInAChannelIsSaidPrivatelyWithALineInTheChannel() {
        var router = BridgeRouter()
        let long = router.request(user: "al", address: "alice", name: "alice", channel: "#c", text: "today")
        let today = BridgeToast(text: "ℹ️ Today — 1/3 done\n  ✓ Dishes\n  · Floss\n  · Walk")
        #expect(
            router.deliveries(for: BridgeReply(id: long.id, ok: true, text: today.text, toasts: [today], view: "today")) == [
                BridgeDelivery(place: .person("alice"), toasts: [today]),
                BridgeDelivery(place: .channel("#c"), toasts: [BridgeToast(type: "info", text: "📬 alice: sent you your today privately")]),
            ])
        // Three lines fit in the channel; a long reply that is no personal view stays there too.
        let short = router.request(user: "al", address: "alice", name: "alice", channel: "#c", text: "today")
        let done = BridgeToast(text: "ℹ️ Today — 2/2 done\n  ✓ Dishes\n  ✓ Floss")
        #expect(
            router.deliveries(for: BridgeReply(id: short.id, ok: true, text: done.text, toasts: [done], view: "today"))
                == [BridgeDelivery(place: .channel("#c"), addressing: "alice", toasts: [done])])
        let room = router.request(user: "al", address: "alice", name: "alice", channel: "#c", text: "room status")
        #expect(
            router.deliveries(for: BridgeReply(id: room.id, ok: true, text: today.text, toasts: [today]))
                == [BridgeDelivery(place: .channel("#c"), addressing: "alice", toasts: [today])])
        // Asked privately, it is answered privately, and nothing is said in a channel.
        let alone = router.request(user: "al", address: "alice", name: "alice", channel: nil, text: "today")
        #expect(
            router.deliveries(for: BridgeReply(id: alone.id, ok: true, text: today.text, toasts: [today], view: "today"))
                == [BridgeDelivery(place: .person("alice"), toasts: [today])])
    }

    @Test func onlyAnAbsenceOfMoreThanAMinuteIsWorthSaying() {
        let start = ContinuousClock.now
        var absence = Absence()
        #expect(absence.returned(at: start) == false)
        absence.left(at: start)
        #expect(absence.returned(at: start + .seconds(30)) == false)
        absence.left(at: start + .seconds(40))
        absence.left(at: start + .seconds(50))  // reconnecting failed again: the absence began at 40 s
        #expect(absence.returned(at: start + .seconds(100)) == false)
        absence.left(at: start + .seconds(200))
        absence.left(at: start + .seconds(230))
        #expect(absence.returned(at: start + .seconds(261)) == true)
        #expect(absence.returned(at: start + .seconds(500)) == false)
        #expect(Absence.back.text == "✅ Habitat is back.")
    }

    @Test func aToastsDetailLinesAreLinesOfTheirOwn() {
        let delivery = BridgeDelivery(
            place: .channel("#c"),
            toasts: [BridgeToast(text: "ℹ️ Today\n  ✓ Dishes\n  · Floss"), BridgeToast(text: "🎉 Level up!")])
        #expect(delivery.lines == ["ℹ️ Today", "  ✓ Dishes", "  · Floss", "🎉 Level up!"])
    }
}
