import Foundation

/// One setting changed by `config`.
public enum Setting: Sendable, Equatable {
    case curve(LevelCurve.Kind)
    case multiplier(Double)
    case xpPerLevel(Int)
    case runningTarget(km: Double)
    case timeZone(String)
    case dayStart(hour: Int)
    /// 0 = Monday, 6 = Sunday.
    case weekStart(Int)
}

extension GameState {
    /// Changes a setting of the profile, or of an area's curve when `area` is given.
    mutating func configure(_ setting: Setting, area areaName: String?) throws -> Outcome {
        if let areaName {
            let index = try areaIndex(named: areaName)
            var curve = areas[index].curve
            try Self.change(&curve, setting, about: "\(areas[index].name)'s curve")
            areas[index].curve = curve
            let need = curve.need(at: areas[index].progress.level)
            return Outcome(toasts: [Toast(.success, "\(areas[index].name): \(Self.describe(curve)). Its next level needs \(need) XP.")])
        }
        switch setting {
        case .curve, .multiplier, .xpPerLevel:
            try Self.change(&settings.curve, setting, about: "your curve")
            return Outcome(toasts: [Toast(.success, "Level curve: \(Self.describe(settings.curve)). Your next level needs \(xpNeeded) XP.")])
        case .runningTarget(let km):
            guard km >= 0.5, km <= 100 else {
                throw HabitatError(.invalidArgument, "The running target must be between 0.5 and 100 km.")
            }
            settings.runningTargetKm = km
            var message = "Running target: \(Self.km(km)) to recover from a game over."
            if profile.state == .recovery { message += " Your run under way keeps its target." }
            return Outcome(toasts: [Toast(.success, message)])
        case .timeZone(let name):
            guard let zone = Self.timeZoneName(name) else {
                throw HabitatError(.invalidArgument, "I don't know the time zone '\(name)'. Use an IANA name like Europe/Berlin or America/New_York.")
            }
            settings.timeZone = zone
            return Outcome(toasts: [Toast(.success, "Time zone: \(zone). Your days follow it from now on.")])
        case .dayStart(let hour):
            guard (0...23).contains(hour) else {
                throw HabitatError(.invalidArgument, "The day can start at an hour from 0 to 23.")
            }
            settings.dayStartHour = hour
            let example = hour == 0 ? "" : " (a completion at \(max(0, hour - 2)):00 counts for the day before)"
            return Outcome(toasts: [Toast(.success, "Your day starts at \(hour):00\(example).")])
        case .weekStart(let day):
            guard day == 0 || day == 6 else { throw HabitatError(.invalidArgument, "A week starts on monday or sunday.") }
            settings.weekStart = day
            return Outcome(toasts: [Toast(.success, "Your weeks start on \(day == 0 ? "Monday" : "Sunday"): habits done N times a week count from then.")])
        }
    }

    /// The time zone a typed name means, spelled as the IANA database spells it (`europe/berlin` is
    /// `Europe/Berlin`); `UTC` stays `UTC`, as the default is written.
    static func timeZoneName(_ typed: String) -> String? {
        let wanted = typed.lowercased()
        if wanted == "utc" { return "UTC" }
        if let known = TimeZone.knownTimeZoneIdentifiers.first(where: { $0.lowercased() == wanted }) {
            return known
        }
        return TimeZone(identifier: typed)?.identifier
    }

    private static func change(_ curve: inout LevelCurve, _ setting: Setting, about what: String) throws {
        switch setting {
        case .curve(let kind): curve.kind = kind
        case .multiplier(let value):
            guard value >= 1, value <= 10 else {
                throw HabitatError(.invalidArgument, "The multiplier must be between 1 and 10.")
            }
            curve.multiplier = value
        case .xpPerLevel(let value):
            guard (1...1_000_000).contains(value) else {
                throw HabitatError(.invalidArgument, "XP per level must be between 1 and 1000000.")
            }
            curve.base = value
        default:
            throw HabitatError(.invalidArgument, "Only the curve, multiplier and XP per level can be set for \(what).")
        }
    }

    /// `linear, 100 XP per level, multiplier 1.5`.
    public static func describe(_ curve: LevelCurve) -> String {
        let multiplier = curve.multiplier == curve.multiplier.rounded() ? "\(Int(curve.multiplier))" : "\(curve.multiplier)"
        switch curve.kind {
        case .flat: return "flat, \(curve.base) XP per level"
        default: return "\(curve.kind.rawValue), \(curve.base) XP per level, multiplier \(multiplier)"
        }
    }
}
