import HabitatEngine

/// What was done: `ran 5k`, `did 20 squats`, `drank 2 more glasses of water`, `journaled, cooked and did 20 min of
/// spanish`, `yesterday I did yoga and called mum`.
extension Reader {
    /// One habit done, as the line says it.
    struct Done {
        var command: String
        /// Read with a slip in its name, or otherwise likely but not certain.
        var likely: Bool
    }

    /// A number said in a clause, with the word it counts.
    struct Said {
        var value: Double
        var whole: Bool
        /// The word after it (`km`, `glasses`), past `more`.
        var unit: String?
        /// Said as times (`x3`, `3 times`, `two loads`).
        var times: Bool
        /// The word it counts is the habit's name (`20 squats`, `2 coffees`).
        var ofName: Bool
    }

    /// Words that say a clause was about something done, so one with no habit of theirs in it is not set aside.
    static let doneWords: Set<String> = ["did", "done", "finished", "completed", "fiz", "feito", "went"]

    /// Words that may follow a habit's name in a line about it without changing what was done (`gym done`, `yoga this
    /// morning`, `the meal prep for the week`); any other word right after it might make it something else (`did
    /// exercise bike`), so the line is asked about.
    static let afterName: Set<String> = [
        "done", "ok", "okay", "all", "again", "today", "yesterday", "this", "last", "tonight", "morning", "evening",
        "afternoon", "night", "in", "at", "for", "with", "of", "on", "out", "up", "off", "and", "then", "my", "the", "a", "an",
        "routine", "session", "too", "already", "now", "just", "finally", "earlier", "is", "was", "x", "times", "time",
        "more", "upstairs", "downstairs", "outside", "inside", "first", "hoje", "ontem", "feito", "feita", "ja", "já",
        "bem", "by", "from", "to", "around", "before", "after", "while", "during", "lol", "yay", "haha", "properly",
        "together", "alone", "early", "late", "quickly", "twice", "once",
    ]

    func recording() -> Understanding? {
        var done: [Done] = []
        var mentioned = false
        for clause in line.clauses {
            let range = withoutContext(clause)
            guard !range.isEmpty else { continue }
            let named = mentions(in: range)
            if named.count > 1 { return nil }
            if let mention = named.first ?? slipped(in: range) {
                mentioned = true
                if clauseNotDone(clause) {
                    return .nothing(line.question
                        ? "That's up to you! When it's done, tell me ('did \(vocabulary.habits[mention.habit].name.lowercased())')."
                        : "Nothing recorded: that doesn't sound done yet. When it is, tell me ('did \(vocabulary.habits[mention.habit].name.lowercased())').")
                }
                // A day said in words this reading doesn't take (`last friday`, `on monday`) is never taken for today.
                if clause.contains(where: { Self.weekdays[words[$0].text] != nil || words[$0].text == "week" && words[$0 - 1 < 0 ? $0 : $0 - 1].text == "last" }) {
                    return nil
                }
                switch reading(mention, in: range) {
                case .done(var one):
                    let next = mention.range.upperBound
                    if next < range.upperBound, words[next].number == nil, !Self.afterName.contains(words[next].text),
                        WordForms.unit(words[next].text) == nil, !words[next].text.allSatisfy({ !$0.isLetter })
                    {
                        one.likely = true
                    }
                    done.append(one)
                case .missing(let question): return .clarify(question)
                case .unread: return nil
                }
                continue
            }
            // A clause with nothing of theirs in it: an aside (`forgot to log it yesterday`), unless it says it was done.
            if range.contains(where: { Self.doneWords.contains(words[$0].text) || (words[$0].number != nil && !Self.isTime(words, $0)) }) {
                return nil
            }
        }
        guard mentioned, !done.isEmpty else { return nil }
        if line.question {
            return .nothing("That's up to you! When it's done, tell me ('\(Self.shown(done[0].command))').")
        }
        let commands = done.map(\.command)
        if done.contains(where: \.likely) {
            let said = commands.map { "'\(Self.shown($0))'" }.joined(separator: ", then ")
            return .ask("Did you mean \(said)? Type 'yes' to record it.", commands)
        }
        return .commands(commands)
    }

    /// A command as the player would type it: `did "Feed the cat"` is `did feed the cat`.
    static func shown(_ command: String) -> String {
        command.replacingOccurrences(of: "\"", with: "").lowercased()
    }

    /// Whether `clause` says its habit was not done, or not simply done: `didn't`, `skipped`, `going to`, `should I`,
    /// `tomorrow`, `forgot to floss`, `almost smoked`, `trying to quit`, `smoking is bad`, `time to floss`, `I exercise
    /// every day`.
    func clauseNotDone(_ clause: Range<Int>) -> Bool {
        let said = Set(clause.map { words[$0].text })
        let negations: Set<String> = [
            "not", "never", "no", "skipped", "skip", "skipping", "missed", "without", "nothing", "instead", "should", "tomorrow",
            "later", "will", "plan", "planning", "might", "maybe", "forgot", "forget", "almost", "nearly", "quit", "quitting",
            "stop", "stopped", "trying", "try", "hate", "bad", "cut", "avoid", "avoided", "resisted", "craving", "want", "wanna",
            "need", "must", "gotta", "supposed", "hope", "hoping", "pretty", "sure", "if", "unless", "wish", "amanhã", "amanha", "não", "nao",
        ]
        if !said.isDisjoint(with: negations) { return true }
        let phrases: [[String]] = [["going", "to"], ["have", "to"], ["about", "to"], ["time", "to"], ["every", "day"], ["each", "day"]]
        return phrases.contains { phrase in
            clause.contains { start in
                start + phrase.count <= clause.upperBound && phrase.indices.allSatisfy { words[start + $0].text == phrase[$0] }
            }
        } || said.contains("everyday")
    }

    static func isTime(_ words: [Word], _ index: Int) -> Bool {
        index + 1 < words.count && ["am", "pm"].contains(words[index + 1].text)
    }

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
        for index in range where !mention.range.contains(index) {
            let word = words[index]
            guard let value = word.number, word.minute == nil, !Self.isTime(words, index) else { continue }
            if index + 1 < range.upperBound, ["days", "day"].contains(words[index + 1].text), index + 2 < words.count, words[index + 2].text == "ago" {
                continue
            }
            var next = index + 1
            while next < range.upperBound, ["more", "extra", "mais", "whole", "full", "big", "small", "large"].contains(words[next].text) { next += 1 }
            let unit = next < range.upperBound && words[next].number == nil ? words[next].text : nil
            let ofName = mention.range.contains(next)
            let times = (index > 0 && ["x", "×"].contains(words[index - 1].text))
                || ["times", "time", "x", "loads", "load", "rounds", "round", "sets", "set", "sessions", "session", "vezes"].contains(unit ?? "")
            numbers.append(Said(value: value, whole: word.isWhole, unit: ofName ? nil : unit, times: times, ofName: ofName))
        }
        let day = self.day.map { " \($0)" } ?? ""
        let name = self.name(mention)
        let likely = !mention.certain
        func done(_ amount: String = "") -> Reading { .done(Done(command: "did \(name)\(amount)\(day)", likely: likely)) }
        let measured = habit.amount?.unit.flatMap(WordForms.unit).map(WordForms.measures.contains) ?? false
        guard numbers.count <= 1 else { return .unread }
        guard let said = numbers.first else {
            // Nothing said of how much.
            guard let amount = habit.amount else { return done() }
            let one = range.contains { ["a", "an", "one", "um", "uma"].contains(words[$0].text) }
            if measured || (amount.count > 1 && !one && amount.unit == nil) {
                return .missing("How much? Say it with the amount, e.g. 'did \(lower) \(amount.count)'.")
            }
            return done()
        }
        guard said.whole, said.value >= 1 else {
            return .missing("I record whole amounts only: how much, rounded? e.g. 'did \(lower) \(Int(said.value.rounded()))'.")
        }
        let count = Int(said.value)
        if let amount = habit.amount {
            if said.times && said.unit != nil && !["x", "times", "time"].contains(said.unit!) { return .unread }
            guard let unit = said.unit, !said.ofName else { return done(" \(count)") }
            if let wanted = amount.unit, WordForms.isUnit(unit, wanted) { return done(" \(count)") }
            if amount.unit.flatMap(WordForms.unit) == "minute", WordForms.unit(unit) == "hour" { return done(" \(count * 60)") }
            if WordForms.unit(unit) != nil { return .missing("\(habit.name) is counted in \(amount.unit ?? "times"): how many? e.g. 'did \(lower) \(amount.count)'.") }
            // A word of the habit's own (`3 glasses of water` for Water counted in glasses is above; `2 cups of coffee`).
            if amount.unit == nil || WordForms.isForm(unit, of: lower) { return done(" \(count)") }
            return .unread
        }
        // A habit done or not: a time or a distance only says how long it took.
        if let unit = said.unit, WordForms.unit(unit) != nil { return done() }
        if said.times { return done(" x\(count)") }
        if said.ofName || said.unit == nil {
            return count == 1 ? done() : .done(Done(command: "did \(name) x\(count)\(day)", likely: true))
        }
        return .unread
    }
}
