import HabitatEngine

/// What was done: `ran 5k`, `did 20 squats`, `drank 2 more glasses of water`, `journaled, cooked and did 20 min of
/// spanish`, `yesterday I did yoga and called mum`, `5 more pages`, `swam yesterday: 30 lengths`.
extension Reader {
    /// One habit done, as the line says it.
    struct Done {
        var command: String
        /// Read with a slip in its name, or otherwise likely but not certain.
        var likely: Bool
        /// Why it is asked about, said before the question (`I record whole amounts only.`).
        var why: String?
    }

    /// A number said in a clause, with the word it counts.
    struct Said {
        var value: Double
        /// A whole number, or a part said in words (`half an hour`): no decimal typed.
        var whole: Bool
        /// The word after it (`km`, `glasses`), past `more`.
        var unit: String?
        /// Said as times (`x3`, `3 times`, `two loads`).
        var times: Bool
        /// The word it counts is the habit's name (`20 squats`, `2 coffees`).
        var ofName: Bool
        /// What it counts of the habit, when that is said (`bottles` in `2 bottles of water`).
        var counted: String? = nil
    }

    /// Words that say a clause was about something done, so one with no habit of theirs in it is not set aside.
    static let doneWords: Set<String> = ["did", "done", "finished", "completed", "fiz", "feito"]

    /// Words that may follow a habit's name in a line about it without changing what was done (`gym done`, `yoga this
    /// morning`, `the meal prep for the week`); any other word right after the name might make it something else
    /// (`did exercise bike`), so the line is asked about.
    static let afterName: Set<String> = [
        "done", "ok", "okay", "all", "again", "today", "yesterday", "this", "last", "tonight", "morning", "evening",
        "afternoon", "night", "in", "at", "for", "with", "of", "on", "out", "up", "off", "and", "then", "my", "the", "a", "an",
        "routine", "session", "too", "already", "now", "just", "finally", "earlier", "is", "was", "are", "were", "been",
        "both", "x", "times", "time", "more", "upstairs", "downstairs", "outside", "inside", "first", "hoje", "ontem",
        "feito", "feita", "ja", "já", "bem", "by", "from", "to", "around", "before", "after", "while", "during", "lol",
        "yay", "haha", "properly", "together", "alone", "early", "late", "quickly", "twice", "once", "as", "like", "over",
        "right", "bro", "lesson", "lessons", "session", "sesh", "class", "practice", "workout", "sets", "set", "reps",
        "round", "through", "along", "across", "past", "overnight", "down", "since", "until", "till", "post", "pre", "in",
        "home", "brb", "lmao", "ugh", "omg", "oof", "sigh",
    ]

    /// The line's note: what follows its first colon, when what comes before it names what was done (`swam yesterday:
    /// 30 lengths`).
    /// An amount after the colon of a habit counted in one is its amount, not a note (`squats: 30`).
    var note: (text: String, from: Int)? {
        guard let colon = words.firstIndex(where: { $0.stop && $0.text == ":" }), colon > 0,
            case let named = mentions(in: 0..<colon), !named.isEmpty, mentions(in: (colon + 1)..<words.count).isEmpty,
            let mark = line.original.firstIndex(of: ":")
        else { return nil }
        let text = line.original[line.original.index(after: mark)...].trimmingCharacters(in: .whitespaces)
        // (`research: an hour in the archive`: how much, and where.)
        if named.allSatisfy({ vocabulary.habits[$0.habit].amount != nil }),
            saysOnlyAnAmount((colon + 1)..<words.count) || EverydayReader.startsWithAmount(text)
        {
            return nil
        }
        return text.isEmpty ? nil : (text, colon)
    }

    func recording() -> Understanding? {
        // `tea limit 3 cups`: a limit or a target said, and nothing done.
        if line.has(["limit", "target"]), !words.contains(where: { Self.isPast($0.text) || Self.doneWords.contains($0.text) }) { return nil }
        // `I'm at 6 glasses now`, `20 so far`: the day's count in all, which is more than what it adds.
        // (`yesterday total steps was 5000, not 4200`)
        if line.has(phrase: ["i", "am", "at"]) || line.has(phrase: ["so", "far"]) || line.has("total"),
            words.contains(where: { $0.number != nil }), let mention = onlyMention() ?? counted(in: 0..<words.count), let amount = vocabulary.habits[mention.habit].amount
        {
            return soFar(mention, amount)
        }
        // `fourth cup of tea today`, `my 3rd coffee`: which one it was, so the day's count in all.
        if let (which, at) = ordinal, let mention = onlyMention() ?? counted(in: at..<min(at + 2, words.count)),
            let amount = vocabulary.habits[mention.habit].amount
        {
            return soFar(mention, amount, total: which)
        }
        var done: [Done] = []
        var last: Mention?
        var unreadBefore = false
        let note = self.note
        let end = note?.from ?? words.count
        let clauses = self.clauses
        var taken = 0
        for clause in clauses where clause.lowerBound < end && clause.lowerBound >= taken {
            let clause = clause.lowerBound..<min(clause.upperBound, end)
            let named = mentions(in: clause)
            // What follows `after`, `before`, `because` only says when or why, unless it is part of a name (Snacks
            // after midnight).
            let aside = clause.first { index in
                // (`called the doctor about my pills`; `ran about 5k` says how much)
                let about = words[index].text == "about" && index > clause.lowerBound && index + 1 < clause.upperBound
                    && words[index + 1].number == nil && !["a", "an", "half"].contains(words[index + 1].text)
                // (`2 cookies after supper` with Sweets after supper: the words of a name, said together.)
                let ofAName = index + 1 < clause.upperBound && vocabulary.habits.contains { habit in
                    habit.name.lowercased().contains("\(words[index].text) \(words[index + 1].text)")
                }
                return (Self.context.contains(words[index].text) || about) && !named.contains { $0.range.contains(index) } && !ofAName
                    // (`the day before yesterday` is a day)
                    && !(index > 0 && words[index - 1].text == "day" && index + 1 < words.count && words[index + 1].text == "yesterday")
            }
            let range = clause.lowerBound..<(aside ?? clause.upperBound)
            guard !range.isEmpty else { continue }
            var mentioned = named.filter { $0.range.lowerBound < range.upperBound }
            // `prayed the rosary` with Pray and Rosary: what the verb of one was done to, asked about.
            // (`read the kids their bedtime story` with Reading and Bedtime story: a few words between, none a verb.)
            let between = mentioned.count == 2 ? mentioned[0].range.upperBound..<mentioned[1].range.lowerBound : 0..<0
            if mentioned.count == 2, mentioned[0].range.count == 1, Self.isPast(words[mentioned[0].range.lowerBound].text),
                between.allSatisfy({ Self.fillers.contains(words[$0].text) })
                    || between.count <= 3 && between.allSatisfy({ !Self.isPast(words[$0].text) && words[$0].number == nil && !words[$0].stop })
            {
                mentioned = [Mention(habit: mentioned[1].habit, range: mentioned[1].range, certain: false)]
            }
            if mentioned.count > 1 { return nil }
            var mentionedFirst = mentioned.first
            // (`had a pipe on the pier, and another on the way home`: one more of the one before, asked about.)
            if mentionedFirst == nil, let previous = last, vocabulary.habits[previous.habit].amount == nil,
                let at = done.lastIndex(where: { $0.command.hasPrefix("did \(name(previous))") }),
                case let said = range.filter({ !["and", "then", "later", "n", "&"].contains(words[$0].text) && !words[$0].stop }),
                let first = said.first, words[first].text == "another", !range.contains(where: { $0 != first && words[$0].number != nil }),
                first + 1 == range.upperBound || ["one", "on", "at", "in", "after", "before", "later", "with", "when", "while"].contains(words[first + 1].text)
            {
                let once = "did \(name(previous))"
                if let count = done[at].command == once ? 1 : Int(done[at].command.dropFirst(once.count + 2)) {
                    done[at] = Done(command: "\(once) x\(count + 1)", likely: true)
                    continue
                }
            }
            // A name that counts none of the unit said, where one other habit does (`drank 2 glasses of water` with
            // Watering, and Fluids in glasses): the unit names it, and a name said as it is written is asked about.
            // A time (`stretched for 10 min`) only says how long it took.
            // (`cycled 25 km` with Cycling and Running in km: the verb names what was done, and the unit is asked about.)
            if let first = mentionedFirst, vocabulary.habits[first.habit].amount?.unit == nil, var counted = counted(in: range),
                counted.habit != first.habit, !(first.range.count == 1 && Self.isPast(words[first.range.lowerBound].text)),
                !WordForms.isTime(unit: vocabulary.habits[counted.habit].amount?.unit)
            {
                let typed = Self.letters(first.range.map { words[$0].text }.joined())
                counted.certain = typed != Self.letters(vocabulary.habits[first.habit].name.lowercased())
                mentionedFirst = counted
            }
            // `turbo session done, 1hr sweetspot`: how long the one before it took, not a habit counted in hours.
            let howLong = range.contains { index in
                words[index].number != nil && index + 1 < range.upperBound
                    && WordForms.isTime(unit: words[index + 1].text)
            }
            // (`did my crossword and fiddle 20 mins`: a word of another's name says it is that one's.)
            if mentionedFirst == nil, !done.isEmpty, howLong, slipped(in: range) == nil, partly(in: range) == nil { continue }
            // `crisps again. two bags`, `2 portions at lunch and 2 at dinner`, `fed him at 3am and again at 6`: more of
            // the one thing done, said after it.
            if mentionedFirst == nil, done.count == 1, let last, let read = more(of: last, in: range, done: &done[0]) {
                guard read else { return nil }
                continue
            }
            // `walked Bess twice today, once round the lake`: a clause with no verb of its own after something done, and
            // no name of theirs in it but a word of one, says more of what was done.
            // (`… and fiddle 20 mins`: a word of another's name, with an amount of its own, says it is that one's.)
            // (`I've done the dishes and the sweeping`: a word of another's name, said as a thing and not yet done, is that
            // one, asked about; `once round the lake` says more of the walk.)
            let another = partly(in: range).map { part in
                let at = part.range.lowerBound
                return at > range.lowerBound && ["the", "my", "our", "some"].contains(words[at - 1].text)
                    && !done.contains { $0.command.hasPrefix("did \(name(part))") }
            } ?? false
            // (`gym and skincare done, ramen 1`: a number said next to a word of another's name is its amount too.)
            let part = partly(in: range)
            let ownAmount = range.contains { index in
                words[index].number != nil
                    && (index + 1 < range.upperBound && WordForms.unit(words[index + 1].text) != nil
                        || part.map { $0.range.upperBound == index || $0.range.lowerBound == index + 1 } ?? false)
            }
            // (`meds + desk + inbox zero`: a word of another's name said alone, in a list of things done, is that one, asked about.)
            let listed = part.map { part in
                !vocabulary.habits[part.habit].todo && range.allSatisfy { part.range.contains($0) || Self.fillers.contains(words[$0].text) }
            } ?? false
            // (`had a redbull n a monster`: another of one done, by another name.)
            let sameAgain = likelyByNoun(in: range).map { same in
                done.contains { $0.command.hasPrefix("did \(name(same))") } && onlyOneOf(same, in: range)
            } ?? false
            // (`2L water today and vit d`: a name shortened, said with the others.)
            if mentionedFirst == nil, !done.isEmpty, slipped(in: range) == nil, counted(in: range) == nil, part == nil || !another && !ownAmount && !listed, !sameAgain,
                abbreviated(in: range) == nil,
                !range.contains(where: { Self.isPast(words[$0].text) || Self.doneWords.contains(words[$0].text) })
            {
                continue
            }
            guard var mention = mentionedFirst ?? slipped(in: range) ?? counted(in: range) ?? scattered(in: range) ?? partlyOrByNoun(in: range)
                ?? byItsVerb(in: range) ?? likely(in: range) ?? likelyByNoun(in: range) ?? abbreviated(in: range)
            else {
                // A clause with nothing of theirs in it: an aside (`forgot to log it yesterday`), unless it says something
                // was done.
                // (`it was 135 over 80`, `that was 20 minutes`: what it was like; `bought another keyboard`: no amount.)
                let about = ["it", "that", "which", "this", "she", "he", "they"].contains(words[range.lowerBound].text)
                // (`cello 45, scales, all done`: a clause that only says the others were done.)
                let saysTheRestDone = range.allSatisfy { Self.doneWords.contains(words[$0].text) || Self.aroundName.contains(words[$0].text) }
                if !about, !saysTheRestDone, range.contains(where: {
                    Self.doneWords.contains(words[$0].text) || (words[$0].number != nil && !Self.isTime(words, $0) && words[$0].text != "another")
                        || Schedule.times[words[$0].text] != nil || words[$0].text == "times"
                }) {
                    // (`had 2 scoops whey, 48 grams protein`: the first part said before what it was, named after with
                    // an amount of its own; asked about, as the first part is not read.)
                    let rest = range.upperBound..<end
                    guard done.isEmpty, clause == clauses.first, rest.count > 1, case let named = mentions(in: rest), named.count == 1,
                        vocabulary.habits[named[0].habit].amount?.unit.map({ unit in
                            rest.contains { $0 + 1 < rest.upperBound && words[$0].number != nil && WordForms.isUnit(words[$0 + 1].text, unit) }
                        }) == true
                    else { return nil }
                    unreadBefore = true
                }
                continue
            }
            // `walked the dog twice, 3 km each`: an amount after something done, with no name of its own, may be of that one.
            if mentionedFirst == nil, !done.isEmpty { mention.certain = false }
            // `walked 4 km` with Running, `wrote 3 pages` with Reading: the unit alone named it, and the verb says
            // something else was done.
            if mentionedFirst == nil, slipped(in: range) == nil, let byUnit = counted(in: range), byUnit.habit == mention.habit,
                byUnit.range == mention.range
            {
                if otherDoing(in: range, than: mention) { mention.certain = false }
                // (`napped when she napped!! 40 mins of bliss`, with Power nap and Pram walk in minutes: the unit may be
                // the other one's, which the line names and nothing recorded.)
                let all = 0..<words.count
                let others = mentions(in: all) + [likely(in: all), byItsVerb(in: all)].compactMap { $0 }
                // (`learned dutch 10 minutes` with Dutch lessons in minutes: a word of its name agrees with the unit.)
                if done.isEmpty, others.contains(where: { $0.habit != mention.habit }), partly(in: range)?.habit != mention.habit { return nil }
            }
            // (`slept 4h after shift, will sleep more later`: more of it to come, after what was done.)
            let notDone = clauseNotDone(clause, mention: mention)
            if notDone, done.contains(where: { $0.command.hasPrefix("did \(name(mention))") }) { continue }
            if notDone || line.has(phrase: ["out", "of"]) {
                let name = vocabulary.habits[mention.habit].name.lowercased()
                return .nothing(line.question
                    ? "That's up to you! When it's done, tell me ('did \(name)')."
                    : "Nothing recorded: that doesn't sound done yet. When it is, tell me ('did \(name)').")
            }
            // A day said in words this reading doesn't take (`last friday`, `on mondays`), or a plan rather than a day
            // (`3 a day`, `from now on`), is never taken for something done today.
            let plans: [[String]] = [["a", "day"], ["per", "day"], ["a", "week"], ["per", "week"], ["from", "now"], ["last", "week"], ["last", "month"], ["last", "year"], ["last", "weekend"]]
            let weekday = clause.contains { Self.weekday(words[$0].text) != nil && (pastWeekday == nil || Schedule.oneWeekday(words[$0].text) == nil) }
            if weekday || clause.contains(where: { words[$0].text == "daily" }) || plans.contains(where: { line.has(phrase: $0) }) {
                return nil
            }
            // Said as done by them: not someone else's doing (`my housemate did the bins`, `dog had 3 biscuits`), nor a
            // line about the habit's word in another sense (`water the plants`, `feeding is going better`).
            guard !bySomeoneElse(mention, in: range) else { return nil }
            // `today I take my pills`, `I do balance practice today`: said in the present, of today, so asked about.
            let present = !saysDone(mention, in: range)
            // (`Tuesday I take morning pill, I forget to write`: a day gone by, told late, asked about too.)
            if present, !(line.has("i") && (line.has(["today", "now", "tonight"]) || line.has(phrase: ["this", "morning"]))),
                !((forgotToSay || weekdayInThePresent) && pastWeekday != nil)
            {
                return nil
            }
            if let at = done.firstIndex(where: { $0.command.hasPrefix("did \(name(mention))") }) {
                // (`had a redbull n a monster`: one more of it, by another name; asked about.)
                let once = "did \(name(mention))"
                let count = done[at].command == once ? 1 : done[at].command.hasPrefix(once + " x") ? Int(done[at].command.dropFirst(once.count + 2)) : nil
                if mentionedFirst == nil, vocabulary.habits[mention.habit].amount == nil, onlyOneOf(mention, in: range), let count {
                    done[at] = Done(command: "\(once) x\(count + 1)", likely: true)
                    continue
                }
                // (`I eat too much salt today, the soup very salty`: named again, with no amount or deed of its own.)
                if mentionedFirst == nil || !range.contains(where: { words[$0].number != nil || Self.isPast(words[$0].text) }) { continue }
                return nil
            }
            switch reading(mention, in: range) {
            case .done(var one):
                if suspicious(after: mention, in: range) || present || weekdayGoneBy?.sure == false { one.likely = true }
                done.append(one)
                last = mention
            case .missing(let question):
                // (`didnt sleep good, only 3 hours`: how much, said in the clause after it, with nothing of its own.)
                guard let next = clauses.first(where: { $0.lowerBound > clause.upperBound }), next.upperBound <= end, mentions(in: next).isEmpty,
                    next.contains(where: { words[$0].number != nil }), case .done(let one) = reading(mention, in: range.lowerBound..<next.upperBound)
                else { return .clarify(question) }
                done.append(one)
                last = mention
                taken = next.upperBound
            case .unread: return nil
            }
        }
        guard !done.isEmpty else { return nil }
        // `gym yesterday and today`: one thing done on both days, said together (`gym yesterday, rest today` is not).
        if done.count == 1, done[0].command.hasSuffix(" yesterday"),
            [["yesterday", "and", "today"], ["today", "and", "yesterday"], ["yesterday", "&", "today"]].contains(where: { line.has(phrase: $0) })
        {
            done.append(Done(command: String(done[0].command.dropLast(" yesterday".count)), likely: done[0].likely, why: done[0].why))
        }
        if let note, done.count == 1 { done[0].command += ": \(note.text)" }
        if line.question {
            return .nothing("That's up to you! When it's done, tell me ('\(EverydayReader.shown(done[0].command))').")
        }
        let commands = done.map(\.command)
        // `did yoga? not sure`, `I think I did yoga`: said unsure, so asked.
        let unsure = words.dropLast().contains { $0.stop && $0.text == "?" } || line.has(phrase: ["i", "think"])
            || line.has(phrase: ["not", "sure"]) || line.has(phrase: ["i", "guess"]) || line.has(["probably", "idk", "perhaps"])
        if unsure || unreadBefore { done = done.map { var one = $0; one.likely = true; return one } }
        if done.contains(where: \.likely) {
            let why = done.compactMap(\.why).first.map { "\($0) " } ?? ""
            return EverydayReader.didYouMean(commands, before: why, after: "Type 'yes' to record it.")
        }
        return .commands(commands)
    }

    /// Whether `range` says one of `mention`'s habit and nothing more (`a monster`, `another coffee`).
    func onlyOneOf(_ mention: Mention, in range: Range<Int>) -> Bool {
        range.allSatisfy { ["a", "an", "one", "another"].contains(words[$0].text) || mention.range.contains($0) }
    }

    /// Words around a habit's name that say nothing of what was done: a bare name with these is still a recording
    /// (`gym done`, `yoga this morning`).
    static let aroundName: Set<String> = afterName.union(["i", "we", "just", "so", "also", "yes", "yeah", "yep", "me"])

    /// Whether the words of `range` say `mention` was done: a word that says so (`did`, `done`), a verb in the past
    /// (`ran`, `journaled`, `drank`), an amount, a day gone by (`yesterday`, `last night`), or the name alone with
    /// words that add nothing. `water the plants` and `feeding is going better` say none of it.
    func saysDone(_ mention: Mention, in range: Range<Int>) -> Bool {
        let others = range.filter { !mention.range.contains($0) }
        if range.contains(where: { Self.doneWords.contains(words[$0].text) || ["ok", "okay", "ready"].contains(words[$0].text) }) { return true }
        if range.contains(where: { words[$0].number != nil || Schedule.times[words[$0].text] != nil || words[$0].text == "x" }) { return true }
        // (`research: an hour`)
        if range.contains(where: { EverydayReader.startsWithAmount(words[$0..<range.upperBound]) && !mention.range.contains($0) }) { return true }
        // `is going`, `has a hole`, `ranked is so toxic`: a sentence about it, not of it.
        // (`have cleaned`, `has done` say it was done.)
        let sentence: Set<String> = ["is", "are", "has", "have", "can", "gets", "makes"]
        func about(_ index: Int) -> Bool {
            sentence.contains(words[index].text)
                && !(["has", "have"].contains(words[index].text) && index + 1 < words.count && Self.isPast(words[index + 1].text))
        }
        // (Said of it, before it or after it, unless another doer comes between: `skipped my cooldown again coach is
        // gonna kill me` is about the coach; `yoga class tonight is cancelled`, about the yoga.)
        let next = mention.range.upperBound
        func ofIt(_ index: Int) -> Bool {
            guard index >= next else { return true }
            let before = index - 1
            return mention.range.contains(before) || Self.aroundName.contains(words[before].text) || words[before].stop
        }
        if others.contains(where: { about($0) && ofIt($0) }) || next < words.count && about(next) { return false }
        // Who it was done with adds nothing (`skate sesh with the boys`).
        let with = others.first { words[$0].text == "with" }
        if others.allSatisfy({ index in
            Self.aroundName.contains(words[index].text) || words[index].minute != nil || with.map { index > $0 } ?? false
        }) {
            return true
        }
        if day != nil || line.has(phrase: ["this", "morning"]) || line.has("earlier") { return true }
        // A verb in the past other than the name itself (`ranked` for Ranked says nothing of being done; a name that is
        // a deed, `skipped my cooldown` for Skipped cooldown, does).
        let nameWords = vocabulary.habits[mention.habit].name.lowercased().split(separator: " ").map(String.init)
        // (Named by a word of it, or with its verb first, `I left the lights on in the hall` for Lights left on, a verb
        // of its name is the line's verb.)
        let typedFirst = words[mention.range.lowerBound].text
        let verbFirst = Self.isPast(typedFirst) && typedFirst != nameWords[0]
        let named = nameWords.count > 1 && (Self.isPast(nameWords[0]) || mention.range.count < nameWords.count || verbFirst) ? [] : Set(nameWords)
        return range.contains { Self.isPast(words[$0].text) && !(mention.range.contains($0) && named.contains(words[$0].text)) }
    }

    /// Whether `word` is a verb in the past: an irregular form (`ran`, `took`, `had`) or one ending in `-ed`.
    static func isPast(_ word: String) -> Bool {
        // (`dead`, `need`, `bread`: no verb in the past.)
        (word.count > 3 && word.hasSuffix("ed") && !word.hasSuffix("ead") && !word.hasSuffix("eed")) || (WordForms.bases[word] != nil && !word.hasSuffix("ing") && !word.hasSuffix("s"))
            || samePast.contains(word)
    }

    /// Verbs whose past is their base (`put my eye drops in`, `cut the grass`), which WordNet's list of exceptions leaves out.
    static let samePast: Set<String> = ["put", "hit", "shut", "read", "cut"]

    /// Whether the clause says someone else did it: it starts with another doer (`my housemate did the bins`, `nobody
    /// took the bins out`, `rex ate my crossword`), or the habit's word is the doer of another verb (`my water broke`).
    func bySomeoneElse(_ mention: Mention, in range: Range<Int>) -> Bool {
        let others: Set<String> = ["nobody", "someone", "somebody", "he", "she", "they", "you", "everyone", "noone", "dad", "mum", "mom"]
        // `my water broke`: the name, then a verb of its own.
        let next = mention.range.upperBound
        let owned = mention.range.lowerBound > range.lowerBound
            && ["my", "the", "our", "his", "her", "their"].contains(words[mention.range.lowerBound - 1].text)
        if owned, next < range.upperBound, Self.isPast(words[next].text), !Self.doneWords.contains(words[next].text) { return true }
        // (`me and kofi swept the compound`: done together.)
        if range.lowerBound >= 2, words[range.lowerBound - 1].text == "and", ["me", "i"].contains(words[range.lowerBound - 2].text),
            range.lowerBound == 2 || words[range.lowerBound - 3].stop
        {
            return false
        }
        var start = range.lowerBound
        while start < range.upperBound, ["so", "ok", "and", "then", "also", "well", "yesterday", "today", "lol"].contains(words[start].text) { start += 1 }
        guard start < range.upperBound, start < mention.range.lowerBound else { return false }
        let first = words[start].text
        if others.contains(first) || (first == "no" && start + 1 < range.upperBound && words[start + 1].text == "one") { return true }
        if ["i", "we", "just", "finally", "me"].contains(first) || Self.isPast(first) || Self.doneWords.contains(first) { return false }
        // (`2 iced coffees`: how many, not who.)
        if words[start].number != nil { return false }
        // (`walk done: 4 km` with Rehab walk counted in km: a word of its name is what was done, not who did it.)
        if partly(in: start..<(start + 1))?.habit == mention.habit { return false }
        // `my housemate did`, `rex ate`, `dog had`, `my lane mate swam`, `the squirrels have emptied`: a doer other than
        // them, then the verb (which may be the first word of what was done: `my partner folded the laundry`).
        func verbAt(_ index: Int) -> Bool {
            Self.isPast(words[index].text) || Self.doneWords.contains(words[index].text)
                || ["have", "has"].contains(words[index].text) && index + 1 < range.upperBound && Self.isPast(words[index + 1].text)
        }
        var verb = start + 1
        // `my roommate study 6 hours`: a person of theirs, then what they did, in whatever tense.
        // (`my husband's pills are done`: theirs.)
        let owner = start + 2 < range.upperBound && ["is", "s"].contains(words[start + 2].text) ? start + 3 : start + 2
        if ["my", "our", "his", "her", "their"].contains(first), owner == mention.range.lowerBound, WordForms.isPerson(words[start + 1].text) {
            return true
        }
        if ["my", "the", "our", "his", "her", "their"].contains(first) {
            verb += 1
            while verb < min(start + 4, mention.range.lowerBound), !verbAt(verb) { verb += 1 }
        }
        return verb <= mention.range.lowerBound && verb < range.upperBound && verbAt(verb)
    }

    /// Whether the word right after a habit's name, typed as its name (`did exercise bike`), might make it something
    /// else. After a verb of it (`cooked dinner`, `walked the dog`), a word is only what was done.
    func suspicious(after mention: Mention, in range: Range<Int>) -> Bool {
        var next = mention.range.upperBound
        while next < range.upperBound, ["the", "my", "a", "an", "our", "some"].contains(words[next].text) { next += 1 }
        guard next < range.upperBound else { return false }
        let word = words[next]
        if word.number != nil || word.stop || Self.afterName.contains(word.text) || WordForms.unit(word.text) != nil { return false }
        // Its own unit (`5 ranked games` for Ranked, counted in games).
        if let unit = vocabulary.habits[mention.habit].amount?.unit, WordForms.isUnit(word.text, unit) { return false }
        if !word.text.contains(where: \.isLetter) || word.text.hasSuffix("ed") || WordForms.bases[word.text] != nil { return false }
        let typed = Self.letters(mention.range.map { words[$0].text }.joined())
        let name = Self.letters(vocabulary.habits[mention.habit].name.lowercased())
        return typed == name || typed == name + "s" || typed + "s" == name
    }

    /// Whether the number at `index` is a time of day: `7am`, `at 7`, `by 10` (not `at 5 km`).
    static func isTime(_ words: [Word], _ index: Int) -> Bool {
        let next = index + 1 < words.count ? words[index + 1].text : ""
        if ["am", "pm", "o'clock", "oclock"].contains(next) { return true }
        return index > 0 && ["at", "@", "by"].contains(words[index - 1].text) && WordForms.unit(next) == nil
            && !["x", "times", "more"].contains(next)
    }
}
