import HabitatEngine

/// Changes to a habit said in everyday words: its days, its number, its area.
extension Reader {
    /// `make reading 40 pages a day`, `make yoga 4 times a week`, `allow me 2 glasses of wine a day`, `refri limit 2 now`.
    func editing() -> Understanding? {
        let instead = line.has(phrase: ["rather", "than"]) || line.has(phrase: ["instead", "of"])
        // (`pelvic floor 1 set` says how much was done, not a change.)
        let set = words.indices.contains { words[$0].text == "set" && ($0 == 0 || words[$0 - 1].number == nil) }
        // (`up the water to 8 glasses`: `up` first is the verb.)
        let said = set || line.has(["make", "bump", "allow", "allowed", "limit", "target", "raise", "lower", "increase", "goal", "change"])
            || words.first?.text == "up" && words.contains { $0.number != nil }
            || instead || line.has(phrase: ["from", "now", "on"]) || line.has(phrase: ["going", "forward"])
            || line.has("only") && line.has("now") && (line.has("times") || words.contains { Schedule.oneWeekday($0.text) != nil || Schedule.weekday($0.text) != nil })
            // `call kids only mon wed fri`: its days, and only those.
            || line.has("only") && words.filter({ Self.weekday($0.text) != nil }).count >= 2
            // `pushups should be 100 a day`, `physio now 40 reps every day`
            || line.has(phrase: ["should", "be"]) && words.contains { $0.number != nil }
            // `running should be monday, tuesday, thursday and saturday now`
            || line.has(phrase: ["should", "be"]) && (words.filter { Self.weekday($0.text) != nil }.count >= 2 || line.has("now"))
            || line.has("now") && (line.has(phrase: ["a", "day"]) || line.has(phrase: ["every", "day"]) || line.has(phrase: ["per", "day"]))
                && words.contains { $0.number != nil }
            // `gym 5 times a week now`
            || line.has("now") && line.has(["times", "x"]) && line.has(["week", "month"]) && words.contains { $0.number != nil }
            || line.has(phrase: ["let", "me", "have"]) || line.has(phrase: ["can", "have"]) || line.has(phrase: ["i", "want"])
            && words.contains { $0.number != nil } && !line.has("buy")
            // `water 8 bottles now not 6`: the new amount, then the old.
            || line.has("now") && line.has("not") && words.filter({ $0.number != nil }).count == 2
        // `choir practice has moved to thursday evenings`: its day, moved; asked about, as it may be this week's only.
        let moved = (line.has(["moved", "moving"]) && line.has("to") || line.has(phrase: ["is", "now", "on"]))
            && words.contains { Self.weekday($0.text) != nil }
        if moved, !line.question, let mention = onlyMention(), case .commands(let commands)? = editing(mention, instead: false) {
            return EverydayReader.didYouMean(commands, after: "Type 'yes' to change it.")
        }
        guard said, !line.question else { return nil }
        if let mention = onlyMention() ?? slipped(in: 0..<words.count).flatMap({ prefixed($0) }) { return editing(mention, instead: instead) }
        // `change the walk to 5 km a day` with Rehab walk: a word of its name, asked about.
        // (Past the word that asks for the change: `change` names no to-do `Change to snow tires`.)
        let verb = words.firstIndex { ["change", "make", "set", "bump", "raise", "lower", "increase"].contains($0.text) }
            ?? (words.first?.text == "up" ? 0 : nil)
        guard let part = partly(in: (verb.map { $0 + 1 } ?? 0)..<words.count), !vocabulary.habits[part.habit].todo,
            case .commands(let commands)? = editing(part, instead: instead)
        else { return nil }
        return EverydayReader.didYouMean(commands, after: "Type 'yes' to change it.")
    }

    /// The change the line says of `mention`'s habit (``editing()``).
    func editing(_ mention: Mention, instead: Bool) -> Understanding? {
        let habit = vocabulary.habits[mention.habit]
        // (`vaping limit 3 not 5`: `not` before the number it was.)
        let notBefore = words.indices.contains { words[$0].text == "not" && $0 + 1 < words.count && words[$0 + 1].number != nil }
        guard !habit.shared, !line.has(["not", "never", "no"]) || line.has(phrase: ["i", "want"]) || notBefore else { return nil }
        // `make yoga 4 times a week`, not `make 2 cups of tea`: the habit is named before its new number.
        if let number = words.firstIndex(where: { $0.number != nil }), number < mention.range.lowerBound,
            !line.has(["allow", "allowed", "have", "want"])
        {
            return nil
        }
        // `make gym tuesday and thursday now`, `make yoga every day`: a new schedule. (`make piano every day instead of mon
        // wed fri`: what follows `instead of` is what it was.)
        let was = instead ? words.firstIndex { ["instead", "rather"].contains($0.text) } ?? words.count : words.count
        let days = words[..<was].compactMap { Self.weekday($0.text) }
        // (`tai chi on fridays too`: a day more than the days it has, which this reading doesn't know.)
        if !days.isEmpty, line.has(["too", "also", "additionally", "extra", "plus"]) || line.has(phrase: ["as", "well"]) { return nil }
        if !days.isEmpty, words.allSatisfy({ $0.number == nil }) {
            let named = Array(Set(days)).sorted().map { Day.weekdayNames[$0].lowercased() }
            return .commands(["edit \(name(mention)) on \(named.joined(separator: " "))"])
        }
        let daily = words[..<was].indices.contains { at in
            ["daily", "everyday"].contains(words[at].text) || words[at].text == "every" && at + 1 < was && words[at + 1].text == "day"
        }
        if daily, words.allSatisfy({ $0.number == nil }) {
            return .commands(["edit \(name(mention)) every day"])
        }
        // `I want 8 hours of sleep, not 7`: the first number is the new one.
        let numbers = words.indices.filter { words[$0].number != nil && !mention.range.contains($0) }
        // `bump cello up to an hour a day`: an hour of one counted in minutes.
        if numbers.isEmpty, let unit = habit.amount?.unit, WordForms.unit(unit) == "minute",
            line.has(phrase: ["an", "hour"]) || line.has(phrase: ["one", "hour"])
        {
            return .commands(["edit \(name(mention)) \(habit.bad ? "limit" : "target") 60 \(unit)"])
        }
        // (`3 biscuits a day instead of 2`, `40 pages rather than 30`: the first is the new one.)
        guard let first = numbers.first, numbers.count == 1 || line.has("not") || instead && numbers.count == 2,
            let count = words[first].number, let exact = Quantity(exactly: count)
        else { return nil }
        let numbers0 = [first]
        let after = numbers0[0] + 1 < words.count ? words[numbers0[0] + 1].text : ""
        // `change ingles to 15 xp`: what it is worth.
        // (XP, coins, life and times are whole; a target or a limit may have decimals: `hydration goal 2.5 litres`.)
        if ["xp", "coins", "coin", "life", "times", "x", "time"].contains(after), !exact.isWhole { return nil }
        if ["xp", "coins", "coin", "life"].contains(after) { return .commands(["edit \(name(mention)) \(Int(count)) \(after)"]) }
        if ["times", "x", "time"].contains(after) {
            let period = line.has("month") ? "month" : "week"
            return .commands(["edit \(name(mention)) \(Int(count)) times a \(period)"])
        }
        guard habit.amount != nil || !habit.quota else { return nil }
        // (`steps goal to 10k`: thousands, for one that counts no distance.)
        let thousands = after == "k" && habit.amount?.unit.flatMap(WordForms.unit) != "km"
        let amount = thousands ? Quantity(rounding: count * 1000) : exact
        let unit = habit.amount?.unit.map { " \($0)" } ?? ""
        if habit.bad { return .commands(["edit \(name(mention)) limit \(amount)\(unit)"]) }
        return .commands(["edit \(name(mention)) target \(amount)\(unit)"])
    }

    /// `put tai chi in Mind rather than Body`, `move reading to the Mind area`: a habit moved to another of their areas.
    func movingToArea() -> Understanding? {
        guard !line.question, line.has(["put", "move", "file", "belongs"]) || line.has(phrase: ["rather", "than"]) else { return nil }
        let areas = vocabulary.areas.map { $0.lowercased().split(separator: " ").map(String.init) }
        for index in words.indices where ["in", "into", "under", "to"].contains(words[index].text) {
            var at = index + 1
            while at < words.count, ["the", "my", "area"].contains(words[at].text) { at += 1 }
            guard let area = areas.firstIndex(where: { area in
                at + area.count <= words.count && area.indices.allSatisfy { words[at + $0].text == area[$0] }
            }) else { continue }
            let named = mentions(in: 0..<index)
            guard named.count == 1, !vocabulary.habits[named[0].habit].shared else { return nil }
            return .commands(["edit \(name(named[0])) in \(Self.quoted(vocabulary.areas[area]))"])
        }
        return nil
    }
}

extension Reader {
    /// `delete the energy drinks habit`, `remove yoga`: the delete asks before it deletes.
    func deleting() -> Understanding? {
        // `take the sherry habit off please`, `take yoga off my list`
        let off = line.has(["take", "taking"]) && line.has("off") && line.has(["habit", "habits", "list"])
        // `take the new novel out of the store`
        let store = (line.has(phrase: ["the", "store"]) || line.has(phrase: ["the", "shop"]))
            && (line.has(["take", "taking"]) && line.has(phrase: ["out", "of"]) || line.has(["remove", "delete"]))
        // `drop the passport todo`
        let dropped = line.has(["drop", "ditch", "scrap", "bin"]) && line.has(["todo", "to-do", "todos"])
        guard line.has(["delete", "remove", "excluir", "apagar"]) || line.has(phrase: ["get", "rid", "of"]) || off || store || dropped, !line.question else {
            return nil
        }
        // `delete the concert ticket reward, the tour sold out`
        if line.has("reward") || store {
            let said = words.map(\.text)
            let rewards = vocabulary.rewards.filter { reward in
                let wanted = reward.lowercased().split(separator: " ").map(String.init)
                return (0...max(0, said.count - wanted.count)).contains { start in
                    start + wanted.count <= said.count && Array(said[start..<(start + wanted.count)]) == wanted
                }
            }
            if rewards.count == 1 { return .commands(["delete reward \(Self.quoted(rewards[0]))"]) }
            guard !line.has("reward") else { return nil }
        }
        // (`rid` is no form of Ride here.)
        let rid = words.indices.first { words[$0].text == "rid" && $0 > 0 && words[$0 - 1].text == "get" }
        var named = mentions(in: 0..<words.count).filter { !$0.range.contains(rid ?? -1) }
        // (`take batteries off the list, found some`: a word of a longer name, in what comes before the reason.)
        let first = line.clauses.first ?? 0..<words.count
        if named.isEmpty, let part = partly(in: first) { named = [part] }
        // (`get rid of recycling as a chore, we do it with bins now`: the one named before the reason.)
        if named.count > 1, case let before = named.filter({ first.contains($0.range.lowerBound) }), before.count == 1 { named = before }
        guard named.count == 1, let mention = named.first else { return nil }
        let habit = vocabulary.habits[mention.habit]
        // (`take batteries off the list`, `delete the dentist to-do`: a to-do, of theirs or on the room's list.)
        let kind = habit.todo ? "todo" : "habit"
        let command = habit.shared ? "room delete \(kind) \(name(mention))" : "delete \(kind) \(name(mention))"
        // (A habit's delete asks before it deletes; a to-do's is asked here when its name was not said whole, nor was it
        // called a to-do: `delete the dentist to-do` is the one to-do with a dentist in it.)
        if !mention.certain, habit.todo, !line.has(["todo", "to-do"]) { return EverydayReader.didYouMean([command], after: "Type 'yes' to delete it.") }
        return .commands([command])
    }
}
