import Foundation
import HabitatEngine
import Testing

/// Fixed days, instants and game states shared by the engine tests.
enum Fixture {
    /// Friday 2026-11-20, the "today" of most tests.
    static let today = Day(ordinal: 20_777)

    /// 2026-11-20 12:00:00 UTC.
    static let now = noon(of: today)

    static func noon(of day: Day) -> Date {
        instant(day, hour: 12)
    }

    /// An instant on `day` (UTC) at the given time.
    static func instant(_ day: Day, hour: Int, minute: Int = 0, second: Int = 0) -> Date {
        Date(timeIntervalSince1970: TimeInterval(day.ordinal * 86_400 + hour * 3600 + minute * 60 + second))
    }

    static let fitness = Area(id: 7, name: "Fitness")
    static let mind = Area(id: 8, name: "Mind", curve: LevelCurve(kind: .exponential, base: 50, multiplier: 2))

    static func exercise(xp: Int = Habit.defaultXP, coins: Int = Habit.defaultCoins, area: Int64? = nil) -> Habit {
        Habit(id: 1, name: "Exercise", kind: .good, xp: xp, coins: coins, areaID: area, created: today - 10)
    }

    static func smoking(life: Int = Habit.defaultLife) -> Habit {
        Habit(id: 2, name: "Smoking", kind: .bad, life: life, created: today - 10)
    }

    static let reading = Habit(id: 3, name: "Reading", kind: .good, xp: 35, coins: 12, areaID: 8, created: today - 40)
    static let movieNight = Reward(id: 1, name: "Movie night", price: 100)

    /// A player with the given totals and catalog; everything else at its starting value.
    static func state(
        habits: [Habit] = [exercise(), smoking()], areas: [Area] = [], rewards: [Reward] = [],
        level: Int = 1, xp: Int = 0, coins: Int = 0, health: Int = Profile.maxHealth,
        state lifeState: LifeState = .active, settings: Settings = .default
    ) -> GameState {
        var profile = Profile.start
        profile.progress = Progress(level: level, xp: xp)
        profile.coins = coins
        profile.health = health
        profile.state = lifeState
        return GameState(profile: profile, settings: settings, habits: habits, areas: areas, rewards: rewards)
    }

    static func settings(runningTargetKm: Double = 5, timeZone: String = "UTC", dayStartHour: Int = 0) -> Settings {
        Settings(curve: .default, runningTargetKm: runningTargetKm, timeZone: timeZone, dayStartHour: dayStartHour)
    }
}

extension GameState {
    /// Records a habit by name (`did <name>`).
    @discardableResult
    mutating func did(
        _ name: String, times: Int = 1, when: Recording.When = .today, history: Set<Day>? = nil,
        at now: Date = Fixture.now
    ) throws -> Outcome {
        try apply(.record(Recording(habit: name, times: times, when: when, history: history)), at: now)
    }

    /// Buys an item by name (`buy <quantity> <name>`).
    @discardableResult
    mutating func purchase(_ name: String, quantity: Int = 1, at now: Date = Fixture.now) throws -> Outcome {
        try apply(.buy(item: name, quantity: quantity), at: now)
    }

    /// The stored habit with this name.
    func stored(_ name: String) -> Habit? {
        habits.first { $0.name == name }
    }
}

/// Applies `action` to a copy of `state`, expects it to be refused with `code`, and expects the copy unchanged.
@discardableResult
func expectRefusal(
    _ action: Action, on state: GameState, at now: Date = Fixture.now, code: ErrorCode,
    sourceLocation: SourceLocation = #_sourceLocation
) -> HabitatError? {
    var copy = state
    let error = #expect(throws: HabitatError.self, sourceLocation: sourceLocation) {
        _ = try copy.apply(action, at: now)
    }
    #expect(error?.code == code, sourceLocation: sourceLocation)
    #expect(copy == state, "a refused action must leave the state as it was", sourceLocation: sourceLocation)
    return error
}

extension Array {
    /// The element at `index`, or nil when the array is too short.
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
