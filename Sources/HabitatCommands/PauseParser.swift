import HabitatEngine

/// `pause 7 days`, `pause for 2 weeks`, `pause until 2026-12-24`, `pause floss 3 days`, `pause floss until tomorrow`,
/// `pause today`: a habit's name (or none, for all) and how long.
public enum PauseParser {
    public static let usage = "pause [habit] <N days | N weeks | until YYYY-MM-DD>"

    public static func parse(_ rest: [Token]) throws -> (habit: String?, length: PauseLength) {
        let words = rest.map(\.lower)
        guard let (length, taken) = try length(of: words) else {
            let name = rest.isEmpty ? nil : rest.phrase
            let example = name.map { "'pause \($0.lowercased()) 3 days' or 'pause \($0.lowercased()) until 2026-12-24'" }
                ?? "'pause 7 days', 'pause until 2026-12-24' or 'pause floss 3 days'"
            throw HabitatError(.invalidArgument, "For how long? Say \(example).")
        }
        let name = rest.dropLast(taken)
        return (name.isEmpty ? nil : name.phrase, length)
    }

    /// How long the line's last words say, and how many words that took.
    static func length(of words: [String]) throws -> (PauseLength, Int)? {
        // until 2026-12-24, till tomorrow, through 2026-12-24
        if words.count >= 2, ["until", "till", "til", "through", "thru"].contains(words[words.count - 2]) {
            let last = words[words.count - 1]
            if let day = Day(iso: last) { return (.through(day), 2) }
            if last == "tomorrow" { return (.days(2), 2) }
            if last == "today" || last == "tonight" { return (.days(1), 2) }
            throw HabitatError(.invalidArgument, "I couldn't read the day '\(last)'. Say a date like 2026-12-24, or a length: 'pause 7 days'.")
        }
        // today, for today
        if words.last == "today" { return (.days(1), words.dropLast().last == "for" ? 2 : 1) }
        // 7 days, a week, for 2 weeks, for three days
        guard words.count >= 2, let unit = ["day": 1, "days": 1, "week": 7, "weeks": 7][words[words.count - 1]],
            let count = Schedule.count(words[words.count - 2]) ?? (["a", "an"].contains(words[words.count - 2]) ? 1 : nil)
        else { return nil }
        let taken = words.count >= 3 && words[words.count - 3] == "for" ? 3 : 2
        return (.days(count * unit), taken)
    }
}
