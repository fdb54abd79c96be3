import Foundation
import HabitatCommands
import HabitatEngine
import Testing

@testable import HabitatApp

/// The day's digest names the to-dos due today or overdue, after the habits still to do, and comes for them alone.
@Suite("to-dos in the day's digest")
struct TodoDigestTests {
    static let friday = Day(civilYear: 2026, month: 11, day: 20)

    static func state(habits: [Habit]) -> GameState {
        GameState(
            habits: habits,
            todos: [
                Todo(id: 1, name: "Call the dentist", created: friday - 10, due: friday - 3),
                Todo(id: 2, name: "Milk", created: friday, due: friday),
                Todo(id: 3, name: "Taxes", created: friday, due: friday + 5),
                Todo(id: 4, name: "Fix the shed", created: friday - 20),
                Todo(id: 5, name: "Bins", created: friday - 2, due: friday, done: Date(timeIntervalSince1970: 0), doneDay: friday),
            ])
    }

    @Test func theDigestListsTheHabitsThenTheToDosDueOrOverdue() throws {
        let floss = Habit(id: 1, name: "Floss", kind: .good, created: Self.friday - 30)
        let event = try #require(
            ReminderService.event(for: Reminder(id: 1, habit: nil, minute: 8 * 60), state: Self.state(habits: [floss]), days: [:], day: Self.friday))
        #expect(event.kind == "digest")
        #expect(event.toasts.map(\.message) == ["Due today (1): Floss. To-dos due: Call the dentist (overdue since Tue 17 Nov), Milk"])
        var todos: [JSON] = []
        if case .array(let rows)? = event.data?["todos"] { todos = rows }
        #expect(todos.map { $0["name"]?.stringValue } == ["Call the dentist", "Milk"])
    }

    @Test func toDosAloneBringTheDigest() throws {
        let event = try #require(
            ReminderService.event(for: Reminder(id: 1, habit: nil, minute: 8 * 60), state: Self.state(habits: []), days: [:], day: Self.friday))
        #expect(event.toasts.map(\.message) == ["To-dos due: Call the dentist (overdue since Tue 17 Nov), Milk"])
        // Nothing due: no digest.
        #expect(ReminderService.event(for: Reminder(id: 1, habit: nil, minute: 8 * 60), state: GameState(), days: [:], day: Self.friday)?.kind == nil)
    }
}
