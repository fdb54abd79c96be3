import HabitatEngine

/// Reads a line in someone's own words (`ran 5k`, `pause yoga until monday`, `quit reminding me to stretch`) as the
/// strict commands it means, with their own names: what they did (any tense, irregular verbs included), how much, on
/// which day, several habits in one line; pauses, reminders, undo, new habits, questions. A change is read only when
/// the reading is certain; a likely one is asked about (`yes` runs it), a missing part is asked for, and a line that
/// says something was *not* done changes nothing.
///
/// It is asked only about a line the strict reading could not take, so a command typed as the help says is never
/// read twice.
public enum EverydayReader {
    /// A command as the player would type it, in a question about it: `did "Feed the cat"` is `did feed the cat`.
    public static func shown(_ command: String) -> String {
        command.replacingOccurrences(of: "\"", with: "").lowercased()
    }

    /// The question asking whether `commands` were meant: `Did you mean 'did yoga', then 'did stretch'?`, then
    /// `after`; `yes` does them.
    static func didYouMean(_ commands: [String], before: String = "", after: String) -> Understanding {
        let said = commands.map { "'\(shown($0))'" }.joined(separator: ", then ")
        return .ask("\(before)Did you mean \(said)? \(after)", commands)
    }

    public static func read(_ line: String, _ vocabulary: Vocabulary) -> Understanding? {
        var joiners: Set<String> = []
        for habit in vocabulary.habits {
            for word in habit.name.lowercased().split(separator: " ") where ["and", "then", "e", "plus", "&"].contains(word) {
                joiners.insert(String(word))
            }
        }
        let reader = Reader(line: EverydayLine(line, joiners: joiners), vocabulary: vocabulary)
        guard !reader.words.isEmpty else { return nil }
        if let each = pairs(reader) ?? eachDay(reader, joiners: joiners) ?? butNot(reader, joiners: joiners) { return each }
        let readings: [(Reader) -> () -> Understanding?] = [
            Reader.naming, Reader.plainMode, Reader.undo, Reader.howTo, Reader.reminder, Reader.archiving, Reader.resume, Reader.pause, Reader.timer, Reader.adding, Reader.renaming,
            Reader.needsDoing, Reader.movingTodo, Reader.movingToArea, Reader.editing, Reader.deleting, Reader.buying, Reader.inviting, Reader.timeZone, Reader.asking, Reader.recording,
        ]
        for reading in readings {
            if let understood = reading(reader)() { return understood }
        }
        return passive(reader, joiners: joiners) ?? request(among: line, vocabulary)
    }

    /// `shoulder's fine now, start planks again`, `pause yoga - my knee hurts`: a request in one part of a line, the
    /// other parts naming nothing of theirs and holding no number, so only saying why. Asked about, as the rest was
    /// not read. Never a record of something done: that is the whole line's to say.
    static func request(among line: String, _ vocabulary: Vocabulary) -> Understanding? {
        let parts = line.replacingOccurrences(of: " - ", with: ", ").split(whereSeparator: { ",;.!–—".contains($0) }).map(String.init)
            .filter { !$0.allSatisfy(\.isWhitespace) }
        guard parts.count >= 2 else { return nil }
        let changes: Set<String> = ["pause", "resume", "edit", "archive", "unarchive", "add", "delete", "remind", "stop", "call", "rename", "buy", "undo"]
        var found: [[String]] = []
        for part in parts {
            let reader = Reader(line: EverydayLine(part, joiners: []), vocabulary: vocabulary)
            // (`I swim twice a week, add it`: a request about another part is no request alone.)
            let back = reader.line.has(["it", "that", "this", "them", "those"])
            switch read(part, vocabulary) {
            case .commands(let commands)?, .ask(_, let commands)?:
                // (`that last entry was wrong, undo it`: what is undone is the last, whatever `it` is.)
                guard !back || commands == ["undo"] else { return nil }
                if found.contains(commands) { continue }
                let first = commands.map { $0.split(separator: " ").prefix(2).map(String.init) }
                guard first.allSatisfy({ changes.contains($0[0]) || $0 == ["room", "add"] || $0 == ["room", "delete"] }) else { return nil }
                found.append(commands)
            default:
                guard reader.mentions(in: 0..<reader.words.count).isEmpty,
                    !reader.words.contains(where: { $0.number != nil || Schedule.times[$0.text] != nil })
                else { return nil }
            }
        }
        guard found.count == 1 else { return nil }
        return didYouMean(found[0], after: "Type 'yes' to do it.")
    }
}

struct Reader {
    typealias Word = EverydayLine.Word
    let line: EverydayLine
    let vocabulary: Vocabulary
    var words: [Word] { line.words }
    /// The habits named in each span of the line asked about so far: the readings ask about the same spans again and
    /// again (the whole line, its clauses), and each is found once.
    private let found = Found()

    private final class Found {
        var mentions: [Range<Int>: [Mention]] = [:]
    }

    init(line: EverydayLine, vocabulary: Vocabulary) {
        self.line = line
        self.vocabulary = vocabulary
    }

    /// A habit's name said somewhere in the line.
    struct Mention {
        var habit: Int
        var range: Range<Int>
        /// Said as it is named, or in a form of its words; otherwise close to it (a slip of a letter).
        var certain: Bool
    }

    static let fillers: Set<String> = ["the", "my", "a", "an", "some", "of", "to", "for", "our", "your", "da", "de", "do", "o"]

    // MARK: - Names

    /// The habits named in `range`, each once, the longest reading of overlapping words first.
    func mentions(in range: Range<Int>) -> [Mention] {
        if let known = self.found.mentions[range] { return known }
        var found: [Mention] = []
        for (index, habit) in vocabulary.habits.enumerated() {
            for name in [habit.name] + habit.words {
                if let span = match(name, in: range) {
                    found.append(Mention(habit: index, range: span, certain: true))
                    break
                }
            }
        }
        found.sort { $0.range.count > $1.range.count }
        var kept: [Mention] = []
        for mention in found where !kept.contains(where: { $0.range.overlaps(mention.range) }) { kept.append(mention) }
        kept.sort { $0.range.lowerBound < $1.range.lowerBound }
        self.found.mentions[range] = kept
        return kept
    }

    static func letters(_ text: String) -> String { WordForms.plain(String(text.filter(\.isLetter))) }

    /// Where `name` is said in `range`: its words in order (in some form of each; `the`, `my` between them don't
    /// count), or its letters run together (`pushups`, `push ups` for Push-ups).
    func match(_ name: String, in range: Range<Int>, slips: Int = 0) -> Range<Int>? {
        let nameWords = name.lowercased().split(separator: " ").map(String.init)
        let compact = Self.letters(name.lowercased())
        guard !nameWords.isEmpty, !compact.isEmpty else { return nil }
        for start in range where words[start].number == nil && words[start].minute == nil && !Self.fillers.contains(words[start].text) {
            // Letters run together, over as many words as the name has and one more.
            if nameWords.count > 1 || name.contains("-") {
                for length in 1...min(nameWords.count + 1, range.upperBound - start) {
                    let span = start..<(start + length)
                    guard span.allSatisfy({ words[$0].number == nil }) else { break }
                    let typed = span.map { Self.letters(words[$0].text) }.joined()
                    // A slip is of a letter or two, not the first word of the name alone (`vending` for Vending snacks).
                    let slipped = typed.count + 2 >= compact.count && Self.slip(typed, compact)
                    if typed == compact || (slips == 0 ? WordForms.isForm(typed, of: compact) : slipped) { return span }
                }
            }
            var (typed, said, slipped) = (start, 0, 0)
            var index = 0
            while index < nameWords.count {
                let wanted = nameWords[index]
                if typed < range.upperBound, WordForms.isForm(words[typed].text, of: wanted) {
                    typed += 1
                    index += 1
                    said += 1
                } else if typed < range.upperBound, slipped < slips, Self.slip(words[typed].text, wanted) {
                    typed += 1
                    index += 1
                    said += 1
                    slipped += 1
                } else if Self.fillers.contains(wanted) && index > 0 {
                    index += 1
                } else if index > 0, typed < range.upperBound, Self.fillers.contains(words[typed].text) {
                    typed += 1
                } else {
                    break
                }
            }
            if index == nameWords.count, said > 0, slipped == slips { return start..<typed }
        }
        // Its words in another order, close together (`walked the dog` for Dog walk).
        let wanted = nameWords.filter { !Self.fillers.contains($0) }
        guard slips == 0, wanted.count >= 2 else { return nil }
        var at: [Int] = []
        for word in wanted {
            guard let index = range.first(where: { !at.contains($0) && WordForms.isForm(words[$0].text, of: word) }) else { return nil }
            at.append(index)
        }
        let span = at.min()!..<(at.max()! + 1)
        // No verb between them (`walked the dog`, `a smoke on break`): `the lights went out` says what the lights did.
        guard !span.contains(where: { index in
            !at.contains(index) && (Self.isPast(words[index].text) || ["is", "are", "was", "were", "has", "have"].contains(words[index].text))
        }) else { return nil }
        return span.count <= wanted.count + 2 ? span : nil
    }

    /// Whether `typed` is `word` (or its `-ed`, `-ing`, `-s` form) with one letter wrong, missing, extra or swapped
    /// (two, for a word of eight letters or more): `flashcrads`, `journeled`, `coffe`.
    static func slip(_ typed: String, _ word: String) -> Bool {
        let typed = typed.withoutAccents
        let word = word.withoutAccents
        guard typed.count >= 4, word.count >= 4, typed != word, typed.allSatisfy(\.isLetter) else { return false }
        let tolerance = min(typed.count, word.count) >= 8 ? 2 : 1
        let ied: [String] = word.hasSuffix("y") ? [word.dropLast() + "ied", word.dropLast() + "ies"] : []
        for form in [word, word + "ed", word + "d", word + "ing", word + "s", word + "es"] + ied where abs(form.count - typed.count) <= tolerance {
            if editDistance(typed, form) <= tolerance { return true }
        }
        // `refri` for Refrigerante: the start of a long name.
        return typed.count >= 4 && word.count >= typed.count + 3 && word.hasPrefix(typed)
    }

    /// A habit the words of `range` come close to, with a slip: one only, or `nil`.
    func slipped(in range: Range<Int>) -> Mention? {
        let explicit = range.contains { ["did", "done"].contains(words[$0].text) }
        var found: [Mention] = []
        for (index, habit) in vocabulary.habits.enumerated() {
            if let span = match(habit.name, in: range, slips: 1) {
                let typed = span.map { words[$0].text }.joined()
                guard explicit || typed.count >= 5 else { continue }
                found.append(Mention(habit: index, range: span, certain: false))
            } else if explicit, habit.name.count == 3, let at = range.first(where: { at in
                // `did gim`: a name of three letters, one of them wrong, after `did`.
                let typed = words[at].text
                return typed.count == 3 && typed.allSatisfy(\.isLetter) && editDistance(typed, habit.name.lowercased()) == 1
            }) {
                found.append(Mention(habit: index, range: at..<(at + 1), certain: false))
            }
        }
        return found.count == 1 ? found[0] : nil
    }

    /// A habit the words of `range` may mean by another word for what was done, from WordNet's senses of verbs
    /// (`hoovered` for Vacuuming, `washed up` for Dishes, `rang Lily` for Call Lily, `napped` for Sleep): one only, and
    /// never certain, so it is asked about.
    func likely(in range: Range<Int>) -> Mention? {
        var found: [Int: Mention] = [:]
        for index in range where words[index].number == nil && words[index].text.count >= 3 {
            var phrases = [(words[index].text, index..<(index + 1))]
            if index + 1 < range.upperBound { phrases.insert(("\(words[index].text) \(words[index + 1].text)", index..<(index + 2)), at: 0) }
            for (typed, span) in phrases {
                let parts = typed.split(separator: " ").map(String.init)
                let bases = parts.count == 2 ? WordForms.bases(of: parts[0]).map { "\($0) \(parts[1])" } : WordForms.bases(of: typed)
                let related = bases.reduce(into: Set<String>()) { $0.formUnion(WordForms.related($1)) }
                guard !related.isEmpty else { continue }
                for (habit, candidate) in vocabulary.habits.enumerated() where found[habit] == nil {
                    let nameWords = candidate.name.lowercased().split(separator: " ").map(String.init).filter { !Self.fillers.contains($0) }
                    var byRelation = false
                    let all = nameWords.allSatisfy { wanted in
                        if related.contains(where: { WordForms.isForm($0, of: wanted) }) {
                            byRelation = true
                            return true
                        }
                        return range.contains { !span.contains($0) && WordForms.isForm(words[$0].text, of: wanted) }
                    }
                    if all && byRelation { found[habit] = Mention(habit: habit, range: span, certain: false) }
                }
            }
        }
        return found.count == 1 ? found.values.first : nil
    }

    /// A habit the words of `range` may name by another word for what it counts, from WordNet's senses of nouns of food,
    /// drink and drugs (`took my tablets` for Heart pills, `had a coke` for Sugary drinks): the last word of its name is
    /// another word for the one typed, or a kind above it. One only, and never certain, so it is asked about.
    func likelyByNoun(in range: Range<Int>) -> Mention? {
        var found: [Int: Mention] = [:]
        for index in range where words[index].number == nil && words[index].text.count >= 3 && !words[index].stop {
            var phrases = [(words[index].text, index..<(index + 1))]
            if index + 1 < range.upperBound { phrases.insert(("\(words[index].text) \(words[index + 1].text)", index..<(index + 2)), at: 0) }
            for (typed, span) in phrases {
                let related = WordForms.relatedNouns(typed)
                guard !related.isEmpty else { continue }
                for (habit, candidate) in vocabulary.habits.enumerated() where found[habit] == nil {
                    guard let head = candidate.name.lowercased().split(separator: " ").last.map(String.init), head.count >= 3,
                        related.contains(where: { WordForms.isForm($0, of: head) })
                    else { continue }
                    found[habit] = Mention(habit: habit, range: span, certain: false)
                }
            }
        }
        return found.count == 1 ? found.values.first : nil
    }

    /// A habit whose name of several words starts with a verb, named by that verb in the past (`iced after` for Ice
    /// knee, `stretched` for Stretch hands): one only, and never certain, so it is asked about.
    func byItsVerb(in range: Range<Int>) -> Mention? {
        var found: [Int: Mention] = [:]
        for index in range where words[index].number == nil && !words[index].stop && Self.isPast(words[index].text) {
            let bases = WordForms.bases(of: words[index].text)
            for (habit, candidate) in vocabulary.habits.enumerated() where found[habit] == nil {
                let nameWords = candidate.name.lowercased().split(separator: " ")
                guard nameWords.count > 1, bases.contains(String(nameWords[0])) else { continue }
                // (`bought the gas` names no Buy prepaid light units: what the verb was done to is another thing.)
                var next = index + 1
                while next < range.upperBound, ["the", "my", "a", "an", "some", "our"].contains(words[next].text) { next += 1 }
                if next < range.upperBound, next > index + 1, words[next].number == nil, !words[next].stop,
                    !Self.aroundName.contains(words[next].text), !nameWords.dropFirst().contains(where: { WordForms.isForm(words[next].text, of: String($0)) })
                {
                    continue
                }
                found[habit] = Mention(habit: habit, range: index..<(index + 1), certain: false)
            }
        }
        return found.count == 1 ? found.values.first : nil
    }

    /// A habit named by one word of a longer name (or the start of a name written as one word: `bed` of Bedtime), which
    /// no other habit's name has (`took bess out` for Walk Bess, `got
    /// milk` for Milk run, `hit snooze 4 times` for Snooze button): one only, and never certain, so it is asked about.
    /// Words that say where or when (`home`, `work`, `night`) name nothing by themselves.
    func partly(in range: Range<Int>) -> Mention? {
        var found: [Int: Mention] = [:]
        for index in range where words[index].number == nil && words[index].text.count >= 3 && !words[index].stop
            && !Self.placesAndTimes.contains(words[index].text)
            // (`tea with my agent`: who it was with names nothing.)
            && !words[max(range.lowerBound, index - 2)..<index].contains(where: { $0.text == "with" })
        {
            for (habit, candidate) in vocabulary.habits.enumerated() {
                let nameWords = candidate.name.lowercased().split(separator: " ").map(String.init)
                // (`went to bed` for Bedtime: the first word of a name written as one.)
                let typed = words[index].text
                // (Said as a thing, `to bed`, `my push`: `legs are dead` names no Deadlift.)
                let compound = nameWords.count == 1 && typed.count >= 3 && nameWords[0].count >= typed.count + 3 && nameWords[0].hasPrefix(typed)
                    && !Self.shortWords.contains(typed) && index > 0 && ["to", "in", "into", "my", "the", "for", "did"].contains(words[index - 1].text)
                guard compound || nameWords.count > 1 && typed.count >= 4
                    && nameWords.contains(where: { $0.count >= 4 && !Self.placesAndTimes.contains($0) && WordForms.isForm(typed, of: $0) })
                else { continue }
                found[habit] = found[habit] ?? Mention(habit: habit, range: index..<(index + 1), certain: false)
            }
        }
        return found.count == 1 ? found.values.first : nil
    }

    /// A habit named by one word of its name (``partly(in:)``), where the words of the line the amount counts are found
    /// (`2 bags of chips from the vending machine`: the chips, by their noun), before another word for what was done
    /// (`hit snooze` is Snooze button, whatever else `hit` may mean).
    func partlyOrByNoun(in range: Range<Int>) -> Mention? {
        guard let part = partly(in: range) else { return nil }
        if let noun = likelyByNoun(in: range), noun.habit == part.habit { return noun }
        return part
    }

    /// A habit named in short: the first letters of a name of several words (`bp` for Blood pressure, or for Blood pressure
    /// check), or the start of
    /// each of its words (`vit d` for Vitamin D): one only, and never certain, so it is asked about.
    func abbreviated(in range: Range<Int>) -> Mention? {
        var found: [Int: Mention] = [:]
        for (habit, candidate) in vocabulary.habits.enumerated() {
            let nameWords = candidate.name.lowercased().split(separator: " ").map(String.init)
            guard nameWords.count > 1 else { continue }
            let initials = String(nameWords.compactMap(\.first))
            for index in range where !words[index].stop && words[index].number == nil {
                // (`bp` for Blood pressure check: the first words' letters.)
                let said = words[index].text
                if said == initials || nameWords.count > 2 && said.count >= 2 && initials.hasPrefix(said), !Self.shortWords.contains(said) {
                    found[habit] = Mention(habit: habit, range: index..<(index + 1), certain: false)
                }
                let span = index..<(index + nameWords.count)
                guard span.upperBound <= range.upperBound else { continue }
                let typed = span.map { words[$0].text }
                let shortened = zip(typed, nameWords).allSatisfy { typed, word in
                    typed == word || typed.count >= 3 && word.count > typed.count && word.hasPrefix(typed)
                }
                if shortened, typed != nameWords { found[habit] = Mention(habit: habit, range: span, certain: false) }
            }
        }
        return found.count == 1 ? found.values.first : nil
    }

    /// A habit whose words are all said, in another order or apart (`left the lights on` for Lights left on, `zosia
    /// call` for Call Zosia): one only, and never certain, so it is asked about.
    func scattered(in range: Range<Int>) -> Mention? {
        var found: [Int: Mention] = [:]
        for (habit, candidate) in vocabulary.habits.enumerated() {
            let nameWords = candidate.name.lowercased().split(separator: " ").map(String.init).filter { !Self.fillers.contains($0) }
            guard nameWords.count > 1 else { continue }
            let at = nameWords.compactMap { word in range.first { !words[$0].stop && WordForms.isForm(words[$0].text, of: word) } }
            // (Its first word said stands for it: `the lights went out` is the lights' doing.)
            guard at.count == nameWords.count, let first = at.min() else { continue }
            found[habit] = Mention(habit: habit, range: first..<(first + 1), certain: false)
        }
        return found.count == 1 ? found.values.first : nil
    }

    /// Short words that are words, never a name's first letters.
    static let shortWords: Set<String> = [
        "ok", "no", "so", "to", "me", "my", "we", "hi", "in", "on", "at", "it", "is", "be", "do", "go", "up", "us", "an", "as",
        "by", "he", "if", "of", "or", "am", "pm", "lol", "omg", "idk", "tbh", "btw", "rn", "ty", "thx", "pls", "fyi", "and", "the",
        "but", "for", "you", "was", "had", "has", "did", "can", "get", "got", "not", "all", "any", "new", "old", "one", "two",
        "day", "now", "yes", "yay", "ugh", "hmm", "hey", "ya", "yo", "oh", "ah", "uh", "um", "her", "him", "his", "its", "our",
        "out", "off", "too", "how", "who", "why", "what", "way", "per", "bit", "lot", "gym", "run", "ran", "see", "saw",
    ]

    static let placesAndTimes: Set<String> = [
        "home", "work", "house", "office", "school", "time", "times", "morning", "evening", "night", "daily", "week",
        "weekly", "today", "after", "before", "with", "from", "into", "over", "back", "more", "less", "extra", "long",
        "short", "quick", "full", "half", "good", "little", "session", "routine", "early", "late", "later",
    ]

    /// The one habit the whole line names (certain), if it names exactly one.
    func onlyMention() -> Mention? {
        let all = mentions(in: 0..<words.count)
        return all.count == 1 ? all[0] : nil
    }

    func name(_ mention: Mention) -> String { Self.quoted(vocabulary.habits[mention.habit].name) }

    static func quoted(_ name: String) -> String { name.contains(" ") || name.contains("\"") ? "\"\(name)\"" : name }

    // MARK: - Small words

    /// Words that say a thing was not done (`choir was cancelled this week`).
    static let negations: Set<String> = [
        "not", "never", "no", "skipped", "skip", "missed", "without", "nothing", "instead", "cancelled", "canceled", "postponed",
    ]

    /// Whether the line says something was not done, or is not done yet (`didn't`, `skipped`, `going to`, `should I`,
    /// `tomorrow`): nothing of it is recorded.
    var notDone: Bool {
        line.has(Self.negations) || line.has(["should", "tomorrow", "later", "will", "plan", "planning", "might", "maybe", "tonight?"])
            || line.has(phrase: ["going", "to"]) || line.has(phrase: ["want", "to"]) || line.has(phrase: ["need", "to"])
            || line.has(phrase: ["have", "to"]) || line.has(phrase: ["about", "to"])
    }

    /// `… I forget to write`, `forgot to tell you`, `… but not write it`: what the line says was done then, and only now
    /// told.
    var forgotToSay: Bool { notTold != nil }

    /// The word that says something was not told, though done (`forgot` of `forgot to log it`, `not` of `did not write
    /// it`).
    var notTold: Int? {
        words.indices.first { at in
            ["forget", "forgot", "forgotten"].contains(words[at].text) && at + 2 < words.count && words[at + 1].text == "to"
                && Self.telling.contains(words[at + 2].text)
                // (`logbook done on wednesday forgot`: said last, what was forgotten is the telling.)
                || ["forgot", "forgotten"].contains(words[at].text) && at > 0 && words[at...].dropFirst().allSatisfy({ $0.stop || ["lol", "sorry", "oops"].contains($0.text) })
                || ["not", "never"].contains(words[at].text) && at + 1 < words.count && Self.telling.contains(words[at + 1].text)
        }
    }

    /// Verbs of telling the game (`log`, `write`, `mark`): what was not done when they are not, is only not told.
    static let telling: Set<String> = [
        "log", "tell", "record", "mark", "add", "enter", "write", "put", "say", "track", "note", "post", "mention", "type", "report",
    ]

    /// A weekday gone by a line says something was done on in the present (`tuesday i make 25 pompki`, `sketching 30 min
    /// on tuesday`): its first word, or said with an amount. Asked about, as it might be a plan.
    var weekdayInThePresent: Bool {
        let named = words.indices.filter { Schedule.oneWeekday(words[$0].text) != nil }
        guard named.count == 1, let at = named.first, !line.question,
            !(at > 0 && ["next", "coming", "this", "every", "each"].contains(words[at - 1].text)),
            let clause = line.clauses.first(where: { $0.contains(at) })
        else { return false }
        let first = at == 0 || at == 1 && words[0].text == "on"
        // (`Evening walk on Monday, 40 minutes.`: how much, said in a clause of its own after it.)
        let next = line.clauses.first { $0.lowerBound > clause.upperBound }
        let amountAfter = next.map { next in
            next.count == 2 && words[next.lowerBound].number != nil && WordForms.unit(words[next.lowerBound + 1].text) != nil
        } ?? false
        return first || amountAfter || clause.contains { words[$0].number != nil && words[$0].minute == nil && !Self.isTime(words, $0) }
    }

    /// The words after which a clause only says when or why (`before the exam`, `after the run`): never a habit done.
    static let context: Set<String> = [
        "before", "after", "during", "while", "because", "since", "but", "cause", "so", "bc", "bcoz", "cuz", "coz", "depois", "antes",
    ]

    /// `range` up to its first word of context.
    func withoutContext(_ range: Range<Int>) -> Range<Int> {
        let end = range.first { Self.context.contains(words[$0].text) } ?? range.upperBound
        return range.lowerBound..<end
    }

    /// A time of day said anywhere (`at 6pm`, `21:30`, `at 8`, `7 pm`): minutes after midnight.
    var timeOfDay: Int? { timeOfDay(in: words.indices) }

    /// A time of day said in `range`; `done` only the time something was done at (`woke up 4:45`, `at 7 this evening`),
    /// never one it lasted until or came after (`scrolled till 2am`, `no coffee after 4pm`).
    func timeOfDay(in range: Range<Int>, done: Bool = false) -> Int? {
        let bounds: Set<String> = ["till", "til", "until", "by", "after", "before", "from", "to", "since", "past"]
        for index in range {
            let word = words[index]
            if done, index > 0, bounds.contains(words[index - 1].text) { continue }
            if let minute = word.minute { return minute }
            if let number = word.number, word.isWhole, index + 1 < range.upperBound, ["am", "pm"].contains(words[index + 1].text) {
                return RecordingParser.clock("\(Int(number))\(words[index + 1].text)")
            }
            guard index + 1 < range.upperBound, let number = words[index + 1].number, words[index + 1].isWhole, number < 24 else { continue }
            // `at 6 pm`: the number's own half of the day, read where the number is.
            if index + 2 < range.upperBound, ["am", "pm"].contains(words[index + 2].text) { continue }
            // `at 8 in the evening`, `at 10 at night`, `at 9 tonight`; `to 8 in the evening`
            let part = words[(index + 2)...].prefix(3)
            let later = part.contains { ["evening", "afternoon", "night", "tonight"].contains($0.text) }
            // (`at 5 km` is no time.)
            if done, index + 2 < words.count, WordForms.unit(words[index + 2].text) != nil { continue }
            if word.text == "at" || !done && ["to", "for", "till", "until"].contains(word.text) && (later || part.contains { $0.text == "morning" }) {
                return (Int(number) + (later && number < 12 ? 12 : 0)) * 60
            }
        }
        return nil
    }

    static func clock(_ minute: Int) -> String { "\(minute / 60):\(minute % 60 < 10 ? "0" : "")\(minute % 60)" }
}
