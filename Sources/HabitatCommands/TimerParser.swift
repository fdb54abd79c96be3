import HabitatEngine

/// `start timer <habit> <N> min`: `10 min`, `10m`, `1 hour`, `1.5 hours`, a bare `90` (minutes), after an
/// optional `for`.
public enum TimerParser {
    public static let usage = "start timer <habit> <N> min"
    static let units: [String: Int] = ["m": 1, "min": 1, "mins": 1, "minute": 1, "minutes": 1, "h": 60, "hour": 60, "hours": 60]

    public static func parse(_ rest: [Token]) throws -> (habit: String, minutes: Int) {
        guard rest.count >= 2 else { throw HabitatError.usage(usage) }
        var words = rest
        var minutes: Int?
        if let factor = units[words.last!.lower], let count = try length(words[words.count - 2].text, factor, typed: words.suffix(2).phrase) {
            minutes = count
            words.removeLast(2)
        } else {
            let text = words.last!.lower
            let number = text.prefix { $0.isNumber || $0 == "." || $0 == "," }
            let factor = number.count == text.count ? 1 : units[String(text.dropFirst(number.count))]
            if let factor, let count = try length(String(number), factor, typed: words.last!.text) {
                minutes = count
                words.removeLast()
            }
        }
        if words.count > 1, let last = words.last, !last.quoted, last.lower == "for" { words.removeLast() }
        guard let minutes, !words.isEmpty else { throw HabitatError.usage(usage, "Which habit, and for how long?") }
        return (words.phrase, minutes)
    }

    /// `count` of a unit `factor` minutes long, in minutes; `nil` when `count` is no number. A fraction is fine
    /// when it makes whole minutes (`1.5 hours`). Too many hours for an `Int` are still too long: the server
    /// refuses them like any other length.
    static func length(_ count: String, _ factor: Int, typed: String) throws -> Int? {
        if let whole = Int(count) {
            let (product, overflow) = whole.multipliedReportingOverflow(by: factor)
            return overflow ? (whole < 0 ? Int.min : Int.max) : product
        }
        guard count.contains(where: { $0 == "." || $0 == "," }), count.contains(where: \.isNumber),
            let fraction = TypedNumber.value(Substring(count))
        else { return nil }
        let value = fraction * Double(factor)
        // Far too long, or negative beyond any length (`-1.0e300 min`): refused by the server like a whole number.
        if abs(value) >= 1e9 { return value < 0 ? Int.min : Int.max }
        guard value.rounded() == value else {
            throw HabitatError(.invalidArgument, "A timer runs for whole minutes, and '\(typed)' isn't: try 'start timer reading 25 min'.")
        }
        return Int(value)
    }
}
