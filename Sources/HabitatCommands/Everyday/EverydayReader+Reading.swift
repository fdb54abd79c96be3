import HabitatEngine

/// How much of one habit was done, how many times, and on which day, as a clause says it.
extension Reader {
    enum Reading {
        case done(Done)
        case missing(String)
        case unread
    }

    /// The recording of `mention` the words of `range` say: how much, how many times, on which day.
    func reading(_ mention: Mention, in range: Range<Int>) -> Reading {
        let habit = vocabulary.habits[mention.habit]
        let lower = habit.name.lowercased()
        var numbers: [Said] = []
        // (A number between the words of its name counts too: `replied to 20 emails` for Reply emails.)
        let nameWords = Set(lower.split(separator: " ").map(String.init))
        let dateWords = dayOfTheMonth?.words
        for index in range where !mention.range.contains(index) || words[index].number != nil && !nameWords.contains(words[index].text) {
            let word = words[index]
            // `walked to school with all three`: who it was done with counts nothing.
            if words[max(range.lowerBound, index - 2)..<index].contains(where: { $0.text == "with" }) { continue }
            // A number too large to be an amount (``EverydayLine/largest``) is no amount to leave out either.
            if word.number == nil, word.text.drop(while: { $0 == "x" || $0 == "×" }).prefix(while: \.isNumber).count > 9 {
                return .unread
            }
            var value = word.number
            // `an hour`, `a litre`: one of a unit.
            if value == nil, ["a", "an", "one", "um", "uma"].contains(word.text), index + 1 < range.upperBound,
                WordForms.unit(words[index + 1].text) != nil, !mention.range.contains(index + 1)
            {
                // `half an hour`
                value = index > range.lowerBound && words[index - 1].text == "half" ? 0.5 : 1
            }
            // (`I'm at 1500 words` counts the habit's own unit: no time.)
            let ownUnit = index + 1 < words.count && habit.amount?.unit.map { WordForms.isUnit(words[index + 1].text, $0) } == true
            guard let value, word.minute == nil, !Self.isTime(words, index) || ownUnit else { continue }
            if index > range.lowerBound, Self.labels.contains(words[index - 1].text), !mention.range.contains(index - 1) { continue }
            // `ran 5k in 25 min`: how long it took, for a habit that counts something else.
            if index > range.lowerBound, words[index - 1].text == "in", index + 1 < range.upperBound,
                WordForms.isTime(unit: words[index + 1].text), habit.amount != nil, !WordForms.isTime(unit: habit.amount?.unit)
            {
                continue
            }
            // `for both of us` counts people, not what was done.
            if word.text == "both", index + 1 < range.upperBound, words[index + 1].text == "of" { continue }
            // (`scales and ear training both done`: both of them, once each.)
            if word.text == "both", mentions(in: 0..<words.count).count >= 2 { continue }
            if index + 2 < words.count, ["days", "day"].contains(words[index + 1].text), words[index + 2].text == "ago" { continue }
            // (`cycled 30 km on the 18th`: the day, not an amount.)
            if dateWords?.contains(index) == true { continue }
            // (`booked the echo for dec 2`: the day of a month a to-do was for; of a habit, a day this reading doesn't take.)
            if index > 0 && Self.months[words[index - 1].text] != nil || index + 1 < words.count && Self.months[words[index + 1].text] != nil {
                guard habit.todo else { return .unread }
                continue
            }
            var next = index + 1
            while next < range.upperBound, ["more", "extra", "mais", "whole", "full", "big", "small", "large", "new"].contains(words[next].text) {
                next += 1
            }
            // (`2 iced lattes` for Iced coffee, `2 iced teas` for Tea: a word that says what kind, before the name.)
            if next + 1 < range.upperBound, !mention.range.contains(next), mention.range.contains(next + 1), words[next].number == nil,
                WordForms.unit(words[next].text) == nil, !(habit.amount?.unit.map { WordForms.isUnit(words[next].text, $0) } ?? false)
            {
                next += 1
            }
            // (`cello 30 yesterday`: a word of when or how it went counts nothing.)
            let unit = next < range.upperBound && words[next].number == nil && !Self.uncounted.contains(words[next].text) ? words[next].text : nil
            // `2 bags of chips`: the number counts what was named (a unit we know, `3 glasses of water`, `30 mins of
            // yoga`, is read as one).
            // (`walked 1 hour after dinner`: a unit said between the words of the name is no word of it.)
            // (`two decades of the rosary`: `the`, `my` between.)
            let ofIt = next + 2 < range.upperBound && words[next + 1].text == "of"
                && (mention.range.lowerBound == next + 2 || mention.range.lowerBound == next + 3 && Self.fillers.contains(words[next + 2].text))
                && WordForms.unit(words[next].text) == nil && habit.amount?.unit.map { !WordForms.isUnit(words[next].text, $0) } ?? true
            let ofName = mention.range.contains(next) && (WordForms.unit(words[next].text) == nil || nameWords.contains(words[next].text)) || ofIt
            let times = (index > 0 && ["x", "×"].contains(words[index - 1].text))
                || ["times", "time", "x", "loads", "load", "rounds", "round", "sets", "set", "sessions", "session", "vezes"].contains(unit ?? "")
            numbers.append(Said(
                value: value, whole: value == value.rounded() || word.number == nil, unit: ofName ? nil : unit, times: times, ofName: ofName,
                counted: ofIt ? unit : nil))
        }
        // `twice`, `three times` without a number before the name.
        if numbers.isEmpty, let index = range.first(where: { Schedule.times[words[$0].text] != nil }) {
            numbers.append(Said(value: Double(Schedule.times[words[index].text]!), whole: true, unit: nil, times: true, ofName: false))
        }
        // (`woke up at 4:45`: the time it was done, kept as the strict command keeps it; the only one the line says, as
        // `fed him at 3am and again at 6` is twice.)
        let onlyTime = timeOfDay(in: 0..<range.lowerBound, done: true) == nil && timeOfDay(in: range.upperBound..<words.count, done: true) == nil
        let at = onlyTime ? timeOfDay(in: range, done: true).map { " at \(Self.clock($0))" } ?? "" : ""
        // (`picked up formula last night`: a to-do or a list item is done now, whenever it was.)
        let onDay = habit.todo ? "" : self.day(of: range).map { " \($0)" } ?? ""
        let day = onDay + at
        let name = self.name(mention)
        func done(_ amount: String = "") -> Reading {
            .done(Done(command: "did \(name)\(amount)\(day)", likely: !mention.certain))
        }
        let family = habit.amount?.unit.flatMap(WordForms.unit)
        let measured = family.map(WordForms.measures.contains) ?? false
        // `sleep from 9 am to 3 pm`, `library 10 till 1`: a span of the clock, for a habit counted in time; asked about.
        if let wanted = habit.amount?.unit, WordForms.isTime(unit: wanted), let minutes = clockSpan(in: range) {
            let amount = WordForms.unit(wanted) == "minute" ? Double(minutes) : UnitWords.convert(Double(minutes), from: "minutes", to: wanted)
            if let amount = amount.flatMap(Quantity.init(exactly:)), amount > 0 {
                // (The day only: a clock said is the span's, no time it was done at.)
                return .done(Done(command: "did \(name) \(amount)\(onDay)", likely: true))
            }
        }
        // `3x10`, `3 sets of 10`: sets of so many each, asked about as all of them.
        if let amount = habit.amount, !["set", "sets", "round", "rounds"].contains(amount.unit?.lowercased() ?? ""), let sets = self.sets(in: range) {
            return .done(Done(command: "did \(name) \(sets)\(day)", likely: true))
        }
        // `drank 3 glasses of water, 8oz each`, `2 more bottles, the 16 oz ones`: so many of a size, in the habit's unit.
        if let wanted = habit.amount?.unit, measured, let size = sizeOfEach(in: wanted),
            case let counted = numbers.filter({ !($0.unit.map { WordForms.isUnit($0, wanted) } ?? false) }), !counted.isEmpty
        {
            guard counted.count == 1, counted[0].whole, counted[0].value >= 1 else { return .unread }
            return done(" \(Int((counted[0].value * size).rounded()))")
        }
        // (`Walked 2.5 km in 30 minutes.` for Evening walk in minutes: the one amount in its own unit.)
        if numbers.count > 1, let wanted = habit.amount?.unit,
            case let own = numbers.filter({ $0.unit.map { WordForms.isUnit($0, wanted) } ?? false }), own.count == 1,
            numbers.allSatisfy({ $0.unit.flatMap(WordForms.unit) != nil })
        {
            numbers = own
        }
        guard numbers.count <= 1 else { return .unread }
        guard let said = numbers.first else {
            // Nothing said of how much: once, unless it is measured (`ran` for Running 5 km a day: how far?).
            guard let amount = habit.amount, measured else { return done() }
            return .missing("How much? Say it with the amount, e.g. 'did \(lower) \(amount.count)'.")
        }
        // A time said in the other unit of time (`an hour` of guitar counted in minutes, `420 minutes` of sleep in hours);
        // another measure of the same kind (`half a litre` of water counted in oz) is asked about, rounded to two decimals
        // (one from 10 up: `16.9 oz`).
        var value = said.value
        var why: String?
        if let unit = said.unit, let wanted = habit.amount?.unit, let converted = UnitWords.convert(value, from: unit, to: wanted) {
            value = converted
            if !(WordForms.isTime(unit: unit) && WordForms.isTime(unit: wanted)) {
                let near = Quantity(rounding: value >= 10 ? (value * 10).rounded() / 10 : (value * 100).rounded() / 100)
                why = "\(habit.name) is counted in \(wanted): \(GameState.decimal(said.value)) \(unit) is \(near.double == value ? "" : "about ")\(near) \(wanted)."
                value = near.double
            }
        }
        // `8.2k steps`: thousands, for a habit that counts no distance.
        if said.unit == "k", family != "km", habit.amount != nil { value *= 1000 }
        // (`glucose check 7.1`, `6.2 mmol/L`: a decimal in no unit it counts, of one counted in whole things, is a reading;
        // done once, asked about.)
        if !said.whole, let amount = habit.amount, !measured,
            said.unit.map({ unit in WordForms.unit(unit) == nil && !(amount.unit.map { WordForms.isUnit(unit, $0) } ?? false) }) ?? true
        {
            return .done(Done(command: "did \(name)\(day)", likely: true, why: "\(GameState.decimal(said.value)) looks like a reading, not a count."))
        }
        // Another unit's amount is never taken without asking: the amount it is, rounded as above, is proposed.
        if let why, habit.amount != nil, case let about = Quantity(rounding: value), about > 0 {
            return .done(Done(command: "did \(name) \(about)\(day)", likely: true, why: why))
        }
        guard value == value.rounded() || habit.amount != nil, let count = Quantity(exactly: value), count > 0 else {
            // (`swam 1.5 km` for Swim, counted in times: how far says nothing of how many; once, asked about unless it was
            // how long.)
            if habit.amount == nil, let unit = said.unit.flatMap(WordForms.unit) {
                return ["minute", "hour"].contains(unit) ? done() : .done(Done(command: "did \(name)\(day)", likely: true))
            }
            guard let amount = habit.amount else {
                return .missing("\(habit.name) is counted in times, not amounts: 'did \(lower)' records it once.")
            }
            if case let near = Quantity(rounding: value), near > 0 {
                return .missing("An amount has at most \(Quantity.decimals) decimals: 'did \(lower) \(near)'.")
            }
            return .missing("How much? Say it with the amount, e.g. 'did \(lower) \(amount.count)'.")
        }
        if let amount = habit.amount {
            // Its own unit first (`2 sets of pelvic floor` for one counted in sets).
            if let unit = said.unit, let wanted = amount.unit, WordForms.isUnit(unit, wanted) { return done(" \(count)") }
            if said.times && said.unit != nil && !["x", "times", "time"].contains(said.unit!) { return .unread }
            if said.times && amount.unit == nil { return done(" \(count)") }
            // `hit snooze 4 times` for one counted in presses: a count of times is a count of them, for what is no measure.
            if said.times && ["times", "time", "x", nil].contains(said.unit) && !measured { return done(" \(count)") }
            // `2 bottles of water` for Water counted in oz: how much is in a bottle isn't said.
            if said.counted != nil, measured, !said.times {
                return .missing("\(habit.name) is counted in \(amount.unit ?? "times"): how many? e.g. 'did \(lower) \(amount.count)'.")
            }
            // `checked sugar 98` for Glucose check of 2 checks a day: a number far beyond the day's amount, said without a
            // unit, is more likely a reading than a count. Asked about as done once.
            if said.unit == nil, !said.times, !said.ofName, count > 20, count.thousandths > 10 * amount.count.thousandths {
                return .done(Done(command: "did \(name)\(day)", likely: true, why: "\(count) is far more than \(amount.words): a reading, not a count?"))
            }
            guard let unit = said.unit, !said.ofName else { return done(" \(count)") }
            if let wanted = amount.unit, WordForms.isUnit(unit, wanted) { return done(" \(count)") }
            if let family, WordForms.unit(unit) != nil, value != said.value || WordForms.unit(unit) == family { return done(" \(count)") }
            if WordForms.unit(unit) != nil { return .missing("\(habit.name) is counted in \(amount.unit ?? "times"): how many? e.g. 'did \(lower) \(amount.count)'.") }
            // A word of the habit's own (`3 glasses of water` for Water counted in glasses is above; `2 cups of coffee`).
            if amount.unit == nil || WordForms.isForm(unit, of: lower) { return done(" \(count)") }
            return .unread
        }
        // A habit done or not: a time only says how long it took; another measure (`ran 5k` for Run, counted in times)
        // may be meant for something else.
        // `2 cups chai with sugar` for a bad habit counted in times: so many servings of it, asked about. (`meal prepped,
        // 5 boxes` is once.)
        let servings = ["glass", "cup", "can", "bottle", "piece", "slice", "bag", "pack", "plate", "bowl", "box", "pint", "shot"]
        if habit.bad, let unit = said.unit, !said.times, servings.contains(where: { WordForms.isForm(unit, of: $0) }) {
            return .done(Done(command: count == 1 ? "did \(name)\(day)" : "did \(name) x\(count)\(day)", likely: true))
        }
        if let unit = said.unit.flatMap(WordForms.unit) {
            if unit == "minute" || unit == "hour" { return done() }
            return .done(Done(command: "did \(name)\(day)", likely: true))
        }
        if said.times { return done(" x\(count)") }
        // (`said two decades of the rosary`: so many parts of a good habit, no servings of it, is once, asked about.)
        if !habit.bad, let part = said.counted, !servings.contains(where: { WordForms.isForm(part, of: $0) }), count > 1 {
            return .done(Done(command: "did \(name)\(day)", likely: true))
        }
        if said.ofName || said.unit == nil {
            return count == 1 ? done() : .done(Done(command: "did \(name) x\(count)\(day)", likely: true))
        }
        // (`bought another tote bag online` for Online shopping: one of a thing, once, asked about.)
        if count == 1 { return .done(Done(command: "did \(name)\(day)", likely: true)) }
        return .unread
    }

    /// Whether `clause` says its habit was not done, or not simply done: `didn't`, `skipped`, `going to`, `should I`,
    /// `tomorrow`, `forgot to floss`, `almost smoked`, `trying to quit`, `smoking is bad`, `time to floss`, `I exercise
    /// every day`.
    func clauseNotDone(_ clause: Range<Int>, mention: Mention) -> Bool {
        // A word of the habit's own name says nothing (`skipped my cooldown` for Skipped cooldown).
        let named = Set(vocabulary.habits[mention.habit].name.lowercased().split(separator: " ").map(String.init))
        var said = Set(clause.map { words[$0].text })
        said.subtract(named)
        // `forgot to log yoga`, `but not write it`: done, only not told.
        if let at = notTold { said.remove(words[at].text) }
        // (`didnt sleep good, only 3 hours`: how it went, not whether.)
        let how: Set<String> = ["good", "well", "much", "enough", "great", "properly", "deeply", "right"]
        if let not = clause.first(where: { words[$0].text == "not" }), not + 2 < clause.upperBound, how.contains(words[not + 2].text),
            mention.range.contains(not + 1) || Self.isPast(words[not + 1].text) || WordForms.bases[words[not + 1].text] == nil
        {
            said.remove("not")
        }
        // (`dont judge`, `no regrets`, `I must confess`: what they feel about it, not whether it was done.)
        for (word, next) in [("not", ["judge", "judging", "proud", "kidding"]), ("no", ["regrets", "regret", "judgement", "judgment", "shame"]), ("must", ["confess", "admit", "say"])]
        where clause.contains(where: { words[$0].text == word && $0 + 1 < clause.upperBound && next.contains(words[$0 + 1].text) }) {
            said.remove(word)
        }
        // (`took the recycling out cos no one else did`: the others didn't.)
        if clause.contains(where: { $0 + 2 < clause.upperBound && words[$0].text == "no" && words[$0 + 1].text == "one" && words[$0 + 2].text == "else" }) {
            said.remove("no")
        }
        // (`at the truck stop`: a place, no stopping.)
        if clause.contains(where: { words[$0].text == "stop" && $0 > 0 && ["truck", "bus", "rest", "pit", "the", "a"].contains(words[$0 - 1].text) }) {
            said.remove("stop")
        }
        let negations: Set<String> = Self.negations.union([
            "skipping", "should", "tomorrow", "later", "will", "plan", "planning", "might", "maybe", "forgot", "forget", "almost", "nearly", "quit", "quitting",
            "stop", "stopped", "trying", "try", "hate", "bad", "cut", "avoid", "avoided", "resisted", "craving", "want", "wanna",
            "need", "must", "gotta", "supposed", "hope", "hoping", "pretty", "sure", "if", "unless", "wish", "amanhã", "amanha",
            "não", "nao", "nicht", "kein", "keine", "morgen",
        ])
        if !said.isDisjoint(with: negations) { return true }
        // A plan said after it is about something else (`skipped my cooldown, coach is gonna kill me`).
        let plans: [[String]] = [
            ["going", "to"], ["have", "to"], ["about", "to"], ["time", "to"], ["off", "to"], ["heading", "to"], ["headed", "to"],
            ["on", "my", "way"], ["heading", "out"], ["leaving", "for"], ["like", "to"], ["love", "to"], ["wish", "to"],
        ]
        let always: [[String]] = [["every", "day"], ["each", "day"], ["put", "off"], ["putting", "off"]]
        func has(_ phrase: [String], before end: Int) -> Bool {
            clause.contains { start in start + phrase.count <= end && phrase.indices.allSatisfy { words[start + $0].text == phrase[$0] } }
        }
        // `yoga in 2 hours`: later, unless something says it was done (`ran 5k in 25 min`, `read 30 pages in an hour`).
        let later = clause.contains { index in
            words[index].text == "in" && !clause.contains { $0 < index && words[$0].number != nil }
                && ((index + 1)..<min(index + 4, clause.upperBound)).contains { ["minute", "hour"].contains(WordForms.unit(words[$0].text) ?? "") }
        }
        if later, !clause.contains(where: { Self.isPast(words[$0].text) || Self.doneWords.contains(words[$0].text) }) { return true }
        return plans.contains { has($0, before: mention.range.lowerBound) } || always.contains { has($0, before: clause.upperBound) }
            || said.contains("everyday")
    }
}
