import HabitatEngine

/// A number with its unit: `15 xp`, `15xp`, `+3 coins`, `25 life`.
enum Amount {
    enum Unit: String {
        case xp = "XP", coins, life
    }

    static let units: [String: Unit] = [
        "xp": .xp, "coins": .coins, "coin": .coins, "life": .life, "hp": .life, "health": .life,
    ]

    /// The amount keeps its sign (`-5 xp` is -5), for the caller to refuse.
    static func read(_ words: [Token], at index: Int) -> (Int, Unit, Int)? {
        guard !words[index].quoted else { return nil }
        let negative = words[index].lower.hasPrefix("-")
        let text = words[index].lower.hasPrefix("+") || negative ? String(words[index].lower.dropFirst()) : words[index].lower
        let sign = negative ? -1 : 1
        if let amount = Int(text), amount >= 0, index + 1 < words.count, let unit = units[words[index + 1].lower] {
            return (sign * amount, unit, 2)
        }
        let digits = text.prefix { $0.isNumber }
        if !digits.isEmpty, let amount = Int(digits), let unit = units[String(text.dropFirst(digits.count))] {
            return (sign * amount, unit, 1)
        }
        return nil
    }
}

extension Amount {
    /// What was typed, when the words at `index` are a number with a unit that is no whole number an `Int` holds
    /// (`1.5 xp`, `2,5coins`, `99999999999999999999 life`); `nil` otherwise, and for any amount ``read(_:at:)`` reads.
    static func unreadable(_ words: [Token], at index: Int) -> String? {
        guard !words[index].quoted, read(words, at: index) == nil else { return nil }
        var text = Substring(words[index].lower)
        if text.hasPrefix("+") || text.hasPrefix("-") { text = text.dropFirst() }
        let number = text.prefix { $0.isNumber || $0 == "." || $0 == "," }
        guard number.contains(where: \.isNumber) else { return nil }
        let unit = text.dropFirst(number.count)
        if unit.isEmpty, index + 1 < words.count, !words[index + 1].quoted, units[words[index + 1].lower] != nil {
            return words[index...(index + 1)].phrase
        }
        return units[String(unit)] != nil ? words[index].text : nil
    }
}
