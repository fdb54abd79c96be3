import Foundation

/// Dailies that bite (opt-in, Habitica's rule): a good habit with a bite (`5 life if missed`) costs that life at the
/// end of each of the user's days on which it was due, not done and not paused; one done N times a week or month
/// costs it at the end of its period for each time short. The bites are applied by the server, day by day, exactly
/// once: ``GameState/endedThrough`` is the last day ended, kept in the same transaction as the bites.
extension GameState {
    /// Ends each day after ``endedThrough`` through `last` (usually yesterday): the bites of each, in order, as
    /// ledger entries of kind `missed`. `days` holds how many times each habit was recorded on each day, by id
    /// (``StreakAndStrength``). Nothing bites on a day before a habit's bite began (``Habit/biteSince``), while paused, or
    /// once the game is over (nothing is left to lose).
    mutating func endDays(through last: Day, days: [Int64: [Day: Quantity]], at now: Date) -> Outcome {
        let biting = activeHabits.filter { $0.kind == .good && $0.bite > 0 }
        let first = endedThrough.map { $0 + 1 } ?? biting.compactMap(\.biteSince).min() ?? last + 1
        guard first <= last else {
            if endedThrough.map({ $0 < last }) ?? true { endedThrough = last }
            return Outcome(toasts: [])
        }
        let today = settings.day(of: now)
        var entries: [LedgerEntry] = []
        var toasts: [Toast] = []
        var day = first
        while day <= last {
            for habit in biting {
                guard profile.state == .active, let since = habit.biteSince, day >= since,
                    let short = missed(habit, on: day, since: since, days: days)
                else { continue }
                let before = snapshot(habit: habit)
                let lost = min(habit.bite * short, profile.health)
                profile.health -= lost
                entries.append(
                    LedgerEntry(
                        at: now, day: day, kind: .missed, habitID: habit.id, subject: habit.name, quantity: Quantity(short), health: -lost,
                        before: before))
                if let period = habit.schedule.period {
                    let times = "\(short) time\(short == 1 ? "" : "s") short"
                    toasts.append(Toast(.warning, "Missed the \(period.rawValue) to \(day.label): \(habit.name) \(times), \(Self.lifeCost(lost))"))
                } else {
                    toasts.append(Toast(.warning, "Missed \(day == today - 1 ? "yesterday" : day.label): \(habit.name) \(Self.lifeCost(lost))"))
                }
                if profile.health <= 0 {
                    profile.health = 0
                    profile.state = .gameOver
                    toasts.append(Toast(.gameOver, "Game over! Run \(Self.km(settings.runningTargetKm)) to recover — type 'start challenge'"))
                }
            }
            day = day + 1
        }
        endedThrough = last
        return Outcome(toasts: toasts, entry: entries.first, batch: Array(entries.dropFirst()))
    }

    /// How many times `habit` fell short on `day`, if it bites then: a habit done on days, once when the day was due
    /// and not kept; a quota, at its period's last day, once for each time short (a period begun before its bite, or
    /// holding a paused day, doesn't bite).
    func missed(_ habit: Habit, on day: Day, since: Day, days: [Int64: [Day: Quantity]]) -> Int? {
        let paused = pauses(of: habit)
        guard !paused.contains(where: { $0.contains(day) }) else { return nil }
        let recorded = habit.id.flatMap { days[$0] } ?? [:]
        if case .quota(let times, let period) = habit.schedule {
            let span = Schedule.period(period, holding: day, weekStart: settings.weekStart)
            guard day == span.upperBound, span.lowerBound >= since else { return nil }
            guard !paused.contains(where: { $0.overlaps(span) }) else { return nil }
            let count = StreakAndStrength.Counting(habit, days: recorded, start: span.lowerBound, today: day, paused: paused).times(in: span)
            return count < times ? times - count : nil
        }
        let keeping = StreakAndStrength(habit, days: recorded, today: day, weekStart: settings.weekStart, paused: paused)
        let threshold = habit.amount?.count ?? 1
        return keeping.due && (recorded[day] ?? 0) < threshold ? 1 : nil
    }

    /// The life a completion on a day that bit gives back: what that day's bite took and nothing has given back yet
    /// (`bitten`, which storage fills in), once the completion keeps the day.
    mutating func giveBack(_ bitten: Int?, for habit: Habit, keeps: Bool, entry: inout LedgerEntry) -> [Toast] {
        guard let bitten, bitten > 0, keeps, profile.state == .active else { return [] }
        let back = min(bitten, profile.maxHealth - profile.health)
        guard back > 0 else { return [] }
        profile.health += back
        entry.health += back
        return [Toast(.info, "\(habit.name) on \(entry.day.label) counts after all: +\(back) life back.")]
    }

    /// When the next day to end, ends: the instant the server should end it (``endDays(through:days:at:)``), or `nil`
    /// when no habit bites.
    public func nextDayEnd() -> Date? {
        let biting = activeHabits.filter { $0.kind == .good && $0.bite > 0 }
        guard let first = endedThrough.map({ $0 + 1 }) ?? biting.compactMap(\.biteSince).min() else { return nil }
        return settings.start(of: first + 1)
    }

    /// A bite is a good habit's, from 0 (none) to 10000 life.
    static func checkBite(_ bite: Int?, of name: String, kind: HabitKind) throws {
        guard let bite else { return }
        guard kind == .good else {
            throw HabitatError(.invalidArgument, "\(name) is a bad habit: it costs life when it's recorded, so it has nothing to miss.")
        }
        guard (0...10_000).contains(bite) else { throw HabitatError(.invalidArgument, "Life if missed must be between 0 and 10000.") }
    }

    /// Refuses `undo` past a day's end: a bite is the server's, not the player's, to take back.
    static func refuseUndoOfBite(_ entry: LedgerEntry) throws {
        guard entry.kind == .missed else { return }
        throw HabitatError(
            .invalidArgument,
            "The last thing in your history is a missed day (\(entry.subject) on \(entry.day.label), \(lifeCost(-entry.health))), and a day's end can't be undone. Record it for that day ('did \(entry.subject.lowercased()) on \(entry.day)') to get the life back.")
    }
}

extension Schedule {
    /// Whether it is N times a week or month.
    public var isQuota: Bool { period != nil }

    /// A quota's period, or `nil`.
    public var period: Period? {
        if case .quota(_, let period) = self { return period }
        return nil
    }
}
