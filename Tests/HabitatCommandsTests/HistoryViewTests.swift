import Foundation
import HabitatCommands
import HabitatEngine
import Testing

@Suite("history")
struct HistoryViewTests {
    func entry(
        _ kind: LedgerEntry.Kind, _ subject: String, habitID: Int64? = nil, quantity: Int = 1, xp: Int = 0, coins: Int = 0,
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

}
