import Foundation
import HabitatEngine
import Testing

@testable import HabitatStorage

@Suite struct LRUTests {
    /// A handle named `key`; never opened.
    static func handle(_ key: String) -> UserDatabase {
        UserDatabase(path: "/nonexistent/\(key).sqlite", durability: .normal)
    }

    /// Checks `keys` out and back in, in order.
    static func touch(_ keys: [String], in lru: inout LRU) {
        for key in keys {
            _ = lru.checkOut(key) { _ in handle(key) }
            lru.checkIn(key)
        }
    }

    static func names(_ evicted: [UserDatabase]) -> [String] {
        evicted.map { URL(fileURLWithPath: $0.path).deletingPathExtension().lastPathComponent }
    }

    @Test func theLeastRecentlyUsedIsEvictedFirst() {
        var lru = LRU()
        Self.touch(["a", "b", "c", "d"], in: &lru)
        #expect(Self.names(lru.evict(above: 2)) == ["a", "b"])
        #expect(lru.count == 2)
        #expect(Self.names(lru.evict(above: 0)) == ["c", "d"])
        #expect(lru.count == 0)
    }

    @Test func nothingIsEvictedWithinCapacity() {
        var lru = LRU()
        Self.touch(["a", "b"], in: &lru)
        #expect(lru.evict(above: 2).isEmpty)
        #expect(lru.evict(above: 5).isEmpty)
        #expect(lru.count == 2)
    }

    @Test func checkingOutAgainMakesAnEntryTheMostRecent() {
        var lru = LRU()
        Self.touch(["a", "b", "c"], in: &lru)
        Self.touch(["a"], in: &lru)
        #expect(Self.names(lru.evict(above: 2)) == ["b"])
        Self.touch(["c"], in: &lru)
        #expect(Self.names(lru.evict(above: 1)) == ["a"])
        #expect(Self.names(lru.evict(above: 0)) == ["c"])
    }

    @Test func entriesInUseAreSkipped() {
        var lru = LRU()
        _ = lru.checkOut("a") { _ in Self.handle("a") }
        Self.touch(["b", "c"], in: &lru)
        #expect(Self.names(lru.evict(above: 1)) == ["b", "c"])
        #expect(lru.count == 1)
        #expect(lru.evict(above: 0).isEmpty)
        lru.checkIn("a")
        #expect(Self.names(lru.evict(above: 0)) == ["a"])
    }

    @Test func anEntryCheckedOutTwiceStaysUntilBothAreReturned() {
        var lru = LRU()
        _ = lru.checkOut("a") { _ in Self.handle("a") }
        _ = lru.checkOut("a") { _ in Self.handle("a") }
        lru.checkIn("a")
        #expect(lru.evict(above: 0).isEmpty)
        lru.checkIn("a")
        #expect(Self.names(lru.evict(above: 0)) == ["a"])
    }

    @Test func evictionStopsAtCapacityEvenWhenSomeAreInUse() {
        var lru = LRU()
        Self.touch(["a"], in: &lru)
        _ = lru.checkOut("b") { _ in Self.handle("b") }
        Self.touch(["c", "d"], in: &lru)
        #expect(Self.names(lru.evict(above: 2)) == ["a", "c"])
        #expect(lru.count == 2)
    }

    @Test func aCachedKeyReturnsTheSameHandleWithoutMakingANewOne() {
        var lru = LRU()
        let first = lru.checkOut("a") { _ in Self.handle("a") }
        var made = false
        let second = lru.checkOut("a") { _ in
            made = true
            return Self.handle("a")
        }
        #expect(first === second)
        #expect(!made)
        #expect(lru.count == 1)
    }

    @Test func anEvictedKeyIsMadeAfresh() {
        var lru = LRU()
        let first = lru.checkOut("a") { _ in Self.handle("a") }
        lru.checkIn("a")
        _ = lru.evict(above: 0)
        let second = lru.checkOut("a") { _ in Self.handle("a") }
        #expect(first !== second)
    }

    @Test func recencyIsKeptThroughManyEvictionsAndReuses() {
        var lru = LRU()
        let keys = (0..<50).map { "k\($0)" }
        Self.touch(keys, in: &lru)
        // Refresh the even keys in reverse: the odd ones are now the oldest, in order.
        Self.touch(keys.enumerated().filter { $0.offset.isMultiple(of: 2) }.map(\.element).reversed(), in: &lru)
        let odd = keys.enumerated().filter { !$0.offset.isMultiple(of: 2) }.map(\.element)
        let even = keys.enumerated().filter { $0.offset.isMultiple(of: 2) }.map(\.element)
        #expect(Self.names(lru.evict(above: 25)) == odd)
        #expect(Self.names(lru.evict(above: 0)) == Array(even.reversed()))
    }

    // MARK: - Idle handles

    @Test func handlesUnusedSinceTheCutoffAreEvictedAndRecentOnesStay() {
        var lru = LRU()
        let start = ContinuousClock.now
        for (offset, key) in ["a", "b", "c"].enumerated() {
            _ = lru.checkOut(key, at: start + .seconds(offset)) { _ in Self.handle(key) }
            lru.checkIn(key, at: start + .seconds(offset))
        }
        #expect(lru.evict(unusedSince: start).isEmpty)
        #expect(Self.names(lru.evict(unusedSince: start + .seconds(1.5))) == ["a", "b"])
        #expect(lru.count == 1)
        #expect(Self.names(lru.evict(unusedSince: start + .seconds(3))) == ["c"])
    }

    @Test func anIdleSweepSkipsHandlesInUseAndCountsTheirReturnAsUse() {
        var lru = LRU()
        let start = ContinuousClock.now
        _ = lru.checkOut("a", at: start) { _ in Self.handle("a") }
        _ = lru.checkOut("b", at: start) { _ in Self.handle("b") }
        lru.checkIn("b", at: start)
        #expect(Self.names(lru.evict(unusedSince: start + .seconds(60))) == ["b"])
        lru.checkIn("a", at: start + .seconds(60))
        #expect(lru.evict(unusedSince: start + .seconds(30)).isEmpty)
        #expect(Self.names(lru.evict(unusedSince: start + .seconds(61))) == ["a"])
    }

    // MARK: - Games kept of handles closed to make room

    /// A handle named `key` whose game, in memory, is told apart by its `retiredAreaID`.
    static func handle(_ key: String, game: Int64) -> UserDatabase {
        UserDatabase(path: "/nonexistent/\(key).sqlite", durability: .normal, state: GameState(retiredAreaID: game))
    }

    @Test func aHandleClosedToMakeRoomLeavesItsGameToTheNextHandleOfItsFile() {
        var lru = LRU(keeping: 10)
        _ = lru.checkOut("a") { _ in Self.handle("a", game: 1) }
        lru.checkIn("a")
        Self.touch(["b"], in: &lru)
        #expect(Self.names(lru.evict(above: 1)) == ["a"])
        #expect(lru.keptGame(of: "a") == GameState(retiredAreaID: 1))
        var given: GameState?
        let reopened = lru.checkOut("a") { kept in
            given = kept
            return Self.handle("a")
        }
        #expect(given == GameState(retiredAreaID: 1))
        // One copy only: the open handle's.
        #expect(lru.keptGame(of: "a") == nil)
        lru.checkIn("a")
        #expect(reopened.database.cachedState == nil)
    }

    @Test func aHandleClosedForBeingIdleOrRemovedLeavesNoGame() {
        var lru = LRU(keeping: 10)
        let start = ContinuousClock.now
        _ = lru.checkOut("a", at: start) { _ in Self.handle("a", game: 1) }
        lru.checkIn("a", at: start)
        #expect(Self.names(lru.evict(unusedSince: start + .seconds(1))) == ["a"])
        #expect(lru.keptGame(of: "a") == nil)
        _ = lru.checkOut("b") { _ in Self.handle("b", game: 2) }
        lru.checkIn("b")
        _ = lru.evict(above: 0)
        #expect(lru.keptGame(of: "b") == GameState(retiredAreaID: 2))
        _ = lru.remove("b")
        #expect(lru.keptGame(of: "b") == nil)
        // A stopping server's closes keep nothing either; a handle in use stays.
        _ = lru.checkOut("c") { _ in Self.handle("c", game: 3) }
        lru.checkIn("c")
        _ = lru.checkOut("d") { _ in Self.handle("d", game: 4) }
        #expect(Self.names(lru.evictIdle()) == ["c"])
        #expect(lru.keptGame(of: "c") == nil)
        #expect(lru.count == 1)
    }

    @Test func theKeptGamesAreBoundedAndTheLeastRecentlyUsedGiveWay() {
        var lru = LRU(keeping: 4)
        for index in 0..<4 {
            _ = lru.checkOut("k\(index)") { _ in Self.handle("k\(index)", game: Int64(index)) }
            lru.checkIn("k\(index)")
        }
        _ = lru.evict(above: 0)
        // k0 is asked for since: k1, the least recently used, gives way to k4.
        #expect(lru.keptGame(of: "k0") == GameState(retiredAreaID: 0))
        _ = lru.checkOut("k4") { _ in Self.handle("k4", game: 4) }
        lru.checkIn("k4")
        _ = lru.evict(above: 0)
        #expect(lru.keptGame(of: "k1") == nil)
        #expect(lru.keptGame(of: "k0") == GameState(retiredAreaID: 0))
        #expect(lru.keptGame(of: "k4") == GameState(retiredAreaID: 4))
    }

    @Test func withoutRoomForGamesNoneIsKept() {
        var lru = LRU()
        _ = lru.checkOut("a") { _ in Self.handle("a", game: 1) }
        lru.checkIn("a")
        _ = lru.evict(above: 0)
        #expect(lru.keptGame(of: "a") == nil)
    }

    @Test func aGameWithManyHabitsWeighsMoreAndTakesTheRoomOfSmallOnes() {
        let small = GameState()
        let large = GameState(
            habits: (0..<25).map { Habit(id: Int64($0), name: "Habit \($0)", kind: .good, created: Day(ordinal: 20000)) })
        #expect(LRU.weight(of: small) == 1)
        #expect(LRU.weight(of: large) == 3)
        var lru = LRU(keeping: 4)
        _ = lru.checkOut("small") { _ in UserDatabase(path: "/nonexistent/small.sqlite", durability: .normal, state: small) }
        lru.checkIn("small")
        _ = lru.evict(above: 0)
        _ = lru.checkOut("large") { _ in UserDatabase(path: "/nonexistent/large.sqlite", durability: .normal, state: large) }
        lru.checkIn("large")
        _ = lru.evict(above: 0)
        // 1 + 3 fits in 4; one more small game does not, and the least recently used gives way.
        #expect(lru.keptGame(of: "large") == large)
        _ = lru.checkOut("other") { _ in Self.handle("other", game: 9) }
        lru.checkIn("other")
        _ = lru.evict(above: 0)
        #expect(lru.keptGame(of: "small") == nil)
        #expect(lru.keptGame(of: "other") == GameState(retiredAreaID: 9))
    }
}
