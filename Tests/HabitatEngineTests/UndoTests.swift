import Foundation
import HabitatEngine
import Testing

@Suite struct UndoTests {
    /// Applies `action`, gives its entry the ledger id `id`, and returns it.
    private func recorded(_ action: Action, on state: inout GameState, id: Int64, at now: Date = Fixture.now) throws
        -> LedgerEntry
    {
        var entry = try #require(try state.apply(action, at: now).entry)
        entry.id = id
        return entry
    }

    @Test func nothingToUndoWhenThereIsNoEntry() {
        let state = Fixture.state(xp: 10, coins: 5)
        let error = expectRefusal(.undo(latest: nil), on: state, code: .notFound)
        #expect(error?.message.hasPrefix("Nothing to undo") == true)
    }

    @Test func anEntryWithoutIdOrSnapshotCannotBeUndone() throws {
        var state = Fixture.state()
        let entry = try #require(try state.did("exercise").entry)
        expectRefusal(.undo(latest: entry), on: state, code: .notFound)
        var bare = entry
        bare.id = 5
        bare.before = nil
        expectRefusal(.undo(latest: bare), on: state, code: .notFound)
    }

    @Test func anUndoEntryIsNotItselfUndone() throws {
        var state = Fixture.state()
        let entry = try recorded(.record(Recording(habit: "exercise")), on: &state, id: 1)
        var undo = try #require(try state.apply(.undo(latest: entry), at: Fixture.now).entry)
        undo.id = 2
        expectRefusal(.undo(latest: undo), on: state, code: .notFound)
    }

    /// A recording counts its amount into the habit's total, and undo takes that amount back: also for one
    /// counted as one time before amounts were (its total since raised by the file's upgrade).
    @Test func undoTakesARecordingsAmountBackFromTheTotal() throws {
        var state = Fixture.state()
        _ = try recorded(.record(Recording(habit: "exercise", times: 3)), on: &state, id: 1)
        let second = try recorded(.record(Recording(habit: "exercise", times: 2)), on: &state, id: 2)
        #expect(state.stored("Exercise")?.stats.total == 5)
        var upgraded = state
        _ = try state.apply(.undo(latest: second), at: Fixture.now + 60)
        #expect(state.stored("Exercise")?.stats.total == 3)

        // As a file made before: the first recording counted 1 (its snapshot says so), then 2 were added.
        var before = try #require(second.before)
        before.habits[0].stats.total = 1
        var old = second
        old.before = before
        upgraded.habits[0].stats.total = 5
        _ = try upgraded.apply(.undo(latest: old), at: Fixture.now + 60)
        #expect(upgraded.stored("Exercise")?.stats == HabitStats(streak: 1, best: 1, lastDay: Fixture.today, total: 3))
    }

    @Test func undoingACompletionRestoresEverythingExactly() throws {
        let area = Area(id: 7, name: "Fitness", progress: Progress(level: 1, xp: 60))
        let original = Fixture.state(
            habits: [Fixture.exercise(xp: 60, coins: 8, area: 7), Fixture.smoking()], areas: [area], xp: 95, coins: 3)
        var state = original
        let entry = try recorded(.record(Recording(habit: "exercise")), on: &state, id: 41)
        #expect(state.profile.progress == Progress(level: 2, xp: 55))
        #expect(state.areas[0].progress == Progress(level: 2, xp: 20))

        let outcome = try state.apply(.undo(latest: entry), at: Fixture.now + 60)
        #expect(state == original)
        #expect(outcome.toasts == [Toast(.undo, "Undid Exercise (-60 XP, -8 coins)")])
        let undo = try #require(outcome.entry)
        #expect(undo.kind == .undo)
        #expect(undo.reverts == 41)
        #expect(undo.habitID == 1)
        #expect(undo.subject == "Exercise")
        #expect(undo.xp == -60)
        #expect(undo.coins == -8)
        #expect(undo.health == 0)
        #expect(undo.at == Fixture.now + 60)
        #expect(undo.before == nil)
    }

    @Test func undoingACompletionRestoresTheStreak() throws {
        var state = Fixture.state()
        try state.did("exercise", at: Fixture.noon(of: Fixture.today - 1))
        let before = state
        let entry = try recorded(.record(Recording(habit: "exercise")), on: &state, id: 9)
        #expect(state.stored("Exercise")?.stats.streak == 2)
        _ = try state.apply(.undo(latest: entry), at: Fixture.now)
        #expect(state == before)
        #expect(state.stored("Exercise")?.stats == HabitStats(streak: 1, best: 1, lastDay: Fixture.today - 1, total: 1))
    }

    @Test func undoingASlipRestoresHealth() throws {
        let original = Fixture.state(health: 700)
        var state = original
        let entry = try recorded(.record(Recording(habit: "smoking", times: 2)), on: &state, id: 3)
        #expect(state.profile.health == 680)
        let outcome = try state.apply(.undo(latest: entry), at: Fixture.now)
        #expect(state == original)
        #expect(outcome.toasts == [Toast(.undo, "Undid Smoking (+20 life)")])
        #expect(outcome.entry?.health == 20)
        #expect(outcome.entry?.reverts == 3)
    }

    @Test func undoingTheSlipThatEndedTheGameRevivesThePlayer() throws {
        let original = Fixture.state(level: 3, xp: 12, coins: 40, health: 5)
        var state = original
        let entry = try recorded(.record(Recording(habit: "smoking")), on: &state, id: 12)
        #expect(state.profile.state == .gameOver)
        #expect(state.profile.health == 0)
        _ = try state.apply(.undo(latest: entry), at: Fixture.now)
        #expect(state == original)
        #expect(state.profile.state == .active)
        #expect(state.profile.health == 5)
    }

    @Test func undoingAPotionRestoresCoinsAndHealth() throws {
        let original = Fixture.state(coins: 60, health: 820)
        var state = original
        let entry = try recorded(.buy(item: "potion", quantity: 1), on: &state, id: 20)
        #expect(state.profile.health == 1000)
        let outcome = try state.apply(.undo(latest: entry), at: Fixture.now)
        #expect(state == original)
        #expect(outcome.toasts == [Toast(.undo, "Undid buying Health Potion (-180 health, +25 coins)")])
        #expect(outcome.entry?.coins == 25)
        #expect(outcome.entry?.health == -180)
    }

    @Test func undoingARewardRefundsIt() throws {
        let original = Fixture.state(rewards: [Fixture.movieNight], coins: 130)
        var state = original
        let entry = try recorded(.buy(item: "movie night", quantity: 1), on: &state, id: 21)
        let outcome = try state.apply(.undo(latest: entry), at: Fixture.now)
        #expect(state == original)
        #expect(outcome.toasts == [Toast(.undo, "Undid buying Movie night (+100 coins)")])
    }

    @Test func undoingSeveralRewardsSaysHowMany() throws {
        let original = Fixture.state(rewards: [Fixture.movieNight], coins: 330)
        var state = original
        let entry = try recorded(.buy(item: "movie night", quantity: 3), on: &state, id: 22)
        let outcome = try state.apply(.undo(latest: entry), at: Fixture.now)
        #expect(state == original)
        #expect(outcome.toasts == [Toast(.undo, "Undid buying Movie night ×3 (+300 coins)")])
    }

    @Test func repeatedUndoWalksFurtherBack() throws {
        let original = Fixture.state(areas: [Fixture.fitness], coins: 30, health: 600)
        var state = original
        var stack: [(LedgerEntry, GameState)] = []
        let actions: [Action] = [
            .record(Recording(habit: "exercise", times: 4)),
            .record(Recording(habit: "smoking")),
            .buy(item: "potion", quantity: 1),
            .record(Recording(habit: "exercise", when: .daysAgo(1))),
        ]
        for (index, action) in actions.enumerated() {
            let before = state
            stack.append((try recorded(action, on: &state, id: Int64(index + 1)), before))
        }
        while let last = stack.popLast() {
            let (entry, before) = last
            _ = try state.apply(.undo(latest: entry), at: Fixture.now)
            #expect(state == before)
        }
        #expect(state == original)
    }

    @Test func undoLeavesHabitsItDidNotTouchAlone() throws {
        var state = Fixture.state()
        try state.did("smoking", when: .daysAgo(2))
        let smokingStats = state.stored("Smoking")?.stats
        let entry = try recorded(.record(Recording(habit: "exercise")), on: &state, id: 1)
        _ = try state.apply(.undo(latest: entry), at: Fixture.now)
        #expect(state.stored("Smoking")?.stats == smokingStats)
        #expect(state.stored("Exercise")?.stats == .zero)
    }
}
