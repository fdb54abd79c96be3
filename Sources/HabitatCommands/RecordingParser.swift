import Foundation
import HabitatEngine

/// `did <habit> [x3] [yesterday | N days ago | on wednesday | on DATE] [at 6:45am] [: note]`, options in any order.
public enum RecordingParser {
    public static let usage = "did <habit> [x3] [yesterday | N days ago | on YYYY-MM-DD] [at 6:45am] [: note]"

    /// `room did <habit> …`: the same options, for a room's shared habit.
    public static let roomUsage = "room " + usage

    /// `slipped`: the line said `slipped <habit>`, which only a bad habit can be. `usage` is the command's own,
    /// shown when the line can't be read.
    public static func parse(_ words: [Token], line: String, slipped: Bool = false, usage: String = usage) throws -> Recording {
        var (words, note) = try splitNote(words, line: line)
        var recording = Recording(habit: "", note: note, slipped: slipped)
        var times: Int?
        var when: Recording.When?
        // `2x exercise`, `twice flossed`: a count said first
        if words.count > 1, let first = words.first, !first.quoted, let count = repetitions(first) ?? Schedule.times[first.lower] {
            times = count
            words.removeFirst()
        }
        while let last = words.last {
            if let count = repetitions(last), times == nil {
                times = count
                words.removeLast()
            } else if words.count >= 3, when == nil, let days = Int(words[words.count - 3].lower),
                last.lower == "ago", words[words.count - 2].lower == "day" || words[words.count - 2].lower == "days"
            {
                when = .daysAgo(days)
                words.removeLast(3)
            } else if words.count >= 5, when == nil, last.lower == "yesterday",
                words.suffix(4).dropLast().map(\.lower) == ["the", "day", "before"]
            {
                when = .daysAgo(2)
                words.removeLast(4)
            } else if when == nil, last.lower == "yesterday" || last.lower == "today" {
                when = last.lower == "yesterday" ? .daysAgo(1) : .today
                words.removeLast()
            } else if when == nil, let used = laterToday(words) {
                // `this morning`, `tonight`, `just now`: today, said the way people say it
                when = .today
                words.removeLast(used)
            } else if times == nil, !last.quoted, let count = Schedule.times[last.lower], words.count > 1 {
                times = count
                words.removeLast()
            } else if words.count >= 3, when == nil, ["on", "last"].contains(words[words.count - 2].lower), !last.quoted,
                let weekday = Schedule.oneWeekday(last.lower)
            {
                // `on wednesday`, `last friday`: a day of the week gone by
                when = .weekday(weekday, aWeekBack: words[words.count - 2].lower == "last")
                words.removeLast(2)
            } else if words.count >= 2, when == nil, words[words.count - 2].lower == "on", last.text.first?.isNumber == true {
                guard let day = Day(iso: last.text) else {
                    throw HabitatError(.invalidArgument, "I couldn't read the date '\(last.text)'. Use YYYY-MM-DD, e.g. on 2026-11-19.")
                }
                when = .on(day)
                words.removeLast(2)
            } else if words.count >= 2, times == nil, last.lower == "times", let count = EverydayWords.count(words[words.count - 2]) {
                times = count
                words.removeLast(2)
            } else if words.count >= 3, times == nil, let count = Int(last.text), !words[words.count - 2].quoted,
                ["x", "×", "*"].contains(words[words.count - 2].lower)
            {
                // `x 3`, typed apart
                times = count
                words.removeLast(2)
            } else if recording.timeOfDay == nil, let (minutes, used) = timeOfDay(words) {
                recording.timeOfDay = minutes
                words.removeLast(used)
            } else {
                break
            }
        }
        guard !words.isEmpty else {
            throw HabitatError.usage(usage, "Which habit?")
        }
        recording.habit = EverydayWords.withoutArticle(words).phrase
        recording.times = times ?? 1
        recording.when = when ?? .today
        return recording
    }

    /// `this morning`, `tonight`, `earlier`, `just now` at the end of `words` (with more before them): how many
    /// words say so.
    static func laterToday(_ words: [Token]) -> Int? {
        let n = words.count
        guard n >= 2, !words[n - 1].quoted else { return nil }
        let last = words[n - 1].lower
        if ["tonight", "earlier", "now"].contains(last) { return n >= 3 && words[n - 2].lower == "just" ? 2 : 1 }
        if n >= 3, !words[n - 2].quoted, words[n - 2].lower == "this", ["morning", "afternoon", "evening"].contains(last) { return 2 }
        return nil
    }

    /// Whether a word ends the name and options with a colon: the note follows it.
    @Sendable static func endsName(_ token: Token) -> Bool { !token.quoted && token.text.hasSuffix(":") }

    /// `breakfast: he said "hi"` → (`breakfast`, `he said "hi"`): the note is the rest of the line after the first
    /// word that ends in a colon, as typed, less the spaces around it. Tabs become spaces; other control
    /// characters are refused.
    static func splitNote(_ words: [Token], line: String) throws -> ([Token], String?) {
        guard let index = words.firstIndex(where: endsName) else { return (words, nil) }
        var head = Array(words[...index])
        head[index].text.removeLast()
        if head[index].text.isEmpty { head.removeLast() }
        var note = (String(line.utf8.dropFirst(words[index].end)) ?? "").trimmingCharacters(in: .whitespaces)
        if note.containsControlCharacters {
            note = note.replacingOccurrences(of: "\t", with: " ")
            guard !note.containsControlCharacters else {
                throw HabitatError(.invalidArgument, "A note can't contain control characters (like escape sequences or line breaks).")
            }
        }
        return (head, note.isEmpty ? nil : note)
    }

    /// Why a habit name that matched nothing ends like an option that can't be read (`exercise tomorrow`,
    /// `wake up at 25:00`), or `nil` when it doesn't.
    static func unreadOption(in name: String) -> HabitatError? {
        let words = tokenize(name).filter { !$0.quoted }
        let n = words.count
        guard n >= 2 else { return nil }
        let last = words[n - 1].lower
        if last == "tomorrow" || (n >= 3 && words[n - 3].lower == "in" && Int(words[n - 2].lower) != nil
            && ["day", "days", "week", "weeks"].contains(last))
        {
            return HabitatError(.invalidArgument, "You can't record a day that hasn't happened yet.")
        }
        if let day = dayInWords(words) {
            return HabitatError(
                .invalidArgument, "I couldn't read the day '\(day)'. Say 'yesterday', '2 days ago' or a date, e.g. on 2026-11-19.")
        }
        var time: String?
        if words[n - 2].lower == "at" {
            time = words[n - 1].text
        } else if n >= 3, words[n - 3].lower == "at", ["am", "pm"].contains(last) {
            time = words[n - 2].text + " " + words[n - 1].text
        }
        guard let time, time.first?.isNumber == true else { return nil }
        return HabitatError(.invalidArgument, "\(time) isn't a time: try 'at 6:45' or 'at 6:45pm'.")
    }

    /// `on friday`, `last fri`, `on 20 nov`, `on november 20`: the end of `words` naming a day by its weekday or
    /// month, which `did` doesn't read, as typed; `nil` when it doesn't.
    static func dayInWords(_ words: [Token]) -> String? {
        for length in [2, 3] where words.count > length {
            let tail = words.suffix(length)
            guard ["on", "last"].contains(tail.first!.lower) else { continue }
            let named = tail.dropFirst().contains { word in
                let text = word.lower.trimmingCharacters(in: CharacterSet(charactersIn: ".,"))
                return dayNames.contains { $0 == text || ($0.hasPrefix(text) && text.count >= 3) }
            }
            if named { return tail.phrase }
        }
        return nil
    }

    private static let dayNames = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january", "february", "march",
        "april", "may", "june", "july", "august", "september", "october", "november", "december",
    ]

    /// `x3`, `×3`, `3x`.
    static func repetitions(_ token: Token) -> Int? {
        guard !token.quoted else { return nil }
        let text = token.lower
        if let first = text.first, first == "x" || first == "×" || first == "*", let count = Int(text.dropFirst()) { return count }
        if text.hasSuffix("x"), let count = Int(text.dropLast()) { return count }
        return nil
    }

    /// `at 6:45`, `at 6:45am`, `at 6:45 pm`, `at 18:30`, `at 7am`: minutes after midnight and words used.
    static func timeOfDay(_ words: [Token]) -> (Int, Int)? {
        let n = words.count
        if n >= 3, words[n - 3].lower == "at", ["am", "pm"].contains(words[n - 1].lower),
            let minutes = clock(words[n - 2].lower + words[n - 1].lower)
        {
            return (minutes, 3)
        }
        if n >= 2, words[n - 2].lower == "at", let minutes = clock(words[n - 1].lower) { return (minutes, 2) }
        return nil
    }

    /// Parses `6:45`, `6:45am`, `12pm`, `18:30` into minutes after midnight.
    static func clock(_ text: String) -> Int? {
        var text = Substring(text)
        var meridiem: String?
        if text.hasSuffix("am") || text.hasSuffix("pm") {
            meridiem = String(text.suffix(2))
            text = text.dropLast(2)
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let hour = Int(parts[0]) else { return nil }
        let minute = parts.count == 2 ? Int(parts[1]) : 0
        guard let minute, (0..<60).contains(minute), parts.count == 1 || parts[1].count == 2 else { return nil }
        switch meridiem {
        case nil:
            // `at 7` and `at 19` are on the hour.
            guard (0..<24).contains(hour) else { return nil }
            return hour * 60 + minute
        case let half?:
            guard (1...12).contains(hour) else { return nil }
            return ((hour % 12) + (half == "pm" ? 12 : 0)) * 60 + minute
        }
    }
}

extension Recording {
    /// Why this recording's habit, having matched nothing, looks like a name with an option that can't be read
    /// after it (`did exercise tomorrow`): that is the better answer than `unknown_habit`.
    public var unreadOption: HabitatError? { RecordingParser.unreadOption(in: habit) }
}
