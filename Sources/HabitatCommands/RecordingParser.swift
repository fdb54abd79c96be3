import Foundation
import HabitatEngine

/// `did <habit> [x3] [yesterday | N days ago | on DATE] [at 6:45am] [: note]`, options in any order.
enum RecordingParser {
    static let usage = "did <habit> [x3] [yesterday | N days ago | on YYYY-MM-DD] [at 6:45am] [: note]"

    /// `room did <habit> …`: the same options, for a room's shared habit.
    static let roomUsage = "room " + usage

    /// `slipped`: the line said `slipped <habit>`, which only a bad habit can be. `usage` is the command's own,
    /// shown when the line can't be read.
    static func parse(_ words: [Token], line: String, slipped: Bool = false, usage: String = usage) throws -> Command {
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
        return .record(recording)
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

/// `add habit <name> [N xp] [N coins] [N life] [in <area>] [track time] [schedule]`, options in any order, the schedule
/// last (``Schedule/init(words:)``).
enum HabitDraftParser {
    /// `room`: a shared habit (`room add habit`), which never tracks time; errors show the room command's usage.
    static func parse(_ words: [Token], kind: HabitKind, room: Bool = false) throws -> HabitDraft {
        let usage = usage(kind, room: room)
        var words = words
        // `add a habit called Yoga`
        if words.count > 1, !words[0].quoted, ["called", "named"].contains(words[0].lower) { words.removeFirst() }
        var (nameWords, draft, tracksTime) = try nameAndOptions(words, usage: usage)
        let add = room ? "room add" : "add"
        if !room, draft.amount == nil, let (name, amount) = splitDailyAmount(nameWords) {
            // `add habit Water 8 glasses a day`, `add bad habit Coffee 2 cups a day`
            (nameWords, draft.amount) = (name, amount)
        }
        if draft.schedule == nil, let (name, schedule) = splitSchedule(nameWords) {
            // `add habit Gym 3 times a week`
            (nameWords, draft.schedule) = (name, schedule)
        } else if let start = EverydayWords.schedule(in: nameWords) {
            // Words that look like a schedule but aren't one (`8 glasses a day`, an amount) are asked about, never taken
            // into the name.
            let said = Array(nameWords[start...])
            do {
                let name = nameWords[..<start].phrase
                let command = "\(add) \(kind == .bad ? "bad " : "")habit"
                let what =
                    room
                    ? "Shared habits can't have a schedule or an amount yet"
                    : "A schedule is said like 'every day', 'on mon wed fri', 'every 3 days' or '3 times a week', and an amount like '8 glasses a day'"
                throw HabitatError(
                    .invalidArgument,
                    "Did you mean a habit '\(name)' (\(said.phrase))? \(what). Type '\(command) \(name)' for a habit without it, or put the whole name in quotes to keep the words: \(command) \"\(nameWords.phrase)\"",
                    symbol: .question)
            }
        }
        if !room, draft.rotates {
            throw HabitatError(.invalidArgument, "Only a room's shared chore takes turns: 'room add habit \(nameWords.phrase) rotate'.")
        }
        if room, draft.amount != nil {
            throw HabitatError.usage(usage, "Shared habits can't have a target or a limit yet.")
        }
        if room, draft.bite != nil {
            throw HabitatError.usage(usage, "Shared habits can't cost life when missed yet.")
        }

        if kind == .bad, let schedule = draft.schedule, schedule != .daily {
            throw HabitatError(.invalidArgument, "A bad habit is avoided every day, so it has no schedule: \(add) bad habit \(nameWords.phrase)")
        }
        let name = nameWords.phrase
        if kind == .good, let life = draft.life {
            throw HabitatError(.invalidArgument, "Good habits don't cost life. For one that does: \(add) bad habit \(name) \(life) life")
        }
        if kind == .bad, draft.xp != nil || draft.coins != nil {
            throw HabitatError(.invalidArgument, "Bad habits cost life; they don't earn XP or coins. Usage: \(usage)")
        }
        if room, tracksTime != nil { throw HabitatError.usage(usage, "Shared habits don't track time.") }
        var result = draft
        result.name = name
        result.kind = kind
        result.tracksTime = tracksTime ?? false
        return result
    }

    /// A name that ends in an amount a day (`Water 8 glasses a day`, `Pushups 50 a day`, `Floss twice a day`,
    /// `Steps 10000 steps daily`): the name before it, and the amount; `nil` when it doesn't. The name keeps a word.
    static func splitDailyAmount(_ words: [Token]) -> ([Token], DailyAmount)? {
        var end = words.count
        guard end >= 2, !words[(end - 1)...].contains(where: \.quoted) else { return nil }
        // `a day`, `per day`, `each day`, `every day`, `daily`
        if words[end - 1].lower == "daily" {
            end -= 1
        } else if end >= 3, words[end - 1].lower == "day", ["a", "per", "each", "every"].contains(words[end - 2].lower) {
            end -= 2
        } else {
            return nil
        }
        guard end >= 2, !words[..<end].suffix(2).contains(where: \.quoted) else { return nil }
        if let count = Schedule.times[words[end - 1].lower] ?? Int(words[end - 1].text) {
            // `twice a day`, `8 a day`
            return end >= 2 ? (Array(words[..<(end - 1)]), DailyAmount(count)) : nil
        }
        guard end >= 3, let count = Int(words[end - 2].text) ?? Schedule.numbers[words[end - 2].lower] else { return nil }
        let unit = words[end - 1].lower
        guard unit.allSatisfy(\.isLetter) else { return nil }
        return (Array(words[..<(end - 2)]), DailyAmount(count, unit: ["times", "time", "x"].contains(unit) ? nil : unit))
    }

    /// A name that ends in a schedule (`Gym 3 times a week`, `Read 20 pages every day`): the name before it, and the
    /// schedule, from the first word where the rest reads as one; `nil` when none does. The name keeps a word.
    static func splitSchedule(_ words: [Token]) -> ([Token], Schedule)? {
        for start in stride(from: max(1, words.count - Schedule.mostWords), to: words.count, by: 1)
        where !words[start...].contains(where: \.quoted) {
            if let schedule = Schedule(words: words[start...].map(\.lower)) { return (Array(words[..<start]), schedule) }
        }
        return nil
    }

    /// The usage line of `add habit`, `add bad habit` and their `room` forms.
    static func usage(_ kind: HabitKind, room: Bool) -> String {
        switch (kind, room) {
        case (.good, false):
            "add habit <name> [N xp] [N coins] [in <area>] [track time] [target N <unit>] [N life if missed] [every day | on mon wed fri | every 3 days | 3 times a week]"
        case (.bad, false): "add bad habit <name> [N life] [in <area>] [limit N <unit>]"
        case (.good, true): "room add habit <name> [N xp] [N coins] [in <area>] [every day | on mon thu | 3 times a week] [rotate]"
        case (.bad, true): "room add bad habit <name> [N life]"
        }
    }

    /// A name, then options in any order; `tracksTime` is `nil` when the line says nothing of time tracking,
    /// false for `no track time`.
    static func nameAndOptions(_ words: [Token], usage: String) throws -> ([Token], HabitDraft, tracksTime: Bool?) {
        var draft = HabitDraft(name: "")
        var tracksTime: Bool?
        var index = 0
        var name: [Token] = []
        while index < words.count, optionLength(words, at: index) == nil {
            try refuseUnreadableAmount(words, at: index)
            name.append(words[index])
            index += 1
        }
        guard !name.isEmpty else { throw HabitatError.usage(usage, "Give the habit a name.") }
        while index < words.count {
            try refuseUnreadableAmount(words, at: index)
            if let (amount, unit, used) = Amount.read(words, at: index) {
                guard amount >= 0 else {
                    throw HabitatError(.invalidArgument, "XP, coins and life can't be negative ('\(words[index..<index + used].phrase)'): use 0–10000.")
                }
                // `5 life if missed`: what a day due and not done costs
                if unit == .life, index + used + 1 < words.count, ["if", "when"].contains(words[index + used].lower),
                    ["missed", "skipped", "not", "undone"].contains(words[index + used + 1].lower)
                {
                    draft.bite = amount
                    index += used + 2
                    if words[index - 1].lower == "not", index < words.count, words[index].lower == "done" { index += 1 }
                    continue
                }
                switch unit {
                case .xp: draft.xp = amount
                case .coins: draft.coins = amount
                case .life: draft.life = amount
                }
                index += used
            } else if ["in", "area"].contains(words[index].lower) {
                index += 1
                var area: [Token] = []
                while index < words.count, optionLength(words, at: index) == nil {
                    area.append(words[index])
                    index += 1
                }
                guard !area.isEmpty else { throw HabitatError.usage(usage, "Which area?") }
                draft.area = area.phrase
            } else if let (used, on) = trackTime(words, at: index) {
                tracksTime = on
                index += used
            } else if let (keyword, amount, used) = dailyAmountOption(words, at: index) {
                guard draft.amountKeyword == nil else { throw HabitatError.usage(usage, "Give one target or limit.") }
                (draft.amountKeyword, draft.amount) = (keyword, amount)
                index += used
            } else if rotate(words, at: index) {
                draft.rotates = true
                index += 1
            } else if let keyword = noAmount(words, at: index) {
                (draft.amountKeyword, draft.removesAmount) = (keyword, true)
                index += 2
            } else if draft.schedule == nil, let (schedule, end) = schedule(words, at: index) {
                // `add habit Gym 20 xp 3 times a week`, `room add habit Dishes 10 xp every day rotate`
                draft.schedule = schedule
                index = end
            } else {
                throw HabitatError.usage(usage, "I didn't understand '\(words[index...].phrase)'.")
            }
        }
        return (name, draft, tracksTime)
    }

    /// `walk 1.5 xp` is a habit worth 1.5 XP, not one named "walk 1.5 xp" worth the default: an amount that
    /// can't be used is refused rather than taken into the name.
    static func refuseUnreadableAmount(_ words: [Token], at index: Int) throws {
        guard let typed = Amount.unreadable(words, at: index) else { return }
        throw HabitatError(.invalidArgument, "'\(typed)' isn't an amount I can use: XP, coins and life are whole numbers from 0 to 10000.")
    }

    static func optionLength(_ words: [Token], at index: Int) -> Int? {
        if words[index].quoted { return nil }
        if let (_, _, used) = Amount.read(words, at: index) { return used }
        if let (_, _, used) = dailyAmountOption(words, at: index) { return used }
        if rotate(words, at: index) { return 1 }
        if noAmount(words, at: index) != nil { return 2 }
        if ["in", "area"].contains(words[index].lower), index + 1 < words.count { return 1 }
        return trackTime(words, at: index)?.used
    }

    static let amountKeywords = ["target": "target", "goal": "target", "limit": "limit", "allow": "limit", "allowance": "limit", "max": "limit"]

    /// `target 8 glasses`, `goal 8`, `limit 2 cups a day`: which (`target` or `limit`), the amount, and the words it used.
    static func dailyAmountOption(_ words: [Token], at index: Int) -> (String, DailyAmount, Int)? {
        guard index + 1 < words.count, !words[index].quoted, !words[index + 1].quoted, let keyword = amountKeywords[words[index].lower],
            let count = Int(words[index + 1].text) ?? Schedule.numbers[words[index + 1].lower]
        else { return nil }
        var used = 2
        var unit: String?
        if index + 2 < words.count, !words[index + 2].quoted, words[index + 2].lower.allSatisfy(\.isLetter),
            !["in", "area", "a", "per", "each", "daily", "every", "on"].contains(words[index + 2].lower),
            trackTime(words, at: index + 2) == nil
        {
            unit = words[index + 2].lower
            used = 3
        }
        // `a day`, `per day`, `daily` after it say nothing more
        if index + used < words.count, words[index + used].lower == "daily" {
            used += 1
        } else if index + used + 1 < words.count, ["a", "per", "each"].contains(words[index + used].lower), words[index + used + 1].lower == "day" {
            used += 2
        }
        return (keyword, DailyAmount(count, unit: unit), used)
    }

    /// The longest schedule starting at `index` (`3 times a week`), and where it ends.
    static func schedule(_ words: [Token], at index: Int) -> (Schedule, Int)? {
        for end in stride(from: min(words.count, index + Schedule.mostWords), to: index, by: -1) where !words[index..<end].contains(where: \.quoted) {
            if let schedule = Schedule(words: words[index..<end].map(\.lower)) { return (schedule, end) }
        }
        return nil
    }

    /// `rotate` (`rotating`, `in turns`): the members of a room take turns at a chore.
    static func rotate(_ words: [Token], at index: Int) -> Bool {
        !words[index].quoted && ["rotate", "rotates", "rotating", "rotation"].contains(words[index].lower)
    }

    /// `no target`, `no goal`, `no limit`: which is taken away.
    static func noAmount(_ words: [Token], at index: Int) -> String? {
        guard index + 1 < words.count, !words[index].quoted, !words[index + 1].quoted, words[index].lower == "no" else { return nil }
        return amountKeywords[words[index + 1].lower]
    }

    /// Time tracking turned on (`track time`, `tracks time`, `tracking`, `timed`, `track time on`) or off (`no
    /// track time`, `don't track time`, `stop tracking time`, `untimed`, `track time off`): the words used, and which.
    static func trackTime(_ words: [Token], at index: Int) -> (used: Int, on: Bool)? {
        let word = words[index].lower
        if ["no", "don't", "dont", "stop"].contains(word), index + 1 < words.count, !words[index + 1].quoted,
            case (let used, true)? = trackTimeOn(words, at: index + 1)
        {
            return (used + 1, false)
        }
        return trackTimeOn(words, at: index)
    }

    /// ``trackTime(_:at:)`` without a `no` before it. One `no` turns time tracking off; `no no track time` is no
    /// option, and a long run of `no`s is read in one pass, not once for each `no`.
    private static func trackTimeOn(_ words: [Token], at index: Int) -> (used: Int, on: Bool)? {
        let word = words[index].lower
        if word == "timed" || word == "untimed" { return (1, word == "timed") }
        guard ["track", "tracks", "tracking"].contains(word) else { return nil }
        var used = index + 1 < words.count && words[index + 1].lower == "time" && !words[index + 1].quoted ? 2 : 1
        // `track time off`, `tracking on`
        if index + used < words.count, !words[index + used].quoted, ["on", "off"].contains(words[index + used].lower) {
            used += 1
            return (used, words[index + used - 1].lower == "on")
        }
        return (used, true)
    }
}

/// A number with its unit: `15 xp`, `15xp`, `+3 coins`, `25 life`.
enum Amount {
    enum Unit: String {
        case xp = "XP", coins, life
    }

    static let units: [String: Unit] = [
        "xp": .xp, "coins": .coins, "coin": .coins, "life": .life, "hp": .life, "health": .life,
    ]

    /// The amount keeps its sign (`-5 xp` is -5), for the caller to refuse.
    static func read(_ words: [Token], at index: Int) -> (Int, Unit, Int)? {
        guard !words[index].quoted else { return nil }
        let negative = words[index].lower.hasPrefix("-")
        let text = words[index].lower.hasPrefix("+") || negative ? String(words[index].lower.dropFirst()) : words[index].lower
        let sign = negative ? -1 : 1
        if let amount = Int(text), amount >= 0, index + 1 < words.count, let unit = units[words[index + 1].lower] {
            return (sign * amount, unit, 2)
        }
        let digits = text.prefix { $0.isNumber }
        if !digits.isEmpty, let amount = Int(digits), let unit = units[String(text.dropFirst(digits.count))] {
            return (sign * amount, unit, 1)
        }
        return nil
    }
}

extension Amount {
    /// What was typed, when the words at `index` are a number with a unit that is no whole number an `Int` holds
    /// (`1.5 xp`, `2,5coins`, `99999999999999999999 life`); `nil` otherwise, and for any amount ``read(_:at:)`` reads.
    static func unreadable(_ words: [Token], at index: Int) -> String? {
        guard !words[index].quoted, read(words, at: index) == nil else { return nil }
        var text = Substring(words[index].lower)
        if text.hasPrefix("+") || text.hasPrefix("-") { text = text.dropFirst() }
        let number = text.prefix { $0.isNumber || $0 == "." || $0 == "," }
        guard number.contains(where: \.isNumber) else { return nil }
        let unit = text.dropFirst(number.count)
        if unit.isEmpty, index + 1 < words.count, !words[index + 1].quoted, units[words[index + 1].lower] != nil {
            return words[index...(index + 1)].phrase
        }
        return units[String(unit)] != nil ? words[index].text : nil
    }
}

/// `add reward <name> <price> [coins]`.
enum RewardParser {
    static let usage = "add reward <name> <price> coins"

    static func parse(_ words: [Token]) throws -> Command {
        var words = words
        var price: Int?
        // `2.5 coins`, or a bare `2.5`: a price, but not one that can be used.
        let bare = words.last.flatMap { last in
            !last.quoted && Int(last.text) == nil && last.text.contains(where: \.isNumber)
                && last.text.allSatisfy { $0.isNumber || $0 == "." || $0 == "," } ? last.text : nil
        }
        if let typed = words.indices.suffix(2).lazy.compactMap({ Amount.unreadable(words, at: $0) }).first ?? bare {
            throw HabitatError(.invalidArgument, "'\(typed)' isn't a price I can use: a reward costs a whole number of coins from 1 to 1000000.")
        }
        if words.count >= 2, let (amount, unit, used) = Amount.read(words, at: words.count - 2), used == 2, unit == .coins {
            price = amount
            words.removeLast(2)
        } else if !words.isEmpty, let (amount, unit, _) = Amount.read(words, at: words.count - 1), unit == .coins {
            price = amount
            words.removeLast()
        } else if let last = words.last, !last.quoted, let amount = Int(last.text) {
            price = amount
            words.removeLast()
        }
        guard let price else { throw HabitatError.usage(usage, "How many coins does it cost?") }
        guard price >= 0 else {
            throw HabitatError(.invalidArgument, "A price can't be negative: a reward costs 1–1000000 coins.")
        }
        // `add a reward called Pizza for 50 coins`
        if words.count > 1, let last = words.last, !last.quoted, ["for", "at", "costing"].contains(last.lower) { words.removeLast() }
        if words.count > 1, !words[0].quoted, ["called", "named"].contains(words[0].lower) { words.removeFirst() }
        guard !words.isEmpty else { throw HabitatError.usage(usage, "Give the reward a name.") }
        return .addReward(name: words.phrase, price: price)
    }
}

/// `start timer <habit> <N> min`: `10 min`, `10m`, `1 hour`, `1.5 hours`, a bare `90` (minutes), after an
/// optional `for`.
enum TimerParser {
    static let usage = "start timer <habit> <N> min"
    static let units: [String: Int] = ["m": 1, "min": 1, "mins": 1, "minute": 1, "minutes": 1, "h": 60, "hour": 60, "hours": 60]

    static func parse(_ rest: [Token]) throws -> Command {
        guard rest.count >= 2 else { throw HabitatError.usage(usage) }
        var words = rest
        var minutes: Int?
        if let factor = units[words.last!.lower], let count = try length(words[words.count - 2].text, factor, typed: words.suffix(2).phrase) {
            minutes = count
            words.removeLast(2)
        } else {
            let text = words.last!.lower
            let number = text.prefix { $0.isNumber || $0 == "." || $0 == "," }
            let factor = number.count == text.count ? 1 : units[String(text.dropFirst(number.count))]
            if let factor, let count = try length(String(number), factor, typed: words.last!.text) {
                minutes = count
                words.removeLast()
            }
        }
        if words.count > 1, let last = words.last, !last.quoted, last.lower == "for" { words.removeLast() }
        guard let minutes, !words.isEmpty else { throw HabitatError.usage(usage, "Which habit, and for how long?") }
        return .startTimer(habit: words.phrase, minutes: minutes)
    }

    /// `count` of a unit `factor` minutes long, in minutes; `nil` when `count` is no number. A fraction is fine
    /// when it makes whole minutes (`1.5 hours`). Too many hours for an `Int` are still too long: the server
    /// refuses them like any other length.
    static func length(_ count: String, _ factor: Int, typed: String) throws -> Int? {
        if let whole = Int(count) {
            let (product, overflow) = whole.multipliedReportingOverflow(by: factor)
            return overflow ? (whole < 0 ? Int.min : Int.max) : product
        }
        guard count.contains(where: { $0 == "." || $0 == "," }), count.contains(where: \.isNumber),
            let fraction = TypedNumber.value(Substring(count))
        else { return nil }
        let value = fraction * Double(factor)
        // Far too long, or negative beyond any length (`-1.0e300 min`): refused by the server like a whole number.
        if abs(value) >= 1e9 { return value < 0 ? Int.min : Int.max }
        guard value.rounded() == value else {
            throw HabitatError(.invalidArgument, "A timer runs for whole minutes, and '\(typed)' isn't: try 'start timer reading 25 min'.")
        }
        return Int(value)
    }
}

/// `buy [N] <item> [xN]`.
enum PurchaseParser {
    static func parse(_ words: [Token]) throws -> Command {
        var words = words
        var quantity = 1
        if let first = words.first, let count = EverydayWords.count(first), words.count > 1 {
            quantity = count
            words.removeFirst()
        } else if words.count > 1, EverydayWords.withoutArticle(words).count < words.count {
            words.removeFirst()
        } else if let last = words.last, let count = RecordingParser.repetitions(last), words.count > 1 {
            quantity = count
            words.removeLast()
        }
        guard !words.isEmpty else { throw HabitatError.usage("buy [N] <item>", "What would you like to buy?") }
        return .buy(item: words.phrase, quantity: quantity)
    }
}

extension Recording {
    /// Why this recording's habit, having matched nothing, looks like a name with an option that can't be read
    /// after it (`did exercise tomorrow`): that is the better answer than `unknown_habit`.
    public var unreadOption: HabitatError? { RecordingParser.unreadOption(in: habit) }
}
