import HabitatEngine

/// The day a line says something was done on: a word of it, a weekday gone by, a day of a month, and the day of one
/// part of a line.
extension Reader {
    /// The day a line is about: `yesterday`, `last night`, `2 days ago`, a weekday gone by (`on wednesday`); today
    /// otherwise.
    var day: String? {
        // `the day before yesterday`
        if line.has(phrase: ["day", "before", "yesterday"]) { return "2 days ago" }
        if line.has("yesterday") || line.has("ontem") || line.has(phrase: ["last", "night"]) { return "yesterday" }
        if let ago = line.index(of: "ago"), ago >= 2, let count = words[ago - 2].number, words[ago - 1].text.hasPrefix("day") {
            return "\(Int(count)) days ago"
        }
        return pastWeekday ?? dayOfTheMonth?.day
    }

    /// `on the 18th`, `on 18th`, `on nov 18`: a day of a month gone by (this month's, or the last's when it is still to
    /// come), as the strict command says it, with the words that said it.
    var dayOfTheMonth: (day: String, words: Range<Int>)? {
        guard let on = line.index(of: "on"), on + 1 < words.count, let date = date(after: on + 1, past: true), Day(iso: date) != nil else {
            return nil
        }
        var end = on + 1
        while end < words.count, !words[end].stop, end - on <= 4,
            words[end].number != nil || Self.months[words[end].text] != nil || ["the", "of", "st", "nd", "rd", "th"].contains(words[end].text)
                || words[end].text.first?.isNumber == true
        {
            end += 1
        }
        // (`on the 25th` on the 20th is no day five weeks gone: a day of a month is one of the last two weeks, unless
        // its month is said.)
        guard let day = Day(iso: date), vocabulary.today - day <= 14 || words[on..<end].contains(where: { Self.months[$0.text] != nil }) else {
            return nil
        }
        return ("on \(date)", on..<end)
    }

    /// The day a weekday named once in a line about something done says (`walked the dog on wednesday`, `forgot to log
    /// tuesday's run`, `last friday`), as the strict command says it (`on wednesday`, `last friday`; the last such day,
    /// ``Recording/When/weekday(_:aWeekBack:)``). A weekday in a line that says nothing was done (`gym on saturday` may
    /// be a plan, and so may one in a clause that does not say it, `ran 5k, gym on saturday`), or two of them, name no
    /// day; one said first or with an amount (``weekdayInThePresent``) is asked about.
    var pastWeekday: String? { weekdayGoneBy?.day }

    /// ``pastWeekday``, and whether the line says it was done then (not only ``weekdayInThePresent``).
    var weekdayGoneBy: (day: String, sure: Bool)? {
        let named = words.indices.filter { Schedule.oneWeekday(words[$0].text) != nil }
        // (Said done in its own clause: `ran 5k, gym on saturday` names no day gone by.)
        guard named.count == 1, let at = named.first, let clause = line.clauses.first(where: { $0.contains(at) }) else { return nil }
        let sure = clause.contains(where: { Self.isPast(words[$0].text) || Self.doneWords.contains(words[$0].text) }) || forgotToSay
        guard sure || weekdayInThePresent else { return nil }
        return ("\(at > 0 && words[at - 1].text == "last" ? "last" : "on") \(words[at].text)", sure)
    }

    /// The day of what the words of `range` say was done: the line's (``EverydayReader/day``), unless a mark (`,` `.`
    /// `;`) parts the line and the day is said only in another part that names something done of its own: `glucose
    /// check done, and walked 20 min last night` is today's check and last night's walk. (`did yoga and meditated
    /// yesterday`, one part, is both yesterday's.)
    func day(of range: Range<Int>) -> String? {
        guard let day else { return nil }
        let marks = words.indices.filter { words[$0].stop && [",", ".", ";", "!"].contains(words[$0].text) }
        guard !marks.isEmpty else { return day }
        func part(holding index: Int) -> Range<Int> {
            let start = marks.last { $0 < index }.map { $0 + 1 } ?? 0
            return start..<(marks.first { $0 > index } ?? words.count)
        }
        let dayWords: Set<String> = ["yesterday", "ontem", "night", "ago"]
        let said = words.indices.filter { dayWords.contains(words[$0].text) || Schedule.oneWeekday(words[$0].text) != nil }
        let own = part(holding: range.lowerBound)
        guard !said.isEmpty, !said.contains(where: own.contains) else { return day }
        // (`yesterday: sugar checked x2, water 24oz`: a day said first is the whole line's, but for a part that says today.)
        if let first = said.min(), first == 0 || first == 1 && words[0].text == "last",
            !own.contains(where: { ["today", "tonight", "now"].contains(words[$0].text) })
        {
            return day
        }
        let others = Set(said.map { part(holding: $0) })
        // (`FORGOT YESTERDAY. BP CHECKED`: a part that names nothing of theirs says when the rest was done.)
        func saysDone(_ part: Range<Int>) -> Bool {
            !mentions(in: part).isEmpty || byItsVerb(in: part) != nil || partly(in: part) != nil
        }
        let ownDone = !mentions(in: own).isEmpty || own.contains { Self.doneWords.contains(words[$0].text) }
        return ownDone && others.allSatisfy { saysDone($0) } ? nil : day
    }
}
