import HabitatEngine

/// `config …`: show all settings, or change one (`config area Fitness curve flat` for an area).
public enum SettingsParser {
    public static let usage = "config [area <name>] curve linear|exponential|flat | multiplier N | xp per level N | running target N km | timezone <Area/City> | day start H | week start monday|sunday"

    public static func parse(_ words: [Token]) throws -> (setting: Setting, area: String?)? {
        guard !words.isEmpty else { return nil }
        var words = words
        var area: String?
        if words[0].lower == "area" {
            let keys = ["curve", "multiplier", "xp"]
            guard let end = words.indices.dropFirst().first(where: { keys.contains(words[$0].lower) }), end > 1 else {
                throw HabitatError.usage("config area <name> curve flat | multiplier N | xp per level N", "Which area, and which setting?")
            }
            area = words[1..<end].phrase
            words = Array(words[end...])
        }
        let lower = words.map(\.lower)
        func value(after count: Int) throws -> String {
            guard words.count > count else { throw HabitatError.usage(usage, "Which value?") }
            return words[count...].phrase
        }
        switch lower.first {
        case "curve":
            let name = try value(after: 1).lowercased()
            guard let kind = LevelCurve.Kind(rawValue: name) else {
                throw HabitatError(.invalidArgument, "The curve is linear, exponential or flat.")
            }
            return (.curve(kind), area)
        case "multiplier":
            guard let number = TypedNumber.value(Substring(try value(after: 1))) else {
                throw HabitatError(.invalidArgument, "The multiplier is a number, e.g. 'config multiplier 2'.")
            }
            return (.multiplier(number), area)
        case "xp" where lower.starts(with: ["xp", "per", "level"]):
            guard let number = Int(try value(after: 3)) else {
                throw HabitatError(.invalidArgument, "XP per level is a whole number, e.g. 'config xp per level 200'.")
            }
            return (.xpPerLevel(number), area)
        case "running" where area == nil && lower.starts(with: ["running", "target"]):
            let rest = Array(words.dropFirst(2))
            guard let km = Distance.kilometres(rest) else {
                throw HabitatError(.invalidArgument, "The running target is a distance, e.g. 'config running target 3 km'.")
            }
            return (.runningTarget(km: km), nil)
        case "timezone" where area == nil:
            return (.timeZone(try value(after: 1)), nil)
        case "time" where area == nil && lower.starts(with: ["time", "zone"]):
            return (.timeZone(try value(after: 2)), nil)
        case "day" where area == nil && lower.starts(with: ["day", "start"]):
            var text = try value(after: 2)
            if text.hasSuffix(":00") { text.removeLast(3) }
            guard let hour = Int(text) else {
                throw HabitatError(.invalidArgument, "The day start is an hour from 0 to 23, e.g. 'config day start 4'.")
            }
            return (.dayStart(hour: hour), nil)
        case "week" where area == nil && lower.starts(with: ["week", "start"]) || lower.starts(with: ["week", "starts"]):
            switch lower.dropFirst(2).filter({ $0 != "on" }) {
            case ["monday"], ["mon"]: return (.weekStart(0), nil)
            case ["sunday"], ["sun"]: return (.weekStart(6), nil)
            default: throw HabitatError(.invalidArgument, "A week starts on monday or sunday, e.g. 'config week start sunday'.")
            }
        default:
            throw HabitatError.usage(usage, "I don't know that setting.")
        }
    }
}

/// Distances as typed: `2.5 km`, `2.5km`, `2500 m`, `5k`, `3 miles`, or a bare number of km.
public enum Distance {
    public static func kilometres(_ words: [Token]) -> Double? {
        let text = words.map(\.lower).joined()
        let units: [(String, Double)] = [
            ("kilometres", 1), ("kilometers", 1), ("km", 1), ("k", 1), ("metres", 0.001), ("meters", 0.001),
            ("m", 0.001), ("miles", 1.609344), ("mile", 1.609344), ("mi", 1.609344),
        ]
        for (unit, factor) in units where text.hasSuffix(unit) {
            if let number = TypedNumber.value(text.dropLast(unit.count)) { return number * factor }
        }
        return TypedNumber.value(Substring(text))
    }
}

/// A number as people type it: `2.5`, or with a decimal comma, `2,5`; a comma before groups of three digits
/// separates thousands (`1,000` is a thousand, `1,000.5` too).
enum TypedNumber {
    static func value(_ text: Substring) -> Double? {
        var text = text
        if text.contains(",") {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            let digits = { (part: Substring) in !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } }
            let thousands = (1...3).contains(parts[0].count) && digits(parts[0]) && parts.dropFirst().allSatisfy { part in
                let whole = part.prefix { $0 != "." }
                return whole.count == 3 && digits(whole) && (part == parts.last! || whole.count == part.count)
            }
            if thousands {
                text = Substring(parts.joined())
            } else if parts.count == 2, parts[0].allSatisfy({ $0.isASCII && $0.isNumber }), digits(parts[1]) {
                text = Substring(parts[0] + "." + parts[1])
            } else {
                return nil
            }
        }
        guard let number = Double(text), number.isFinite else { return nil }
        return number
    }
}
