import Foundation
import HabitatCommands
import HabitatEngine
import Testing

@Suite("today")
struct TodayViewTests {
    let state = Sample.state(habits: [Sample.wakeUp], areas: [])

    func wokeUp(at minutes: Int?) -> LedgerEntry {
        LedgerEntry(at: Sample.now, day: Sample.today, kind: .completion, habitID: 3, subject: "Wake up", timeOfDay: minutes)
    }

    @Test func aTimedHabitNotYetDoneShowsDashes() {
        #expect(Views.today(state, recordings: [], today: Sample.today).toasts[0].details == ["No area 0/1", "  · Wake up --:--"])
    }

    @Test func aTimedHabitDoneShowsItsTime() {
        let reply = Views.today(state, recordings: [wokeUp(at: 405)], today: Sample.today)
        #expect(reply.toasts[0].details == ["No area 1/1", "  ✓ Wake up 6:45 AM"])
    }

    @Test func aTimedHabitDoneWithoutATimeShowsAsDoneWithoutDashes() {
        let reply = Views.today(state, recordings: [wokeUp(at: nil)], today: Sample.today)
        #expect(reply.toasts[0].details == ["No area 1/1", "  ✓ Wake up"])
        #expect(elements(elements(reply.data?["groups"]).first?["habits"]).first?["time"] == .null)
    }
}
