import Foundation
import HabitatCommands
import HabitatEngine
import Testing

@testable import HabitatApp

@Suite("today")
struct TodayViewTests {
    let state = Sample.state(habits: [Sample.wakeUp], areas: [])

    func wokeUp(at minutes: Int?) -> LedgerEntry {
        LedgerEntry(at: Sample.now, day: Sample.today, kind: .completion, habitID: 3, subject: "Wake up", timeOfDay: minutes)
    }

    @Test func aTimedHabitNotYetDoneShowsDashes() {
        #expect(Views.today(state, recordings: [], days: [:], today: Sample.today).toasts[0].details == ["No area 0/1", "  · Wake up --:-- · streak 0 (best 0) · 0%"])
    }

    @Test func aTimedHabitDoneShowsItsTime() {
        let reply = Views.today(state, recordings: [wokeUp(at: 405)], days: [3: [Sample.today: 1]], today: Sample.today)
        #expect(reply.toasts[0].details == ["No area 1/1", "  ✓ Wake up 6:45 AM · streak 1 (best 1) · 5%"])
    }

    @Test func aTimedHabitDoneWithoutATimeShowsAsDoneWithoutDashes() {
        let reply = Views.today(state, recordings: [wokeUp(at: nil)], days: [3: [Sample.today: 1]], today: Sample.today)
        #expect(reply.toasts[0].details == ["No area 1/1", "  ✓ Wake up · streak 1 (best 1) · 5%"])
        #expect(elements(elements(reply.data?["groups"]).first?["habits"]).first?["time"] == .null)
    }
}
