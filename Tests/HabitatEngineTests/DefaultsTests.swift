import Foundation
import HabitatEngine
import Testing

@Suite struct DefaultsTests {
    @Test func profileStartsAtLevelOneWithFullHealthAndNothingElse() {
        let profile = Profile.start
        #expect(profile.progress == Progress(level: 1, xp: 0))
        #expect(profile.coins == 0)
        #expect(profile.health == 1000)
        #expect(profile.maxHealth == 1000)
        #expect(Profile.maxHealth == 1000)
        #expect(profile.state == .active)
        #expect(profile.challenge == nil)
        #expect(GameState().profile == .start)
    }

    @Test func settingsDefaultToLinearCurveFiveKmUTCAndMidnight() {
        let settings = Settings.default
        #expect(settings.curve == LevelCurve(kind: .linear, base: 100, multiplier: 1.5))
        #expect(settings.runningTargetKm == 5)
        #expect(settings.timeZone == "UTC")
        #expect(settings.dayStartHour == 0)
    }

    @Test func habitRewardsDefaultToTenXPFiveCoinsTenLife() {
        #expect(Habit.defaultXP == 10)
        #expect(Habit.defaultCoins == 5)
        #expect(Habit.defaultLife == 10)
        let habit = Habit(name: "Exercise", kind: .good, created: Fixture.today)
        #expect(habit.xp == 10)
        #expect(habit.coins == 5)
        #expect(habit.life == 10)
        #expect(habit.areaID == nil)
        #expect(!habit.archived)
        #expect(habit.stats == .zero)
    }

    @Test func newAreasStartAtLevelOneOnTheDefaultCurve() {
        let area = Area(name: "Fitness")
        #expect(area.progress == .start)
        #expect(area.curve == .default)
    }

    @Test func lifeStatesHaveTheWireNames() {
        #expect(LifeState.active.rawValue == "active")
        #expect(LifeState.gameOver.rawValue == "game_over")
        #expect(LifeState.recovery.rawValue == "recovery")
    }

    @Test func theGamesErrorCodesHaveTheWireNames() {
        #expect(ErrorCode.game.map(\.rawValue) == [
            "unknown_habit", "unknown_item", "ambiguous", "not_enough_coins", "health_full", "game_over", "invalid_argument",
            "name_taken", "not_found", "limit_reached", "unknown_todo",
        ])
    }
}

@Suite struct ToastTests {
    @Test func markersMatchTheSpec() {
        #expect(ToastSymbol.success.emoji == "✅")
        #expect(ToastSymbol.warning.emoji == "⚠️")
        #expect(ToastSymbol.error.emoji == "❌")
        #expect(ToastSymbol.info.emoji == "ℹ️")
        #expect(ToastSymbol.celebration.emoji == "🎉")
        #expect(ToastSymbol.gameOver.emoji == "💀")
        #expect(ToastSymbol.reward.emoji == "🎁")
        #expect(ToastSymbol.running.emoji == "🏃")
        #expect(ToastSymbol.question.emoji == "❓")
    }

    @Test func plainWordsAreOKErrorAndInfo() {
        #expect(ToastSymbol.success.word == "OK:")
        #expect(ToastSymbol.error.word == "ERROR:")
        #expect(ToastSymbol.question.word == "ERROR:")
        #expect(ToastSymbol.info.word == "INFO:")
    }

    @Test func aBadHabitToastIsColouredAsAnError() {
        #expect(ToastSymbol.warning.type == .error)
        #expect(ToastSymbol.gameOver.type == .error)
        #expect(ToastSymbol.success.type == .success)
        #expect(ToastSymbol.celebration.type == .success)
        #expect(ToastSymbol.info.type == .info)
        #expect(Toast(.warning, "Smoking recorded. -10 life").type == .error)
    }

    @Test func renderingPutsTheMarkerFirstAndIndentsDetails() {
        let toast = Toast(.success, "Exercise completed! +10 XP, +5 coins")
        #expect(toast.rendered(plain: false) == "✅ Exercise completed! +10 XP, +5 coins")
        #expect(toast.rendered(plain: true) == "OK: Exercise completed! +10 XP, +5 coins")
        let listing = Toast(.info, "Habits", details: ["Exercise", "Smoking"])
        #expect(listing.rendered(plain: false) == "ℹ️ Habits\n  Exercise\n  Smoking")
    }

    @Test func errorsRenderAsToastsWithTheirSymbol() {
        let error = HabitatError(.unknownHabit, "No habit 'x'.", symbol: .question)
        #expect(error.toast == Toast(.question, "No habit 'x'."))
        #expect(HabitatError(.invalidArgument, "Oops.").toast.symbol == .error)
    }
}
