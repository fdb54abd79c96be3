import HabitatEngine

/// `remind me to floss at 21:00`, `remind me to stretch at 9pm every day`, `remind me at 8:00` (the digest);
/// `snooze`, `snooze 10 min`, `later`.
public enum ReminderParser {
    public static let usage = "remind me [to <habit>] at <time>"

    public static func parse(_ rest: [Token]) throws -> (habit: String?, minute: Int) {
        var words = rest
        // `every day`, `daily`, `each day`: a reminder is every day the habit is due anyway.
        for tail in [["every", "day"], ["each", "day"], ["daily"], ["every", "morning"], ["every", "evening"], ["every", "night"]] {
            if words.count > tail.count, Array(words.suffix(tail.count).map(\.lower)) == tail { words.removeLast(tail.count) }
        }
        guard let (minute, taken) = timeOfDay(endOf: words) else {
            if let at = words.lastIndex(where: { $0.lower == "at" }), at + 1 < words.count {
                throw HabitatError(.invalidArgument, "\(words[(at + 1)...].phrase) isn't a time: try 'at 21:00' or 'at 9pm'.")
            }
            let name = words.isEmpty ? nil : words.phrase.lowercased()
            let example = name.map { "'remind me to \($0) at 21:00'" } ?? "'remind me to floss at 21:00', or 'remind me at 8:00' for the day's digest"
            throw HabitatError(.invalidArgument, "At what time? Say \(example).")
        }
        words.removeLast(taken)
        if words.first?.lower == "to", words.count > 1 { words.removeFirst() }
        return (words.isEmpty ? nil : words.phrase, minute)
    }

    /// The time of day `words` end with (`at 21:00`, `at 9pm`; `at 7 in the morning`, `at 8 in the evening`, `at 10 at
    /// night`: the half of the day said in words): minutes after midnight, and how many words said it.
    static func timeOfDay(endOf words: [Token]) -> (minute: Int, taken: Int)? {
        for (tail, evening) in [(["in", "the", "morning"], false), (["in", "the", "evening"], true), (["in", "the", "afternoon"], true), (["at", "night"], true)]
        where words.count > tail.count + 1 && Array(words.suffix(tail.count).map(\.lower)) == tail {
            guard let (minute, taken) = RecordingParser.timeOfDay(Array(words.dropLast(tail.count))) else { return nil }
            return (evening && minute < 12 * 60 ? minute + 12 * 60 : minute, taken + tail.count)
        }
        return RecordingParser.timeOfDay(words)
    }

    /// `snooze`, `snooze 10 min`, `snooze for an hour`, `later`.
    public static func snooze(_ rest: [Token]) throws -> Int? {
        var words = rest
        if words.first?.lower == "for" { words.removeFirst() }
        guard !words.isEmpty else { return nil }
        if words.count == 2, ["a", "an"].contains(words[0].lower) { words[0] = Token("1") }
        guard let minutes = (try? TimerParser.parse([Token("snooze")] + words))?.minutes else {
            throw HabitatError.usage("snooze [N min]", "For how long? Say 'snooze 10 min' or 'snooze 1 hour'.")
        }
        guard Reminder.snoozeRange.contains(minutes) else {
            throw HabitatError(.invalidArgument, "A snooze is from 1 minute to 12 hours.")
        }
        return minutes
    }

    /// `room remind at 8:00`, `room remind every day at 8am`, `room remind off`.
    public static func roomRemind(_ rest: [Token]) throws -> PostSaid {
        if rest.map(\.lower) == ["off"] { return .off }
        var words = rest
        for tail in [["every", "day"], ["each", "day"], ["daily"], ["every", "morning"]] {
            if words.count > tail.count, Array(words.suffix(tail.count).map(\.lower)) == tail { words.removeLast(tail.count) }
            if words.count > tail.count, Array(words.prefix(tail.count).map(\.lower)) == tail { words.removeFirst(tail.count) }
        }
        guard let (minute, taken) = RecordingParser.timeOfDay(words), taken == words.count else {
            throw HabitatError.usage("room remind at <time>", "At what time? Say 'room remind at 8:00'.")
        }
        return .at(weekday: nil, minute: minute)
    }

    /// `room report`, `room report on sunday at 19:00`, `room report sundays at 7pm`, `room report off`.
    public static func roomReport(_ rest: [Token]) throws -> PostSaid? {
        if rest.isEmpty { return nil }
        if rest.map(\.lower) == ["off"] { return .off }
        var words = rest
        let usage = "room report on <weekday> at <time>"
        guard let (minute, taken) = timeOfDay(endOf: words) else {
            throw HabitatError.usage(usage, "When? Say 'room report on sunday at 19:00'.")
        }
        words.removeLast(taken)
        if ["on", "every", "each"].contains(words.first?.lower) { words.removeFirst() }
        guard words.count == 1, let weekday = Schedule.weekday(words[0].lower) else {
            throw HabitatError.usage(usage, "On which day of the week? Say 'room report on sunday at 19:00'.")
        }
        return .at(weekday: weekday, minute: minute)
    }
}

/// What `room remind` and `room report` say of the room's own posts: none any more, or at a time of a day.
public enum PostSaid: Sendable, Equatable {
    case off
    /// `weekday` (0 Monday … 6 Sunday) for the weekly report; `nil` for every day.
    case at(weekday: Int?, minute: Int)
}
