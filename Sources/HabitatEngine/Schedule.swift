/// How often a habit is meant to be done, which decides the days it is *due*: every day (the default), on some
/// weekdays, every N days, or N times in each week or month on any days.
public enum Schedule: Sendable, Hashable {
    /// Every day.
    case daily
    /// On these weekdays (0 = Monday … 6 = Sunday), in order, none twice.
    case weekdays([Int])
    /// N days after it was last done (N ≥ 2; every day is ``daily``).
    case interval(Int)
    /// N times in each period, on any days.
    case quota(Int, Period)

    /// The period of a quota.
    public enum Period: String, Sendable, Hashable {
        case week, month
    }

    /// The weekdays of `on weekdays` and `on weekends`.
    public static let workdays = [0, 1, 2, 3, 4]
    public static let weekend = [5, 6]

    /// The most times a period may ask for.
    public static func most(per period: Period) -> Int { period == .week ? 7 : 31 }

    /// The words a person would use: `every day`, `on mon wed fri`, `on weekdays`, `every 3 days`, `3 times a week`,
    /// `once a month`. ``init(words:)`` reads them back.
    public var words: String {
        switch self {
        case .daily: return "every day"
        case .weekdays(Self.workdays): return "on weekdays"
        case .weekdays(Self.weekend): return "on weekends"
        case .weekdays(let days): return "on " + days.map { Self.dayNames[$0] }.joined(separator: " ")
        case .interval(let days): return "every \(days) days"
        case .quota(1, let period): return "once a \(period.rawValue)"
        case .quota(let times, let period): return "\(times) times a \(period.rawValue)"
        }
    }

    static let dayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    /// The weekday the name of one day says (`wednesday`, `wed`, `thurs`), not a plural (`wednesdays` is every one).
    public static func oneWeekday(_ word: String) -> Int? {
        word.count > 5 && word.hasSuffix("s") ? nil : weekday(word)
    }

    /// The weekdays' whole names, lower case, Monday first.
    public static let fullDayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// The weekday a word names (`mon`, `Monday`, `mondays`, `thurs`), 0 = Monday.
    public static func weekday(_ word: String) -> Int? {
        let word = word.hasSuffix("s") && word.count > 4 ? String(word.dropLast()) : word
        if let index = fullDayNames.firstIndex(of: word) { return index }
        if let index = dayNames.firstIndex(of: word) { return index }
        return ["tues": 1, "weds": 2, "thur": 3, "thurs": 3][word]
    }

    /// The weekdays from one to another, both included, over the weekend too (`mon`, `thu`; `sun`, `thu`), Monday 0, in
    /// order; `nil` unless both are weekdays, and different ones.
    public static func days(from: String, to: String) -> [Int]? {
        guard let first = weekday(from), let last = weekday(to), first != last else { return nil }
        return (first < last ? Array(first...last) : Array(first...6) + Array(0...last)).sorted()
    }

    /// A count in digits or words: `3`, `three`, `once`, `twice`, `3x`, `x3`.
    public static func count(_ word: String) -> Int? {
        if let number = Int(word) { return number }
        if let number = numbers[word] ?? times[word] { return number }
        if word.hasSuffix("x"), let number = Int(word.dropLast()) { return number }
        if word.hasPrefix("x"), let number = Int(word.dropFirst()) { return number }
        return nil
    }

    /// `one` to `ten`, as people write small counts.
    public static let numbers: [String: Int] = [
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    ]

    /// `once`, `twice`, `thrice`: a count in one word.
    public static let times: [String: Int] = ["once": 1, "twice": 2, "thrice": 3]

    /// The most words a schedule is said in: all seven days with `and` between them are 14 (`on mon and tue and …`),
    /// and there is room for a few commas more. Longer runs of words are never read as a schedule, so looking for one
    /// in a long line stays quick.
    public static let mostWords = 20

    /// A word of a schedule as it is read: without the commas around it (`mon,` is `mon`). Most words have none, and
    /// are taken as they are without Foundation's slower trimming.
    public static func word(_ typed: String) -> String {
        typed.utf8.contains(UInt8(ascii: ",")) ? typed.trimmingCharacters(in: [","]) : typed
    }

    /// Reads a schedule as people say it, lower case, or `nil` when the words are no schedule (or one out of range).
    /// `every day`, `daily`; `on mon wed fri`, `on mon, wed and fri`, `every monday`, `on weekdays`, `on weekends`;
    /// `every 3 days`, `every other day`; `3 times a week`, `twice a month`, `2x per week`, `once a week`, `weekly`,
    /// `monthly`.
    public init?(words typed: [String]) {
        guard typed.count <= Self.mostWords else { return nil }
        let words = typed.map(Self.word).filter { !$0.isEmpty && $0 != "and" }
        guard let first = words.first else { return nil }
        switch words {
        case ["every", "day"], ["each", "day"], ["daily"], ["everyday"], ["every", "night"], ["every", "nite"], ["each", "night"], ["nightly"],
            ["every", "morning"], ["each", "morning"], ["every", "evening"], ["each", "evening"]:
            self = .daily
            return
        case ["weekdays"], ["on", "weekdays"], ["every", "weekday"], ["on", "workdays"]:
            self = .weekdays(Self.workdays)
            return
        case ["weekends"], ["on", "weekends"], ["every", "weekend"], ["on", "the", "weekend"]:
            self = .weekdays(Self.weekend)
            return
        case ["every", "other", "day"]:
            self = .interval(2)
            return
        case ["weekly"]:
            self = .quota(1, .week)
            return
        case ["monthly"]:
            self = .quota(1, .month)
            return
        default:
            break
        }
        // every 3 days
        if words.count == 3, first == "every", let days = Self.count(words[1]), ["days", "day"].contains(words[2]) {
            guard (1...365).contains(days) else { return nil }
            self = days == 1 ? .daily : .interval(days)
            return
        }
        // mon to thu, on sun to thu, mon-fri: the days from one to the other, over the weekend too.
        let ends = words.first == "on" ? Array(words.dropFirst()) : words
        let range: (String, String)? =
            if ends.count == 3, ["to", "till", "until", "through", "thru", "-"].contains(ends[1]) { (ends[0], ends[2]) }
            else if ends.count == 1, case let parts = ends[0].split(separator: "-"), parts.count == 2 { (String(parts[0]), String(parts[1])) }
            else { nil }
        if let (from, to) = range, let days = Self.days(from: from, to: to) {
            self = days.count == 7 ? .daily : .weekdays(days)
            return
        }
        // on mon wed fri, every monday
        if first == "on" || first == "every", words.count > 1 {
            let days = words.dropFirst().map(Self.weekday)
            guard days.allSatisfy({ $0 != nil }) else { return nil }
            let set = Set(days.compactMap { $0 })
            self = set.count == 7 ? .daily : .weekdays(set.sorted())
            return
        }
        // 3 times a week, twice a month, 2x per week, once every week
        var rest = ArraySlice(words)
        guard let times = Self.count(rest.removeFirst()) else { return nil }
        if rest.first == "times" || rest.first == "time" || rest.first == "x" { rest.removeFirst() }
        guard rest.count == 2, ["a", "per", "each", "every", "an"].contains(rest.first!),
            let period = Period(rawValue: rest.last!)
        else { return nil }
        guard (1...Self.most(per: period)).contains(times) else { return nil }
        self = times == 7 && period == .week ? .daily : .quota(times, period)
    }

    /// The days of the period of a quota that holds `day`: a week from `weekStart` (0 = Monday, 6 = Sunday), or a
    /// calendar month.
    public static func period(_ period: Period, holding day: Day, weekStart: Int = 0) -> ClosedRange<Day> {
        switch period {
        case .week:
            let first = day - ((day.weekday - weekStart + 7) % 7)
            return first...(first + 6)
        case .month:
            let (year, month, date) = day.civil
            let first = day - (date - 1)
            let next = month == 12 ? Day(civilYear: year + 1, month: 1, day: 1) : Day(civilYear: year, month: month + 1, day: 1)
            return first...(next - 1)
        }
    }

    /// Whether the habit is due on `day`: on a day of its schedule; for an interval, when `day` is N days or more
    /// after `lastDone`, the last day before `day` it was done (or it never was); for a quota, while `doneInPeriod`
    /// (its count in the period holding `day`, before `day`) is short. A habit done on a day it was due stays due
    /// that day: what it was done before that day decides.
    public func isDue(on day: Day, lastDone: Day?, doneInPeriod: Int = 0) -> Bool {
        switch self {
        case .daily: return true
        case .weekdays(let days): return days.contains(day.weekday)
        case .interval(let days): return lastDone.map { day - $0 >= days } ?? true
        case .quota(let times, _): return doneInPeriod < times
        }
    }
}

extension Day {
    /// The day of a civil date (proleptic Gregorian).
    public init(civilYear year: Int, month: Int, day: Int) {
        self.init(ordinal: Day.daysFromCivil(year: year, month: month, day: day))
    }
}

extension Schedule: Codable {
    /// A schedule is kept as its words (`3 times a week`), as people read it in an export.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let schedule = Schedule(words: text.split(separator: " ").map(String.init)) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no schedule: \(text)"))
        }
        self = schedule
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(words)
    }
}
