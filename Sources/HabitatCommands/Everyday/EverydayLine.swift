import HabitatEngine

/// A line in someone's own words, as words: lower case, contractions opened (`didn't` is `did not`), numbers read
/// (`two`, `2`, `2.5`, `+1`, `5k` is 5 and `k`), times of day (`6pm`, `21:30`), marks between clauses kept as stops
/// (`,`, `;`, `:`, `and`, `then`), emoji dropped.
struct EverydayLine {
    struct Word: Equatable {
        var text: String
        /// The word as typed, in its case (`Lily`), for a name.
        var typed: String
        /// A number said (`3`, `three`, `2.5`).
        var number: Double?
        var plus = false
        /// A time of day said (`6pm`, `21:30`, `7am`), in minutes after midnight.
        var minute: Int?
        /// A mark or a word that ends a clause.
        var stop = false

        init(_ text: String, number: Double? = nil, minute: Int? = nil, stop: Bool = false) {
            self.text = text
            self.typed = text
            self.number = number
            self.minute = minute
            self.stop = stop
        }

        var isWhole: Bool { number.map { $0 == $0.rounded() } ?? false }
    }

    var words: [Word]
    /// Whether the line ended in `?`, or starts as a question does (`have i …`, `did i …`).
    var question: Bool
    /// The line as typed.
    let original: String

    init(_ line: String, joiners: Set<String> = []) {
        var words: [Word] = []
        original = line
        let text = line.replacingOccurrences(of: "’", with: "'")
        question = text.trimmingCharacters(in: .whitespaces).hasSuffix("?")
        for chunk in text.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            var chunk = String(chunk.filter { !Self.isEmoji($0) })
            // `at 1 p.m.`: the half of the day, its dots no stop.
            if ["a.m.", "p.m.", "a.m", "p.m"].contains(chunk.lowercased()) { chunk = chunk.lowercased().replacingOccurrences(of: ".", with: "") }
            var trailing: [Word] = []
            while let last = chunk.last, ",;:.!?…)\"".contains(last) {
                chunk.removeLast()
                // A decimal point inside a number is no stop (`1.5`), nor is a time's colon (`11:30`).
                if last != ")" && last != "\"" { trailing.insert(Word(String(last), stop: true), at: 0) }
            }
            while let first = chunk.first, "(\"'‘“".contains(first) { chunk.removeFirst() }
            // (`call my walks 'strolls'`: quotes around a word are no part of it.)
            while chunk.count > 1, let last = chunk.last, "'’”".contains(last) { chunk.removeLast() }
            guard !chunk.isEmpty else {
                words += trailing
                continue
            }
            var read = Self.read(chunk.lowercased(), joiners: joiners)
            if read.count == 1, read[0].text == chunk.lowercased() { read[0].typed = chunk }
            words += read
            words += trailing
        }
        // Words said for the tone alone (`no cap`, `ngl`, `fr`).
        var index = 0
        while index < words.count {
            if ["ngl", "tbh", "fr", "lowkey", "istg", "fml", "smh"].contains(words[index].text) {
                words.remove(at: index)
            } else if words[index].text == "no", index + 1 < words.count, words[index + 1].text == "cap" {
                words.removeSubrange(index...(index + 1))
            } else if index + 1 < words.count, let number = Self.compound(words[index].text, words[index + 1].text) {
                // `thirty five minutes`
                words[index] = Word("\(words[index].text)-\(words[index + 1].text)", number: Double(number))
                words.remove(at: index + 1)
                index += 1
            } else if index + 1 < words.count, let scale = ["hundred": 100.0, "thousand": 1000.0][words[index + 1].text],
                let count = words[index].number ?? (["a", "an"].contains(words[index].text) ? 1 : nil), words[index].isWhole || words[index].number == nil,
                count >= 1, count < 100
            {
                // `a thousand words`, `two thousand`, `fifteen hundred`: one number.
                words.replaceSubrange(index...(index + 1), with: [Word("\(Int(count * scale))", number: count * scale)])
                index += 1
            } else if words[index].text == "sat", index + 1 < words.count, Self.afterSat.contains(words[index + 1].text),
                !(index + 3 < words.count && words[index + 2].text == "the" && ["morning", "afternoon", "evening", "night"].contains(words[index + 3].text))
            {
                // `sat for 10 minutes of meditation`: the verb, not Saturday (which `sat in the morning` is).
                words[index] = Word("seated")
                index += 1
            } else if words[index].text == "at", index + 2 < words.count, let hour = words[index + 1].number, words[index + 1].isWhole,
                (0...23).contains(hour), words[index + 2].text == "h"
            {
                // `at 15h`, `às 16h`: the hour, as Portuguese and French say it.
                words.replaceSubrange((index + 1)...(index + 2), with: [Word("\(Int(hour)):0", minute: Int(hour) * 60)])
                index += 2
            } else if let (minutes, used) = Self.hoursAndAHalf(words, at: index) {
                // `an hour and a half`, `two and a half hours`: minutes, said exactly.
                words.replaceSubrange(index..<(index + used), with: [Word("\(minutes)", number: Double(minutes)), Word("minutes")])
                index += 2
            } else if let minute = words[index].minute, index + 1 < words.count, ["am", "pm"].contains(words[index + 1].text) {
                // `8:30 pm`: the clock and its half of the day, said apart.
                let hour = minute / 60
                let said = words[index + 1].text == "pm" ? (hour < 12 ? minute + 12 * 60 : minute) : (hour == 12 ? minute - 12 * 60 : minute)
                words.replaceSubrange(index...(index + 1), with: [Word("\(said / 60):\(said % 60)", minute: said)])
                index += 1
            } else if let (minute, used) = Self.saidTime(words, at: index) {
                // `half past eight`, `quarter to 7 in the evening`
                words.replaceSubrange(index..<(index + used), with: [Word("\(minute / 60):\(minute % 60)", minute: minute)])
                index += 1
            } else if words[index].text == "a", index + 1 < words.count, words[index + 1].text == "couple" {
                // `a couple of times`, `vaped a couple times`: two.
                words.replaceSubrange(index...(index + 1), with: [Word("2", number: 2)])
                if index + 1 < words.count, words[index + 1].text == "of" { words.remove(at: index + 1) }
                index += 1
            } else if words[index].text == "another" {
                // `another pomodoro down` is one more; `another 10 pushups`, ten.
                if index + 1 < words.count, words[index + 1].number != nil {
                    words.remove(at: index)
                } else {
                    words[index].number = 1
                    index += 1
                }
            } else {
                index += 1
            }
        }
        self.words = words
        // `have i meditated today`, `did i floss`: a question, with its mark or without.
        let askers: Set<String> = ["have", "has", "did", "do", "does", "is", "are", "am", "was", "were", "can", "could", "should"]
        if words.count > 2, askers.contains(words[0].text), ["i", "you", "we", "it", "there"].contains(words[1].text) {
            question = true
        }
    }

    /// Words after which `sat` is the verb (`sat for 10 minutes`, `sat down to write`), not Saturday.
    static let afterSat: Set<String> = ["for", "down", "with", "in", "outside", "quietly", "still", "by", "up", "there", "here", "through"]

    /// Hours and a half said from `index` (`an hour and a half`, `hour and a half`, `2 and a half hours`): the minutes and
    /// how many words said them.
    static func hoursAndAHalf(_ words: [Word], at index: Int) -> (Int, Int)? {
        func andAHalf(_ at: Int) -> Bool {
            at + 2 < words.count && words[at].text == "and" && words[at + 1].text == "a" && words[at + 2].text == "half"
        }
        let hour: Set<String> = ["hour", "hours", "hr", "hrs", "h"]
        if ["an", "a", "one"].contains(words[index].text) || words[index].number == 1, index + 1 < words.count,
            hour.contains(words[index + 1].text), andAHalf(index + 2)
        {
            return (90, 5)
        }
        if hour.contains(words[index].text), index == 0 || words[index - 1].number == nil, andAHalf(index + 1) { return (90, 4) }
        // `a half hour`, `half hour`
        if words[index].text == "a", index + 2 < words.count, words[index + 1].text == "half", hour.contains(words[index + 2].text) { return (30, 3) }
        if words[index].text == "half", index + 1 < words.count, hour.contains(words[index + 1].text), index == 0 || words[index - 1].text != "a" {
            return (30, 2)
        }
        // `three quarters of an hour`, `a quarter of an hour`, `quarter hour`
        var at = index
        var quarters = 1
        if words[at].number == 3, at + 1 < words.count, words[at + 1].text == "quarters" {
            (at, quarters) = (at + 1, 3)
        } else if ["a", "one"].contains(words[at].text) || words[at].number == 1, at + 1 < words.count, words[at + 1].text == "quarter" {
            at += 1
        }
        if words[at].text == (quarters == 3 ? "quarters" : "quarter") {
            var end = at + 1
            if end < words.count, words[end].text == "of" { end += 1 }
            if end < words.count, ["an", "a"].contains(words[end].text) { end += 1 }
            if end < words.count, hour.contains(words[end].text), end > at + 1 || words[end].text == "hour" { return (15 * quarters, end - index + 1) }
        }
        if let number = words[index].number, number == number.rounded(), number >= 1, number < 24, andAHalf(index + 1),
            index + 4 < words.count, hour.contains(words[index + 4].text)
        {
            return (Int(number) * 60 + 30, 5)
        }
        return nil
    }

    /// A time said in words from `index` (`half past eight`, `quarter to 7`, `quarter past ten at night`): minutes
    /// after midnight, in the afternoon when `pm`, `afternoon`, `evening` or `night` follows; and how many words said it.
    static func saidTime(_ words: [Word], at index: Int) -> (Int, Int)? {
        // `at half 9`: half past, as said in Ireland and Britain.
        if index > 0, words[index - 1].text == "at", words[index].text == "half", index + 1 < words.count, let hour = words[index + 1].number,
            words[index + 1].isWhole, (1...12).contains(hour)
        {
            let later = words[(index + 2)...].prefix(4).contains { ["pm", "afternoon", "evening", "night", "tonight"].contains($0.text) }
            return ((Int(hour) + (later && hour < 12 ? 12 : 0)) * 60 + 30, 2)
        }
        guard index + 2 < words.count, ["half", "quarter"].contains(words[index].text),
            ["past", "after", "to"].contains(words[index + 1].text), let hour = words[index + 2].number, words[index + 2].isWhole,
            (1...12).contains(hour)
        else { return nil }
        let part = words[index].text == "half" ? 30 : 15
        guard words[index + 1].text != "to" || part == 15 else { return nil }
        var minute = words[index + 1].text == "to" ? Int(hour) * 60 - 15 : Int(hour) * 60 + part
        let later = words[(index + 3)...].prefix(4).contains { ["pm", "afternoon", "evening", "night", "tonight"].contains($0.text) }
        if later && hour < 12 { minute += 12 * 60 }
        return (minute, 3)
    }

    static func isEmoji(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first, scalar.value > 0xFF else { return false }
        return scalar.properties.isEmoji || scalar.value == 0xFE0F || scalar.value == 0x200D
    }

    /// The words of one chunk between spaces.
    static func read(_ chunk: String, joiners: Set<String>) -> [Word] {
        if let opened = contractions[chunk] { return opened.split(separator: " ").map { Word(String($0)) } }
        // `until 2026-11-29`: a date as the commands write it, one word.
        if chunk.count == 10, Day(iso: chunk) != nil { return [Word(chunk)] }
        // `ear training ✓`: a tick says done; a dash between words is a pause in the sentence.
        if chunk == "✓" || chunk == "√" { return [Word("done")] }
        if ["-", "–", "—"].contains(chunk) { return [Word(",", stop: true)] }
        // `a forty-minute walk`, `a 30-min run`: a number and its unit.
        if let dash = chunk.firstIndex(of: "-"), dash != chunk.startIndex, WordForms.unit(String(chunk[chunk.index(after: dash)...])) != nil {
            let number = read(String(chunk[..<dash]), joiners: joiners)
            if number.count == 1, number[0].number != nil { return number + [Word(String(chunk[chunk.index(after: dash)...]))] }
        }
        if chunk.hasSuffix("'s"), chunk.count > 2 {
            // `laundry's done`, `holiday's over`, `sister's`: the word, and what `'s` stands for when it is `is`.
            return [Word(String(chunk.dropLast(2))), Word("is")]
        }
        if chunk.hasSuffix("n't") { return [Word(String(chunk.dropLast(3))), Word("not")] }
        if chunk.hasSuffix("'re"), chunk.count > 3 { return [Word(String(chunk.dropLast(3))), Word("are")] }
        if ["and", "then", "&", "plus", "e", "n", "+"].contains(chunk), !joiners.contains(chunk) {
            return [Word(["n", "+"].contains(chunk) ? "and" : chunk, stop: true)]
        }
        if let number = Schedule.numbers[chunk] ?? extraNumbers[chunk] { return [Word(chunk, number: Double(number))] }
        let parts = chunk.split(separator: "-").map(String.init)
        if parts.count == 2, let number = compound(parts[0], parts[1]) { return [Word(chunk, number: Double(number))] }
        if chunk.first?.isNumber == true, chunk.contains(":") || chunk.hasSuffix("am") || chunk.hasSuffix("pm"),
            let minute = RecordingParser.clock(chunk)
        {
            return [Word(chunk, minute: minute)]
        }
        var rest = Substring(chunk)
        var plus = false
        if rest.first == "+", rest.count > 1 {
            plus = true
            rest = rest.dropFirst()
        }
        // `saved £15`: an amount of money, in the words of its currency.
        if let sign = rest.first, let money = ["£": "pounds", "$": "dollars", "€": "euros"][sign], rest.count > 1,
            let value = DailyAmount.number(rest.dropFirst()), value <= Self.largest
        {
            return [Word(String(rest.dropFirst()), number: value), Word(money)]
        }
        if rest.first == "x" || rest.first == "×", let count = Int(rest.dropFirst()), Double(count) <= Self.largest {
            return [Word("x"), Word(String(count), number: Double(count))]
        }
        let digits = rest.prefix { $0.isNumber || $0 == "." || $0 == "," }
        // A number larger than any amount, day or time is no number here (every reading may count with it as an `Int`).
        guard let value = DailyAmount.number(digits),
            value <= Self.largest
        else {
            return [Word(chunk)]
        }
        var number = Word(String(digits), number: value)
        number.plus = plus
        let unit = rest.dropFirst(digits.count)
        // `1h15`, `2h30m`: hours and minutes, in minutes.
        if unit.first == "h", value == value.rounded(), let minutes = Int(unit.dropFirst().prefix { $0.isNumber }), minutes < 60,
            ["", "m", "min", "mins"].contains(unit.dropFirst().drop { $0.isNumber })
        {
            let all = Int(value) * 60 + minutes
            return [Word("\(all)", number: Double(all)), Word("minutes")]
        }
        return unit.isEmpty ? [number] : [number, Word(String(unit))]
    }

    /// The largest number read as one.
    static let largest = 1_000_000_000.0

    static let contractions: [String: String] = [
        "i'm": "i am", "im": "i am", "i've": "i have", "ive": "i have", "i'd": "i would", "i'll": "i will", "we're": "we are",
        "gonna": "going to", "wanna": "want to", "didnt": "did not", "dont": "do not", "havent": "have not",
        "cant": "can not", "cannot": "can not", "wont": "will not", "won't": "will not", "can't": "can not", "isnt": "is not",
        "whats": "what is", "hows": "how is", "whos": "who is", "wheres": "where is", "thats": "that is", "it's": "it is", "its": "it is",
        "let's": "let us",
        // Days in Spanish, Portuguese and Polish, said in English lines.
        "ayer": "yesterday", "hoy": "today", "mañana": "tomorrow", "manana": "tomorrow", "ontem": "yesterday", "hoje": "today",
        "amanhã": "tomorrow", "amanha": "tomorrow", "wczoraj": "yesterday", "dzisiaj": "today", "dziś": "today", "jutro": "tomorrow",
        // German: yesterday, today, and done (`meds genommen`, taken; `gemacht`, done; `erledigt`, seen to).
        "gestern": "yesterday", "heute": "today", "genommen": "done", "gemacht": "done", "erledigt": "done",
        // Portuguese: at, now, the units of time and of water, and what was done (`estudei`, I studied).
        "às": "at", "agora": "now", "tomei": "took", "estudei": "studied", "dormi": "slept", "meditei": "meditated",
        "corri": "ran", "bebi": "drank", "comi": "ate", "caminhei": "walked", "nadei": "swam", "treinei": "trained", "minutos": "minutes", "minuto": "minute", "horas": "hours", "hora": "hour", "litros": "litres",
        "litro": "litre",
        // Calls, by the app they were made in.
        "facetimed": "called", "facetime": "call", "facetiming": "calling", "skyped": "called", "skype": "call", "videocalled": "called",
        // Words shortened on a phone.
        "2day": "today", "tdy": "today", "todays": "today", "yesterdays": "yesterday", "tonite": "tonight", "tmrw": "tomorrow", "tmr": "tomorrow",
        "2moro": "tomorrow", "tomoz": "tomorrow", "yday": "yesterday", "ystd": "yesterday", "w": "with", "w/": "with",
        "rn": "right now", "b4": "before", "nite": "night", "mornin": "morning", "evenin": "evening", "2nite": "tonight", "wat": "what", "wut": "what", "hw": "how", "lvl": "level", "quid": "pounds", "u": "you", "ur": "your", "r": "are", "pls": "please", "plz": "please",
        "thx": "thanks", "ty": "thanks", "cuz": "because", "coz": "because", "bc": "because", "abt": "about", "gotta": "got to",
        "lemme": "let me", "gimme": "give me", "shud": "should", "shld": "should", "wud": "would", "cud": "could", "kinda": "kind of", "tryna": "trying to", "idk": "i do not know",
    ]

    static let extraNumbers: [String: Int] = [
        "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
        "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
        "eighty": 80, "ninety": 90, "dozen": 12, "hundred": 100, "thousand": 1000, "both": 2,
    ]

    /// A number in words of tens and ones (`thirty-five`, `twenty one`): its value.
    static func compound(_ tens: String, _ ones: String) -> Int? {
        guard let ten = extraNumbers[tens], ten >= 20, ten % 10 == 0, ten <= 90, let one = Schedule.numbers[ones], one < 10 else { return nil }
        return ten + one
    }

    /// The words as clauses: the runs between stops.
    var clauses: [Range<Int>] {
        var clauses: [Range<Int>] = []
        var start = 0
        for (index, word) in words.enumerated() where word.stop {
            if start < index { clauses.append(start..<index) }
            start = index + 1
        }
        if start < words.count { clauses.append(start..<words.count) }
        return clauses
    }

    func has(_ text: String) -> Bool { words.contains { $0.text == text } }

    func has(_ texts: Set<String>) -> Bool { words.contains { texts.contains($0.text) } }

    /// Whether the words `phrase` come one after another somewhere in the line.
    func has(phrase: [String]) -> Bool {
        guard phrase.count <= words.count else { return false }
        return (0...(words.count - phrase.count)).contains { start in
            phrase.indices.allSatisfy { words[start + $0].text == phrase[$0] }
        }
    }

    /// The index of the first word that is `text`.
    func index(of text: String) -> Int? { words.firstIndex { $0.text == text } }
}
