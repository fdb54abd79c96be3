import Foundation

/// A reminder at a time of day on the user's clock: of one habit, on the days it is due and only while it is not done,
/// or (`habit` is `nil`) the day's digest of what is due.
public struct Reminder: Sendable, Equatable {
    public var id: Int64
    /// The habit's name, or `nil` for the digest.
    public var habit: String?
    /// Minutes after midnight on the user's clock.
    public var minute: Int

    public init(id: Int64, habit: String?, minute: Int) {
        self.id = id
        self.habit = habit
        self.minute = minute
    }

    /// How a reminder is named in lists and errors: `Floss at 21:00`, `your digest at 8:00`.
    public var words: String {
        (habit ?? "your digest") + " at " + GameState.clock(minute)
    }

    /// The most reminders one user keeps.
    public static let maxPerUser = 20

    /// How far back a reminder looks in the ledger to tell what is due today: past the longest schedule (every 365
    /// days) with room for pauses.
    public static let lookBack = 800

    /// A snooze lasts from 1 minute to 12 hours; `later` alone is 30 minutes.
    public static let snoozeRange = 1...(12 * 60)
    public static let defaultSnooze = 30
}

extension Settings {
    /// The first instant after `date` at which the user's clock shows `minute` (0–1439). A time a change of clocks
    /// skips comes at the first instant after the skip (2:30 on the night clocks go from 2:00 to 3:00 comes at 3:00);
    /// a time it repeats comes once, the first time.
    public func next(_ minute: Int, after date: Date) -> Date {
        var day = calendarDay(of: date)
        while true {
            if let instant = instant(of: minute, on: day), instant > date { return instant }
            day = day + 1
        }
    }

    /// When the user's clock shows `minute` on calendar day `day` (the first time, if the clocks repeat it; just
    /// after the skip, if they skip it); `nil` only if the day has no such minute or later.
    func instant(of minute: Int, on day: Day) -> Date? {
        let local = TimeInterval(day.ordinal * 86_400 + minute * 60)
        let zone = TimeZone(identifier: timeZone) ?? .gmt
        // The offsets half a day either side: a change of clocks is between them, or there is none.
        let offsets = Set([-43_200.0, 43_200].map { TimeInterval(zone.secondsFromGMT(for: Date(timeIntervalSince1970: local + $0))) })
        let shown = offsets.map { Date(timeIntervalSince1970: local - $0) }.filter { minuteOfDay($0) == minute && calendarDay(of: $0) == day }
        if let first = shown.min() { return first }
        // Skipped: the first whole minute after the skip.
        var instant = Date(timeIntervalSince1970: local - (offsets.max() ?? 0))
        for _ in 0..<(4 * 60) {
            if calendarDay(of: instant) == day, minuteOfDay(instant) > minute { return instant }
            instant += 60
        }
        return nil
    }

    /// Whether `date` is when the user's clock shows `minute` (as ``next(_:after:)`` finds it): not after a change of
    /// their time zone.
    public func isTime(of minute: Int, at date: Date) -> Bool {
        instant(of: minute, on: calendarDay(of: date)).map { abs($0.timeIntervalSince(date)) < 1 } ?? false
    }

    /// Whether something meant for `due` still makes sense at `now`: it is still the same day of the user's (their
    /// time zone and day start). A 21:00 reminder at 23:30 does; at 09:00 the next morning it doesn't.
    public func stillSameDay(_ due: Date, at now: Date) -> Bool {
        day(of: due) == day(of: now)
    }
}

extension StreakAndStrength {
    /// How much of `habit` a day takes to count: once, its target (a good habit), or beyond its limit (a bad one).
    public static func threshold(of habit: Habit) -> Quantity {
        habit.amount.map { habit.kind == .good ? $0.count : $0.count + Quantity(thousandths: 1) } ?? 1
    }
}

extension GameState {
    /// The good habits due on `today` and not yet done (for one counted in an amount: its target not yet reached), in
    /// the order of the habit list. A paused habit is not due.
    public func stillToDo(days: [Int64: [Day: Quantity]], today: Day) -> [Habit] {
        activeHabits.filter { habit in
            guard habit.kind == .good, keeping(habit, days: days, today: today).due else { return false }
            return (habit.id.flatMap { days[$0]?[today] } ?? 0) < StreakAndStrength.threshold(of: habit)
        }
    }

}
