import Foundation
import HabitatEngine
import Testing

@Suite struct ManyLevelsTests {
    static let huge = Habit(id: 9, name: "Huge", kind: .good, xp: 10_000, coins: 0, areaID: 7, created: Fixture.today - 1)

    func player(xpPerLevel: Int, areaCurve: LevelCurve = .default) -> GameState {
        var settings = Settings.default
        settings.curve = LevelCurve(kind: .flat, base: xpPerLevel)
        var fitness = Fixture.fitness
        fitness.curve = areaCurve
        return Fixture.state(habits: [Self.huge], areas: [fitness], settings: settings)
    }

    @Test func aMillionLevelsAtOnceAreOneCelebration() throws {
        var state = player(xpPerLevel: 1, areaCurve: LevelCurve(kind: .flat, base: 1))
        let outcome = try state.did("huge", times: 100)
        #expect(outcome.toasts == [
            Toast(.success, "Huge completed ×100! +1000000 XP, +0 coins"),
            Toast(.celebration, "Level up ×1000000! You reached level 1000001"),
            Toast(.celebration, "Fitness level up ×1000000! Fitness reached level 1000001"),
        ])
        #expect(state.profile.progress == Progress(level: 1_000_001, xp: 0))
        #expect(state.areas[0].progress == Progress(level: 1_000_001, xp: 0))
    }

    @Test func tenLevelsAtOnceAreTenToasts() throws {
        var state = player(xpPerLevel: 1000, areaCurve: LevelCurve(kind: .flat, base: 1000))
        let outcome = try state.did("huge")
        #expect(outcome.toasts.dropFirst().map(\.message) == (2...11).map { "Level up! You reached level \($0)" } + [
            "Fitness reached level 2", "Fitness reached level 3", "Fitness reached level 4", "Fitness reached level 5",
            "Fitness reached level 6", "Fitness reached level 7", "Fitness reached level 8", "Fitness reached level 9",
            "Fitness reached level 10", "Fitness reached level 11",
        ])
        #expect(state.areas[0].progress.level == 11)
    }

    @Test func elevenLevelsAtOnceAreOneToast() throws {
        var state = player(xpPerLevel: 900)
        let outcome = try state.did("huge")
        #expect(outcome.toasts.dropFirst().first == Toast(.celebration, "Level up ×11! You reached level 12"))
        #expect(state.profile.progress == Progress(level: 12, xp: 100))
    }

    @Test func aRoutineCountsItsHabitsLevelsTogether() throws {
        var settings = Settings.default
        settings.curve = LevelCurve(kind: .flat, base: 10)
        var state = Fixture.state(
            habits: [Fixture.exercise(xp: 60), Habit(id: 4, name: "Stretch", kind: .good, xp: 60, created: Fixture.today)],
            settings: settings)
        _ = try state.apply(.addRoutine(name: "Morning", habits: ["exercise", "stretch"]), at: Fixture.now)
        let outcome = try state.did("morning")
        #expect(outcome.toasts.map(\.message) == [
            "Morning routine done! 2 habits, +120 XP, +10 coins", "Level up ×12! You reached level 13",
        ])
    }

    @Test func aMillionLevelsOnAGrowingCurveAreCountedExactly() {
        var progress = Progress.start
        let reached = progress.gain(1_000_000, on: LevelCurve(kind: .linear, base: 1, multiplier: 1.000001))
        #expect(reached.lowerBound == 2)
        #expect(reached.count == progress.level - 1)
        #expect(progress.xp < LevelCurve(kind: .linear, base: 1, multiplier: 1.000001).need(at: progress.level))
    }

    @Test func levelsAreWrittenAsEveryOtherNumberIs() throws {
        var state = player(xpPerLevel: 1)
        let outcome = try state.did("huge", times: 1)
        // As `status` writes the level: digits only.
        #expect(outcome.toasts[safe: 1] == Toast(.celebration, "Level up ×10000! You reached level 10001"))
    }
}
