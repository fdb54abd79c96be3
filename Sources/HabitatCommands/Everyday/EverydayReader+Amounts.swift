import HabitatEngine

// How much was done, and whether the unit said names the habit.
extension Reader {
    /// The line's clauses, an amount said on its own after the words of what was done belonging to them (`walked to the
    /// post office and back, 2 km`, `did pushups yesterday, 30`).
    var clauses: [Range<Int>] {
        var clauses: [Range<Int>] = []
        for clause in line.clauses {
            // (`research: an hour in the archive`: how much of what was named before the colon.)
            let afterColon = clause.lowerBound > 0 && words[clause.lowerBound - 1].text == ":"
                && EverydayReader.startsWithAmount(words[clause])
            // (`omg finally did my japanese, 10 mins`: a word of its name is enough.)
            if saysOnlyAnAmount(clause) || afterColon, let last = clauses.lastIndex(where: { !mentions(in: $0).isEmpty || partly(in: $0) != nil }) {
                clauses[last] = clauses[last].lowerBound..<clause.upperBound
                clauses.removeSubrange((last + 1)...)
            } else {
                clauses.append(clause)
            }
        }
        return clauses
    }

    /// Whether the words of `range` say an amount and nothing else: `30`, `2 km`, `all three sets`, `both meals`, `twice`.
    func saysOnlyAnAmount(_ range: Range<Int>) -> Bool {
        let around: Set<String> = ["about", "around", "roughly", "like", "approx", "total", "in", "all", "x", "times", "of", "them"]
        let units = vocabulary.habits.compactMap { $0.amount?.unit?.lowercased() }
        func unit(_ text: String) -> Bool { WordForms.unit(text) != nil || units.contains { WordForms.isUnit(text, $0) } }
        // (`30 mins at 7am`: and when.)
        return range.contains { words[$0].number != nil && words[$0].minute == nil || Schedule.times[words[$0].text] != nil }
            && range.allSatisfy {
                words[$0].number != nil || Schedule.times[words[$0].text] != nil || unit(words[$0].text) || around.contains(words[$0].text)
                    || words[$0].minute != nil || words[$0].text == "at" && $0 + 1 < range.upperBound && words[$0 + 1].minute != nil
            }
    }

    /// Verbs too common to say which habit was done, that still say what kind of thing was (`watched tv for 2 hours` is
    /// no study, `played piano 20 min` no guitar).
    static let doings: Set<String> = ["watch", "play"]

    /// Whether a verb of `range` names a doing other than `mention`'s habit: one that is no form of its name or of the
    /// person's words for it, and whose senses and their kinds in WordNet hold none of them (`walked`, `cycled` and
    /// `swam` for Running; `wrote` for Reading; but `jogged` is a kind of running and `skimmed` a kind of reading).
    /// Verbs that say only that something was done (`did`, `had`, `ran`) name nothing else.
    func otherDoing(in range: Range<Int>, than mention: Mention) -> Bool {
        let habit = vocabulary.habits[mention.habit]
        let names = (habit.name.lowercased().split(separator: " ").map(String.init) + habit.words.map { $0.lowercased() })
            .filter { !Self.fillers.contains($0) }
        for index in range where !mention.range.contains(index) {
            let text = words[index].text
            guard words[index].number == nil, WordForms.unit(text) == nil, !Self.doneWords.contains(text), !Self.fillers.contains(text)
            else { continue }
            guard let base = WordForms.bases(of: text).first(where: { WordForms.senses.byWord[$0] != nil }),
                !WordForms.plainVerbs.contains(base) || Self.doings.contains(base)
            else { continue }
            if names.contains(where: { WordForms.isForm(text, of: $0) }) { return false }
            let related = WordForms.related(base)
            return !names.contains { name in related.contains(name) || NameMatch<String>.forms(of: name).contains(where: related.contains) }
        }
        return false
    }

    /// The one habit counted in the unit a clause names, when no name is said (`5 more pages`, `1 more litre`). Never when
    /// the word before the number says what was done in another language (`pratiquei 1h`, Portuguese for practised).
    /// (`às 16h` is a time of day: ``EverydayLine`` reads it so.)
    func counted(in range: Range<Int>) -> Mention? {
        var found: [Mention] = []
        for index in range where words[index].number != nil && index + 1 < range.upperBound
            && (index == range.lowerBound || !looksForeign(words[index - 1].text))
        {
            var next = index + 1
            while next < range.upperBound, ["more", "extra"].contains(words[next].text) { next += 1 }
            guard next < range.upperBound else { continue }
            for (habit, candidate) in vocabulary.habits.enumerated() {
                guard let unit = candidate.amount?.unit, WordForms.isUnit(words[next].text, unit) else { continue }
                found.append(Mention(habit: habit, range: next..<(next + 1), certain: true))
            }
        }
        return found.count == 1 ? found[0] : nil
    }
}

extension Reader {
    /// Whether `text` looks like a word of another language that this reading doesn't know: letters beyond English's, or
    /// the ending of a Portuguese or Spanish verb in the past (`estudei`, `comi`, `tomou`), and no form of a word it knows.
    func looksForeign(_ text: String) -> Bool {
        guard text.count >= 4, text.allSatisfy(\.isLetter), WordForms.unit(text) == nil, !Self.isPast(text),
            !WordForms.bases(of: text).contains(where: { WordForms.senses.byWord[$0] != nil || WordForms.nouns.byWord[$0] != nil })
        else { return false }
        return !text.allSatisfy(\.isASCII) || ["ei", "ou", "iu"].contains(where: text.hasSuffix)
    }

    /// Words after a number that say when, where or how it went, never what it counts (`cello 30 yesterday`).
    static let uncounted: Set<String> = [
        "yesterday", "today", "tonight", "this", "last", "at", "on", "in", "with", "ago", "again", "done", "already", "now",
        "earlier", "morning", "evening", "afternoon", "night", "too", "finally", "just", "ok", "okay", "before", "after",
        "from", "while", "during", "lol", "haha", "yay", "so", "but", "because", "though", "total", "altogether", "all",
    ]

    /// Words a number after them labels rather than counts: `read chapter 5`, `day 12 of the challenge`, `coffee number 3`.
    static let labels: Set<String> = [
        "chapter", "day", "number", "no", "episode", "ep", "level", "week", "lesson", "part", "round", "stage", "page", "pg",
        "season", "book", "volume", "vol", "module", "section", "unit", "track", "song", "game", "match", "problem", "task",
        "item", "class", "grade", "year", "month", "question", "room", "floor", "gate", "step", "mile", "#", "psalm", "verse",
        "sura", "surah", "juz", "kata", "form", "bed", "table", "bus", "route", "line", "version",
    ]

    /// All of the sets said in `range` (`3x10`, `3 x 10`, `3 sets of 10` are 30), or `nil` when none are.
    func sets(in range: Range<Int>) -> Int? {
        for index in range where index + 1 < range.upperBound {
            guard let count = words[index].number.flatMap({ Int(exactly: $0) }) else { continue }
            let next = words[index + 1].text
            var each: Double?
            if next.hasPrefix("x") || next.hasPrefix("×"), let number = Double(next.dropFirst()) {
                each = number
            } else if ["x", "×"].contains(next), index + 2 < range.upperBound {
                each = words[index + 2].number
            } else if ["sets", "set", "rounds"].contains(next), index + 3 < range.upperBound, words[index + 2].text == "of" {
                each = words[index + 3].number
            }
            // (Any number may be typed: a product too large for a count is no amount.)
            if let each = each.flatMap({ Int(exactly: $0) }), each >= 1, count >= 1 {
                let (all, overflow) = count.multipliedReportingOverflow(by: each)
                return overflow ? nil : all
            }
        }
        return nil
    }
}

extension EverydayReader {
    /// Whether `note` starts with an amount: `30`, `5 km`, `an hour in the archive`, `half an hour of scales`.
    public static func startsWithAmount(_ note: String) -> Bool {
        startsWithAmount(EverydayLine(note, joiners: []).words[...])
    }

    static func startsWithAmount(_ words: ArraySlice<EverydayLine.Word>) -> Bool {
        guard let first = words.first else { return false }
        if first.number != nil, first.minute == nil { return true }
        let unit = words.dropFirst().first { !["an", "a"].contains($0.text) }
        return ["a", "an", "one", "half"].contains(first.text) && unit.map { WordForms.unit($0.text) != nil } == true
    }
}

extension Reader {
    /// `I'm at 6 glasses now` with 2 recorded today: the 4 more that make 6; with 6 or more already, nothing. A day
    /// other than today is asked about.
    func soFar(_ mention: Mention, _ amount: DailyAmount, total which: Int? = nil) -> Understanding {
        let habit = vocabulary.habits[mention.habit]
        let lower = habit.name.lowercased()
        let unit = amount.unit.map { " \($0)" } ?? ""
        var read: Done? { if case .done(let said) = reading(mention, in: 0..<words.count) { said } else { nil } }
        let said = which == nil ? read : nil
        guard day == nil, let total = which.map({ Quantity($0) }) ?? said?.command.split(separator: " ").last.flatMap(DailyAmount.quantity) else {
            return .clarify("Is that your count for the day in all? Say how many more to add, e.g. 'did \(lower) \(amount.count > 1 ? 2 : 1)'.")
        }
        guard total > habit.today else {
            return .nothing("\(habit.name) has \(habit.today)\(unit) today already: nothing more to add.")
        }
        let command = "did \(name(mention)) \(total - habit.today)"
        // (`drank 1.5 liters so far`: a part of a unit, rounded, is asked about.)
        if let said, said.likely {
            return EverydayReader.didYouMean([command], before: said.why.map { "\($0) " } ?? "", after: "Type 'yes' to record it.")
        }
        return .commands([command])
    }
}

extension Reader {
    static let ordinals: [String: Int] = [
        "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10,
        "eleventh": 11, "twelfth": 12,
    ]

    /// A count said as which one it was (`fourth cup`, `3rd coffee`, `second time today`), and the index of the word
    /// after it; a day of the month (`the 4th of december`) is none.
    var ordinal: (Int, Int)? {
        for index in words.indices {
            var (value, next) = (Self.ordinals[words[index].text], index + 1)
            if value == nil, let number = words[index].number, words[index].isWhole, number >= 2, number <= 50, index + 1 < words.count,
                ["st", "nd", "rd", "th"].contains(words[index + 1].text)
            {
                (value, next) = (Int(number), index + 2)
            }
            guard let value, next < words.count, !words[next].stop else { continue }
            let after = words[next].text
            let named = mentions(in: next..<(next + 1)).isEmpty == false || WordForms.unit(after) != nil
            if named || ["time", "one"].contains(after) && line.has("today") { return (value, next) }
        }
        return nil
    }
}

extension Reader {
    /// A clause after the one thing done that says only how many (`two bags`, `like 3 more`, `2 at dinner`) or once
    /// more (`and again at 6`): `done` made that many, or that many more, and asked about; `nil` when the clause says
    /// something else, `false` when it can't be read.
    func more(of last: Mention, in range: Range<Int>, done: inout Done) -> Bool? {
        let when: Set<String> = [
            "at", "for", "in", "with", "lunch", "dinner", "breakfast", "supper", "night", "work", "home", "later", "then", "too", "also", "more",
            "the", "morning", "afternoon", "evening",
        ]
        let habit = vocabulary.habits[last.habit]
        // (`ate ramen again.. shin ramyun 2 packs`: an amount in its own unit, after a word or two of what it was.)
        let ownUnit = range.first { index in
            words[index].number != nil && index + 1 < range.upperBound
                && habit.amount?.unit.map { WordForms.isUnit(words[index + 1].text, $0) } == true
        }
        let number = ownUnit ?? range.first { !["like", "about", "around", "roughly", "maybe", "probably"].contains(words[$0].text) } ?? range.lowerBound
        let day = self.day.map { " \($0)" } ?? ""
        let before = "did \(name(last)) "
        func amount(_ command: String) -> Int? {
            guard command.hasPrefix(before), command.hasSuffix(day) else { return nil }
            return Int(command.dropFirst(before.count).dropLast(day.count).drop { $0 == "x" })
        }
        // (`and again at 6`: once more, at a time that says only when; `walked bonnie this morning and tonight`, `night feeds
        // at 2 and at 5`: a second time of day, after the first.)
        let partsOfDay: Set<String> = ["morning", "afternoon", "evening", "night", "tonight", "lunch", "lunchtime", "noon", "midday", "bedtime"]
        func saysWhen(_ index: Int) -> Bool {
            partsOfDay.contains(words[index].text) || words[index].minute != nil
                || words[index].number != nil && index > 0 && words[index - 1].text == "at" && Self.isTime(words, index)
        }
        let another = range.lowerBound > 0 && words[range.lowerBound - 1].text == "and" && range.contains(where: saysWhen)
            && range.allSatisfy({ saysWhen($0) || ["at", "in", "the", "then", "again"].contains(words[$0].text) })
            && (last.range.upperBound..<range.lowerBound).contains(where: saysWhen)
            // (`did scales twice today, morning and evening`: which times the two were, once the count is said.)
            && done.command == "did \(name(last))\(day)"
        // (`Ordered pizza. Again.`: this time is the again, no second one.)
        let onceMore = words[number].text == "again" && (range.count > 1 || range.lowerBound > 0 && words[range.lowerBound - 1].text == "and")
        if onceMore || another,
            range[(number + 1)...].allSatisfy({ when.contains(words[$0].text) || words[$0].minute != nil || words[$0].number != nil && Self.isTime(words, $0) })
        {
            let first = done.command == "did \(name(last))\(day)" ? 1 : amount(done.command)
            guard let first else { return false }
            done = Done(command: "\(before)\(habit.amount == nil ? "x" : "")\(first + 1)\(day)", likely: true)
            return true
        }
        // (`had tea with biscuits, 3 cups today god help me`: an amount in its own unit, of one said done without one,
        // whatever is said after it.)
        let howMuch = ownUnit != nil && done.command == "did \(name(last))\(day)"
        guard words[number].number != nil, howMuch || range[(number + 1)...].dropFirst().allSatisfy({ when.contains(words[$0].text) }),
            !Self.isTime(words, number), slipped(in: range) == nil, counted(in: range).map({ $0.habit == last.habit }) ?? true
        else { return nil }
        if let first = amount(done.command), case .done(let more) = reading(last, in: range), let second = amount(more.command) {
            done = Done(command: "\(before)\(first + second)\(day)", likely: true)
            return true
        }
        guard done.command == "did \(name(last))\(day)" else { return false }
        switch reading(last, in: range) {
        case .done(let more): done = Done(command: more.command, likely: true)
        case .unread where habit.amount == nil && habit.bad:
            // (`two bags` of a bad habit counted in times: that many slips; `meal prepped, 5 boxes` is once.)
            guard let count = words[number].number, count == count.rounded(), count >= 1 else { return false }
            done = Done(command: "\(before)x\(Int(count))\(day)", likely: true)
        default:
            // (Of a habit done or not, what it made: `meal prepped for the week, 5 boxes`.)
            guard habit.amount == nil else { return false }
        }
        return true
    }
}

extension Reader {
    /// The size of each of what was counted, said in `unit` anywhere in the line: `8oz each`, `16 oz apiece`, `the 16 oz
    /// ones`.
    func sizeOfEach(in unit: String) -> Double? {
        for index in words.indices.dropLast() where WordForms.isUnit(words[index + 1].text, unit) {
            guard let size = words[index].number, size > 0 else { continue }
            let after = index + 2 < words.count ? words[index + 2].text : ""
            if ["each", "apiece", "ones", "one"].contains(after) || index > 0 && words[index - 1].text == "the" && after.hasPrefix("one") {
                return size
            }
        }
        return nil
    }
}

extension Reader {
    /// `from 9 am to 3 pm`, `10 till 1`, `11pm to 7am`: how long a span of the clock said in `range` lasted, in minutes.
    /// Without both halves of the day said, the span is the shorter one, under twelve hours (`10 till 1` is three).
    func clockSpan(in range: Range<Int>) -> Int? {
        /// The clock said at `index`: its minute after midnight, whether its half of the day is known, and its words.
        func clock(at index: Int) -> (minute: Int, known: Bool, used: Int)? {
            guard range.contains(index) else { return nil }
            if let minute = words[index].minute { return (minute, minute >= 13 * 60 || words[index].text.hasSuffix("m"), 1) }
            guard let hour = words[index].number, words[index].isWhole, (0..<24).contains(hour) else { return nil }
            if index + 1 < range.upperBound, ["am", "pm"].contains(words[index + 1].text),
                let minute = RecordingParser.clock("\(Int(hour))\(words[index + 1].text)")
            {
                return (minute, true, 2)
            }
            return (Int(hour) * 60, hour > 12 || hour == 0, 1)
        }
        for index in range where ["to", "till", "til", "until", "-"].contains(words[index].text) {
            // (The clock before ends there: `9 am to`, `9am to`.)
            let start = index >= 2 && ["am", "pm"].contains(words[index - 1].text) ? index - 2 : index - 1
            guard let from = clock(at: start), start + from.used == index, let to = clock(at: index + 1) else { continue }
            // (`7 to 8 hours` is an amount, not a span: the clock after is no number of a unit.)
            let after = index + 1 + to.used
            if after < range.upperBound, WordForms.unit(words[after].text) != nil { continue }
            // (Only a span said as one: `from 9 to 3`, or two clocks that stand alone, `10 till 1`.)
            let before = start - 1
            guard before < range.lowerBound || words[before].text == "from" || words[before].number == nil && words[before].minute == nil
            else { continue }
            let day = 24 * 60
            let span = from.known && to.known ? (to.minute - from.minute + day) % day : (to.minute - from.minute + 2 * day) % (day / 2)
            return span > 0 ? span : nil
        }
        return nil
    }
}
