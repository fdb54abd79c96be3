import Foundation

/// Something to do once (`add todo Call the dentist by friday`): done once, it earns XP and coins, and it is worth more
/// the longer it waits. A to-do never costs life.
public struct Todo: Sendable, Equatable, Codable, Identifiable {
    /// What a to-do is worth the day it is added.
    public static let baseXP = 10
    public static let baseCoins = 5
    /// Weeks of waiting that add to its worth: after ten it is worth twice as much, and no more.
    public static let weeksThatCount = 10

    /// Assigned by storage when first saved.
    public var id: Int64?
    public var name: String
    /// The user's day it was added.
    public var created: Day
    /// The user's day it is due by, if one was said.
    public var due: Day?
    /// When it was done; `nil` while it is open.
    public var done: Date?
    /// The user's day it was done.
    public var doneDay: Day?
    /// Its steps (`Move house: pack books, book the van`), ticked one by one.
    public var checklist: [ChecklistItem]

    public init(
        id: Int64? = nil, name: String, created: Day, due: Day? = nil, done: Date? = nil, doneDay: Day? = nil, checklist: [ChecklistItem] = []
    ) {
        self.checklist = checklist
        self.id = id
        self.name = name
        self.created = created
        self.due = due
        self.done = done
        self.doneDay = doneDay
    }

    public var isOpen: Bool { done == nil }

    /// What finishing it on `day` earns: 10 XP and 5 coins, and for each full week it waited (up to ten) 1 XP more
    /// and half a coin more (whole coins: 5, 5, 6, 6, … 10).
    public func value(on day: Day) -> (xp: Int, coins: Int) {
        let weeks = min(max(0, (day - created) / 7), Self.weeksThatCount)
        return (Self.baseXP + weeks * Self.baseXP / Self.weeksThatCount, Self.baseCoins + weeks * Self.baseCoins / Self.weeksThatCount)
    }

    /// What ticking one item of its checklist earns on `day`: its worth shared among its items and its completion
    /// (3 items: a quarter each, rounded down); finishing it earns the rest.
    public func itemShare(on day: Day) -> (xp: Int, coins: Int) {
        let (xp, coins) = value(on: day)
        return (xp / (checklist.count + 1), coins / (checklist.count + 1))
    }

    /// What finishing it on `day` earns now that `ticked` of its items earned their share.
    public func rest(on day: Day) -> (xp: Int, coins: Int) {
        let (xp, coins) = value(on: day)
        let share = itemShare(on: day)
        let ticked = checklist.filter(\.done).count
        return (xp - share.xp * ticked, coins - share.coins * ticked)
    }

    /// `2/3`: the items ticked of all.
    public var progress: String? {
        checklist.isEmpty ? nil : "\(checklist.filter(\.done).count)/\(checklist.count)"
    }

    /// Whether it is open and its day is gone.
    public func isOverdue(on today: Day) -> Bool {
        isOpen && due.map { $0 < today } == true
    }
}

/// One step of a to-do's checklist.
public struct ChecklistItem: Sendable, Equatable, Codable {
    public var name: String
    public var done: Bool

    public init(_ name: String, done: Bool = false) {
        self.name = name
        self.done = done
    }
}

/// A day as people name it: `friday`, `tomorrow`, `the 3rd`, `2026-12-24`; made a ``Day`` against the user's today.
public enum DayWords: Sendable, Equatable {
    case on(Day)
    /// Days after today (today is 0).
    case inDays(Int)
    /// The coming weekday, today included (0 = Monday).
    case weekday(Int)
    /// The weekday after today (`next friday` said on a Friday is a week away).
    case nextWeekday(Int)
    /// The coming day of a month with that number, today included (`the 3rd`).
    case dayOfMonth(Int)
    /// The coming day of that month and number, today included (`dec 24`).
    case monthDay(Int, Int)

    public func day(from today: Day) -> Day {
        switch self {
        case .on(let day): return day
        case .inDays(let count): return today + count
        case .weekday(let weekday): return today + (weekday - today.weekday + 7) % 7
        case .nextWeekday(let weekday): return today + ((weekday - today.weekday + 6) % 7 + 1)
        case .dayOfMonth(let number):
            var (year, month, date) = today.civil
            if number < date { (year, month) = month == 12 ? (year + 1, 1) : (year, month + 1) }
            // A month too short for it: its last day.
            return Day(ordinal: Day.daysFromCivil(year: year, month: month, day: min(number, Day.daysIn(month: month, year: year))))
        case .monthDay(let month, let number):
            let (year, _, _) = today.civil
            func on(_ year: Int) -> Day {
                Day(ordinal: Day.daysFromCivil(year: year, month: month, day: min(number, Day.daysIn(month: month, year: year))))
            }
            return on(year) >= today ? on(year) : on(year + 1)
        }
    }
}
