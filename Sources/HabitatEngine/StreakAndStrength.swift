import Foundation

/// How well a habit has been kept to its schedule, from the days it was recorded: whether it is due today, its streak
/// and best streak in the schedule's unit, and its strength.
///
/// - A day schedule (every day, on some weekdays, every N days) counts due days done in a row: days not due neither
///   extend nor break it; today, due and not done yet, breaks nothing until it is over. Every N days: each time it
///   is done at most N days after the time before.
/// - A quota counts its weeks or months met in a row. The period under way extends it once met and breaks nothing
///   before it ends; so does the first period, which began with the habit partway through.
/// - Paused days are as days not due: they break no streak and lower no strength (done anyway, they count), and a
///   period holding one breaks nothing when it falls short.
/// - A bad habit's streak is its clean days since the last slip (or since it was added).
/// - A habit counted in an amount keeps a day when the day's amount reaches its target (on a quota, such a day counts
///   once: `3 km, 3 times a week` is three days of 3 km); a bad habit with a limit
///   slips on a day only when the day's amount goes beyond it.
///
/// **Strength** (0 to 100) is Loop Habit Tracker's habit score adapted to schedules: each day from the day the habit
/// was added, `strength = strength × m + value × (1 − m)` with `m = 0.5^(√frequency / 13)`, so a daily habit's
/// strength halves in 13 days of misses and one miss after months of keeping it costs about 5 points. The value of
/// a day is 1 for a day kept and 0 for a day missed; days not due (on some weekdays) and paused days are skipped.
/// For every N days and quotas, whose days are not fixed, the value is the share of the schedule met over the last
/// two periods (`min(1, done / 2N)`, with frequency `times / days`: 1/N, n/7, n/30), as Loop smooths them. Today
/// counts once it is decided: when done (a good habit) or slipped (a bad one); until then the strength is
/// yesterday's.
public struct StreakAndStrength: Sendable, Equatable {
    /// What a streak counts: due days, weeks met, or months met.
    public enum Unit: String, Sendable {
        case days, weeks, months
    }

    /// Whether the habit is due today (a bad habit never is).
    public var due: Bool
    public var streak: Int
    public var best: Int
    public var unit: Unit
    /// 0 to 100.
    public var strength: Int
    /// For a quota: its count in the period holding today, today's included.
    public var inPeriod: Int?

    public init(due: Bool, streak: Int, best: Int, unit: Unit, strength: Int, inPeriod: Int? = nil) {
        self.due = due
        self.streak = streak
        self.best = best
        self.unit = unit
        self.strength = strength
        self.inPeriod = inPeriod
    }

    /// `habit`'s keeping as of `today`, from `days`: how many times it was recorded on each day (undone recordings
    /// left out). Weeks start on `weekStart` (0 = Monday); `paused` holds the days it was paused.
    public init(_ habit: Habit, days: [Day: Quantity], today: Day, weekStart: Int = 0, paused: [ClosedRange<Day>] = []) {
        let start = min(habit.created, days.keys.min() ?? habit.created, today)
        // A day counts when its amount reaches the target; a bad habit's, when it goes beyond the limit.
        let counting = Counting(habit, days: days, start: start, today: today, paused: paused)
        guard habit.kind == .good else {
            self = Self.clean(habit, counting)
            return
        }
        switch habit.schedule {
        case .daily, .weekdays:
            self = Self.onDays(habit.schedule, counting)
        case .interval(let every):
            self = Self.every(every, counting)
        case .quota(let times, let period):
            self = Self.quota(times, period, weekStart: weekStart, counting)
        }
    }

    /// The days a habit was recorded, from the day it began to today, with the days it was paused.
    struct Counting {
        let days: [Day: Quantity]
        let start: Day
        let today: Day
        let paused: [ClosedRange<Day>]
        /// The amount that makes a day count (1 unless the habit is counted in an amount).
        var threshold: Quantity = 1
        /// Whether a day counts once toward a quota, when its amount reaches the target (a good habit counted in an
        /// amount: `3 km, 3 times a week`), rather than each time it was recorded.
        var oncePerDay = false

        /// `habit`'s days, counted as its terms say.
        init(_ habit: Habit, days: [Day: Quantity], start: Day, today: Day, paused: [ClosedRange<Day>]) {
            self.init(days: days, start: start, today: today, paused: paused, threshold: StreakAndStrength.threshold(of: habit))
            oncePerDay = habit.kind == .good && habit.amount != nil
        }

        init(days: [Day: Quantity], start: Day, today: Day, paused: [ClosedRange<Day>], threshold: Quantity = 1) {
            (self.days, self.start, self.today, self.paused, self.threshold) = (days, start, today, paused, threshold)
        }

        func count(_ day: Day) -> Quantity { days[day] ?? 0 }
        func kept(_ day: Day) -> Bool { count(day) >= threshold }
        /// What a day adds to a quota's count: each time it was recorded, or once when kept (``oncePerDay``).
        func times(_ day: Day) -> Int { oncePerDay ? (kept(day) ? 1 : 0) : count(day).wholeOnesStarted }
        /// What the days of `range` up to today add to a quota's count.
        func times(in range: ClosedRange<Day>) -> Int { span(range).reduce(0) { $0 + times($1) } }
        func isPaused(_ day: Day) -> Bool { paused.contains { $0.contains(day) } }
        /// Each day from the start through today, in order.
        var each: [Day] { span(start...today) }
        /// The days of `range` up to today, in order.
        func span(_ range: ClosedRange<Day>) -> [Day] {
            range.lowerBound > today ? [] : (0...(min(range.upperBound, today) - range.lowerBound)).map { range.lowerBound + $0 }
        }
        /// The last day strength counts: today once it is decided (`decided`), else yesterday.
        func lastCounted(decided: Bool) -> Day { decided ? today : today - 1 }
        /// The days from after `from` through `to` that were not paused.
        func unpaused(after from: Day, through to: Day) -> Int {
            to <= from ? 0 : (1...(to - from)).filter { !isPaused(from + $0) }.count
        }
    }

    /// Loop's habit score over the days from the start through `last`: each day not `skipped` moves it toward that
    /// day's value (`value`, fed the days in order), by `m = 0.5^(√frequency / 13)`.
    static func strength(
        frequency: Double, _ counting: Counting, through last: Day, skipped: (Day) -> Bool = { _ in false },
        value: (Day) -> Double
    ) -> Int {
        let multiplier = pow(0.5, frequency.squareRoot() / 13)
        var score = 0.0
        var day = counting.start
        while day <= last {
            let value = value(day)
            if !skipped(day) && (!counting.isPaused(day) || value == 1) { score = score * multiplier + value * (1 - multiplier) }
            day = day + 1
        }
        return Int((score * 100).rounded())
    }

    /// The share of `needed` done over the `window` days ending each day, fed the days in order.
    struct Rolling {
        let window: Int
        let needed: Int
        let counting: Counting
        /// Whether a day counts once however many times it was done (every N days), or each time (a quota).
        var once = false
        var sum = 0

        func count(_ day: Day) -> Int { once ? (counting.kept(day) ? 1 : 0) : counting.times(day) }

        mutating func value(_ day: Day) -> Double {
            sum += count(day) - count(day - window)
            return min(1, Double(sum) / Double(needed))
        }
    }

    /// Every day, or on some weekdays: due days done in a row.
    static func onDays(_ schedule: Schedule, _ counting: Counting) -> StreakAndStrength {
        let isDue = { (day: Day) in schedule.isDue(on: day, lastDone: nil) && !counting.isPaused(day) }
        var run = 0
        var best = 0
        // A due day paused and done anyway counts.
        for day in counting.each where schedule.isDue(on: day, lastDone: nil) && (!counting.isPaused(day) || counting.kept(day)) {
            if counting.kept(day) {
                run += 1
                best = max(best, run)
            } else if day < counting.today {
                run = 0
            }
        }
        let strength = Self.strength(
            frequency: 1, counting, through: counting.lastCounted(decided: counting.kept(counting.today)),
            skipped: { !schedule.isDue(on: $0, lastDone: nil) }, value: { counting.kept($0) ? 1 : 0 })
        return StreakAndStrength(due: isDue(counting.today), streak: run, best: best, unit: .days, strength: strength)
    }

    /// Every N days: each time done at most N days (not counting paused ones) after the time before, in a row.
    static func every(_ every: Int, _ counting: Counting) -> StreakAndStrength {
        var run = 0
        var best = 0
        var last: Day?
        var lastBeforeToday: Day?
        for day in counting.each where counting.kept(day) {
            if let last, counting.unpaused(after: last, through: day) > every { run = 0 }
            run += 1
            best = max(best, run)
            if day < counting.today { lastBeforeToday = day }
            last = day
        }
        if let last, counting.unpaused(after: last, through: counting.today) > every { run = 0 }
        let due = !counting.isPaused(counting.today)
            && lastBeforeToday.map { counting.unpaused(after: $0, through: counting.today) >= every } ?? true
        var rolling = Rolling(window: 2 * every, needed: 2, counting: counting, once: true)
        let strength = Self.strength(
            frequency: 1 / Double(every), counting, through: counting.lastCounted(decided: counting.kept(counting.today)),
            value: { rolling.value($0) })
        return StreakAndStrength(due: due, streak: run, best: best, unit: .days, strength: strength)
    }

    /// N times a week or a month: periods met in a row.
    static func quota(_ times: Int, _ period: Schedule.Period, weekStart: Int, _ counting: Counting) -> StreakAndStrength {
        var run = 0
        var best = 0
        var inPeriod = 0
        var before = 0
        let first = Schedule.period(period, holding: counting.start, weekStart: weekStart)
        var days = first
        while days.lowerBound <= counting.today {
            let count = counting.times(in: days)
            let current = days.contains(counting.today)
            if count >= times {
                run += 1
                best = max(best, run)
            } else if !current && days != first && !counting.span(days).contains(where: counting.isPaused) {
                run = 0
            }
            if current {
                inPeriod = count
                before = count - counting.times(counting.today)
            }
            days = Schedule.period(period, holding: days.upperBound + 1, weekStart: weekStart)
        }
        let length = period == .week ? 7 : 30
        var rolling = Rolling(window: 2 * length, needed: 2 * times, counting: counting)
        let strength = Self.strength(
            frequency: Double(times) / Double(length), counting,
            through: counting.lastCounted(decided: counting.kept(counting.today)), value: { rolling.value($0) })
        let due = !counting.isPaused(counting.today) && Schedule.quota(times, period).isDue(on: counting.today, lastDone: nil, doneInPeriod: before)
        return StreakAndStrength(
            due: due, streak: run, best: best, unit: period == .week ? .weeks : .months, strength: strength, inPeriod: inPeriod)
    }

    /// A bad habit: clean days since the last slip (or since it was added), the longest clean run, and how many days
    /// have been clean, as strength.
    static func clean(_ habit: Habit, _ counting: Counting) -> StreakAndStrength {
        let slips = Set(counting.days.keys.filter { $0 <= counting.today && counting.kept($0) })
        let since = slips.max() ?? habit.created
        let streak = max(0, counting.today - since)
        let best = max(Streaks.bad(slips: slips, created: habit.created).best, streak)
        let strength = Self.strength(
            frequency: 1, counting, through: counting.lastCounted(decided: counting.kept(counting.today)),
            value: { counting.kept($0) ? 0 : 1 })
        return StreakAndStrength(due: false, streak: streak, best: best, unit: .days, strength: strength)
    }
}

extension GameState {
    /// `habit`'s keeping as of `today`, from `days` (how many times each habit was recorded on each day, by id), with
    /// the user's week start and the habit's pauses.
    public func keeping(_ habit: Habit, days: [Int64: [Day: Quantity]], today: Day) -> StreakAndStrength {
        StreakAndStrength(habit, days: habit.id.flatMap { days[$0] } ?? [:], today: today, weekStart: settings.weekStart, paused: pauses(of: habit))
    }
}
