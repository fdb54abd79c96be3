import HabitatEngine

/// A room's week in one post (`room report`): the leaderboard, each member's fair share, the chores kept up longest,
/// and the chore most often left undone.
public struct WeekReport: Sendable {
    /// The Monday the week began.
    public var weekOf: Day
    public var leaderboard: [(name: String, xp: Int)]
    public var fairness: Fairness
    /// Chores whose streak (due days done in a row, or weeks met) is running, longest first.
    public var streaks: [(chore: String, streak: Int, unit: StreakAndStrength.Unit)]
    /// The chore left undone on the most days it was due this week (before today), and on how many; `nil` when every
    /// chore was done each day it was due.
    public var leftUndone: (chore: String, days: Int)?
}

extension Household {
    /// The week through `today` from the room's `log` (this week's entries and some weeks before, for streaks).
    public func report(_ habits: [SharedHabit], log: [RoomLogEntry], through today: Day, names: [Int64: String]) -> WeekReport {
        let start = Household.weekStart(today)
        let week = Household.week(log, through: today)
        let chores = habits.filter { $0.kind == .good }
        var streaks: [(chore: String, streak: Int, unit: StreakAndStrength.Unit)] = []
        var undone: [(chore: String, days: Int)] = []
        for chore in chores {
            let entries = log.filter { $0.habitID == chore.id && $0.day <= today }
            let days = Dictionary(grouping: entries, by: \.day).mapValues { Quantity($0.reduce(0) { $0 + $1.quantity }) }
            // A chore's streak is counted as a habit's is (``StreakAndStrength``), from the first day the log knows it.
            let habit = Habit(id: chore.id, name: chore.name, kind: .good, created: days.keys.min() ?? today, schedule: chore.schedule)
            let keeping = StreakAndStrength(habit, days: days, today: today)
            if keeping.streak > 0 { streaks.append((chore.name, keeping.streak, keeping.unit)) }
            var missed = 0
            var day = max(start, habit.created)
            while day < today {
                if days[day] == nil, Household.isDue(chore, today: day, week: week) { missed += 1 }
                day = day + 1
            }
            if missed > 0 { undone.append((chore.name, missed)) }
        }
        streaks.sort { ($0.streak, $1.chore) > ($1.streak, $0.chore) }
        let most = undone.max { ($0.days, $1.chore) < ($1.days, $0.chore) }
        return WeekReport(
            weekOf: start, leaderboard: leaderboard(week, names: names), fairness: fairness(of: habits, in: week), streaks: streaks,
            leftUndone: most)
    }
}
