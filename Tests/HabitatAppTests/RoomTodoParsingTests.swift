import HabitatCommands
import HabitatEngine
import Testing

@testable import HabitatApp

/// `room add todo …` read both ways: with no one asked, and as asking whoever its last `for` names (taken only when
/// that names a member of the room).
@Suite("Reading 'room add todo'")
struct RoomTodoParsingTests {
    func parsed(_ line: String) throws -> RoomAddTodo {
        try #require(try Commands.parse(line) as? RoomAddTodo)
    }

    @Test func anItemAlone() throws {
        let milk = try parsed("room add todo Milk")
        #expect(milk.name == "Milk" && milk.due == nil && milk.asking == nil)
    }

    @Test func aDueDayAndAMemberInEitherOrder() throws {
        for line in ["room add todo Fix the tap by saturday for ny", "room add todo Fix the tap for ny by saturday"] {
            let tap = try parsed(line)
            #expect(tap.asking == RoomAddTodo.Asking(name: "Fix the tap", due: .weekday(5), member: "ny"), "\(line)")
        }
        #expect(try parsed("room add todo Fix the tap by saturday for ny").name == "Fix the tap by saturday for ny")
    }

    @Test func forThatNamesNoOneStaysInTheName() throws {
        let food = try parsed("room add todo Food for the cat by friday")
        #expect(food.name == "Food for the cat" && food.due == .weekday(4))
        #expect(food.asking == RoomAddTodo.Asking(name: "Food", due: .weekday(4), member: "the cat"))
    }

    @Test func anItemHasNoChecklist() {
        #expect(throws: HabitatError.usage(RoomAddTodo.usage, "An item of the list has no checklist: add each thing as an item of its own.")) {
            _ = try Commands.parse("room add todo Party: cake, candles")
        }
    }
}
