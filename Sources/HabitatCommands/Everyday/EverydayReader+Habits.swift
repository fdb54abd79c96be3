import HabitatEngine

/// New habits, changes to one, and deleting one.
extension Reader {
    // MARK: - New habits and rewards

    /// `I want to start stretching 10 min every day`, `new habit: gym 3x a week`, `track vitamins every day`, `add a bad
    /// habit: skipping lectures`, `add long run every sunday`, `add a chore: clean the bathroom on saturdays`, `add a
    /// reward: date night for 150 coins`.
    func adding() -> Understanding? {
        var index = 0
        // (`can u add stretching like 3 times a week`: asked nicely.)
        while index < words.count, ["i", "ok", "so", "please", "also", "now", "hey", "can", "could", "would", "you"].contains(words[index].text) { index += 1 }
        let starts: [[String]] = [
            ["add"], ["new"], ["create"], ["start", "tracking"], ["track"], ["want", "to", "start"], ["want", "to", "try"], ["would", "like", "to", "start"],
            ["am", "starting"], ["want", "to", "track"], ["want", "a", "new"], ["need", "a", "new"], ["want", "a"], ["adicionar"],
            ["novo"], ["nova"], ["make", "a", "new"], ["set", "up", "a", "new"],
        ]
        // `put down a to-do to ring the vet by wednesday`: a to-do, written down.
        if index + 4 < words.count, ["put", "write", "jot", "note"].contains(words[index].text), words[index + 1].text == "down" {
            var at = index + 2
            if ["a", "an"].contains(words[at].text) { at += 1 }
            guard ["todo", "to-do"].contains(words[at].text) else { return nil }
            at += 1
            while at < words.count, ["to", "for", ":"].contains(words[at].text) { at += 1 }
            let rest = words[at...].filter { !$0.stop || $0.text == "'" }.map(\.typed)
            return rest.isEmpty ? nil : .commands(["add todo \(rest.joined(separator: " "))"])
        }
        // `todo: email the quartet`: a to-do, said as a note to self.
        if words.count > 2, ["todo", "to-do"].contains(words[0].text), words[1].stop, words[1].text == ":" {
            return .commands(["add todo \(words[2...].filter { !$0.stop || $0.text.contains(where: \.isLetter) }.map(\.typed).joined(separator: " "))"])
        }
        // `reward pint at the club 40 coins`: a reward said with its price.
        if words.first?.text == "reward", words.count > 3, words.last?.text == "coins" || words.last?.text == "coin",
            words[words.count - 2].number != nil
        {
            return addReward(Array(words.dropFirst()).filter { !$0.stop })
        }
        // `put a round of golf in the store for 100 coins`: a reward.
        if index < words.count, ["put", "add"].contains(words[index].text), line.has(["coins", "coin"]),
            let store = words.indices.first(where: { ["store", "shop"].contains(words[$0].text) && $0 > index + 2 }),
            ["in", "into", "to"].contains(words[store - 2].text) && words[store - 1].text == "the"
        {
            var name = Array(words[(index + 1)..<(store - 2)])
            if let first = name.first, ["a", "an"].contains(first.text), name.count > 1 { name.removeFirst() }
            return addReward((name + words[(store + 1)...]).filter { !$0.stop })
        }
        // `put school shoes for Ama on the list`, `pop milk on the shopping list`
        if index < words.count, ["put", "pop", "stick"].contains(words[index].text), line.has("list"), !line.question,
            let list = listed(from: index + 1)
        {
            return list
        }
        // `need to add fabuloso to the grocery list`: a thing for a list, said as what is needed.
        for need in [["need", "to", "add"], ["have", "to", "add"], ["got", "to", "add"], ["must", "add"]]
        where index + need.count < words.count && need.indices.allSatisfy({ words[index + $0].text == need[$0] }) {
            return line.has("list") && !line.question ? listed(from: index + need.count) : nil
        }
        // `we're out of baler twine, stick it on the list`: what ran out, for the list.
        if line.has(phrase: ["out", "of"]), line.has("list"), line.has("it"), line.has(["put", "pop", "stick", "add"]), !line.question,
            let out = words.indices.first(where: { words[$0].text == "out" && $0 + 1 < words.count && words[$0 + 1].text == "of" })
        {
            let end = words[(out + 2)...].firstIndex { $0.stop } ?? words.count
            let thing = words[(out + 2)..<end].filter { !["the", "some", "any", "our"].contains($0.text) }.map(\.typed)
            guard !thing.isEmpty, thing.count <= 4 else { return nil }
            return .commands(["\(addToList()) \(thing.joined(separator: " "))"])
        }
        // (Asked: `we need help`, `we ran out of time` are no things to get.)
        if let things = householdNeeds() {
            return EverydayReader.didYouMean(things.map { "room add todo \($0)" }, after: "Type 'yes' to add \(things.count == 1 ? "it" : "them").")
        }
        guard let start = starts.first(where: { phrase in
            index + phrase.count <= words.count && phrase.indices.allSatisfy { words[index + $0].text == phrase[$0] }
        }) else { return nil }
        index += start.count
        // `add to do change oil by tuesday`: a to-do, said in two words.
        if start == ["add"], index + 2 < words.count, words[index].text == "to", words[index + 1].text == "do" {
            let rest = words[(index + 2)...].filter { !$0.stop || $0.text.contains(where: \.isLetter) }
            return .commands(["add todo \(rest.map(\.typed).joined(separator: " "))"])
        }
        var (bad, room, reward, area) = (false, false, false, false)
        var sawKind = false
        while index < words.count {
            let word = words[index]
            if word.stop || ["a", "an", "new", "my", "to", "do"].contains(word.text) && !sawKind && index + 1 < words.count {
                if word.text == "to" || word.text == "do" {
                    // `add a habit to do laundry`: the words after it are the habit.
                    if !sawKind { break }
                }
                index += 1
            } else if word.text == "bad" {
                (bad, sawKind) = (true, true)
                index += 1
            } else if ["habit", "hábito", "habito"].contains(word.text) {
                sawKind = true
                index += 1
            } else if ["chore", "family", "shared", "household", "room", "tarefa"].contains(word.text) {
                (room, sawKind) = (true, true)
                index += 1
            } else if word.text == "reward" || word.text == "recompensa" {
                (reward, sawKind) = (true, true)
                index += 1
            } else if word.text == "area" || word.text == "área" {
                (area, sawKind) = (true, true)
                index += 1
            } else if ["called", "named", "chamado"].contains(word.text) {
                index += 1
            } else {
                break
            }
        }
        // `for the room:`, `for whisky`: who it is for, then what.
        if sawKind, index + 2 < words.count, words[index].text == "for", words[index + 1].text == "the",
            ["room", "house", "household", "family", "flat", "kids"].contains(words[index + 2].text)
        {
            index += 3
        }
        // (`new words are so hard to remember`: `new` alone, with no kind of thing and no colon, adds nothing.)
        if start == ["new"], !sawKind, !words.contains(where: { $0.stop && $0.text == ":" }) { return nil }
        // `new exercise from physio: clamshells 15 reps`: what it is, said before a colon, then its name.
        if let colon = words[index...].firstIndex(where: { $0.stop && $0.text == ":" }), colon + 1 < words.count,
            words[colon + 1].number == nil, !words[colon + 1].stop,
            !words[index..<colon].contains(where: { ["list", "todo", "to-do", "todos", "chore", "reward", "area"].contains($0.text) }),
            colon - index >= 2 || colon - index == 1 && ["exercise", "goal", "thing", "one", "hobby", "challenge"].contains(words[index].text)
        {
            index = colon + 1
        }
        while index < words.count, ["to", "do", "doing", "doin"].contains(words[index].text) || words[index].stop || sawKind && words[index].text == "for" {
            index += 1
        }
        guard index < words.count else { return nil }
        // `add cat food to the shopping list`, `add to my list: ring the gas board`: a to-do, on the room's list when
        // it is the household's.
        if !sawKind, let list = listed(from: index) { return list }
        // (`Add a habit for water, 8 glasses a day. I'm a raisin.`: a sentence after it says why.)
        let end = words[index...].firstIndex { $0.stop && [".", "!"].contains($0.text) } ?? words.count
        // (`yoga tuesdays and thursdays, my physio says so`, `Fasting on Wednesdays and Fridays, for Advent`, `late coffee,
        // 10 life, I drink Kaffee at 6pm`, `read before bed, 20 min a day instead of the phone`: a part after a comma
        // that says why, with no number of its own, is no part of it.)
        let why: Set<String> = ["my", "because", "bc", "since", "as", "so", "for", "i", "it", "cause", "cos", "coz", "the", "which", "instead"]
        var said: [Word] = []
        var part: [Word] = []
        func keep(_ part: [Word]) {
            let first = part.first { !$0.stop }
            let aside = !said.filter({ !$0.stop }).isEmpty && first.map { why.contains($0.text) } == true && !part.contains { $0.number != nil }
            guard !aside else { return }
            // (`… instead of the phone`: what it replaces.)
            if let instead = part.firstIndex(where: { $0.text == "instead" }), instead + 1 < part.count, part[instead + 1].text == "of", instead > 0 {
                said += part[..<instead]
            } else {
                said += part
            }
        }
        for word in words[index..<end] {
            if word.stop && [",", ";"].contains(word.text) {
                keep(part)
                part = [word]
            } else {
                part.append(word)
            }
        }
        keep(part)
        // A name keeps its `and` (Fish and chips); marks between its words go. (`stretching like 3 times a week`: a number
        // said roughly is that number.)
        var rest = said.filter { !$0.stop || $0.text.contains(where: \.isLetter) }
        rest = rest.indices.filter { at in
            !(["like", "about", "around", "roughly", "maybe"].contains(rest[at].text) && at > 0 && at + 1 < rest.count && rest[at + 1].number != nil)
        }.map { rest[$0] }
        // What follows a comma in the name is read as its options; words there that aren't are asked about.
        let comma = words[index...].firstIndex { $0.stop && [",", ";"].contains($0.text) }
        let beforeComma = comma.map { words[index..<$0].filter { !$0.stop }.count }
        // `add oven cleaning as a room chore on sundays`: what kind it is, said after its name.
        if let at = rest.indices.dropFirst().first(where: { rest[$0].text == "as" }) {
            let kinds: Set<String> = ["a", "an", "my", "our", "the", "room", "shared", "household", "family", "house", "bad", "good", "new", "daily", "chore", "habit"]
            let end = rest[(at + 1)...].firstIndex { !kinds.contains($0.text) } ?? rest.count
            let said = rest[(at + 1)..<end].map(\.text)
            if let kind = said.last, ["chore", "habit"].contains(kind) {
                bad = bad || said.contains("bad")
                room = room || kind == "chore" || said.contains { ["room", "shared", "household", "family", "house"].contains($0) }
                rest.removeSubrange(at..<end)
            }
        }
        // (`Please add Knitting to my habits, three times a week.`: where it goes is no part of its name.)
        if let to = rest.indices.dropFirst().first(where: { at in
            rest[at].text == "to" && at + 2 < rest.count && ["my", "the"].contains(rest[at + 1].text) && ["habits", "list"].contains(rest[at + 2].text)
        }) {
            rest.removeSubrange(to...(to + 2))
        }
        // `add tidy playroom to the room chores`: a chore, said after its name.
        if let to = rest.indices.dropFirst().last(where: { rest[$0].text == "to" }),
            let chores = rest[to...].last, ["chores", "chore"].contains(chores.text),
            rest[(to + 1)..<(rest.count - 1)].allSatisfy({ ["the", "our", "room", "house", "household", "family", "shared", "list", "of"].contains($0.text) })
        {
            rest.removeSubrange(to...)
            room = true
        }
        // (`a habit for the stretches the physio gave me`: who gave them is no part of the name; asked about.)
        var cut = false
        if let given = rest.indices.dropFirst().first(where: { at in
            ["the", "my", "a", "an", "our", "his", "her"].contains(rest[at].text) && (at + 2..<min(at + 4, rest.count)).contains { verb in
                Self.isPast(rest[verb].text) && verb + 1 < rest.count && ["me", "us", "him", "her", "them"].contains(rest[verb + 1].text)
            }
        }), let object = rest[given...].firstIndex(where: { ["me", "us", "him", "her", "them"].contains($0.text) }) {
            rest.removeSubrange(given...object)
            if rest.first?.text == "the" { rest.removeFirst() }
            cut = true
        }
        if room && !vocabulary.inRoom { return nil }
        // `add 2 glasses to water` is no new habit, nor is one said not to be wanted.
        if line.has(["not", "never"]), words[..<index].contains(where: { ["not", "never"].contains($0.text) }) || rest.contains(where: { ["not", "never"].contains($0.text) }) {
            return nil
        }
        if rest.first?.number != nil && !reward {
            // (`add habit 10k steps` says a new habit all the same: what it can't read, it asks about.)
            guard sawKind else { return nil }
            return .clarify("Give the habit a name first, then its amount: '\(bad ? "add bad habit Coffee limit 3 cups" : "add habit Steps target 10000 steps")'.")
        }
        // (`add it`, `add that one`: what it is was said elsewhere.)
        if rest.allSatisfy({ ["it", "that", "this", "them", "one", "those"].contains($0.text) }) { return nil }
        if reward { return addReward(rest) }
        if area {
            // `add an area called Body and put yoga in it`: the area, then what goes in it.
            if let and = rest.firstIndex(where: { $0.text == "and" }), and > 0, and + 1 < rest.count, ["put", "move"].contains(rest[and + 1].text) {
                let area = rest[..<and].map(\.typed).joined(separator: " ")
                guard let put = words.indices.last(where: { ["put", "move"].contains(words[$0].text) }) else { return nil }
                let moved = mentions(in: (put + 1)..<words.count)
                guard moved.count == 1 else { return nil }
                return .commands(["add area \(area)", "edit \(name(moved[0])) in \(Self.quoted(area))"])
            }
            return .commands(["add area \(rest.map(\.typed).joined(separator: " "))"])
        }
        // `want a …` says what is wanted only with the kind of thing it is.
        if start == ["want", "a"] && !sawKind { return nil }
        // (`set the table every day, rotate it`)
        if rest.count > 2, ["it", "them"].contains(rest[rest.count - 1].text), rest[rest.count - 2].text == "rotate" { rest.removeLast() }
        // A line that says it adds a habit is never read as another thing: what it can't read, it asks about.
        let added = addHabit(Self.limitLast(rest, bad: bad), bad: bad, room: room, nameWithin: beforeComma)
        if cut, case .commands(let commands)? = added { return EverydayReader.didYouMean(commands, after: "Type 'yes' to add it.") }
        return added
            ?? (sawKind ? .clarify("I couldn't read all of that as a new \(room ? "chore" : "habit"). Say it as '\(room ? "room " : "")add \(bad ? "bad " : "")habit <name>' and its options; 'help add' shows them.") : nil)
    }

    /// A bad habit's limit said in words, as the strict command says it: `whisky, 2 glasses is my limit`, `whisky max 2
    /// glasses`, `whisky, no more than 2 glasses` are `whisky limit 2 glasses`.
    static func limitLast(_ rest: [Word], bad: Bool) -> [Word] {
        guard bad, let number = rest.firstIndex(where: { $0.number != nil && $0.isWhole }), number > 0 else { return rest }
        let limitWords: Set<String> = ["limit", "max", "maximum", "most", "more", "than", "no", "is", "my", "the", "a", "day", "per", "as", "at", "up", "to"]
        let marked = rest.contains { ["limit", "max", "maximum", "most"].contains($0.text) }
        guard marked else { return rest }
        var end = number + 1
        if end < rest.count, WordForms.unit(rest[end].text) != nil || rest[end].text.count > 2 && !limitWords.contains(rest[end].text) { end += 1 }
        let name = rest[..<number].filter { !limitWords.contains($0.text) }
        let after = rest[end...].filter { !limitWords.contains($0.text) }
        guard after.isEmpty, !name.isEmpty else { return rest }
        return name + [EverydayLine.Word("limit")] + Array(rest[number..<end])
    }

    /// The options of a new habit as the strict command says them: `every sunday` is `on sun`, `3x a week` is `3 times
    /// a week`, `10 min` is `10 minutes`, `to study` is `in Study` for an area of that name, `taking turns` is `rotate`.
    func addHabit(_ rest: [Word], bad: Bool, room: Bool, nameWithin: Int? = nil) -> Understanding? {
        var said: [String] = []
        var index = 0
        var days: [String] = []
        var area: String?
        func weekday(_ text: String) -> String? {
            var text = text
            if text.hasSuffix("s"), Self.weekdays[String(text.dropLast())] != nil { text.removeLast() }
            guard let day = Self.weekdays[text] else { return nil }
            return Day.weekdayNames[day].lowercased()
        }
        while index < rest.count {
            let word = rest[index]
            let next = index + 1 < rest.count ? rest[index + 1].text : nil
            if ["every", "each", "on"].contains(word.text), let next, let day = weekday(next) {
                days.append(day)
                index += 2
                // `on tuesday and thursday`, `on mon, wed`
                while index < rest.count, let more = weekday(rest[index].text) ?? (["and", "e"].contains(rest[index].text) ? "" : nil) {
                    if !more.isEmpty { days.append(more) }
                    index += 1
                }
                continue
            }
            // `mon to thu`, `mon-fri`: the days from one to the other.
            let ends = word.text.split(separator: "-").map(String.init)
            let range: (String, String, Int)? =
                if ends.count == 2 { (ends[0], ends[1], 1) } else if index + 2 < rest.count, ["to", "till", "until", "thru", "through"].contains(next ?? "") {
                    (word.text, rest[index + 2].text, 3)
                } else { nil }
            if let (from, to, used) = range, let between = Schedule.days(from: from, to: to) {
                days += between.map { Day.weekdayNames[$0].lowercased() }
                index += used
                continue
            }
            if let day = weekday(word.text), word.text.hasSuffix("s") || (index > 0 && !days.isEmpty) {
                days.append(day)
                index += 1
                continue
            }
            let turns = index + 2 < rest.count && ["taking", "take", "in", "by"].contains(rest[index + 1].text) && rest[index + 2].text == "turns"
            if let day = weekday(word.text), said.count > 0, index + 1 == rest.count || weekday(next ?? "") != nil || turns {
                // `add habit Yoga tue thu`
                days.append(day)
                index += 1
                continue
            }
            // (`as a chore, we take turns`: who takes them is the room.)
            if ["we", "they", "all"].contains(word.text), rest.dropFirst(index + 1).prefix(3).contains(where: { $0.text == "turns" }) {
                index += 1
                continue
            }
            if ["taking", "take", "in", "by"].contains(word.text), next == "turns" {
                said.append("rotate")
                index += 2
                continue
            }
            if ["to", "in", "into"].contains(word.text), let next, let named = vocabulary.areas.first(where: { $0.lowercased() == next }) {
                area = "\"\(named)\""
                index += 2
                continue
            }
            // (A target may have decimals: `swim 1.5 km a day`; a count of times may not.)
            if let number = word.number, let amount = Quantity(exactly: number) {
                // `3x a week`, `3 time for week`, `3 times per week`
                var after = index + 1
                if word.isWhole, after < rest.count, ["x", "times", "time", "vezes", "vez"].contains(rest[after].text) {
                    after += 1
                    if after < rest.count, ["a", "per", "for", "each", "every", "por"].contains(rest[after].text) { after += 1 }
                    if after < rest.count, ["week", "month", "semana", "mes", "mês"].contains(rest[after].text) {
                        said += ["\(Int(number))", "times", "a", ["week", "semana"].contains(rest[after].text) ? "week" : "month"]
                        index = after + 1
                        continue
                    }
                }
                // `hamstring curls on mon wed fri, 20 reps`: an amount after the comma that ends the name is its target.
                let unit = index + 1 < rest.count ? rest[index + 1] : nil
                let perDay = index + 3 < rest.count && ["a", "per", "every", "each"].contains(rest[index + 2].text) && rest[index + 3].text == "day"
                let keyword = index > 0 && ["limit", "target", "max", "goal"].contains(rest[index - 1].text)
                if let nameWithin, index >= nameWithin, !room, !perDay, !keyword, let unit, unit.number == nil, unit.text.allSatisfy(\.isLetter),
                    weekday(unit.text) == nil, !["a", "per", "every", "each", "on", "in", "x", "times", "time", "life", "xp", "coins"].contains(unit.text)
                {
                    said += [bad ? "limit" : "target", "\(amount)", unit.typed]
                    index += 2
                    continue
                }
                said.append("\(amount)")
                index += 1
                if index < rest.count, WordForms.unit(rest[index].text) != nil {
                    said.append(rest[index].typed)
                    index += 1
                }
                // `10 minutes every day` is `10 minutes a day`
                if index + 1 < rest.count, ["every", "each", "per"].contains(rest[index].text), rest[index + 1].text == "day" {
                    said += ["a", "day"]
                    index += 2
                }
                continue
            }
            if ["twice", "thrice", "once"].contains(word.text), let next, ["a", "per", "every"].contains(next), index + 2 < rest.count {
                said += ["\(Schedule.times[word.text]!)", "times", "a", rest[index + 2].text]
                index += 3
                continue
            }
            // (`tuesdays and thursdays`)
            if ["and", "e", "&"].contains(word.text), !days.isEmpty, let next, weekday(next) != nil {
                index += 1
                continue
            }
            if word.text == "every", next == "day", said.isEmpty == false, days.isEmpty, !room, index + 2 == rest.count, !bad {
                // `Vitamins every day`: every day is what a habit is anyway.
                index += 2
                continue
            }
            said.append(word.typed)
            index += 1
        }
        if !days.isEmpty { said += ["on"] + days }
        // The schedule is read from the name's end, the area after it.
        if let area { said += ["in", area] }
        if room, said.contains("rotate"), !said.contains("every"), days.isEmpty {
            let at = said.firstIndex(of: "rotate")!
            said.insert(contentsOf: ["every", "day"], at: at)
        }
        let command = room ? (bad ? "room add bad habit" : "room add habit") : (bad ? "add bad habit" : "add habit")
        let tokens = said.map { Token($0.hasPrefix("\"") ? String($0.dropFirst().dropLast()) : $0, quoted: $0.hasPrefix("\"")) }
        let draft: HabitDraft
        do {
            draft = try HabitDraftParser.parse(tokens, kind: bad ? .bad : .good, room: room)
        } catch {
            // Words it can't read stay out of a name: the strict reading's question says how to keep them.
            return nil
        }
        // (`skipping physio, should hurt, 30 life`: the name ends at its comma.)
        let nameWords = draft.name.split(separator: " ")
        if let nameWithin, nameWithin > 0, nameWords.count > nameWithin {
            let name = nameWords.prefix(nameWithin).joined(separator: " ")
            let after = nameWords.dropFirst(nameWithin).joined(separator: " ")
            return .clarify("Is '\(after)' part of the name? Say it as '\(command) \(name)' and its options after it ('help add' shows them), or put the whole name in quotes.")
        }
        // A name is only a name: no number, unit, weekday or schedule word it did not read.
        return .commands(["\(command) \(said.joined(separator: " "))"])
    }

    /// `add a reward: date night for 150 coins`.
    func addReward(_ rest: [Word]) -> Understanding? {
        var said = rest.map(\.typed)
        if let coins = said.firstIndex(where: { $0.lowercased() == "coins" || $0.lowercased() == "coin" }), coins >= 2,
            said[coins - 2].lowercased() == "for"
        {
            said.remove(at: coins - 2)
        }
        return .commands(["add reward \(said.joined(separator: " "))"])
    }

    // MARK: - Changing and deleting a habit

    /// `change walk to morning walk please`, `rename the walk to evening stroll`, `change the name of walk to stroll`: a new
    /// name that is only a name (no number, weekday or schedule word: those change the habit, not its name).
    func renaming() -> Understanding? {
        // `please change …`, `could you rename …`
        var at = 0
        while at < words.count, ["please", "could", "can", "would", "you", "kindly", "ok", "so"].contains(words[at].text) { at += 1 }
        guard at < words.count, ["change", "rename", "renamed"].contains(words[at].text), !line.question,
            let to = words.lastIndex(where: { $0.text == "to" || $0.text == "into" }), to > at + 1, to + 1 < words.count
        else { return nil }
        let named = mentions(in: (at + 1)..<to)
        guard named.count == 1, let mention = named.first, !vocabulary.habits[mention.habit].shared else { return nil }
        // Only the habit (and `the name of`) before `to`.
        let before = ((at + 1)..<to).filter { !mention.range.contains($0) }
        guard before.allSatisfy({ ["the", "my", "name", "of", "habit", "called"].contains(words[$0].text) }) else { return nil }
        let new = words[(to + 1)...].filter { !$0.stop && !["please", "pls", "thanks", "instead"].contains($0.text) }
        guard !new.isEmpty, new.count <= 5,
            new.allSatisfy({ $0.number == nil && $0.minute == nil && Self.weekday($0.text) == nil && WordForms.unit($0.text) == nil }),
            !new.contains(where: { ["every", "daily", "times", "a", "per", "week", "limit", "target"].contains($0.text) })
        else { return nil }
        let typed = new.map(\.typed).joined(separator: " ")
        guard typed.lowercased() != vocabulary.habits[mention.habit].name.lowercased() else { return nil }
        return .commands(["rename \(name(mention)) to \(Self.quoted(typed))"])
    }

    /// `mention` when its words are the start of the habit's name (`refri` for Refrigerante), as a change names a
    /// habit by the start of its name.
    func prefixed(_ mention: Mention) -> Mention? {
        let typed = mention.range.map { words[$0].text }.joined(separator: " ").withoutAccents
        guard vocabulary.habits[mention.habit].name.lowercased().withoutAccents.hasPrefix(typed) else { return nil }
        var certain = mention
        certain.certain = true
        return certain
    }

    /// `archive the French habit for the time being`, `unarchive my piano`: the command and the one habit it names, the
    /// other words saying only which or for how long.
    func archiving() -> Understanding? {
        // `shelve piano for now`, `put sight reading away for a while`: archived.
        let away = ["shelve", "put"].contains(words.first?.text) && (words.first?.text == "shelve" || line.has("away"))
        guard let first = words.first?.text, ["archive", "unarchive"].contains(first) || away, !line.question else { return nil }
        let verb = away ? "archive" : first
        // (What follows a comma or a dash only says why: `archive the laundry one, mam does it now`.)
        let end = words.indices.dropFirst().first { words[$0].stop && words[$0].text != "." || words[$0].stop && $0 + 1 < words.count } ?? words.count
        let named = mentions(in: 1..<end)
        let idle: Set<String> = ["the", "my", "habit", "for", "time", "being", "now", "a", "while", "please", "thanks", "too", "again", "back", "away", "one"]
        guard named.count == 1, (1..<end).allSatisfy({ named[0].range.contains($0) || idle.contains(words[$0].text) || words[$0].stop })
        else { return nil }
        return .commands(["\(verb) \(name(named[0]))"])
    }
}
