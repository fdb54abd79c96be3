import NIOConcurrencyHelpers
import TestSupport
import Testing

@testable import HabitatIRC
import HabitatBridgeKit

/// Sends `count` lines through `queue` as a writer would, and says when each went (seconds after `clock.start`).
private func sendTimes(_ count: Int, queue: inout OutgoingQueue, clock: TestClock) async throws -> [Duration] {
    var times: [Duration] = []
    while times.count < count {
        switch queue.next(now: clock.now) {
        case .send: times.append(clock.now - clock.start)
        case .wait(let deadline): try await clock.sleep(until: deadline)
        case .idle:
            Issue.record("queue ran dry")
            return times
        }
    }
    return times
}

@Test func fiveLinesGoAtOnceThenOnePerSecond() {
    var flood = FloodControl(burst: 5, interval: .seconds(1))
    let start = ContinuousClock.now
    var times: [Duration] = []
    for _ in 1...8 {
        let at = flood.earliestSend(now: start)
        flood.sent(at: at)
        times.append(at - start)
    }
    #expect(times == [.zero, .zero, .zero, .zero, .zero, .seconds(1), .seconds(2), .seconds(3)])
}

@Test func aQuietSpellEarnsTheBurstBack() {
    var flood = FloodControl(burst: 5, interval: .seconds(1))
    let start = ContinuousClock.now
    for _ in 1...5 { flood.sent(at: flood.earliestSend(now: start)) }
    #expect(flood.earliestSend(now: start) == start + .seconds(1))
    // Two seconds later two lines may go at once, the third waits a second.
    let later = start + .seconds(2)
    #expect(flood.earliestSend(now: later) == later)
    flood.sent(at: later)
    #expect(flood.earliestSend(now: later) == later)
    flood.sent(at: later)
    #expect(flood.earliestSend(now: later) == later + .seconds(1))
    // After a long pause the whole burst is back.
    let muchLater = start + .seconds(60)
    for _ in 1...5 {
        #expect(flood.earliestSend(now: muchLater) == muchLater)
        flood.sent(at: muchLater)
    }
    #expect(flood.earliestSend(now: muchLater) == muchLater + .seconds(1))
}

@Test func theQueuePacesLinesWithTheInjectedClock() async throws {
    let clock = TestClock()
    var queue = OutgoingQueue()
    queue.chatOpen = true
    for index in 1...8 { queue.push("PRIVMSG #a :line \(index)") }
    let times = try await sendTimes(8, queue: &queue, clock: clock)
    #expect(times == [.zero, .zero, .zero, .zero, .zero, .seconds(1), .seconds(2), .seconds(3)])
    #expect(clock.sleeps == [.seconds(1), .seconds(2), .seconds(3)])
    #expect(queue.next(now: clock.now) == .idle)
}

@Test func protocolLinesJumpTheQueueAndChatWaitsForRegistration() {
    let now = ContinuousClock.now
    var queue = OutgoingQueue()
    queue.push("PRIVMSG #a :hello")
    queue.push("NICK habitat", isProtocol: true)
    #expect(queue.next(now: now) == .send("NICK habitat"))
    #expect(queue.next(now: now) == .idle)
    queue.chatOpen = true
    queue.push("PONG :irc.test", isProtocol: true)
    #expect(queue.next(now: now) == .send("PONG :irc.test"))
    #expect(queue.next(now: now) == .send("PRIVMSG #a :hello"))
}

@Test func aNewConnectionDropsOldProtocolLinesButKeepsChat() {
    let now = ContinuousClock.now
    var queue = OutgoingQueue()
    queue.chatOpen = true
    for index in 1...6 { queue.push("PRIVMSG #a :\(index)") }
    queue.push("PONG :old", isProtocol: true)
    for _ in 1...5 { _ = queue.next(now: now) }
    #expect(queue.next(now: now) == .wait(until: now + .seconds(1)))
    queue.reset()
    #expect(queue.next(now: now) == .idle)
    queue.chatOpen = true
    #expect(queue.next(now: now) == .send("PRIVMSG #a :5"))
    #expect(queue.next(now: now) == .send("PRIVMSG #a :6"))
}

@Test func aFullQueueDropsTheOldestChatLines() {
    var queue = OutgoingQueue(capacity: 3)
    queue.chatOpen = true
    for index in 1...5 { queue.push("\(index)") }
    let now = ContinuousClock.now
    #expect((1...3).map { _ in queue.next(now: now) } == [.send("3"), .send("4"), .send("5")])
}

@Test func backoffDoublesUpToAMinuteAndResets() {
    var backoff = Backoff()
    #expect((1...8).map { _ in backoff.next() } == [1, 2, 4, 8, 16, 32, 60, 60].map { .seconds($0) })
    backoff.reset()
    #expect(backoff.next() == .seconds(1))
}

@Test func theReconnectorWaitsLongerAfterEachFailureAndStartsOverAfterSuccess() async {
    let clock = TestClock()
    let attempts = NIOLockedValueBox(0)
    // Three failures, one good connection, one failure, then the task is cancelled during the sixth attempt.
    await Task {
        var reconnector = Reconnector(backoff: Backoff(), clock: clock, logger: quietLogger)
        await reconnector.run("test") {
            let attempt = attempts.withLockedValue {
                $0 += 1
                return $0
            }
            if attempt == 6 { withUnsafeCurrentTask { $0?.cancel() } }
            if attempt == 4 { return true }
            struct Refused: Error {}
            throw Refused()
        }
    }.value
    #expect(attempts.withLockedValue { $0 } == 6)
    #expect(clock.sleeps == [1, 3, 7, 8, 10].map { .seconds($0) })
}

@Test func targetsTakeTurnsSoALongAnswerDoesNotHoldUpOthers() {
    let now = ContinuousClock.now
    var queue = OutgoingQueue(flood: FloodControl(burst: 100))
    queue.chatOpen = true
    for index in 1...4 { queue.push("PRIVMSG alice :help \(index)", target: "alice") }
    queue.push("PRIVMSG #smiths :bob: status", target: "#smiths")
    queue.push("PRIVMSG #smiths :🏠 carol did Dishes", target: "#Smiths")
    queue.push("PRIVMSG alice :help 5", target: "alice")
    #expect(
        (1...8).map { _ in queue.next(now: now) } == [
            .send("PRIVMSG alice :help 1"), .send("PRIVMSG #smiths :bob: status"), .send("PRIVMSG alice :help 2"),
            .send("PRIVMSG #smiths :🏠 carol did Dishes"), .send("PRIVMSG alice :help 3"),
            .send("PRIVMSG alice :help 4"), .send("PRIVMSG alice :help 5"), .idle,
        ])
}

@Test func aFullQueueDropsFromTheLongestLine() {
    let now = ContinuousClock.now
    var queue = OutgoingQueue(flood: FloodControl(burst: 100), capacity: 4)
    queue.chatOpen = true
    queue.push("to bob", target: "bob")
    for index in 1...4 { queue.push("to alice \(index)", target: "alice") }
    #expect(
        (1...5).map { _ in queue.next(now: now) } == [
            .send("to bob"), .send("to alice 2"), .send("to alice 3"), .send("to alice 4"), .idle,
        ])
}

@Test func aShortAnswerGoesBeforeLongOnesStillWaiting() {
    let now = ContinuousClock.now
    var queue = OutgoingQueue(flood: FloodControl(burst: 100))
    queue.chatOpen = true
    for nick in ["a", "b", "c", "d", "e"] { queue.push((1...8).map { "PRIVMSG \(nick) :help \($0)" }, target: nick) }
    #expect((1...3).map { _ in queue.next(now: now) } == [.send("PRIVMSG a :help 1"), .send("PRIVMSG b :help 1"), .send("PRIVMSG c :help 1")])
    queue.push(["PRIVMSG #smiths :f: ℹ️ Level 1"], target: "#smiths")
    queue.push(["PRIVMSG b :✅ Done", "PRIVMSG b :  detail"], target: "b")
    #expect(
        (1...5).map { _ in queue.next(now: now) } == [
            .send("PRIVMSG #smiths :f: ℹ️ Level 1"), .send("PRIVMSG b :✅ Done"), .send("PRIVMSG b :  detail"),
            .send("PRIVMSG d :help 1"), .send("PRIVMSG e :help 1"),
        ])
    // Three lines are a long answer: they take their turn with the others.
    queue.push(["PRIVMSG #smiths :1", "PRIVMSG #smiths :2", "PRIVMSG #smiths :3"], target: "#smiths")
    #expect(
        (1...6).map { _ in queue.next(now: now) } == [
            .send("PRIVMSG a :help 2"), .send("PRIVMSG b :help 2"), .send("PRIVMSG c :help 2"), .send("PRIVMSG d :help 2"),
            .send("PRIVMSG e :help 2"), .send("PRIVMSG #smiths :1"),
        ])
}
