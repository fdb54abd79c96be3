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

extension EverydayReader {
    /// `called the grandchildren on Sunday and again on Tuesday`, `did yoga wednesday and today`, `checked my BP on
    /// Tuesday and Wednesday`: one thing done on each of the days said one after another. The line is read with the
    /// first day only, and what it records is recorded on each day; anything else is no such line.
    static func eachDay(_ reader: Reader, joiners: Set<String>) -> Understanding? {
        let words = reader.words
        func said(_ index: Int) -> String? {
            let text = words[index].text
            if text == "today" { return "" }
            if text == "yesterday" { return " yesterday" }
            guard Schedule.oneWeekday(text) != nil, !(index > 0 && ["next", "this", "every", "each", "coming"].contains(words[index - 1].text)) else { return nil }
            return " on \(text)"
        }
        let days = words.indices.filter { said($0) != nil }
        guard days.count >= 2, Set(days.map { words[$0].text }).count == days.count else { return nil }
        // (Only joining words between the days: `on sunday and again on tuesday`, `tuesday, wednesday`.)
        let joining: Set<String> = ["and", "again", "on", "also", ",", "&", "then", "as", "well", "too", "e"]
        // (`walked Biscuit 2 times on Tuesday and once on Wednesday`: how much on each, said before it.)
        let counting: Set<String> = ["once", "twice", "times", "time", "x"]
        var amounts = false
        for (first, next) in zip(days, days.dropFirst()) {
            let between = words[(first + 1)..<next]
            guard !between.isEmpty, between.contains(where: { ["and", ",", "&", "e"].contains($0.text) }) else { return nil }
            if between.allSatisfy({ joining.contains($0.text) }) { continue }
            guard between.allSatisfy({ joining.contains($0.text) || counting.contains($0.text) || $0.number != nil || WordForms.unit($0.text) != nil }),
                between.contains(where: { $0.number != nil || ["once", "twice"].contains($0.text) })
            else { return nil }
            amounts = true
        }
        // (`… and on tuesday I rested`: the last day, with more said of it, is its own.)
        let end = days.last! + 1
        guard end == words.count || words[end].stop && words[end].text != "and" || ["but", "as", "too", "both"].contains(words[end].text) else { return nil }
        let firstDay = days[0]
        if amounts {
            // What was done, up to its first amount, then each day's own part.
            guard let firstAmount = words[..<firstDay].firstIndex(where: { $0.number != nil || ["once", "twice"].contains($0.text) }), firstAmount > 0
            else { return nil }
            let head = words[..<firstAmount].map(\.typed)
            var all: [String] = []
            var start = firstAmount
            for day in days {
                let part = words[start...day].drop { joining.contains($0.text) || $0.stop }.map(\.typed)
                let one = Reader(line: EverydayLine((head + part).joined(separator: " "), joiners: joiners), vocabulary: reader.vocabulary)
                switch one.recording() {
                case .commands(let read)?, .ask(_, let read)?:
                    guard read.count == 1, read[0].hasPrefix("did "), said(day)!.isEmpty || read[0].hasSuffix(said(day)!) else { return nil }
                    all += read
                default: return nil
                }
                start = day + 1
            }
            return didYouMean(all, after: "Type 'yes' to record it.")
        }
        // (`yesterday and today` alone is read where it is said: one thing, on both.)
        if Set(days.map { words[$0].text }) == ["yesterday", "today"] { return nil }
        // (`swim x2 this week: tuesday and today`: the days after a mark are a list of their own, and no note.)
        let listed = firstDay > 0 && words[firstDay - 1].stop && [",", ":", ";"].contains(words[firstDay - 1].text)
        var kept = words[...firstDay].map(\.typed) + words[(days.last! + 1)...].map(\.typed)
        if listed { kept[firstDay - 1] = "," }
        let once = Reader(line: EverydayLine(kept.joined(separator: " "), joiners: joiners), vocabulary: reader.vocabulary)
        let asked: Bool
        var commands: [String]
        switch once.recording() {
        case .commands(let read)?: (asked, commands) = (false, read)
        case .ask(_, let read)?: (asked, commands) = (true, read)
        default: return nil
        }
        // (`we got takeout twice this week, Tuesday and Wednesday`: the count is the days'.)
        if case let counted = " x\(days.count)", commands.count == 1, commands[0].hasSuffix(counted), listed {
            let once = String(commands[0].dropLast(counted.count))
            let all = days.map { once + said($0)! }
            return asked ? didYouMean(all, after: "Type 'yes' to record it.") : .commands(all)
        }
        let suffix = said(firstDay)!
        guard commands.allSatisfy({ $0.hasPrefix("did ") && (suffix.isEmpty ? !$0.contains(" on ") && !$0.hasSuffix(" yesterday") : $0.hasSuffix(suffix)) })
        else { return nil }
        commands = commands.map { String($0.dropLast(suffix.count)) }
        let all = days.flatMap { day in commands.map { $0 + said(day)! } }
        return asked ? didYouMean(all, after: "Type 'yes' to record it.") : .commands(all)
    }
}
