import Foundation

/// Where a player stands: playing, out of life, or running their way back.
public enum LifeState: String, Sendable, Codable {
    case active
    case gameOver = "game_over"
    case recovery
}

/// The running challenge that ends a game over.
public struct Challenge: Sendable, Equatable, Codable {
    public var targetKm: Double
    public var progressKm: Double
    public var started: Day

    public init(targetKm: Double, progressKm: Double = 0, started: Day) {
        self.targetKm = targetKm
        self.progressKm = progressKm
        self.started = started
    }
}

/// The player's totals: what `status` shows and what undo restores.
public struct Profile: Sendable, Equatable, Codable {
    public static let maxHealth = 1000

    public var progress: Progress
    public var coins: Int
    public var health: Int
    public var maxHealth: Int
    public var state: LifeState
    public var challenge: Challenge?

    public static let start = Profile(
        progress: .start, coins: 0, health: maxHealth, maxHealth: maxHealth, state: .active, challenge: nil)

    public init(progress: Progress, coins: Int, health: Int, maxHealth: Int, state: LifeState, challenge: Challenge?) {
        self.progress = progress
        self.coins = coins
        self.health = health
        self.maxHealth = maxHealth
        self.state = state
        self.challenge = challenge
    }
}

/// A player's own settings (`config`).
public struct Settings: Sendable, Equatable, Codable {
    public var curve: LevelCurve
    public var runningTargetKm: Double
    /// IANA name, e.g. `Europe/Berlin`.
    public var timeZone: String
    /// With 4, a completion at 02:00 counts for the previous day.
    public var dayStartHour: Int
    /// The first day of a week, for habits done N times a week: 0 = Monday (the default), 6 = Sunday.
    public var weekStart: Int = 0

    public static let `default` = Settings(curve: .default, runningTargetKm: 5, timeZone: "UTC", dayStartHour: 0)

    public init(curve: LevelCurve, runningTargetKm: Double, timeZone: String, dayStartHour: Int) {
        self.curve = curve
        self.runningTargetKm = runningTargetKm
        self.timeZone = timeZone
        self.dayStartHour = dayStartHour
    }

    /// The user's day for an instant.
    public func day(of date: Date) -> Day {
        Day(date, timeZone: zone, dayStartHour: dayStartHour)
    }

    /// The instant the user's `day` begins: its day-start hour on their clock, in their time zone (when a change of
    /// clocks skips that hour, the first instant after it that is already that day).
    public func start(of day: Day) -> Date {
        let local = TimeInterval(day.ordinal * 86_400 + dayStartHour * 3600)
        var instant = local - TimeInterval(zone.secondsFromGMT(for: Date(timeIntervalSince1970: local)))
        instant = local - TimeInterval(zone.secondsFromGMT(for: Date(timeIntervalSince1970: instant)))
        // Just before it is still the day before; at it, the day itself.
        while self.day(of: Date(timeIntervalSince1970: instant)) < day { instant += 900 }
        while self.day(of: Date(timeIntervalSince1970: instant - 1)) >= day { instant -= 900 }
        return Date(timeIntervalSince1970: instant)
    }

    /// Minutes after midnight on the user's clock at an instant (their time zone; the day start doesn't move it).
    public func minuteOfDay(_ date: Date) -> Int {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: date)
        return ((seconds / 60) % 1440 + 1440) % 1440
    }

    /// How far into the user's day a time on their clock is, in minutes: with the day starting at 4, 4:00 is 0
    /// and 3:59 (the night after) is the day's last minute.
    func minutesIntoDay(_ minuteOfDay: Int) -> Int {
        (minuteOfDay - dayStartHour * 60 + 1440) % 1440
    }

    /// The date on the user's calendar at an instant (their time zone; the day start doesn't move it).
    public func calendarDay(of date: Date) -> Day {
        Day(date, timeZone: zone)
    }

    private var zone: TimeZone { TimeZone(identifier: timeZone) ?? .gmt }
}
