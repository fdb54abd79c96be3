import HabitatEngine

/// Lines that say more than one thing: one thing on several days, what was done and then what was not, and what was
/// done said of the thing it was done to. Each is read again as the plainer line it stands for.
extension EverydayReader {
    /// `called the grandchildren on Sunday and again on Tuesday`, `did yoga wednesday and today`, `checked my BP on
    /// Tuesday and Wednesday`: one thing done on each of the days said one after another. The line is read with the
    /// first day only, and what it records is recorded on each day; anything else is no such line.
    /// `sleep 7.5 hydration 2.25 protein 148.5`: names of theirs, each with its amount, and nothing else (but `yesterday`
    /// at the end, said of them all).
    static func pairs(_ reader: Reader) -> Understanding? {
        let words = reader.words
        let named = reader.mentions(in: 0..<words.count)
        guard named.count >= 2, named.allSatisfy(\.certain) else { return nil }
        var commands: [String] = []
        var covered = 0
        for mention in named {
            guard words[covered..<mention.range.lowerBound].allSatisfy({ $0.stop || ["and", "+", "&"].contains($0.text) }) else { return nil }
            var at = mention.range.upperBound
            guard at < words.count, let number = words[at].number, words[at].minute == nil, let amount = Quantity(exactly: number), amount > 0
            else { return nil }
            at += 1
            let habit = reader.vocabulary.habits[mention.habit]
            guard habit.amount != nil || amount.isWhole, !habit.todo, !habit.shared else { return nil }
            if at < words.count, let unit = habit.amount?.unit, WordForms.isUnit(words[at].text, unit) { at += 1 }
            commands.append("did \(reader.name(mention)) \(habit.amount == nil ? "x" : "")\(amount)")
            covered = at
        }
        let rest = words[covered...].filter { !$0.stop }.map(\.text)
        guard rest.isEmpty || rest == ["yesterday"] || rest == ["today"] else { return nil }
        return .commands(rest == ["yesterday"] ? commands.map { $0 + " yesterday" } : commands)
    }

    static func eachDay(_ reader: Reader, joiners: Set<String>) -> Understanding? {
        let words = reader.words
        func said(_ index: Int) -> String? {
            let text = words[index].text
            if text == "today" { return "" }
            if text == "yesterday" { return " yesterday" }
            // (`yesterday and the day before`: the day before yesterday, by its weekday.)
            if text == "before", index >= 3, words[index - 1].text == "day", words[index - 2].text == "the", words[index - 3].text == "and",
                index + 1 == words.count || words[index + 1].text != "yesterday"
            {
                return " on " + Schedule.fullDayNames[(reader.vocabulary.today - 2).weekday]
            }
            guard Schedule.oneWeekday(text) != nil, !(index > 0 && ["next", "this", "every", "each", "coming"].contains(words[index - 1].text)) else { return nil }
            return " on \(text)"
        }
        let days = words.indices.filter { said($0) != nil }
        guard days.count >= 2, Set(days.map { words[$0].text }).count == days.count else { return nil }
        // (Only joining words between the days: `on sunday and again on tuesday`, `tuesday, wednesday`.)
        let joining: Set<String> = ["and", "again", "on", "also", ",", "&", "then", "as", "well", "too", "e", "the", "day"]
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

    /// `I took my pills 2 days ago but not yesterday`, `did yoga but not the stretches`: what was done, then what was
    /// not, of another time or thing; the first part read alone. (`did yoga but not really` says it was not.)
    static func butNot(_ reader: Reader, joiners: Set<String>) -> Understanding? {
        let words = reader.words
        guard let but = words.indices.first(where: { words[$0].text == "but" }), but > 1, but + 2 < words.count,
            words[but + 1].text == "not" || words[but + 1].text == "did" && words[but + 2].text == "not",
            !words[(but + 1)...].contains(where: { ["really", "sure", "quite", "completely", "fully", "all"].contains($0.text) }),
            words[..<but].contains(where: { Reader.isPast($0.text) || Reader.doneWords.contains($0.text) }),
            !words[..<but].contains(where: { Reader.negations.contains($0.text) })
        else { return nil }
        let before = Reader(line: EverydayLine(words[..<but].map(\.typed).joined(separator: " "), joiners: joiners), vocabulary: reader.vocabulary)
        switch before.recording() {
        case .commands(let commands)?: return .commands(commands)
        case .ask(let question, let commands)?: return .ask(question, commands)
        default: return nil
        }
    }

    /// `the plants are watered and Biscuit has been walked`, `desk is clean finally`: what was done said of the thing it
    /// was done to, read with the deed first (`watered the plants`) when the deed is a word of the habit's name or
    /// another word for one, and asked about.
    static func passive(_ reader: Reader, joiners: Set<String>) -> Understanding? {
        let be: Set<String> = ["is", "are", "was", "were", "been", "got", "gets", "get"]
        // (A state the deed leaves, said as the deed: `desk is clean` is a desk cleaned.)
        let states: [String: String] = ["clean": "cleaned", "tidy": "tidied", "done": "done", "sorted": "sorted", "empty": "emptied"]
        var parts: [[EverydayLine.Word]] = [[]]
        for word in reader.words {
            if word.stop { parts.append([word]); parts.append([]) } else { parts[parts.count - 1].append(word) }
        }
        var turned: [String] = []
        var deeds = 0
        for part in parts {
            // The thing (a word or three, no number), a form of `be`, then the deed.
            guard let at = part.firstIndex(where: { be.contains($0.text) }), (1...4).contains(at), at + 1 < part.count,
                let said = part[(at + 1)...].firstIndex(where: { !["been", "all", "now", "finally", "properly"].contains($0.text) }),
                case let deed = part[said], Reader.isPast(deed.text) || states[deed.text] != nil,
                part[..<at].allSatisfy({ $0.number == nil && !["it", "that", "this", "i", "we", "you", "he", "she", "they", "there"].contains($0.text) })
            else {
                turned += part.map { $0.typed }
                continue
            }
            let thing = part[..<at].filter { !["has", "have", "had"].contains($0.text) }
            turned += [states[deed.text] ?? deed.typed] + thing.map(\.typed) + part[(said + 1)...].map(\.typed)
            deeds += 1
        }
        guard deeds > 0 else { return nil }
        let again = Reader(line: EverydayLine(turned.joined(separator: " "), joiners: joiners), vocabulary: reader.vocabulary)
        // (The deed names the habit, or says it in other words: `the gym is closed` names no Gym done.)
        let all = 0..<again.words.count
        let named = again.mentions(in: all) + [again.likely(in: all)].compactMap { $0 }
        let byDeed = again.words.indices.filter { index in
            Reader.isPast(again.words[index].text) || states.values.contains(again.words[index].text)
        }
        guard !byDeed.isEmpty, byDeed.allSatisfy({ index in named.contains { $0.range.contains(index) } }) else { return nil }
        switch again.recording() {
        case .commands(let commands)?: return didYouMean(commands, after: "Type 'yes' to record it.")
        case let asked?: return asked
        case nil: return nil
        }
    }
}
