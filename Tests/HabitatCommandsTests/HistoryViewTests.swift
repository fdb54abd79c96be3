import Foundation
import HabitatCommands
import HabitatEngine
import Testing

@testable import HabitatApp

@Suite("history")
struct HistoryViewTests {
    func entry(
        _ kind: LedgerEntry.Kind, _ subject: String, habitID: Int64? = nil, quantity: Quantity = 1, xp: Int = 0, coins: Int = 0,
        health: Int = 0, roomToken: String? = nil
    ) -> LedgerEntry {
        LedgerEntry(
            at: Sample.now, day: Sample.today, kind: kind, habitID: habitID, subject: subject, quantity: quantity, xp: xp,
            coins: coins, health: health, roomToken: roomToken)
    }

    @Test func aRenamedHabitsEntriesGoByItsNameNow() {
        var workout = Sample.exercise
        workout.name = "Workout"
        let state = Sample.state(habits: [workout, Sample.smoking])
        let reply = Views.history([entry(.completion, "Exercise", habitID: 1, xp: 15, coins: 3)], habit: "Workout", in: state)
        #expect(reply.toasts[0].details == ["2026-11-20  + Workout (+15 XP, +3 coins)"])
        #expect(elements(reply.data?["entries"]).first?["subject"] == "Workout")
    }

    @Test func aDeletedHabitKeepsTheNameItHad() {
        let state = Sample.state(habits: [Sample.smoking])
        let reply = Views.history([entry(.completion, "Exercise", habitID: 1, xp: 15, coins: 3)], habit: nil, in: state)
        #expect(reply.toasts[0].details == ["2026-11-20  + Exercise (+15 XP, +3 coins)"])
        #expect(elements(reply.data?["entries"]).first?["subject"] == "Exercise")
    }

    @Test func aRoomsSharedHabitIsNeverNamedAfterAPersonalOne() {
        let shared = entry(.completion, "Dishes", habitID: 1, xp: 10, coins: 5, roomToken: "t1")
        let reply = Views.history([shared], habit: nil, in: Sample.state())
        #expect(reply.toasts[0].details == ["2026-11-20  + Dishes (+10 XP, +5 coins)"])
        #expect(elements(reply.data?["entries"]).first?["subject"] == "Dishes")
    }

    @Test func runsAreWrittenToTheHundredthOfAKilometre() {
        let entries = [10, 2999, 3219, 3000].map { entry(.run, "Running challenge", quantity: $0) }
        #expect(Views.history(entries, habit: nil, in: Sample.state()).toasts[0].details == [
            "2026-11-20  > ran 0.01 km", "2026-11-20  > ran 3 km", "2026-11-20  > ran 3.22 km", "2026-11-20  > ran 3 km",
        ])
    }

    @Test func aPotionShowsTheHealthItGave() {
        let entries = [
            entry(.purchase, "Health Potion", coins: -25, health: 300), entry(.purchase, "Health Potion", quantity: 2, coins: -50, health: 450),
            entry(.purchase, "Movie night", coins: -100),
        ]
        #expect(Views.history(entries, habit: nil, in: Sample.state()).toasts[0].details == [
            "2026-11-20  $ Health Potion (-25 coins, +300 health)", "2026-11-20  $ Health Potion ×2 (-50 coins, +450 health)",
            "2026-11-20  $ Movie night (-100 coins)",
        ])
    }
}
