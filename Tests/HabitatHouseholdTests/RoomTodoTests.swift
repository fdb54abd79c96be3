import Foundation
import HabitatEngine
import Testing

@testable import HabitatHousehold

@Suite("An item of a room's list")
struct RoomTodoTests {
    let milk = RoomTodo(id: 7, roomID: 3, name: "Milk", addedBy: 1, created: Day(iso: "2026-12-01")!, due: Day(iso: "2026-12-05"))

    @Test(arguments: [("2026-12-01", 10, 5), ("2026-12-07", 10, 5), ("2026-12-08", 11, 5), ("2026-12-15", 12, 6), ("2027-03-01", 20, 10)])
    func itIsWorthWhatATodoOfItsAgeIsWorth(day: String, xp: Int, coins: Int) {
        let on = Day(iso: day)!
        #expect(milk.value(on: on) == (xp, coins))
        let deed = milk.deed(on: on)
        #expect(deed.id == 0 && deed.roomID == 3 && deed.name == "Milk" && deed.kind == .good)
        #expect((deed.xp, deed.coins, deed.life) == (xp, coins, 0))
    }

    @Test func anItemGotIsNeverOverdue() {
        #expect(milk.todo.isOverdue(on: Day(iso: "2026-12-06")!))
        var got = milk
        got.got = .init(accountID: 2, member: "ben", at: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(!got.isOpen)
        #expect(!got.todo.isOverdue(on: Day(iso: "2026-12-06")!))
    }
}
