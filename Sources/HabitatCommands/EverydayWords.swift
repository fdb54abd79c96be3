import HabitatEngine

/// The words people put around a command that change nothing of what it asks (`please`, `I just`, `!`, `✅`), the
/// questions they ask instead of typing a view's name, and the numbers and small words inside a command (`twice`,
/// `a potion`). None of it is a guess: each word here means one thing wherever it stands, and whatever is not
/// among them is left as typed. A change to someone's data is still made only on a reading that is certain.
enum EverydayWords {
    // MARK: - Around a command

    /// `tokens` without what carries no meaning around a command: greetings and fillers before it (`ok`, `I`,
    /// `just`, `please`, `hey`), politeness after it (`please`, `thanks`), and punctuation and emoji at its end
    /// (`Did exercise.`, `floss!`, `status?`, `did floss ✅`). Quoted words are never touched, and a line is never
    /// tidied away to nothing: `?` alone is still `?`.
    static func tidy(_ tokens: [Token]) -> [Token] {
        var words = tokens
        while let last = words.last, !last.quoted {
            var kept = last.text
            if endsInMark(last.text) {
                // A comma by a number may be its decimal point (`1,5`): only a word without digits loses one.
                let digits = last.text.contains(where: \.isNumber)
                let mark = { (character: Character) in isTrailingMark(character) && !(digits && character == ",") }
                kept = String(last.text.reversed().drop(while: mark).reversed())
            }
            // One look-up tells most lines apart: their last word is none of these.
            let noise = trailingWords.contains(last.lower)
            if kept.isEmpty || (noise && emoticons.contains(last.lower)) {
                guard words.count > 1 else { break }
                words.removeLast()
            } else if kept != last.text {
                words[words.count - 1].text = kept
            } else if noise, words.count > 1, politeness.contains(last.lower) || trailingFillers.contains(last.lower) {
                words.removeLast()
            } else if noise, words.count > 2, words[words.count - 2].lower == "thank", last.lower == "you" || last.lower == "u" {
                words.removeLast(2)
            } else {
                break
            }
        }
        // `yesterday I flossed`: the day said first means what it means said last (a line with a note keeps its order).
        if words.count > 1, !words[0].quoted, words[0].lower == "yesterday", !words.contains(where: RecordingParser.endsName) {
            words.append(words.removeFirst())
        }
        while words.count > 1, let first = words.first, !first.quoted {
            var word = first.lower
            var comma = false
            if endsInMark(word) {
                word = String(word.reversed().drop { $0 == "," || isTrailingMark($0) }.reversed())
                comma = true
            }
            guard word.isEmpty || leadingWords.contains(word) else { break }
            if word.isEmpty || leadingFillers.contains(word) || (comma && greetings.contains(word)) {
                words.removeFirst()
            } else if words.count > 2, askers.contains(word), words[1].lower == "you" || words[1].lower == "u" {
                words.removeFirst(2)
            } else if wishStarts.contains(word),
                let wish = wishes.first(where: { words.count > $0.count && zip($0, words).allSatisfy { $0 == $1.lower } })
            {
                // `I'd like to see the store`, `tell me how many coins I have`
                words.removeFirst(wish.count)
            } else {
                break
            }
        }
        return words
    }

    /// Whether ``tidy(_:)`` keeps `last`, the last word of a line, as it is: quoted, or no mark at its end and no
    /// word set aside after a command.
    static func keepsEnd(_ last: Token) -> Bool {
        last.quoted || (!endsInMark(last.text) && !trailingWords.contains(last.lower))
    }

    /// Whether ``tidy(_:)`` keeps `first`, the unquoted first word of a line (lowercased), as it is, with the words
    /// after it: no mark at its end, no word set aside before a command, and not `yesterday`, which moves.
    static func keepsStart(_ first: String) -> Bool {
        !endsInMark(first) && !leadingWords.contains(first) && first != "yesterday"
    }

    /// Whether `text` ends in a ``isTrailingMark(_:)``; a plain ASCII end is told by its byte.
    static func endsInMark(_ text: String) -> Bool {
        guard let byte = text.utf8.last else { return false }
        if byte < 0x80 { return byte == 0x2E || byte == 0x21 || byte == 0x3F || byte == 0x2C || byte == 0x3B }
        return text.last.map(isTrailingMark) ?? false
    }

    /// What ends a line without being part of it: `.`, `!`, `?`, `,`, `;`, `…` and emoji (`✅`, `👍`, `💪`). A colon
    /// is not: it starts a note.
    static func isTrailingMark(_ character: Character) -> Bool {
        // Most words end in a plain ASCII letter: no look-up for those.
        if let ascii = character.asciiValue { return ascii == 0x2E || ascii == 0x21 || ascii == 0x3F || ascii == 0x2C || ascii == 0x3B }
        if character == "…" { return true }
        guard let scalar = character.unicodeScalars.first, scalar.value > 0xFF else { return false }
        return scalar.properties.isEmoji
    }

    static let emoticons: Set<String> = [":)", ":-)", ":d", ":(", ";)", "<3", ":p"]

    static let politeness: Set<String> = ["please", "pls", "plz", "thanks", "thx", "ty", "thankyou", "cheers"]

    /// Words before a command that add nothing to it. `today` is one only with more after it (`today I flossed`):
    /// alone it is the view. `had`, `ate`, `went` and `bought` are how people say they did something (`had junk food`,
    /// `went running`, `bought milk`): what follows is still found only among the player's own habits, to-dos and list
    /// items, by their whole names.
    static let leadingFillers: Set<String> = [
        "ok", "okay", "k", "so", "um", "uh", "well", "please", "pls", "plz", "yay", "i", "just", "finally", "also",
        "already", "i've", "ive", "i’ve", "today", "had", "ate", "went", "bought",
    ]

    /// Words after a command that add nothing to it (`flossed finally`, `smoked again ugh`).
    static let trailingFillers: Set<String> = ["finally", "again", "already", "too", "ugh", "lol", "haha", "phew", "yay", "now", "just"]

    /// How people start asking for something: `I'd like to`, `I want to`, `tell me`, `let me`.
    static let wishes: [[String]] = [
        ["i'd", "like", "to"], ["id", "like", "to"], ["i’d", "like", "to"], ["i", "would", "like", "to"], ["i", "want", "to"],
        ["i", "wanna"], ["tell", "me"], ["let", "me"], ["can", "i"], ["could", "i"], ["may", "i"],
    ]

    /// The first words of ``wishes``: a line starting otherwise is not compared with them.
    static let wishStarts = Set(wishes.map { $0[0] })

    /// `can you`, `could you`: the first words of a request.
    static let askers: Set<String> = ["can", "could", "would", "will"]

    /// Every word ``tidy(_:)`` may set aside at the start of a line: a line starting otherwise is left as it starts.
    static let leadingWords = WordSet(leadingFillers.union(greetings).union(askers).union(wishStarts))

    /// Every word ``tidy(_:)`` may set aside at the end of a line.
    static let trailingWords = WordSet(emoticons.union(politeness).union(trailingFillers).union(["you", "u"]))

    /// A greeting before a command, with its comma (`hi, did floss`); without one, `hi` is the command.
    static let greetings: Set<String> = ["hi", "hey", "hello", "yo"]

    // MARK: - Questions

    /// The command a whole line asks for as a question (`how many coins do I have`, `what's left today`), as that command is typed (`coins`), or a
    /// word that names one figure (`coins`, `level`). Apostrophes don't matter (`whats`, `what's`), nor case.
    static func question(_ tokens: [Token]) -> String? {
        guard tokens.count <= 8, let first = tokens.first, mayAsk(first.lower), !tokens.contains(where: \.quoted)
        else { return nil }
        let key = tokens.map { withoutApostrophes($0.lower) }.joined(separator: " ")
        return questions[key]
    }

    /// Whether a line starting with `first` (lowercased) may be a question: it is one of ``questionStarts``.
    static func mayAsk(_ first: String) -> Bool {
        questionStarts.contains(withoutApostrophes(first))
    }

    /// `what's` → `whats`; a word without an apostrophe as it is, with nothing allocated.
    static func withoutApostrophes(_ word: String) -> String {
        // `'` is 0x27; `’` starts with 0xE2.
        guard word.utf8.contains(where: { $0 == 0x27 || $0 == 0xE2 }) else { return word }
        return word.filter { $0 != "'" && $0 != "’" }
    }

    /// Each question, by the command it asks for as that command is typed.
    static let questions: [String: String] = {
        var table: [String: String] = [:]
        func add(_ command: String, _ phrasings: [String]) {
            for phrasing in phrasings { table[phrasing] = command }
        }
        add("status", [
            "how am i doing", "how am i", "hows it going", "how is it going", "how is my game", "whats my status",
            "what is my status", "my status", "my stats", "show my stats", "show me my stats", "show my status",
            "show status", "show stats",
        ])
        add("coins", [
            "how many coins", "how many coins do i have", "how many coins i have", "hows my balance", "how much money i have",
            "how much gold i have", "how many coins have i",
            "how many coins have i got", "how much money do i have", "how much gold do i have", "whats my balance",
            "what is my balance", "how rich am i",
        ])
        add("level", [
            "whats my level", "hows my level", "what level i am", "what level i am on", "what is my level", "what level am i", "what level am i on",
            "which level am i", "which level am i on",
        ])
        add("health", [
            "whats my health", "hows my health", "how is my health", "how much health i have", "how much life i have", "what is my health",
            "how much health do i have", "how much life do i have", "how much hp do i have", "how healthy am i",
        ])
        add("xp", [
            "whats my xp", "how much xp i have", "hows my xp", "what is my xp", "how much xp do i have",
            "how much experience do i have",
        ])
        add("today", [
            "what did i do today", "what have i done today", "whats left", "whats left today", "what is left",
            "what is left today", "what do i have left", "what do i have left today", "what do i still have to do",
            "what do i still need to do", "what do i still need to do today", "what do i still have to do today",
            "what else is there", "what else", "whats left to do", "what is left to do", "whats due", "whats due today", "what is due today", "todo", "to do",
            "my day", "what should i do", "what should i do today", "what now", "whats next", "what is next",
            "whats on today", "whats today", "what is today", "show today", "show me today", "my today",
        ])
        add("store", [
            "what can i buy", "what can i get", "what can i afford", "whats for sale", "what is for sale",
            "whats in the store", "what is in the store", "whats in the shop", "show me the store", "show me the shop",
            "show the store", "show the shop", "the store", "the shop",
        ])
        add("help", [
            "what can you do", "what can i do", "what can i say", "what do you understand", "what do you know",
            "how does this work", "how do i use this", "how do i use you", "what are the commands", "show commands",
            "list commands", "show me the commands", "i need help", "help me",
        ])
        add("whoami", ["who am i", "whats my name", "what is my name", "am i logged in", "which account is this"])
        add("habits", [
            "what are my habits", "what habits do i have", "which habits do i have", "show me my habits",
            "show me habits", "list my habits", "my habit list", "show my habit",
        ])
        add("streaks", [
            "whats my streak", "what is my streak", "what are my streaks", "how long is my streak", "how are my streaks",
            "show me my streaks", "list my streaks",
        ])
        add("history", ["what did i do", "what have i done", "what did i do lately", "show me my history"])
        add("undo", ["undo it", "undo the last one", "take that back", "take it back", "scratch that"])
        add("hello", ["hi there", "hello there", "hey there", "good morning", "good evening", "good afternoon", "howdy"])
        return table
    }()

    /// The first words of ``questions``: a line starting otherwise is no question, and is not looked up.
    static let questionStarts = WordSet(Set(questions.keys.map { String($0.prefix { $0 != " " }) }))

    // MARK: - Inside a command

    /// A count typed in digits or in words (`3`, `three`; ``Schedule/numbers``).
    static func count(_ token: Token) -> Int? {
        guard !token.quoted else { return nil }
        return Int(token.text) ?? Schedule.numbers[token.lower]
    }


    /// `the dishes` is `dishes`, `a potion` is `potion`: a leading article (unquoted, with more after it) is dropped.
    static func withoutArticle(_ words: [Token]) -> [Token] {
        guard words.count > 1, !words[0].quoted, articles.contains(words[0].lower) else { return words }
        return Array(words.dropFirst())
    }

    static let articles: Set<String> = ["the", "a", "an", "some"]

    /// Where a habit's name (`words`) runs into words that say how often or how much (`Gym 3 times a week`, `Water 8
    /// glasses a day`, `Piano on mon wed fri`, `Walk every day`, `Floss daily`): their index, or `nil`. The first
    /// word is always the name's.
    static func schedule(in words: [Token]) -> Int? {
        let periods: Set<String> = ["day", "week", "month", "year", "weekday", "morning", "evening", "night", "fortnight"]
        let days: Set<String> = [
            "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun", "monday", "tuesday", "wednesday",
            "thursday", "friday", "saturday", "sunday", "mondays", "tuesdays", "wednesdays", "thursdays", "fridays",
            "saturdays", "sundays", "weekdays", "weekends", "weekend", "workdays",
        ]
        func word(_ index: Int) -> String? {
            index < words.count && !words[index].quoted ? Schedule.word(words[index].lower) : nil
        }
        for index in words.indices.dropFirst() where !words[index].quoted {
            let current = word(index)!
            let next = word(index + 1)
            if ["every", "each"].contains(current), let next, periods.contains(next) || days.contains(next) || next == "other"
                || count(words[index + 1]) != nil || next.hasSuffix("s") && periods.contains(String(next.dropLast()))
            {
                return index
            }
            if ["daily", "weekly", "monthly", "nightly", "everyday", "weekdays", "weekends"].contains(current), index == words.count - 1 {
                return index
            }
            if current == "on", let next, days.contains(next) { return index }
            if ["target", "goal", "limit"].contains(current), let next, DailyAmount.quantity(Substring(next)) != nil { return index }
            // `3 times a week`, `8 glasses a day`, `twice a day`, `2x per week`, `10 min every morning`
            let counted = count(words[index]) != nil || Schedule.times[current] != nil || RecordingParser.repetitions(words[index]) != nil
            if counted {
                for gap in 1...3 {
                    guard let per = word(index + gap), let period = word(index + gap + 1) else { break }
                    if ["a", "an", "per", "each", "every"].contains(per), periods.contains(period) { return index }
                }
            }
        }
        return nil
    }
}

/// A set of words that tells most words it does not hold by their first byte alone, without hashing them: what
/// ``EverydayWords`` asks of every line, most of which hold none of its words.
struct WordSet: Sendable {
    private let words: Set<String>
    private let firstBytes: [Bool]

    init(_ words: Set<String>) {
        self.words = words
        var firstBytes = [Bool](repeating: false, count: 256)
        for word in words { if let byte = word.utf8.first { firstBytes[Int(byte)] = true } }
        self.firstBytes = firstBytes
    }

    func contains(_ word: String) -> Bool {
        guard let byte = word.utf8.first, firstBytes[Int(byte)] else { return false }
        return words.contains(word)
    }
}
