import Foundation
import HabitatEngine
import Testing

@Suite struct GoodHabitTests {
    @Test func goodHabitEarnsTenXPAndFiveCoinsByDefault() throws {
        var state = Fixture.state()
        let outcome = try state.did("exercise")
        #expect(outcome.toasts == [Toast(.success, "Exercise completed! +10 XP, +5 coins")])
        #expect(outcome.toasts[safe: 0]?.rendered(plain: false) == "✅ Exercise completed! +10 XP, +5 coins")
        #expect(state.profile.progress == Progress(level: 1, xp: 10))
        #expect(state.profile.coins == 5)
        #expect(state.profile.health == 1000)
        #expect(state.profile.state == .active)
    }

    @Test func completionWritesALedgerEntry() throws {
        var state = Fixture.state(xp: 20, coins: 3)
        let before = state.profile
        let outcome = try state.apply(
            .record(Recording(habit: "exercise", note: "felt great", timeOfDay: 405)), at: Fixture.now)
        let entry = try #require(outcome.entry)
        #expect(entry.id == nil)
        #expect(entry.kind == .completion)
        #expect(entry.habitID == 1)
        #expect(entry.subject == "Exercise")
        #expect(entry.quantity == 1)
        #expect(entry.xp == 10)
        #expect(entry.coins == 5)
        #expect(entry.health == 0)
        #expect(entry.day == Fixture.today)
        #expect(entry.at == Fixture.now)
        #expect(entry.note == "felt great")
        #expect(entry.timeOfDay == 405)
        #expect(entry.reverts == nil)
        #expect(entry.before?.profile == before)
        #expect(entry.before?.habits.map(\.id) == [1])
        #expect(entry.before?.habits.first?.stats == .zero)
    }

    @Test func customRewardsAreUsed() throws {
        var state = Fixture.state(habits: [Fixture.exercise(xp: 15, coins: 3)])
        let outcome = try state.did("Exercise")
        #expect(outcome.toasts == [Toast(.success, "Exercise completed! +15 XP, +3 coins")])
        #expect(state.profile.progress.xp == 15)
        #expect(state.profile.coins == 3)
    }

    @Test func timesMultipliesXPAndCoins() throws {
        var state = Fixture.state(habits: [Fixture.exercise(xp: 15, coins: 3)], coins: 1)
        let outcome = try state.did("exercise", times: 3)
        #expect(outcome.toasts.count == 1)
        let message = try #require(outcome.toasts.first?.message)
        #expect(message.hasPrefix("Exercise completed"))
        #expect(message.hasSuffix("! +45 XP, +9 coins"))
        #expect(state.profile.progress.xp == 45)
        #expect(state.profile.coins == 10)
        #expect(outcome.entry?.quantity == 3)
        #expect(outcome.entry?.xp == 45)
        #expect(outcome.entry?.coins == 9)
    }

    @Test(arguments: [0, -1, 101])
    func timesOutsideOneToHundredIsRefused(times: Int) {
        let state = Fixture.state()
        expectRefusal(.record(Recording(habit: "exercise", times: times)), on: state, code: .invalidArgument)
    }

    @Test func aHundredTimesIsAllowed() throws {
        var state = Fixture.state(habits: [Fixture.exercise(xp: 1, coins: 1)])
        try state.did("exercise", times: 100)
        #expect(state.profile.progress == Progress(level: 2, xp: 0))
        #expect(state.profile.coins == 100)
    }

    @Test func levelUpToastsFollowTheCompletionInOrder() throws {
        var state = Fixture.state(habits: [Fixture.exercise(xp: 300)], xp: 95)
        let outcome = try state.did("exercise")
        #expect(outcome.toasts == [
            Toast(.success, "Exercise completed! +300 XP, +5 coins"),
            Toast(.celebration, "Level up! You reached level 2"),
            Toast(.celebration, "Level up! You reached level 3"),
        ])
        #expect(outcome.toasts[safe: 2]?.rendered(plain: false) == "🎉 Level up! You reached level 3")
        #expect(state.profile.progress == Progress(level: 3, xp: 145))
    }

    @Test func levelUpUsesThePlayersCurve() throws {
        var settings = Settings.default
        settings.curve = LevelCurve(kind: .exponential)
        var state = Fixture.state(habits: [Fixture.exercise(xp: 500)], settings: settings)
        let outcome = try state.did("exercise")
        #expect(outcome.toasts.dropFirst().map(\.message) == [
            "Level up! You reached level 2", "Level up! You reached level 3", "Level up! You reached level 4",
        ])
        #expect(state.profile.progress == Progress(level: 4, xp: 25))
    }

    @Test func habitWithoutAnAreaLeavesAreasAlone() throws {
        var state = Fixture.state(areas: [Fixture.fitness])
        try state.did("exercise")
        #expect(state.areas == [Fixture.fitness])
    }
}

@Suite struct AreaTests {
    @Test func areaHabitGivesXPToProfileAndArea() throws {
        var state = Fixture.state(habits: [Fixture.exercise(area: 7)], areas: [Fixture.fitness, Fixture.mind])
        let outcome = try state.did("exercise")
        #expect(outcome.toasts == [Toast(.success, "Exercise completed! +10 XP, +5 coins")])
        #expect(state.profile.progress == Progress(level: 1, xp: 10))
        #expect(state.areas[0].progress == Progress(level: 1, xp: 10))
        #expect(state.areas[1].progress == .start)
    }

    @Test func areaLevelUpToastsAfterTheProfiles() throws {
        var state = Fixture.state(habits: [Fixture.exercise(xp: 100, area: 7)], areas: [Fixture.fitness])
        let outcome = try state.did("exercise")
        #expect(outcome.toasts == [
            Toast(.success, "Exercise completed! +100 XP, +5 coins"),
            Toast(.celebration, "Level up! You reached level 2"),
            Toast(.celebration, "Fitness reached level 2"),
        ])
        #expect(outcome.toasts[safe: 2]?.rendered(plain: false) == "🎉 Fitness reached level 2")
        #expect(state.areas[0].progress == Progress(level: 2, xp: 0))
    }

    @Test func areaClimbsOnItsOwnCurve() throws {
        var state = Fixture.state(habits: [Fixture.reading], areas: [Fixture.fitness, Fixture.mind], level: 5)
        var outcome = try state.did("reading")
        #expect(outcome.toasts.map(\.message) == ["Reading completed! +35 XP, +12 coins"])
        outcome = try state.did("reading", times: 5)
        #expect(outcome.toasts.dropFirst().map(\.message) == ["Mind reached level 2", "Mind reached level 3"])
        #expect(state.areas[1].progress == Progress(level: 3, xp: 60))
        #expect(state.profile.progress == Progress(level: 5, xp: 210))
        #expect(state.areas[0].progress == .start)
    }

    @Test func areaLevelsUpWhileTheProfileDoesNot() throws {
        let area = Area(id: 7, name: "Fitness", progress: Progress(level: 1, xp: 95))
        var state = Fixture.state(habits: [Fixture.exercise(area: 7)], areas: [area], level: 3, xp: 0)
        let outcome = try state.did("exercise")
        #expect(outcome.toasts.map(\.message) == ["Exercise completed! +10 XP, +5 coins", "Fitness reached level 2"])
        #expect(state.areas[0].progress == Progress(level: 2, xp: 5))
        #expect(state.profile.progress == Progress(level: 3, xp: 10))
    }

    @Test func completionSnapshotsTheAreaProgress() throws {
        let area = Area(id: 7, name: "Fitness", progress: Progress(level: 2, xp: 33))
        var state = Fixture.state(habits: [Fixture.exercise(area: 7)], areas: [area])
        let entry = try #require(try state.did("exercise").entry)
        #expect(entry.before?.areas.map(\.id) == [7])
        #expect(entry.before?.areas.first?.progress == Progress(level: 2, xp: 33))
    }
}
