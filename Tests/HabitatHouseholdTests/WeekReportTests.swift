import Foundation
import HabitatEngine
import HabitatHousehold
import Testing

/// The week's report: leaderboard, fair shares, the chores kept up longest, and the one left undone most.
@Suite struct WeekReportTests {
    // Thursday 26 November 2026; the week began on Monday the 23rd.
    static let today = Day(iso: "2026-11-26")!
    static let room = Room(id: 1, name: "Flat")
    static let household = Household(
        room: room,
        members: [
            Member(accountID: 1, name: "ann", fileID: "a", isOwner: true),
            Member(accountID: 2, name: "bo", fileID: "b", isOwner: false),
        ])
    static let dishes = SharedHabit(id: 10, roomID: 1, name: "Dishes", kind: .good, xp: 10, coins: 5, life: 0, rotates: true)
    static let bins = SharedHabit(id: 11, roomID: 1, name: "Bins", kind: .good, xp: 20, coins: 5, life: 0, schedule: .weekdays([0, 3]))

    static func entry(_ habit: SharedHabit, by accountID: Int64, on day: Day) -> RoomLogEntry {
        RoomLogEntry(
            habitID: habit.id, habit: habit.name, kind: .good, accountID: accountID, member: accountID == 1 ? "ann" : "bo",
            at: Date(timeIntervalSince1970: TimeInterval(day.ordinal * 86_400 + 43_200)), day: day, quantity: 1, xp: habit.xp, health: 0, ref: "r\(day.ordinal)-\(habit.id)")
    }

    @Test func aWeekOfChores() {
        // Dishes every day since last Friday (the 20th) but Tuesday; Bins on Monday, not today (Thursday) yet.
        var log: [RoomLogEntry] = []
        for offset in [6, 5, 4, 3, 1, 0] { log.append(Self.entry(Self.dishes, by: offset % 2 == 0 ? 1 : 2, on: Self.today - offset)) }
        log.append(Self.entry(Self.bins, by: 2, on: Self.today - 3))
        let report = Self.household.report([Self.dishes, Self.bins], log: log, through: Self.today, names: [1: "ann", 2: "bo"])
        #expect(report.weekOf == Self.today - 3)
        // This week: Dishes on Monday (bo), Wednesday (bo) and today (ann); Bins on Monday (bo).
        #expect(report.leaderboard.map(\.name) == ["bo", "ann"])
        #expect(report.leaderboard.map(\.xp) == [40, 10])
        #expect(report.fairness.shares.map(\.percent) == [80, 20])
        // Dishes: Wed and Thu in a row (Tuesday missed); Bins: Monday, its last due day.
        #expect(report.streaks.map(\.chore) == ["Dishes", "Bins"])
        #expect(report.streaks.map(\.streak) == [2, 1])
        #expect(report.leftUndone?.chore == "Dishes")
        #expect(report.leftUndone?.days == 1)
    }

    @Test func aWeekWithEveryChoreDone() {
        let log = [Self.entry(Self.bins, by: 1, on: Self.today - 3)]
        let report = Self.household.report([Self.bins], log: log, through: Self.today, names: [1: "ann", 2: "bo"])
        #expect(report.leftUndone == nil)
        // Every member is on the leaderboard, with what they did.
        #expect(report.leaderboard.map(\.name) == ["ann", "bo"])
        #expect(report.leaderboard.map(\.xp) == [20, 0])
    }
}
