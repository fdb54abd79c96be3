/// Streaks computed from the days a habit was recorded, for when entries arrive out of order.
public enum Streaks {
    /// A good habit: the run of consecutive days ending at the latest day, and the longest run.
    public static func good(days: Set<Day>) -> (streak: Int, best: Int, last: Day?) {
        let sorted = days.sorted()
        var best = 0
        var run = 0
        var previous: Day?
        for day in sorted {
            run = previous.map { day - $0 == 1 } == true ? run + 1 : 1
            best = max(best, run)
            previous = day
        }
        return (run, best, sorted.last)
    }

    /// A bad habit: the longest clean run that ended in a slip, counted from `created`.
    public static func bad(slips: Set<Day>, created: Day) -> (best: Int, last: Day?) {
        var best = 0
        var cleanSince = created
        for slip in slips.sorted() where slip >= cleanSince {
            best = max(best, slip - cleanSince)
            cleanSince = slip
        }
        return (best, slips.max())
    }
}
