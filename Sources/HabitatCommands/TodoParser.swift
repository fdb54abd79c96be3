import HabitatEngine

/// `Call the dentist`, `renew passport by friday`, `pay rent by the 3rd`, `taxes by 2026-12-24`, `Move house: pack
/// books, book the van`: a to-do's name, the day it is due by when the line says one, and its checklist.
public enum TodoParser {
    public static let usage = "add todo <name> [by <day>] [: <step>, <step>, …]"

    /// The name, the due day, and the checklist after a colon (`Move house: pack books, book the van and clean the
    /// oven`: items between commas, the last two also by `and`).
    public static func parse(_ rest: [Token]) throws -> (name: String, due: DayWords?, checklist: [String]) {
        guard !rest.isEmpty else { throw HabitatError.usage(usage, "What is there to do?") }
        var rest = rest
        var checklist: [String] = []
        if let colon = rest.firstIndex(where: { !$0.quoted && $0.text.hasSuffix(":") }), colon < rest.count - 1 {
            checklist = items(Array(rest[(colon + 1)...]).phrase)
            let head = String(rest[colon].text.dropLast())
            rest = Array(rest[..<colon]) + (head.isEmpty ? [] : [Token(head)])
            guard !rest.isEmpty else { throw HabitatError.usage(usage, "What is there to do?") }
        }
        let (due, taken) = try self.due(of: rest.map(\.lower))
        var name = Array(rest.dropLast(taken))
        // `add a todo to renew the passport`: what there is to do starts after `to`.
        if name.count > 1, !name[0].quoted, name[0].lower == "to" { name.removeFirst() }
        guard !name.isEmpty else { throw HabitatError.usage(usage, "What is due then?") }
        // `add todo Milk,`: a comma or a stop typed after the name is no part of it.
        name = name.withoutTrailingMark()
        return (name.phrase, due, checklist)
    }

    /// `pack books, book the van and clean the oven`: the items of a checklist.
    public static func items(_ text: String) -> [String] {
        var parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if let last = parts.last {
            if parts.count > 1, last.lowercased().hasPrefix("and ") {
                parts[parts.count - 1] = String(last.dropFirst(4))
            } else if parts.count > 1, let and = last.range(of: " and ", options: .backwards) {
                parts[parts.count - 1] = String(last[..<and.lowerBound])
                parts.append(String(last[and.upperBound...]))
            }
        }
        return parts.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The due day the words end with (`by friday`, `due tomorrow`), and how many words it took; none, 0.
    public static func due(of words: [String]) throws -> (DayWords?, Int) {
        guard let at = words.lastIndex(where: { ["by", "due", "before"].contains($0) }), at > 0 else { return (nil, 0) }
        var said = Array(words[(at + 1)...])
        // `due by friday`, `by next friday`, `by this friday`, `by the 3rd`
        if words[at] == "due", said.first == "by" || said.first == "on" { said.removeFirst() }
        guard let day = try day(said) else { return (nil, 0) }
        var taken = words.count - at
        if words[at] == "by", at >= 1, words[at - 1] == "due" { taken += 1 }
        return (day, taken)
    }

    /// The day the words say, all of them (`next friday`, `the 10th of December.`, `thurs`); `nil` when they say none.
    public static func day(_ said: [String]) throws -> DayWords? {
        var said = said
        let next = said.first == "next"
        if ["next", "this", "the", "on"].contains(said.first ?? "") { said.removeFirst() }
        // `by the 10th of December.`: a stop after the day, and `of` between it and its month, say nothing more.
        if let last = said.last, last.count > 1, let mark = last.last, ",;:.!".contains(mark) { said[said.count - 1].removeLast() }
        if said.count == 3, said[1] == "of", month(said[2]) != nil { said.remove(at: 1) }
        // `by end of the month`, `by the end of the week`: its last day (a week ends on Sunday).
        if said.first == "end", said.count >= 3, said[1] == "of", ["month", "week"].contains(said.last!), said.count == 3 || said[2] == "the" && said.count == 4 {
            return said.last == "month" ? .dayOfMonth(31) : .weekday(6)
        }
        guard said.count == 1 || (said.count == 2 && Self.month(said[0]) != nil || said.count == 2 && Self.month(said[1]) != nil) else {
            return nil
        }
        guard var day = dayWords(said) else {
            // `by` a word that is not a day: part of the name (`stand by me`), unless it looks like a day.
            if said.count == 1, said[0].first?.isNumber == true {
                throw HabitatError(.invalidArgument, "I couldn't read the day '\(said[0])'. Say 'by friday', 'by the 3rd' or 'by 2026-12-24'.")
            }
            return nil
        }
        if next, case .weekday(let weekday) = day { day = .nextWeekday(weekday) }
        return day
    }

    /// `today`, `tomorrow`, `friday`, `fri`, `3rd`, `2026-12-24`, `24 december`, `dec 24`.
    static func dayWords(_ said: [String]) -> DayWords? {
        if said.count == 2 {
            if let month = month(said[0]), let date = dayNumber(said[1]) { return monthDay(month, date) }
            if let month = month(said[1]), let date = dayNumber(said[0]) { return monthDay(month, date) }
            return nil
        }
        let word = said[0]
        if let day = Day(iso: word) { return .on(day) }
        switch word {
        case "today", "tonight": return .inDays(0)
        case "tomorrow", "tmrw", "tmr": return .inDays(1)
        case "yesterday": return .inDays(-1)
        default: break
        }
        if let weekday = Schedule.weekday(word) { return .weekday(weekday) }
        if let number = dayNumber(word), word.last?.isLetter == true { return .dayOfMonth(number) }
        return nil
    }

    /// `3rd`, `21st`, `24`: a day of a month.
    static func dayNumber(_ word: String) -> Int? {
        let digits = word.prefix { $0.isNumber }
        let rest = word.dropFirst(digits.count)
        guard !digits.isEmpty, ["", "st", "nd", "rd", "th"].contains(rest), let number = Int(digits), (1...31).contains(number) else { return nil }
        return number
    }

    static func month(_ word: String) -> Int? {
        let names = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        guard word.count >= 3, let index = names.firstIndex(where: { word.hasPrefix($0) }) else { return nil }
        let full = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"][index]
        return full.hasPrefix(word) || word == "sept" ? index + 1 : nil
    }

    static func monthDay(_ month: Int, _ date: Int) -> DayWords? {
        date <= Day.daysIn(month: month, year: 2024) ? .monthDay(month, date) : nil
    }
}
