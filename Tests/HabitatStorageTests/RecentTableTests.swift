import Testing

import HabitatStorage

@Suite("What the server remembers per chat user, account or room stays bounded")
struct RecentTableTests {
    @Test func theLeastRecentlyUsedGiveWayAQuarterOfTheCapacityAtATime() {
        var table = RecentTable<Int, String>(capacity: 8)
        for key in 0..<8 { table.set("v\(key)", for: key) }
        #expect(table.count == 8)
        #expect(table.use(0) == "v0")
        table.set("v8", for: 8)
        // 1, 2 and 3 were used least recently; 0 was used after them.
        #expect(table.count == 6)
        #expect(table.weight == 6)
        #expect((0...8).filter { table[$0] != nil } == [0, 4, 5, 6, 7, 8])
        for key in 9..<100 {
            table.set("v\(key)", for: key)
            #expect(table.weight <= 8)
        }
    }

    @Test func heavyEntriesTakeTheRoomOfManyAndOneHeavierThanAllIsNotKept() {
        var table = RecentTable<String, [Int]>(capacity: 10)
        table.set([1, 2, 3], for: "a", weight: 3)
        table.set([1, 2, 3], for: "b", weight: 3)
        table.set([1, 2, 3], for: "c", weight: 3)
        table.set([1, 2, 3, 4], for: "d", weight: 4)
        #expect(table.weight == 7)
        #expect(table["a"] == nil && table["b"] == nil && table["c"] != nil && table["d"] != nil)
        table.set(Array(0..<11), for: "c", weight: 11)
        #expect(table["c"] == nil)
        #expect(table.weight == 4)
        // An empty list still counts as one.
        table.set([], for: "e", weight: 0)
        #expect(table.weight == 5)
    }

    @Test func anEntryRemovedIsGoneAndItsPlaceIsFreeWhileTheOthersKeepTheirOrder() {
        var table = RecentTable<Int, String>(capacity: 8)
        for key in 0..<8 { table.set("v\(key)", for: key) }
        table.remove(3)
        table.remove(3)
        #expect(table.count == 7)
        #expect(table.weight == 7)
        #expect(table[3] == nil && table.use(3) == nil)
        table.set("v8", for: 8)
        #expect(table.count == 8)
        // Full again: the oldest give way first, 0, 1 and 2 (3 is gone already).
        table.set("v9", for: 9)
        #expect((0...9).filter { table[$0] != nil } == [4, 5, 6, 7, 8, 9])
    }

    @Test func aValueSetAgainKeepsItsPlaceButCountsAsUsed() {
        var table = RecentTable<Int, String>(capacity: 4)
        for key in 0..<4 { table.set("v\(key)", for: key) }
        table.set("new", for: 0, weight: 2)
        // 0 weighs 2 now (5 in all): 1 and 2 give way, to free a quarter; 0, just set, stays.
        #expect(table[0] == "new")
        #expect((0...3).filter { table[$0] != nil } == [0, 3])
        #expect(table.weight == 3)
    }

    @Test func manyRemovalsLeaveNoTraceOfWhatWasRemoved() {
        var table = RecentTable<Int, Int>(capacity: 100)
        for key in 0..<10_000 {
            table.set(key, for: key)
            table.remove(key)
        }
        #expect(table.count == 0)
        #expect(table.weight == 0)
        table.set(1, for: 1)
        #expect(table.count == 1)
    }
}
