import Foundation
import HabitatEngine
import Testing

@testable import HabitatStorage

/// To-dos in a user's file: kept across a reopening, done with their reward in one commit, undone exactly, exported whole.
@Suite struct TodoStorageTests {
    @Test func aToDoDoneIsKeptWithItsRewardAndUndoOpensItAgainAfterAReopening() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("users/ab/user.sqlite").path
            var database = UserDatabase(path: path, durability: .normal)
            // A habit counted in an amount, so that a recording reads the day's amount before it finds no habit.
            try await database.add(HabitDraft(name: "Water", amount: DailyAmount(8, unit: "glasses")))
            _ = try await database.apply(.addTodo(name: "Call the dentist", due: .inDays(2)), at: Fixture.now)
            _ = try await database.apply(.addTodo(name: "Fix the shed", due: nil), at: Fixture.now)
            let (outcome, state) = try await database.apply(.record(Recording(habit: "call the dentist")), at: Fixture.now + 3 * 7 * 86_400)
            #expect(outcome.toasts.map(\.message) == ["Call the dentist done! +13 XP, +6 coins (it waited 3 weeks)"])
            #expect(state.todos.map(\.id) == [1, 2])
            await database.closeAndWait()

            database = UserDatabase(path: path, durability: .normal)
            let reopened = try await database.state()
            #expect(reopened.todos == state.todos)
            #expect((reopened.profile.progress.xp, reopened.profile.coins) == (13, 6))
            let undone = try await database.undo()
            #expect(undone.outcome.toasts.map(\.message) == ["Undid Call the dentist (-13 XP, -6 coins)"])
            #expect(undone.state.todos.map(\.isOpen) == [true, true])
            await database.closeAndWait()

            database = UserDatabase(path: path, durability: .normal)
            #expect(try await database.state().todos.map(\.isOpen) == [true, true])
            #expect(try await database.state().profile.coins == 0)
            _ = try await database.apply(.completeTodo("shed"), at: Fixture.now)
            let export = try await UserExport.load(user: "alice", from: database, at: Fixture.now)
            let json = try #require(try JSONSerialization.jsonObject(with: export.json()) as? [String: Any])
            let todos = try #require(json["todos"] as? [[String: Any]])
            #expect(todos.map { $0["name"] as? String } == ["Call the dentist", "Fix the shed"])
            #expect(todos.map { $0["kind"] as? String } == ["todo", "todo"])
            #expect(todos[0]["done_at"] == nil && todos[1]["done_day"] as? String == Fixture.today.description)
            let ledger = try #require(json["ledger"] as? [[String: Any]])
            #expect(ledger.compactMap { $0["todo_id"] as? Int } == [1, 1, 2])
            #expect(export.csv().contains("\r\n\(Fixture.today),2026-11-20 12:00:00,todo,Fix the shed,1,10,5,0,,\r\n"))
            await database.closeAndWait()
        }
    }

    @Test func onlyTheLatestDoneToDosAreReadIntoMemory() async throws {
        try await withUserDatabase { database in
            for number in 1...(GameState.doneTodosKept + 5) {
                _ = try await database.apply(.addTodo(name: "Errand \(number)", due: nil), at: Fixture.now)
                _ = try await database.apply(.completeTodo("errand \(number)"), at: Fixture.now + Double(number))
            }
            _ = try await database.apply(.addTodo(name: "Still open", due: nil), at: Fixture.now)
            await database.closeAndWait()
            let reopened = UserDatabase(path: database.path, durability: .normal)
            let todos = try await reopened.state().todos
            #expect(todos.count == GameState.doneTodosKept + 1)
            #expect(todos.first?.name == "Errand 6" && todos.last?.name == "Still open")
            #expect(try await reopened.read { try $0.todos() }.count == GameState.doneTodosKept + 6)
            await reopened.closeAndWait()
        }
    }

    @Test func aChecklistIsKeptWithWhatIsTickedAndInTheExport() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("users/ab/user.sqlite").path
            var database = UserDatabase(path: path, durability: .normal)
            _ = try await database.apply(.addTodo(name: "Move house", due: nil, checklist: ["pack books", "book the van"]), at: Fixture.now)
            _ = try await database.apply(.checkItem("van"), at: Fixture.now)
            await database.closeAndWait()
            database = UserDatabase(path: path, durability: .normal)
            #expect(try await database.state().todos.first?.checklist == [ChecklistItem("pack books"), ChecklistItem("book the van", done: true)])
            let export = try await UserExport.load(user: "alice", from: database, at: Fixture.now)
            let json = try #require(try JSONSerialization.jsonObject(with: export.json()) as? [String: Any])
            let checklist = (json["todos"] as? [[String: Any]])?.first?["checklist"] as? [[String: Any]]
            #expect(checklist?.map { $0["name"] as? String } == ["pack books", "book the van"])
            #expect(checklist?.map { $0["done"] as? Bool } == [false, true])
            _ = try await database.undo()
            #expect(try await database.state().todos.first?.checklist.map(\.done) == [false, false])
            await database.closeAndWait()
        }
    }

    @Test func aHabitsStepsAndTheirTicksAreKept() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("users/ab/user.sqlite").path
            var database = UserDatabase(path: path, durability: .normal)
            try await database.add(HabitDraft(name: "Morning routine"))
            _ = try await database.apply(.addChecklistItem(to: "morning", item: "make bed"), at: Fixture.now)
            _ = try await database.apply(.addChecklistItem(to: "morning", item: "stretch"), at: Fixture.now)
            _ = try await database.apply(.checkItem("bed"), at: Fixture.now)
            await database.closeAndWait()
            database = UserDatabase(path: path, durability: .normal)
            let habit = try #require(try await database.state().habits.first)
            #expect(habit.checklist(on: Fixture.today) == [ChecklistItem("make bed", done: true), ChecklistItem("stretch")])
            _ = try await database.apply(.checkItem("stretch"), at: Fixture.now)
            await database.closeAndWait()
            database = UserDatabase(path: path, durability: .normal)
            let done = try #require(try await database.state().habits.first)
            #expect(done.stats.lastDay == Fixture.today && done.checklist(on: Fixture.today).map(\.done) == [true, true])
            #expect(done.checklist(on: Fixture.today + 1).map(\.done) == [false, false])
            await database.closeAndWait()
        }
    }
}
