import HabitatEngine

/// What a line asks for, each reading in turn; the first that takes the line answers it.
extension Reader {
    // MARK: - Undo

    /// `oops`, `scratch that`, `undo that`, `take back the last thing I logged`, `that was a mistake`.
    func undo() -> Understanding? {
        let said = line.has(["undo", "oops", "oopsie", "whoops", "desfazer"]) || line.has(phrase: ["scratch", "that"])
            || line.has(phrase: ["cancel", "last"]) || line.has(phrase: ["cancel", "the", "last"]) || line.has(phrase: ["cancel", "that"])
            || line.has(phrase: ["scratch", "the", "last"]) || line.has(phrase: ["scratch", "my", "last"]) || line.has(phrase: ["wrong", "habit"])
            || line.has(phrase: ["take", "back"]) || line.has(phrase: ["take", "that", "back"]) || line.has(phrase: ["take", "it", "back"])
            || line.has(phrase: ["was", "a", "mistake"]) || line.has(phrase: ["by", "mistake"]) || line.has(phrase: ["didn't", "mean"])
            || line.has(phrase: ["did", "not", "mean", "that"]) || line.has(phrase: ["was", "wrong"]) || line.has(phrase: ["is", "wrong"])
            || line.has(phrase: ["wrong", "one"]) || line.has(phrase: ["disregard", "the", "last"]) || line.has(phrase: ["ignore", "the", "last"])
            || line.has(phrase: ["delete", "the", "last", "entry"]) || line.has(phrase: ["remove", "the", "last", "entry"])
            || line.has(phrase: ["is", "incorrect"]) || line.has(phrase: ["was", "incorrect"]) || line.has(phrase: ["cancel", "it"])
        // Said as an undo, not of one (`I can't undo my bad habits lol`, `don't undo that`); what follows a first `undo that,`
        // only says why (`undo that, it was my housemate who did it`).
        let first = line.clauses.first ?? 0..<words.count
        let last = line.clauses.last ?? 0..<words.count
        let short = words.count <= 8 || [first, last].contains { clause in
            clause.count <= 3 && clause.contains { ["undo", "oops", "whoops"].contains(words[$0].text) }
        }
        guard said, short, !line.has(["not", "never", "can", "could", "how", "why", "what"]) else { return nil }
        // (`shein haul oops`: a slip said with its `oops`, no undo. Only an `oops` on its own, or with words of undoing.)
        if !line.has(["undo", "desfazer"]), line.has(["oops", "oopsie", "whoops"]),
            words.contains(where: { !$0.stop && !["oops", "oopsie", "whoops", "that", "sorry", "my", "bad", "wrong", "mistake", "lol"].contains($0.text) && $0.text.contains(where: \.isLetter) })
            && !line.has(phrase: ["wrong", "habit"]) && !line.has(phrase: ["wrong", "one"]) && !line.has(phrase: ["was", "wrong"])
            && !line.has(phrase: ["scratch", "that"]) && !line.has(phrase: ["take", "back"]) && !line.has(phrase: ["by", "mistake"])
            && !line.has(phrase: ["was", "a", "mistake"])
        {
            return nil
        }
        // `undo the last three`: that many, newest first.
        let count = words.first { $0.number != nil && $0.isWhole }?.number.map(Int.init) ?? 1
        guard (1...10).contains(count) else { return .clarify("How many? 'undo' takes back the last thing you recorded; say it again for the one before.") }
        return .commands(Array(repeating: "undo", count: count))
    }

    // MARK: - Reminders

    /// `quit reminding me to stretch`, `no more reminders for yoga`, `which reminders are on`, `remind me ingles 7pm`,
    /// `every evening at 21:30 remind me to stretch`, `ping me again in 20 minutes`, `remind the family at 7am`.
    func reminder() -> Understanding? {
        // `please stop the morning digest`
        if line.has(["digest", "rundown"]), line.has(["stop", "cancel", "quit", "end", "turn", "remove", "delete", "no"]), !line.question {
            return .commands(["stop reminding digest"])
        }
        let reminded = line.has(["remind", "reminding", "reminder", "reminders", "lembrete", "lembretes", "lembrar", "lembra-me", "lembre-me"])
            || line.has(phrase: ["ping", "me"]) || line.has(phrase: ["nudge", "me"])
            || line.has(["summary", "digest", "rundown"]) && timeOfDay != nil
            // `I would like a list each morning at 7:30 of what I need to do`
            || line.has("list") && line.has(["each", "every"]) && line.has(["morning", "day", "evening"]) && timeOfDay != nil
            // (`morning list at 15h when i wake up`: the list, named by its time of day.)
            || line.has("list") && line.has(["morning", "evening"]) && timeOfDay != nil && mentions(in: 0..<words.count).isEmpty
        // `house report on sundays at 8 in the evening`: the room's week, on its day (and only that).
        let report = vocabulary.inRoom && line.has("report") && timeOfDay != nil
        guard reminded || report else { return nil }
        if !reminded, Set(words.compactMap { Self.weekday($0.text) }).count != 1 { return nil }
        // (`no more reminders, i sleep in day`: a habit named in another clause, after a comma, is no reminder's.)
        let about = line.clauses.first { clause in
            clause.contains { ["remind", "reminding", "reminder", "reminders", "lembrete", "lembretes", "lembrar"].contains(words[$0].text) }
        }
        let mention = about.map { clause in
            let own = mentions(in: clause)
            let all = mentions(in: 0..<words.count)
            return own.count == 1 ? own[0] : own.isEmpty && all.count == 1 && !line.has(["reminders", "all"]) ? all[0] : nil
        } ?? onlyMention()
        // (`when does my duolingo reminder go off`: asked about, not stopped.)
        let asked = ["when", "what", "which", "where"].contains(words[0].text)
        let stop = !asked && line.has(["stop", "quit", "kill", "cancel", "delete", "remove", "disable", "off", "mute", "no", "not", "enough", "parar", "discontinue", "shut"])
        if stop {
            if let mention { return .commands(["stop reminding \(name(mention))"]) }
            // `stop reminding me about the pills, I've got a pill box now`: a word of one's name, asked about.
            if !line.has(["reminders", "all", "every", "any", "lembretes"]), let part = partlyOrByNoun(in: 0..<words.count) {
                return EverydayReader.didYouMean(["stop reminding \(name(part))"], after: "Type 'yes' to stop it.")
            }
            // `turn off reminder 1`: by its number in the list.
            if let at = words.firstIndex(where: { $0.text == "reminder" }), at + 1 < words.count, let number = words[at + 1].number,
                words[at + 1].isWhole, words.count == at + 2
            {
                return .commands(["stop reminding \(Int(number))"])
            }
            if line.has(["reminders", "all", "every", "any", "lembretes"]) { return .commands(["no more reminders"]) }
            return .clarify("Which reminder? Type 'reminders' to see them, then 'stop reminding <habit>'.")
        }
        if line.has(["which", "what", "list", "show", "see", "my", "got", "are"]), line.has("reminders") || line.question || asked, timeOfDay == nil {
            return .commands(["reminders"])
        }
        if line.has(phrase: ["again", "in"]) || line.has("snooze") || (line.has("in") && line.has(["minutes", "min", "mins", "hour", "hours"])) {
            guard let at = words.firstIndex(where: { $0.text == "in" }), at + 1 < words.count else { return nil }
            var count = words[at + 1].number
            var unit = at + 2 < words.count ? words[at + 2].text : ""
            if ["a", "an", "one"].contains(words[at + 1].text) { (count, unit) = (1, unit) }
            guard let count, let family = WordForms.unit(unit), family == "minute" || family == "hour" else { return nil }
            return .commands(["snooze \(Int(count)) \(family == "hour" ? "hour" : "min")"])
        }
        guard let minute = timeOfDay else {
            return .clarify("At what time? Say 'remind me to \(mention.map { vocabulary.habits[$0.habit].name.lowercased() } ?? "floss") at 21:00'.")
        }
        // `change the hydration reminder to 4am`, `move my yoga reminder to 7pm`: the old one goes.
        if let mention, line.has(["change", "move", "moved", "switch", "make", "push"]), line.has(["reminder", "reminders"]) {
            // A time said without am or pm (`to 9:30`) is the one of the twelve hours nearer the old reminder's.
            var minute = minute
            if let old = vocabulary.reminders[vocabulary.habits[mention.habit].name.lowercased()], minute < 12 * 60,
                !line.has(["am", "pm", "morning", "evening", "afternoon", "night", "tonight"]), !words.contains(where: { $0.minute != nil && ($0.text.hasSuffix("am") || $0.text.hasSuffix("pm")) }),
                abs(minute + 12 * 60 - old) < abs(minute - old)
            {
                minute += 12 * 60
            }
            return .commands(["stop reminding \(name(mention))", "remind me to \(name(mention)) at \(Self.clock(minute))"])
        }
        // `send the weekly summary to the house every sunday 7pm`: the room's week, on its day.
        if vocabulary.inRoom, line.has(["weekly", "week", "report"]), line.has(["family", "everyone", "household", "room", "house", "kids", "us"]),
            let day = words.compactMap({ Self.weekday($0.text) }).first, Set(words.compactMap { Self.weekday($0.text) }).count == 1
        {
            return .commands(["room report on \(Day.weekdayNames[day].lowercased()) at \(Self.clock(minute))"])
        }
        if vocabulary.inRoom, line.has(["family", "everyone", "household", "room", "house", "kids", "chores"]) {
            return .commands(["room remind at \(Self.clock(minute))"])
        }
        if let mention {
            let command = "remind me to \(name(mention)) at \(Self.clock(minute))"
            // `remind me tomorrow at 9 to go to the gym`: once, where a reminder comes every day.
            if line.has(["tomorrow", "tonight", "once", "tmrw"]) {
                return EverydayReader.didYouMean([command], before: "A reminder comes every day at its time. ", after: "Type 'yes' to set it.")
            }
            return .commands([command])
        }
        // (`remind me to drink water at 3pm`: what to be reminded of is said, and is none of theirs.)
        let something = line.has(phrase: ["me", "to"]) && !line.has(["summary", "digest", "rundown"])
        if !something, line.has(["summary", "due", "digest", "everything", "list", "day"]) || line.has(phrase: ["what", "is", "left"]) {
            return .commands(["remind me at \(Self.clock(minute))"])
        }
        return .clarify("Remind you of which habit? Say 'remind me to <habit> at \(Self.clock(minute))', or 'remind me at \(Self.clock(minute))' for what's due.")
    }

    // MARK: - Pauses

    /// `I'm back`, `holiday's over`, `unpause everything`, `yoga again, resume`.
    func resume() -> Understanding? {
        let named = mentions(in: 0..<words.count)
        // `gym's back on`, `yoga's back`, `meditation can start again`: one of theirs, back.
        let back = !named.isEmpty && (line.has(phrase: ["is", "back"]) || line.has(phrase: ["back", "on"])
            || line.has(phrase: ["start", "again"]) || line.has(phrase: ["starts", "again"]) || line.has(phrase: ["starting", "again"])
            // `back to weeding`, of one that is paused (of one that isn't, it says it was done again).
            || line.has(phrase: ["back", "to"]) && named.allSatisfy { vocabulary.habits[$0.habit].paused }
            // `start planks again`, `restart yoga`, of one that is paused.
            || (line.has(["start", "starting", "restart"]) && line.has("again") || line.has("restart")) && named.allSatisfy { vocabulary.habits[$0.habit].paused })
        let said = back || line.has(["resume", "unpause", "unpaused", "resumed", "voltei"]) || line.has(phrase: ["i", "am", "back"])
            // `we're back from Laredo`: the household home again, with none of their habits named.
            || named.isEmpty && line.has(phrase: ["we", "are", "back"])
            || line.has(phrase: ["back", "from"]) && line.has(["holiday", "holidays", "vacation", "trip", "break", "leave"])
            || line.has(["holiday", "holidays", "vacation", "break", "pause", "trip"]) && line.has("over")
        guard said, !line.has("pause") || line.has("over") || line.has("unpause") else { return nil }
        guard !line.question else { return nil }
        if named.isEmpty { return .commands(["resume"]) }
        return .commands(named.map { "resume \(name($0))" })
    }

    /// `on holiday until the 3rd`, `away till sunday`, `pause yoga until monday`, `taking a week off`, `taking a break
    /// from cooking for 10 days`, `sick today, pause everything`.
    func pause() -> Understanding? {
        let named = mentions(in: 0..<words.count)
        let length = pauseLength()
        // `no cycling till 15 december`: one of theirs, not until a day.
        // `no walks for 2 weeks`, of a good habit (`no smoking for 3 days` is a bad one beaten, not paused).
        let good = !named.isEmpty && named.allSatisfy { !vocabulary.habits[$0.habit].bad }
        let none = good && named.first.map { $0.range.lowerBound >= 1 && words[$0.range.lowerBound - 1].text == "no"
            && ($0.range.lowerBound == 1 || words[$0.range.lowerBound - 2].stop) } == true
            && (line.has(["till", "until", "til"]) && length?.hasPrefix("until") == true
                || line.has("for") && length?.hasSuffix("days") == true)
        // `could you stop the garden walk for a week`: one of theirs, stopped for a while.
        let stopped = good && line.has(["stop", "stopping"]) && length?.hasSuffix("days") == true
            && !line.has(["want", "trying", "try", "going", "gonna", "need"])
        // (`leave the garden aside until the first of January`)
        let aside = line.has("aside") && line.has(["leave", "put", "set", "leaving", "putting", "setting"])
        let said = line.has(["pause", "pausing", "holiday", "holidays", "vacation", "away", "break", "off", "férias", "ferias", "sick"]) || none || stopped
            || aside
        // (`flu, can't practise, pause everything till monday`: a `not` in the reason before it says nothing of the pause.)
        let asked = line.clauses.first { clause in clause.contains { ["pause", "pausing"].contains(words[$0].text) } }
        let negated = asked.map { clause in clause.contains { ["not", "never", "no"].contains(words[$0].text) } } ?? line.has(["not", "never", "no"])
        guard said, !line.question || stopped, !negated || line.has("unpause") || none else { return nil }
        // Time off said as such (`taking a week off`, `day off till monday`), not `show off`.
        let off = words.indices.contains { index in
            words[index].text == "off" && index > 0
                && (["week", "weeks", "fortnight", "days", "day", "time", "month", "taking", "take", "it", "them", "everything"].contains(words[index - 1].text)
                    || index + 1 < words.count && (["till", "until", "til", "for", "work"].contains(words[index + 1].text)
                        // `off to Lanzarote till sunday`, not `off to the gym`
                        || words[index + 1].text == "to" && length != nil))
        }
        guard line.has(["pause", "pausing"]) || line.has(["holiday", "holidays", "vacation", "away", "férias", "ferias"])
            || line.has(phrase: ["a", "break"]) || off || none || stopped || aside
        else { return nil }
        guard let length else {
            return .clarify("For how long? Say 'pause 7 days', 'pause until 2026-12-24' or 'pause \(named.first.map { vocabulary.habits[$0.habit].name.lowercased() } ?? "yoga") 3 days'.")
        }
        if line.has("sick") && !line.has("pause") && named.isEmpty && !line.has(["holiday", "away", "break", "off"]) { return nil }
        // `away from the 15th to the 22nd`: a pause starts when it is asked for, so one that starts later waits for its day.
        // (`work travel mon-wed next wk, pause swim for those 3 days`: days of next week; `exams next week, pause everything
        // for 7 days` starts now.)
        let days = words.contains { Self.weekday($0.text) != nil || $0.text.split(separator: "-").contains { Self.weekday(String($0)) != nil } }
        let nextWeek = words.indices.contains { index in
            words[index].text == "next" && index + 1 < words.count
                && (["week", "wk", "weekend"].contains(words[index + 1].text) && days || Self.weekday(words[index + 1].text) != nil)
        }
        if nextWeek || words.indices.first(where: { ["from", "starting", "beginning"].contains(words[$0].text) }).flatMap({ date(after: $0 + 1) })
            .map({ $0 != vocabulary.today.description }) == true
        {
            let which = named.map { vocabulary.habits[$0.habit].name.lowercased() + " " }.joined()
            return .clarify("A pause starts when you ask for it. On the day it begins, say 'pause \(named.count == 1 ? which : "")\(length)'.")
        }
        // `all week` says how long, not what.
        let all = words.indices.contains { index in
            words[index].text == "all"
                && !(index + 1 < words.count && ["week", "day", "weekend", "month", "morning", "night", "year"].contains(words[index + 1].text))
        }
        // `away till the 20th, pause the plants` for Water plants: a word of a longer name after `pause`, asked about.
        if named.isEmpty, !line.has(["everything", "tudo", "all"]), let clause = asked,
            let at = clause.first(where: { ["pause", "pausing"].contains(words[$0].text) }), let part = partly(in: (at + 1)..<clause.upperBound)
        {
            return EverydayReader.didYouMean(["pause \(name(part)) \(length)"], after: "Type 'yes' to pause it.")
        }
        if named.isEmpty || line.has(["everything", "tudo"]) || all { return .commands(["pause \(length)"]) }
        let commands = named.map { "pause \(name($0)) \(length)" }
        // `taking a break from vaping for a week`: a break from a bad habit may be keeping off it, not a pause of it.
        if named.allSatisfy({ vocabulary.habits[$0.habit].bad }), !line.has(["pause", "pausing"]) {
            return EverydayReader.didYouMean(commands, after: "While it is paused, none of it counts. Type 'yes' to pause it.")
        }
        return .commands(commands)
    }

    /// How long a pause is said to last: `7 days`, `until 2026-12-24`.
    func pauseLength() -> String? {
        for (index, word) in words.enumerated() where ["until", "till", "til", "through", "thru", "to", "até"].contains(word.text) {
            if let day = date(after: index + 1) { return "until \(day)" }
        }
        for (index, word) in words.enumerated() {
            let unit = index + 1 < words.count ? words[index + 1].text : ""
            let days = ["day": 1, "days": 1, "week": 7, "weeks": 7, "dias": 1, "dia": 1, "semana": 7, "semanas": 7, "fortnight": 14][unit]
            guard let days else { continue }
            if let count = word.number, word.isWhole { return "\(Int(count) * days) days" }
            if ["a", "an", "one", "uma", "um"].contains(word.text) { return "\(days) days" }
        }
        if line.has("today") || line.has("tonight") { return "1 days" }
        if line.has("tomorrow") { return "until tomorrow" }
        return nil
    }

    /// The weekday `word` names (`fri`, `friday`, `fridays`), Monday 0.
    static func weekday(_ word: String) -> Int? {
        weekdays[word] ?? (word.hasSuffix("s") ? weekdays[String(word.dropLast())] : nil)
    }

    static let weekdays: [String: Int] = [
        "monday": 0, "mon": 0, "tuesday": 1, "tue": 1, "tues": 1, "wednesday": 2, "wed": 2, "thursday": 3, "thu": 3, "thurs": 3,
        "friday": 4, "fri": 4, "saturday": 5, "sat": 5, "sunday": 6, "sun": 6,
    ]

    static let months: [String: Int] = [
        "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4, "may": 5, "june": 6, "jun": 6,
        "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9, "sep": 9, "sept": 9, "october": 10, "oct": 10,
        "november": 11, "nov": 11, "december": 12, "dec": 12,
    ]

    /// A day said from `start` on: `2026-12-24`, `tomorrow`, `sunday`, `the 3rd`, `the 6th of december`, `december 24`,
    /// `24 dec`; as `YYYY-MM-DD` (`tomorrow` as it is), the next such day after today, or with `past` the last such day
    /// up to today (`cycled 30 km on the 18th`; no weekday, which ``EverydayReader/pastWeekday`` reads).
    func date(after start: Int, past: Bool = false) -> String? {
        var index = start
        if index < words.count, ["the", "next", "this"].contains(words[index].text) { index += 1 }
        guard index < words.count else { return nil }
        let word = words[index].text
        if Day(iso: word) != nil { return word }
        if word == "tomorrow" { return past ? nil : "tomorrow" }
        let today = vocabulary.today
        if let weekday = Self.weekdays[word] {
            // (`until Sunday the 29th`: the day of the month says which Sunday.)
            var next = index + 1
            while next < words.count, words[next].stop && words[next].text == "," { next += 1 }
            if next < words.count, words[next].text == "the" || words[next].number != nil, let date = date(after: next, past: past) { return date }
            guard !past else { return nil }
            let ahead = (weekday - today.weekday + 7) % 7
            return (today + (ahead == 0 ? 7 : ahead)).description
        }
        func dayNumber(_ text: String) -> Int? {
            let digits = text.prefix(while: \.isNumber)
            guard let number = Int(digits), (1...31).contains(number) else { return nil }
            let suffix = text.dropFirst(digits.count)
            return ["", "st", "nd", "rd", "th"].contains(String(suffix)) ? number : nil
        }
        var (day, month): (Int?, Int?) = (nil, nil)
        if let month0 = Self.months[word], index + 1 == words.count || words[index + 1].stop && !past {
            // (`pause swim until December`: its first day.)
            (day, month) = (1, month0)
        } else if let month0 = Self.months[word], index + 1 < words.count {
            (day, month) = (dayNumber(words[index + 1].text + (index + 2 < words.count && ["st", "nd", "rd", "th"].contains(words[index + 2].text) ? words[index + 2].text : "")) ?? words[index + 1].number.map(Int.init), month0)
        } else if let number = dayNumber(word) ?? words[index].number.map(Int.init) ?? (word == "first" ? 1 : Self.ordinals[word]),
            (1...31).contains(number)
        {
            day = number
            var next = index + 1
            // `the 3rd`, `3rd`: a day of the month; a bare number is one only with its month (`24 december`).
            var ordinal = word.contains(where: \.isLetter)
            if next < words.count, ["st", "nd", "rd", "th"].contains(words[next].text) {
                next += 1
                ordinal = true
            }
            if next < words.count, words[next].text == "of" { next += 1 }
            if next < words.count { month = Self.months[words[next].text] }
            // (`pause all until 27`: a bare number that ends the line after `until` is a day of this month or the next.)
            let ends = next == words.count || words[next].stop
            let until = start > 0 && ["until", "till", "til"].contains(words[start - 1].text)
            guard month != nil || ordinal || ends && until else { return nil }
        }
        guard let day else { return nil }
        let (year, thisMonth, thisDay) = today.civil
        func iso(_ year: Int, _ month: Int, _ day: Int) -> Day? {
            Day(iso: "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)")
        }
        if let month {
            guard let date = iso(year, month, day) ?? nil else { return nil }
            if past { return (date <= today ? date : iso(year - 1, month, day))?.description }
            return (date > today ? date : iso(year + 1, month, day))?.description
        }
        if past {
            if day <= thisDay { return iso(year, thisMonth, day)?.description }
            let (lastYear, lastMonth) = thisMonth == 1 ? (year - 1, 12) : (year, thisMonth - 1)
            return iso(lastYear, lastMonth, day)?.description
        }
        if day > thisDay, let date = iso(year, thisMonth, day) { return date.description }
        let (nextYear, nextMonth) = thisMonth == 12 ? (year + 1, 1) : (year, thisMonth + 1)
        return iso(nextYear, nextMonth, day)?.description
    }

    // MARK: - Timers

    /// `start a 15 minute timer for stretching`, `plank timer 3 min`.
    func timer() -> Understanding? {
        guard line.has(["timer", "cronômetro", "cronometro"]), let mention = onlyMention() else { return nil }
        for (index, word) in words.enumerated() {
            guard let count = word.number, word.isWhole, index + 1 < words.count, let family = WordForms.unit(words[index + 1].text)
            else { continue }
            if family == "minute" { return .commands(["start timer \(name(mention)) \(Int(count)) min"]) }
            if family == "hour" { return .commands(["start timer \(name(mention)) \(Int(count) * 60) min"]) }
        }
        return .clarify("For how long? Say 'start timer \(vocabulary.habits[mention.habit].name.lowercased()) 15 min'.")
    }

    // MARK: - Rooms

    /// `I need a code to invite my husband`.
    func inviting() -> Understanding? {
        guard vocabulary.inRoom, line.has(["invite", "invitation", "convite"]) else { return nil }
        return .commands(["room invite"])
    }

    // MARK: - The store

    /// `buy the lie-in`, `i want buy potion`, `get me a potion`.
    func buying() -> Understanding? {
        // `treating myself to a hot choc`, `treat: pint with the lads`, `cashing in a lie-in`, `spend my coins on a trip to
        // the garden centre`: what follows is the reward.
        func next(_ index: Int, _ text: String) -> Bool { index + 1 < words.count && words[index + 1].text == text }
        let treat = words.indices.lazy.compactMap { index -> Int? in
            let word = words[index].text
            if ["treat", "treating", "treated"].contains(word), next(index, "myself"), next(index + 1, "to") { return index + 2 }
            if word == "treat", index == 0, next(index, ":") { return index + 1 }
            if ["cash", "cashing"].contains(word), next(index, "in") { return index + 1 }
            if ["spend", "spending"].contains(word), let on = words[(index + 1)...].prefix(4).firstIndex(where: { $0.text == "on" }) { return on }
            return nil
        }.first
        // `I'll take a health potion`, `drinking a potion`: one bought and drunk.
        if line.has(["potion", "potions"]), line.has(["take", "taking", "drink", "drinking", "use", "using", "have", "quaff"]), !line.question,
            !line.has(["not", "never"]), words.filter({ $0.number != nil }).isEmpty
        {
            return .commands(["buy potion"])
        }
        // `i need potion`, `I need more health, can I buy a potion?`: a potion asked for; asked about.
        if line.has(["potion", "potions"]), line.has(["need", "buy", "get", "want"]),
            !line.has(["not", "never", "cost", "costs", "much", "price", "how", "what", "many"])
        {
            return EverydayReader.didYouMean(["buy potion"], after: "Type 'yes' to buy it.")
        }
        // `can i get a bubble tea`: a reward of theirs, asked for; asked about.
        if words.count > 3, ["can", "could", "may"].contains(words[0].text), words[1].text == "i", ["get", "have", "buy"].contains(words[2].text) {
            let wanted = words[3...].filter { !$0.stop && !Self.fillers.contains($0.text) && !["please", "pls", "now"].contains($0.text) }.map(\.text)
            guard let reward = vocabulary.rewards.first(where: { $0.lowercased().split(separator: " ").map(String.init) == wanted }) else { return nil }
            return EverydayReader.didYouMean(["buy \(reward)"], after: "Type 'yes' to buy it.")
        }
        // (`what can I buy with my coins` asks what there is.)
        guard let at = treat ?? words.firstIndex(where: { ["buy", "buying", "comprar", "purchase", "cop", "redeem"].contains($0.text) }), !line.question,
            !["what", "which"].contains(words[0].text)
        else { return nil }
        // What follows the name says why (`buy the cafe stop cake, earned it`).
        var rest = Array(words[(at + 1)...].drop { $0.stop }.prefix { !$0.stop })
        while let first = rest.first, Self.fillers.contains(first.text) { rest.removeFirst() }
        // `buy the new skin right now please`
        while let last = rest.last, ["now", "right", "please", "today", "then", "too", "finally", "already"].contains(last.text), rest.count > 1 {
            rest.removeLast()
        }
        guard !rest.isEmpty, !notDone || line.has(phrase: ["want", "to"]) || line.has("want") else { return nil }
        // A reward named by the start of its words (`hot choc` for Hot chocolate), when only one is.
        let typed = rest.map(\.text)
        // (`a trip to the garden centre` for Garden centre trip: its words in another order.)
        let content = Set(typed.filter { !Self.fillers.contains($0) })
        let named = vocabulary.rewards.filter { reward in
            let words = reward.lowercased().split(separator: " ").map(String.init)
            return words.count == typed.count && zip(typed, words).allSatisfy { $1.hasPrefix($0) && $0.count >= 3 || $0 == $1 }
                || content.count > 1 && content == Set(words.filter { !Self.fillers.contains($0) })
        }
        if named.count == 1 { return .commands(["buy \(named[0])"]) }
        // `redeem pocket money for the kids`: a reward, then whom it is for.
        let forWhom = vocabulary.rewards.filter { reward in
            let wanted = reward.lowercased().split(separator: " ").map(String.init)
            return typed.count > wanted.count + 1 && Array(typed.prefix(wanted.count)) == wanted && typed[wanted.count] == "for"
        }
        if forWhom.count == 1 { return EverydayReader.didYouMean(["buy \(forWhom[0])"], after: "Type 'yes' to buy it.") }
        // `I buy pill organiser already`: no reward, but a to-do of theirs to buy it, done.
        let errand = vocabulary.habits.indices.filter { vocabulary.habits[$0].todo && vocabulary.habits[$0].name.lowercased() == "buy " + typed.joined(separator: " ") }
        if errand.count == 1, line.has(["already", "bought", "got"]) || Self.isPast(words[at].text) {
            return EverydayReader.didYouMean(["did \(Self.quoted(vocabulary.habits[errand[0]].name))"], after: "Type 'yes' to record it.")
        }
        if treat != nil { return nil }
        // (`buy potion please I am dying`: an item of the store, then why; asked about.)
        let items = vocabulary.rewards.map { $0.lowercased().split(separator: " ").map(String.init) } + [["health", "potion"], ["potion"]]
        if let item = items.first(where: { typed.count > $0.count && Array(typed.prefix($0.count)) == $0 }) {
            let bought = vocabulary.rewards.first { $0.lowercased() == item.joined(separator: " ") } ?? "potion"
            return EverydayReader.didYouMean(["buy \(bought)"], after: "Type 'yes' to buy it.")
        }
        return .commands(["buy \(rest.map(\.typed).joined(separator: " "))"])
    }
}
