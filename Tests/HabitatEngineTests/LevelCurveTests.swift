import Foundation
import HabitatEngine
import Testing

@Suite struct LevelCurveTests {
    @Test func defaultCurveIsLinearWithBase100AndMultiplier1_5() {
        #expect(LevelCurve.default == LevelCurve(kind: .linear, base: 100, multiplier: 1.5))
        #expect(LevelCurve() == .default)
        #expect(Settings.default.curve == .default)
    }

    @Test(arguments: zip(1...6, [100, 150, 200, 250, 300, 350]))
    func linearNeedGrowsByHalfTheBaseEachLevel(level: Int, need: Int) {
        #expect(LevelCurve.default.need(at: level) == need)
    }

    @Test(arguments: zip(1...6, [100, 150, 225, 338, 506, 759]))
    func exponentialNeedRoundsHalfAwayFromZero(level: Int, need: Int) {
        #expect(LevelCurve(kind: .exponential).need(at: level) == need)
    }

    @Test func halvesRoundAwayFromZeroOnBothCurves() {
        let linear = LevelCurve(kind: .linear, base: 15, multiplier: 1.5)
        #expect((1...4).map(linear.need(at:)) == [15, 23, 30, 38])
        let exponential = LevelCurve(kind: .exponential, base: 10, multiplier: 1.5)
        #expect((1...4).map(exponential.need(at:)) == [10, 15, 23, 34])
        let small = LevelCurve(kind: .exponential, base: 1, multiplier: 1.5)
        #expect((1...5).map(small.need(at:)) == [1, 2, 2, 3, 5])
    }

    @Test(arguments: [1, 2, 3, 10, 50])
    func flatNeedIsTheBaseAtEveryLevel(level: Int) {
        #expect(LevelCurve(kind: .flat).need(at: level) == 100)
        #expect(LevelCurve(kind: .flat, base: 250, multiplier: 3).need(at: level) == 250)
    }

    @Test func customBaseAndMultiplier() {
        let linear = LevelCurve(kind: .linear, base: 200, multiplier: 2)
        #expect((1...4).map(linear.need(at:)) == [200, 400, 600, 800])
        let gentle = LevelCurve(kind: .linear, base: 100, multiplier: 1.25)
        #expect((1...4).map(gentle.need(at:)) == [100, 125, 150, 175])
        let steep = LevelCurve(kind: .exponential, base: 50, multiplier: 3)
        #expect((1...4).map(steep.need(at:)) == [50, 150, 450, 1350])
        let slow = LevelCurve(kind: .exponential, base: 100, multiplier: 1.1)
        #expect((1...5).map(slow.need(at:)) == [100, 110, 121, 133, 146])
    }

    @Test(arguments: [
        (LevelCurve.Kind.linear, 50, 1.15, 2, 58), (.exponential, 50, 1.15, 2, 58), (.linear, 10, 1.13, 6, 17),
        (.exponential, 1000, 1.15, 3, 1323), (.exponential, 25, 1.14, 2, 29),
    ])
    func decimalMultipliersRoundExactHalvesAwayFromZero(
        kind: LevelCurve.Kind, base: Int, multiplier: Double, level: Int, need: Int
    ) {
        #expect(LevelCurve(kind: kind, base: base, multiplier: multiplier).need(at: level) == need)
    }

    @Test func needIsNeverBelowOne() {
        #expect(LevelCurve(kind: .flat, base: 0).need(at: 1) == 1)
        #expect(LevelCurve(kind: .linear, base: 0).need(at: 5) == 1)
    }

    @Test func hugeNeedsSaturateInsteadOfOverflowing() {
        let curve = LevelCurve(kind: .exponential, base: 1_000_000, multiplier: 10)
        #expect(curve.need(at: 1000) > 0)
        #expect(curve.need(at: 1000) == curve.need(at: 2000))
    }
}

@Suite struct ProgressTests {
    @Test func startsAtLevelOneWithNoXP() {
        #expect(Progress.start == Progress(level: 1, xp: 0))
        #expect(Progress() == .start)
    }

    @Test func gainBelowTheNeedKeepsTheLevel() {
        var progress = Progress.start
        #expect(progress.gain(99, on: .default).isEmpty)
        #expect(progress == Progress(level: 1, xp: 99))
    }

    @Test func gainExactlyTheNeedLevelsUpWithNoLeftover() {
        var progress = Progress(level: 1, xp: 99)
        #expect(Array(progress.gain(1, on: .default)) == [2])
        #expect(progress == Progress(level: 2, xp: 0))
    }

    @Test func gainCanClimbSeveralLevelsAtOnce() {
        var progress = Progress.start
        #expect(Array(progress.gain(450, on: .default)) == [2, 3, 4])
        #expect(progress == Progress(level: 4, xp: 0))
    }

    @Test func leftoverXPAfterSeveralLevelsIsExact() {
        var progress = Progress.start
        #expect(Array(progress.gain(475, on: .default)) == [2, 3, 4])
        #expect(progress == Progress(level: 4, xp: 25))

        var exponential = Progress.start
        #expect(Array(exponential.gain(1000, on: LevelCurve(kind: .exponential))) == [2, 3, 4, 5])
        #expect(exponential == Progress(level: 5, xp: 187))

        var flat = Progress(level: 3, xp: 40)
        #expect(Array(flat.gain(1010, on: LevelCurve(kind: .flat))) == Array(4...13))
        #expect(flat == Progress(level: 13, xp: 50))
    }

    @Test func gainStartsFromTheCurrentLevelsNeed() {
        var progress = Progress(level: 3, xp: 190)
        #expect(Array(progress.gain(10, on: .default)) == [4])
        #expect(progress == Progress(level: 4, xp: 0))
    }

    @Test func gainingNothingChangesNothing() {
        var progress = Progress(level: 2, xp: 17)
        #expect(progress.gain(0, on: .default).isEmpty)
        #expect(progress == Progress(level: 2, xp: 17))
    }
}

@Suite struct CurveChangeTests {
    @Test func changingTheCurveKeepsLevelAndXP() {
        var state = Fixture.state(level: 3, xp: 120)
        #expect(state.xpNeeded == 200)
        state.settings.curve = LevelCurve(kind: .exponential)
        #expect(state.profile.progress == Progress(level: 3, xp: 120))
        #expect(state.xpNeeded == 225)
        state.settings.curve = LevelCurve(kind: .flat, base: 300)
        #expect(state.xpNeeded == 300)
    }

    @Test func theNextGainUsesTheNewCurve() throws {
        var state = Fixture.state(level: 3, xp: 130)
        state.settings.curve = LevelCurve(kind: .flat)
        let outcome = try state.did("exercise")
        #expect(outcome.toasts.map(\.message) == [
            "Exercise completed! +10 XP, +5 coins",
            "Level up! You reached level 4",
        ])
        #expect(state.profile.progress == Progress(level: 4, xp: 40))
    }

    @Test func xpNeededFollowsTheProfileLevel() {
        #expect(GameState().xpNeeded == 100)
        #expect(Fixture.state(level: 4).xpNeeded == 250)
    }
}
