import Foundation
import Testing

@testable import HabitatApp

@Suite("Login throttle: bounded whatever is tried, and still holding back a guessed name")
struct LoginThrottleTests {
    let start = Date(timeIntervalSince1970: 1_795_176_000)

    @Test func keysWithNoRecentFailureAreSweptOutOnceAWindow() {
        let throttle = LoginThrottle(limit: 5, window: 60, capacity: 1000)
        for number in 0..<100 { throttle.recordFailure(for: "name:n\(number)", now: start) }
        #expect(throttle.count == 100)
        throttle.recordFailure(for: "name:late", now: start + 59)
        #expect(throttle.count == 101)
        // A window after the first failure: the hundred are gone, the one a second old stays.
        throttle.recordFailure(for: "name:next", now: start + 60)
        #expect(throttle.count == 2)
        #expect(throttle.wait(for: "name:n0", now: start + 60) == nil)
    }

    @Test func aFloodOfDistinctKeysStopsAtTheCapacityAndTheGuessedNameStaysHeldBack() {
        let throttle = LoginThrottle(limit: 3, window: 60, capacity: 8)
        for second in 0..<3 { throttle.recordFailure(for: "name:kim", now: start + Double(second)) }
        #expect(throttle.wait(for: "name:kim", now: start + 2) == 58)
        // A new connection for every guess, all within the window.
        for number in 0..<100 {
            throttle.recordFailure(for: "connection:c\(number)", now: start + 3)
            #expect(throttle.count <= 8)
        }
        #expect(throttle.count == 8)
        #expect(throttle.wait(for: "name:kim", now: start + 10) == 50)
        // The latest connections are still counted.
        throttle.recordFailure(for: "connection:c99", now: start + 10)
        throttle.recordFailure(for: "connection:c99", now: start + 10)
        #expect(throttle.wait(for: "connection:c99", now: start + 10) == 53)
    }

    @Test func keysAtTheLimitGiveWayOnlyWhenNothingElseCanOldestFirst() {
        let throttle = LoginThrottle(limit: 2, window: 60, capacity: 4)
        for (offset, name) in ["a", "b", "c", "d"].enumerated() {
            for _ in 0..<2 { throttle.recordFailure(for: "name:\(name)", now: start + Double(offset)) }
        }
        // A fifth key, over the capacity: the two oldest held back give way; the new one is counted.
        throttle.recordFailure(for: "name:e", now: start + 4)
        #expect(throttle.count == 3)
        #expect(throttle.wait(for: "name:a", now: start + 4) == nil)
        #expect(throttle.wait(for: "name:b", now: start + 4) == nil)
        #expect(throttle.wait(for: "name:c", now: start + 4) == 58)
        #expect(throttle.wait(for: "name:d", now: start + 4) == 59)
        throttle.recordFailure(for: "name:e", now: start + 5)
        #expect(throttle.wait(for: "name:e", now: start + 5) == 59)
    }
}
