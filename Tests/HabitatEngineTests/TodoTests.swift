import Foundation
import HabitatEngine
import Testing

/// To-dos: added with a due day, done once for XP and coins worth more the longer they waited, taken back by undo.
@Suite struct TodoTests {
    static let today = Fixture.today  // Friday 20 November 2026

    /// A state whose to-dos have ids, as storage gives them.
    static func withIDs(_ state: GameState) -> GameState {
        var state = state
        for index in state.todos.indices where state.todos[index].id == nil { state.todos[index].id = Int64(index + 1) }
        return state
    }

    static func apply(_ action: Action, to state: inout GameState, on day: Day = today) throws -> String {
        let said = try state.apply(action, at: Fixture.noon(of: day)).toasts.map(\.message).joined(separator: "\n")
        state = withIDs(state)
        return said
    }

    @Test(arguments: [(0, 10, 5), (6, 10, 5), (7, 11, 5), (14, 12, 6), (35, 15, 7), (69, 19, 9), (70, 20, 10), (700, 20, 10)])
    func aToDoIsWorthMoreForEachWeekItWaitsUpToTwiceAsMuch(days: Int, xp: Int, coins: Int) {
        let todo = Todo(name: "Taxes", created: Self.today)
        #expect(todo.value(on: Self.today + days) == (xp, coins))
    }

    @Test func dueDaysAreFoundFromToday() {
        let friday = Self.today
        #expect(DayWords.weekday(4).day(from: friday) == friday)
        #expect(DayWords.weekday(0).day(from: friday) == Day(civilYear: 2026, month: 11, day: 23))
        #expect(DayWords.inDays(1).day(from: friday) == friday + 1)
        #expect(DayWords.dayOfMonth(3).day(from: friday) == Day(civilYear: 2026, month: 12, day: 3))
        #expect(DayWords.dayOfMonth(20).day(from: friday) == friday)
        #expect(DayWords.dayOfMonth(31).day(from: friday) == Day(civilYear: 2026, month: 11, day: 30))
        #expect(DayWords.monthDay(12, 24).day(from: friday) == Day(civilYear: 2026, month: 12, day: 24))
        #expect(DayWords.monthDay(2, 29).day(from: friday) == Day(civilYear: 2027, month: 2, day: 28))
    }

    @Test func doingAToDoEarnsItsWorthAndUndoTakesItBackAndOpensItAgain() throws {
        var state = Fixture.state(coins: 3)
        #expect(try Self.apply(.addTodo(name: "Call the dentist", due: .weekday(0)), to: &state)
            == "Added to-do Call the dentist (due Mon 23 Nov). Tick it off with 'done call the dentist'.")
        // Three weeks later, overdue: worth 13 XP and 6 coins.
        let later = Self.today + 21
        #expect(state.todos[0].isOverdue(on: later))
        let outcome = try state.apply(.completeTodo("dentist"), at: Fixture.noon(of: later))
        #expect(outcome.toasts.map(\.message) == ["Call the dentist done! +13 XP, +6 coins (it waited 3 weeks)"])
        #expect(outcome.entry?.kind == .todo)
        #expect(outcome.entry?.todoID == 1)
        #expect((state.profile.progress.xp, state.profile.coins, state.profile.health) == (13, 9, Profile.maxHealth))
        #expect(state.todos[0].done == Fixture.noon(of: later) && state.todos[0].doneDay == later)
        #expect(state.openTodos(on: later).isEmpty && state.doneTodos.map(\.name) == ["Call the dentist"])
        // Done once: it is no longer open.
        #expect(throws: HabitatError(.unknownTodo, "No open to-do 'dentist'. Type 'todos' to see yours.", symbol: .question)) {
            try state.apply(.completeTodo("dentist"), at: Fixture.noon(of: later))
        }

        var entry = try #require(outcome.entry)
        entry.id = 9
        let undone = try state.apply(.undo(latest: entry), at: Fixture.noon(of: later))
        #expect(undone.toasts.map(\.message) == ["Undid Call the dentist (-13 XP, -6 coins)"])
        #expect((state.profile.progress.xp, state.profile.coins) == (0, 3))
        #expect(state.todos[0].isOpen && state.todos[0].doneDay == nil)
        #expect(undone.entry?.todoID == 1 && undone.entry?.reverts == 9)
    }

    @Test func didOrDoneWithAToDosNameFinishesItWhenNoHabitGoesByIt() throws {
        var state = Fixture.state()
        _ = try Self.apply(.addTodo(name: "Call the dentist", due: nil), to: &state)
        _ = try Self.apply(.addTodo(name: "Call mum", due: nil), to: &state)
        #expect(try Self.apply(.record(Recording(habit: "call the dentist")), to: &state) == "Call the dentist done! +10 XP, +5 coins")
        // Two could be meant: nothing is done.
        _ = try Self.apply(.addTodo(name: "Call the bank", due: nil), to: &state)
        #expect(throws: HabitatError.self) { try state.apply(.record(Recording(habit: "call")), at: Fixture.now) }
        #expect(state.todos.filter(\.isOpen).count == 2)
        // A habit of that name comes first; an amount or another day is no to-do's.
        #expect(try Self.apply(.record(Recording(habit: "exercise")), to: &state) == "Exercise completed! +10 XP, +5 coins")
        #expect(throws: HabitatError.self) { try state.apply(.record(Recording(habit: "call mum", when: .daysAgo(1))), at: Fixture.now) }
        #expect(state.todos.filter(\.isOpen).map(\.name) == ["Call mum", "Call the bank"])
    }

    @Test func openToDosComeOverdueFirstThenByDueDayThenTheRest() throws {
        var state = Fixture.state()
        _ = try Self.apply(.addTodo(name: "Someday", due: nil), to: &state)
        _ = try Self.apply(.addTodo(name: "Christmas cards", due: .monthDay(12, 20)), to: &state)
        _ = try Self.apply(.addTodo(name: "Bins", due: .inDays(0)), to: &state)
        _ = try Self.apply(.addTodo(name: "Rent", due: .dayOfMonth(3)), to: &state)
        #expect(state.openTodos(on: Self.today + 1).map(\.name) == ["Bins", "Rent", "Christmas cards", "Someday"])
        #expect(state.openTodos(on: Self.today + 1).map { $0.isOverdue(on: Self.today + 1) } == [true, false, false, false])
    }

    @Test func namesDaysAndEditsAreChecked() throws {
        var state = Fixture.state()
        _ = try Self.apply(.addTodo(name: "Taxes", due: nil), to: &state)
        #expect(throws: HabitatError(.nameTaken, "You already have a to-do Taxes.")) { try state.apply(.addTodo(name: "taxes", due: nil), at: Fixture.now) }
        #expect(throws: HabitatError(.invalidArgument, "That day has gone by; say a day from today on.")) {
            try state.apply(.addTodo(name: "Late", due: .inDays(-1)), at: Fixture.now)
        }
        #expect(try Self.apply(.editTodo("tax", TodoEdit(name: "File taxes", due: .some(.inDays(1)))), to: &state)
            == "To-do Taxes: renamed File taxes, due tomorrow.")
        #expect(try Self.apply(.editTodo("file taxes", TodoEdit(due: .some(nil))), to: &state) == "To-do File taxes: no due day.")
        #expect(try Self.apply(.deleteTodo("file"), to: &state) == "Deleted to-do File taxes.")
        #expect(state.todos.isEmpty)
    }

    @Test func eachItemOfAChecklistEarnsItsShareAndTheLastFinishesTheToDoForTheRest() throws {
        var state = Fixture.state()
        #expect(try Self.apply(.addTodo(name: "Move house", due: nil, checklist: ["pack books", "book the van", "clean the oven"]), to: &state)
            == "Added to-do Move house, 3 steps: tick each with 'check pack books'. Tick it off with 'done move house'.")
        // Worth 10 XP and 5 coins: a quarter each for three items (2 XP, 1 coin), the rest at the end.
        #expect(try Self.apply(.checkItem("van"), to: &state) == "Checked book the van (1/3 of Move house). +2 XP, +1 coin")
        #expect(try Self.apply(.checkItem("pack"), to: &state) == "Checked pack books (2/3 of Move house). +2 XP, +1 coin")
        #expect(state.todos[0].progress == "2/3" && state.todos[0].isOpen)
        let last = try state.apply(.checkItem("oven"), at: Fixture.now)
        #expect(last.toasts.map(\.message) == ["Checked clean the oven: Move house done! +6 XP, +3 coins"])
        #expect(!state.todos[0].isOpen)
        #expect((state.profile.progress.xp, state.profile.coins) == (10, 5))
        // Undoing the last tick unticks it and opens the to-do again.
        var entry = try #require(last.entry)
        entry.id = 3
        _ = try state.apply(.undo(latest: entry), at: Fixture.now)
        #expect(state.todos[0].isOpen && state.todos[0].progress == "2/3")
        #expect((state.profile.progress.xp, state.profile.coins) == (4, 2))
        // Done without its last item: the rest, as the last item would have with its share.
        #expect(try Self.apply(.completeTodo("move house"), to: &state) == "Move house done! +6 XP, +3 coins")
        #expect((state.profile.progress.xp, state.profile.coins) == (10, 5))
    }

    @Test func itemsAreAddedToAChecklistAndFoundAmongEveryOpenToDo() throws {
        var state = Fixture.state()
        _ = try Self.apply(.addTodo(name: "Move house", due: nil, checklist: ["pack books"]), to: &state)
        _ = try Self.apply(.addTodo(name: "Spring clean", due: nil, checklist: ["clean windows"]), to: &state)
        #expect(try Self.apply(.addChecklistItem(to: "move", item: "clean the oven"), to: &state) == "Added clean the oven to Move house (0/2).")
        #expect(throws: HabitatError(.nameTaken, "Move house already has pack books on its checklist.")) {
            try state.apply(.addChecklistItem(to: "move", item: "Pack books"), at: Fixture.now)
        }
        #expect(throws: HabitatError.self) { try state.apply(.checkItem("clean"), at: Fixture.now) }
        #expect(try Self.apply(.checkItem("clean windows"), to: &state) == "Checked clean windows: Spring clean done! +10 XP, +5 coins")
        #expect(throws: HabitatError(.unknownTodo, "No unticked checklist item 'windows'. Type 'todos' to see them.", symbol: .question)) {
            try state.apply(.checkItem("windows"), at: Fixture.now)
        }
    }

    @Test func aHabitsStepsAreTickedEachDayAndTheLastRecordsIt() throws {
        var state = Fixture.state(habits: [Fixture.exercise(), Fixture.smoking(), Habit(id: 3, name: "Morning routine", kind: .good, created: Self.today - 5)])
        #expect(try Self.apply(.addChecklistItem(to: "morning", item: "make bed"), to: &state)
            == "Added make bed to Morning routine's steps (1). Ticking the last records Morning routine.")
        _ = try Self.apply(.addChecklistItem(to: "morning", item: "stretch"), to: &state)
        #expect(throws: HabitatError(.invalidArgument, "A bad habit has no steps to tick.")) {
            try state.apply(.addChecklistItem(to: "smoking", item: "breathe"), at: Fixture.now)
        }
        let first = try state.apply(.checkItem("bed"), at: Fixture.now)
        #expect(first.toasts.map(\.message) == ["Checked make bed (1/2 of Morning routine)."])
        #expect(first.entry?.kind == .check && first.entry?.habitID == 3 && first.entry?.note == "make bed")
        #expect(state.profile.progress.xp == 0)
        let last = try state.apply(.checkItem("stretch"), at: Fixture.now)
        #expect(last.toasts.map(\.message) == ["Checked stretch: Morning routine completed! +10 XP, +5 coins"])
        #expect(last.entry?.kind == .completion && last.entry?.note == "stretch")
        #expect(state.habits[2].stats.lastDay == Self.today && state.profile.progress.xp == 10)
        // Undoing the recording unticks its step and takes back what it earned.
        var entry = try #require(last.entry)
        entry.id = 2
        _ = try state.apply(.undo(latest: entry), at: Fixture.now)
        #expect(state.habits[2].checklist(on: Self.today).map(\.done) == [true, false])
        #expect(state.profile.progress.xp == 0 && state.habits[2].stats.lastDay == nil)
        // The next day starts with none ticked.
        #expect(state.habits[2].checklist(on: Self.today + 1).map(\.done) == [false, false])
        #expect(try Self.apply(.checkItem("bed"), to: &state, on: Self.today + 1) == "Checked make bed (1/2 of Morning routine).")
    }
}
