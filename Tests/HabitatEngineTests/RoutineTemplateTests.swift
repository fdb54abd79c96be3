import Foundation
import HabitatEngine
import Testing

@Suite struct RoutineRuleTests {
    static let meditate = Habit(id: 4, name: "Meditate", kind: .good, created: Fixture.today - 5)
    static let wakeUp = Habit(id: 5, name: "Wake up", kind: .good, tracksTime: true, created: Fixture.today - 5)

    func morning(_ habits: [Habit] = [wakeUp, Fixture.exercise(area: 7), meditate]) throws -> GameState {
        var state = Fixture.state(habits: habits, areas: [Fixture.fitness])
        _ = try state.apply(.addRoutine(name: "Morning", habits: ["wake up", "exercise", "meditate"]), at: Fixture.now)
        return state
    }

    @Test func aRoutineRecordsEachHabitWithOneCombinedToast() throws {
        var state = try morning()
        let outcome = try state.did("morning")
        #expect(outcome.toasts.map { $0.rendered(plain: false) } == ["✅ Morning routine done! 3 habits, +30 XP, +15 coins"])
        #expect(state.profile.progress == Progress(level: 1, xp: 30))
        #expect(state.profile.coins == 15)
        #expect(state.areas[0].progress == Progress(level: 1, xp: 10))
        #expect(outcome.entry?.kind == .routine)
        #expect(outcome.batch.map(\.subject) == ["Wake up", "Exercise", "Meditate"])
        for name in ["Wake up", "Exercise", "Meditate"] {
            #expect(state.stored(name)?.stats == HabitStats(streak: 1, best: 1, lastDay: Fixture.today, total: 1))
        }
    }

    @Test func aRoutineOfOneHabitSaysOneHabit() throws {
        var state = Fixture.state()
        _ = try state.apply(.addRoutine(name: "Quick", habits: ["exercise"]), at: Fixture.now)
        #expect(try state.did("quick").toasts == [Toast(.success, "Quick routine done! 1 habit, +10 XP, +5 coins")])
    }

    @Test func archivedHabitsOfARoutineAreSkipped() throws {
        var state = try morning()
        _ = try state.apply(.archive("meditate"), at: Fixture.now)
        #expect(try state.did("morning").toasts == [Toast(.success, "Morning routine done! 2 habits, +20 XP, +10 coins")])
        #expect(state.stored("Meditate")?.stats == .zero)
    }

    @Test func undoingARoutineRestoresEverythingItChanged() throws {
        let area = Area(id: 7, name: "Fitness", progress: Progress(level: 1, xp: 95))
        var original = try morning()
        original.areas = [area]
        original.profile.progress = Progress(level: 1, xp: 80)
        var state = original
        var entry = try #require(try state.did("morning").entry)
        #expect(state.profile.progress == Progress(level: 2, xp: 10))
        #expect(state.areas[0].progress == Progress(level: 2, xp: 5))
        entry.id = 1
        let outcome = try state.apply(.undo(latest: entry), at: Fixture.now)
        #expect(state == original)
        #expect(outcome.toasts == [Toast(.undo, "Undid Morning (-30 XP, -15 coins)")])
    }

    @Test func aRoutineIsRecordedOnceAtATime() throws {
        let state = try morning()
        expectRefusal(.record(Recording(habit: "morning", times: 3)), on: state, code: .invalidArgument)
    }

    @Test func aHabitCannotBeRenamedToARoutinesName() throws {
        let state = try morning()
        let error = expectRefusal(.rename("exercise", to: "morning"), on: state, code: .nameTaken)
        #expect(error?.message == "You already have a routine called Morning.")
    }
}

@Suite struct TemplateRuleTests {
    @Test func aTemplateAddsItsAreaAndHabitsInOneStep() throws {
        var state = Fixture.state(habits: [])
        let outcome = try state.apply(.useTemplate("fitness"), at: Fixture.now)
        #expect(outcome.toasts == [
            Toast(.success, "Added the fitness template: Exercise, Stretch, Walk 10k steps, Drink water (in Fitness).")
        ])
        #expect(outcome.entry == nil)
        #expect(state.areas.map(\.name) == ["Fitness"])
        let area = state.areas[0].id
        #expect(state.habits.map(\.name) == ["Exercise", "Stretch", "Walk 10k steps", "Drink water"])
        #expect(state.habits.map(\.xp) == [15, 10, 10, 5])
        #expect(state.habits.map(\.coins) == [5, 5, 5, 2])
        #expect(state.habits.allSatisfy { $0.areaID == area && $0.kind == .good && $0.created == Fixture.today })
    }

    @Test func aTemplateUsesAnAreaOfTheSameNameAndSkipsHabitsAlreadyThere() throws {
        var state = Fixture.state(areas: [Area(id: 7, name: "fitness", progress: Progress(level: 3, xp: 5))])
        let outcome = try state.apply(.useTemplate("Fitness"), at: Fixture.now)
        #expect(outcome.toasts == [Toast(.success, "Added the fitness template: Stretch, Walk 10k steps, Drink water (in Fitness).")])
        #expect(state.areas == [Area(id: 7, name: "fitness", progress: Progress(level: 3, xp: 5))])
        #expect(state.habits.filter { $0.name == "Exercise" }.count == 1)
        #expect(state.habits.suffix(3).allSatisfy { $0.areaID == 7 })
    }

    @Test func aTemplateSkipsAHabitWhoseNameARoutineHas() throws {
        var state = Fixture.state(habits: [Fixture.exercise()])
        _ = try state.apply(.addRoutine(name: "Stretch", habits: ["exercise"]), at: Fixture.now)
        let outcome = try state.apply(.useTemplate("fitness"), at: Fixture.now)
        #expect(outcome.toasts == [Toast(.success, "Added the fitness template: Walk 10k steps, Drink water (in Fitness).")])
        #expect(!state.habits.contains { $0.name == "Stretch" })
        #expect(try state.routine(recording: "stretch")?.name == "Stretch")
    }

    @Test func aBadHabitOfATemplateCostsTheDefaultLife() throws {
        var state = Fixture.state(habits: [])
        _ = try state.apply(.useTemplate("sleep"), at: Fixture.now)
        let screens = try #require(state.stored("Late-night screens"))
        #expect(screens.kind == .bad)
        #expect(screens.life == 10)
        #expect(screens.xp == 0)
        #expect(state.stored("Wake up")?.tracksTime == true)
    }

    @Test func usingATemplateTwiceIsRefused() throws {
        var state = Fixture.state(habits: [])
        _ = try state.apply(.useTemplate("mind"), at: Fixture.now)
        let error = expectRefusal(.useTemplate("mind"), on: state, code: .nameTaken)
        #expect(error?.message == "You already have every habit of the mind template.")
    }
}
