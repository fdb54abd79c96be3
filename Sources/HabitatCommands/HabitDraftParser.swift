import HabitatEngine

/// `add habit <name> [N xp] [N coins] [N life] [in <area>] [track time] [schedule]`, options in any order, the schedule
/// last (``Schedule/init(words:)``).
public enum HabitDraftParser {
    /// `room`: a shared habit (`room add habit`), which never tracks time; errors show the room command's usage.
    public static func parse(_ words: [Token], kind: HabitKind, room: Bool = false) throws -> HabitDraft {
        let usage = usage(kind, room: room)
        var words = words
        // `add a habit called Yoga`
        if words.count > 1, !words[0].quoted, ["called", "named"].contains(words[0].lower) { words.removeFirst() }
        // `add a habit to journal`, `add a habit to do laundry`: the habit, not the words that lead to it
        if words.count > 1, !words[0].quoted, words[0].lower == "to" {
            words.removeFirst()
            if words.count > 1, !words[0].quoted, words[0].lower == "do" { words.removeFirst() }
        }
        // `add a new habit for my physio exercises`: what it is for is the habit
        if words.count > 1, !words[0].quoted, words[0].lower == "for" {
            words.removeFirst()
            if words.count > 1, !words[0].quoted, ["my", "the"].contains(words[0].lower) { words.removeFirst() }
        }
        // `add habit: a letter to my sister`: an article typed before the name is no part of it.
        if words.count > 2, !words[0].quoted, ["a", "an"].contains(words[0].text), words[1].text.count > 1 { words.removeFirst() }
        var (nameWords, draft, tracksTime) = try nameAndOptions(words, usage: usage)
        let add = room ? "room add" : "add"
        if !room, draft.amount == nil, let (name, amount) = splitDailyAmount(nameWords) {
            // `add habit Water 8 glasses a day`, `add bad habit Coffee 2 cups a day`
            (nameWords, draft.amount) = (name, amount)
        }
        if draft.schedule == nil, let (name, schedule) = splitSchedule(nameWords) {
            // `add habit Gym 3 times a week`
            (nameWords, draft.schedule) = (name, schedule)
            // `add habit Jog 5 km 3 times a week`, `Stretch 10 minutes every morning`: each time's amount before it.
            if !room, draft.amount == nil, let (name, amount) = amountAtEnd(nameWords) { (nameWords, draft.amount) = (name, amount) }
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
        // `add habit Tea,`: a comma or a stop typed after the name is no part of it
        nameWords = nameWords.withoutTrailingMark()
        let name = nameWords.phrase
        if nameWords.count > 1, let last = nameWords.last, !last.quoted, ["bad", "(bad)", "(good)"].contains(last.lower) {
            // `add habit Smoking bad`, `add habit Junk food (bad)`: its kind, said after its name.
            let meant = nameWords.dropLast().phrase
            let kindWord = last.lower.contains("bad") ? "bad " : ""
            throw HabitatError(
                .invalidArgument,
                "Did you mean a \(kindWord)habit '\(meant)'? Add it with '\(add) \(kindWord)habit \(meant)'. To keep '\(last.text)' in the name, put it in quotes: \(add) \(kind == .bad ? "bad " : "")habit \"\(name)\"",
                symbol: .question)
        }
        if let list = listSaid(in: nameWords) {
            // `add cat food to the shopping list`: a thing to get or do, not a habit.
            let thing = list.isEmpty ? nameWords.phrase : list.phrase
            throw HabitatError(
                .invalidArgument,
                "Is '\(thing)' a to-do rather than a habit? Add it with 'add todo \(thing)', or to your room's list with 'room add todo \(thing)'. To keep the words as a habit's name, put it in quotes: \(add) \(kind == .bad ? "bad " : "")habit \"\(nameWords.phrase)\"",
                symbol: .question)
        }
        if let comma = nameWords.dropLast().firstIndex(where: { !$0.quoted && $0.text.count > 1 && [",", ";"].contains($0.text.last!) }) {
            // `add bad habit skipping physio, should hurt, 30 life`: what follows a comma was meant as something else.
            let said = nameWords[(comma + 1)...].phrase
            var kept = Array(nameWords[...comma])
            kept[comma] = Token(String(kept[comma].text.dropLast()))
            throw HabitatError(
                .invalidArgument,
                "Is '\(said)' part of the name? Say the habit as '\(add) \(kind == .bad ? "bad " : "")habit \(kept.phrase)' and its options after it ('help add' shows them). To keep it all in the name, put it in quotes: \(add) \(kind == .bad ? "bad " : "")habit \"\(nameWords.phrase)\"",
                symbol: .question)
        }
        if let said = kindSaid(in: nameWords) {
            // `add oven cleaning as a room chore`: what kind of habit it is, said where its name goes.
            let name = nameWords[..<said.lowerBound].phrase
            throw HabitatError(
                .invalidArgument,
                "Is '\(nameWords[said].phrase)' part of the name? A room's chore is added with 'room add habit \(name)', a bad habit with 'add bad habit \(name)'. To keep the words in the name, put it in quotes: \(add) \(kind == .bad ? "bad " : "")habit \"\(nameWords.phrase)\"",
                symbol: .question)
        }
        if let unread = unreadWord(in: nameWords) {
            // A name is only a name: a number, a weekday or a schedule word it holds was meant as something else, or
            // it is asked about. Quoted, it is kept as typed.
            let command = room ? "room add" : "add"
            throw HabitatError(
                .invalidArgument,
                "Is '\(unread)' part of the name? I couldn't read it as a schedule or an amount (say them like '3 times a week', 'on tue thu', '8 glasses a day'). To keep it in the name, put the name in quotes: \(command) \(kind == .bad ? "bad " : "")habit \"\(name)\"",
                symbol: .question)
        }
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

    /// The thing an unquoted name says is for a list (`cat food to the shopping list`, `to my list: ring the gas board`),
    /// empty when the list comes first, or `nil` when it says no list.
    static func listSaid(in words: [Token]) -> [Token]? {
        let lower = words.map { $0.quoted ? "" : String($0.lower.reversed().drop { ",;:.".contains($0) }.reversed()) }
        guard let at = lower.lastIndex(where: { ["list", "todos", "to-dos", "todo", "to-do"].contains($0) }), at >= 1 else { return nil }
        var start = at - 1
        while start >= 0, ["shopping", "grocery", "groceries", "todo", "to-do", "the", "my", "our", "house", "household", "family"].contains(lower[start]) {
            start -= 1
        }
        guard start >= 0, ["to", "on", "onto"].contains(lower[start]) else { return nil }
        // (`to my list: ring the gas board`, `please add to the list: milk`)
        let first = words[..<start].drop { ["please", "a", "an", "some"].contains($0.lower) }
        return first.isEmpty ? Array(words[(at + 1)...]) : Array(first)
    }

    /// Where an unquoted name says what kind of habit it is (`Oven cleaning as a room chore`, `Vaping as a bad habit`):
    /// `as`, then only words of a kind, ending in `chore` or `habit`.
    static func kindSaid(in words: [Token]) -> Range<Int>? {
        let kinds: Set<String> = ["a", "an", "my", "our", "the", "room", "shared", "household", "family", "house", "bad", "good", "new", "daily"]
        guard let start = words.indices.dropFirst().first(where: { !words[$0].quoted && words[$0].lower == "as" }),
            let last = words.last, !last.quoted, ["chore", "habit"].contains(last.lower),
            words[(start + 1)..<(words.count - 1)].allSatisfy({ !$0.quoted && kinds.contains($0.lower) })
        else { return nil }
        return start..<words.count
    }

    /// The first word of an unquoted name, past its first, that says a number, a day or how often (`Academia 3 time
    /// for week`, `Yoga tuesday thursday`), or `nil` when it has none.
    static func unreadWord(in words: [Token]) -> String? {
        let schedule: Set<String> = [
            "every", "daily", "weekly", "monthly", "times", "per", "monday", "tuesday", "wednesday", "thursday",
            "friday", "saturday", "sunday", "mondays", "tuesdays", "wednesdays", "thursdays", "fridays", "saturdays", "sundays",
            "weekdays", "weekends", "twice", "thrice",
        ]
        for word in words.dropFirst() where !word.quoted {
            if word.text.contains(where: \.isNumber) || schedule.contains(word.lower) { return word.text }
        }
        // `Knitting mon wed`, `Meal prep sun`: days at the end of a name (and only there: Sun salutations is a name).
        let days: Set<String> = ["mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun"]
        // `Homework check mon to thu`, `Gym mon-fri`: days from one to another, anywhere.
        for (index, word) in words.enumerated().dropFirst() where !word.quoted {
            let parts = word.lower.split(separator: "-").map { Schedule.word(String($0)) }
            if parts.count == 2, parts.allSatisfy(days.contains) { return word.text }
            if days.contains(Schedule.word(word.lower)), index + 2 < words.count, ["to", "till", "until", "through", "thru", "-"].contains(words[index + 1].lower),
                days.contains(Schedule.word(words[index + 2].lower))
            {
                return word.text
            }
        }
        if words.count > 1, let last = words.last, !last.quoted, days.contains(Schedule.word(last.lower)) { return last.text }
        // Two or more days in short at its end, in German too (`Deutsch lesen mo mi fr`).
        let short: Set<String> = days.union(["mo", "di", "mi", "do", "fr", "sa", "so"])
        let trailing = words.dropFirst().reversed().prefix { !$0.quoted && short.contains(Schedule.word($0.lower)) }
        if trailing.count >= 2, let first = trailing.last { return first.text }
        return nil
    }

    /// A name that ends in an amount a day (`Water 8 glasses a day`, `Pushups 50 a day`, `Floss twice a day`,
    /// `Steps 10000 steps daily`): the name before it, and the amount; `nil` when it doesn't. The name keeps a word.
    public static func splitDailyAmount(_ words: [Token]) -> ([Token], DailyAmount)? {
        var end = words.count
        guard end >= 2, !words[(end - 1)...].contains(where: \.quoted) else { return nil }
        // `a day`, `per day`, `each day`, `every day`, `daily`
        if words[end - 1].lower == "daily" {
            end -= 1
        } else if end >= 3, words[end - 1].lower == "day", ["a", "per", "each", "every"].contains(words[end - 2].lower) {
            end -= 2
        } else if end >= 3, WordForms.isTime(unit: words[end - 1].lower), Int(words[end - 2].text) != nil {
            // `Memory game 10 minutes`: how long, each day it is done.
        } else {
            return nil
        }
        guard end >= 2, !words[..<end].suffix(2).contains(where: \.quoted) else { return nil }
        if let count = Schedule.times[words[end - 1].lower] ?? Int(words[end - 1].text) {
            // `twice a day`, `8 a day`
            return end >= 2 ? (Array(words[..<(end - 1)]), DailyAmount(Quantity(count))) : nil
        }
        guard end >= 3, let count = DailyAmount.quantity(Substring(words[end - 2].text)) ?? Schedule.numbers[words[end - 2].lower].map({ Quantity($0) })
        else { return nil }
        let unit = words[end - 1].lower
        guard unit.allSatisfy(\.isLetter) else { return nil }
        return (Array(words[..<(end - 2)]), DailyAmount(count, unit: ["times", "time", "x"].contains(unit) ? nil : unit))
    }

    /// A name that ends in an amount of a unit we know (`Jog 5 km`, `Jog 5km`, said before a schedule): the name
    /// before it, and the amount; `nil` when it doesn't. The name keeps a word.
    static func amountAtEnd(_ words: [Token]) -> ([Token], DailyAmount)? {
        guard let last = words.last, !last.quoted else { return nil }
        if words.count >= 3, !words[words.count - 2].quoted, UnitWords.family(of: last.lower) != nil,
            let count = DailyAmount.quantity(Substring(words[words.count - 2].text))
        {
            return (Array(words.dropLast(2)), DailyAmount(count, unit: last.lower))
        }
        let digits = last.lower.prefix { $0.isNumber || $0 == "." || $0 == "," }
        let unit = String(last.lower.dropFirst(digits.count))
        guard words.count >= 2, let count = DailyAmount.quantity(digits), UnitWords.family(of: unit) != nil else { return nil }
        return (Array(words.dropLast()), DailyAmount(count, unit: unit))
    }

    /// A name that ends in a schedule (`Gym 3 times a week`, `Read 20 pages every day`): the name before it, and the
    /// schedule, from the first word where the rest reads as one; `nil` when none does. The name keeps a word.
    public static func splitSchedule(_ words: [Token]) -> ([Token], Schedule)? {
        for start in stride(from: max(1, words.count - Schedule.mostWords), to: words.count, by: 1)
        where !words[start...].contains(where: \.quoted) {
            if let schedule = Schedule(words: words[start...].map(\.lower)) { return (Array(words[..<start]), schedule) }
        }
        return nil
    }

    /// The usage line of `add habit`, `add bad habit` and their `room` forms.
    public static func usage(_ kind: HabitKind, room: Bool) -> String {
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
    public static func nameAndOptions(_ words: [Token], usage: String) throws -> ([Token], HabitDraft, tracksTime: Bool?) {
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
            if var (amount, unit, used) = Amount.read(words, at: index) {
                // `-20 life`, as `habits` shows it: life is only ever lost.
                if unit == .life { amount = abs(amount) }
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
            let count = DailyAmount.quantity(Substring(words[index + 1].text)) ?? Schedule.numbers[words[index + 1].lower].map({ Quantity($0) })
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
