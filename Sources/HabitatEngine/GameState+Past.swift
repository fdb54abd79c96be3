import Foundation

/// What a recording may need from the player's past that the game in memory does not hold: the days a habit was
/// recorded on, what a day's end took, and a day's amount so far. The ledger answers; tests answer with values.
public protocol RecordedPast {
    /// The days `habitID` was recorded on (completions and slips that stand).
    func days(of habitID: Int64) throws -> Set<Day>
    /// The life the ends of the days `first` through `last` took for `habitID`.
    func bitten(of habitID: Int64, from first: Day, through last: Day) throws -> Int
    /// What `habitID` holds on `day` so far, for a habit counted in an amount.
    func amount(of habitID: Int64, on day: Day) throws -> DayAmount
}

extension GameState {
    /// Applies `action` at `now`, reading from `past` what a recording needs and the game does not hold: the days
    /// already recorded for a backdated one (a day may join or split runs), what its day's end took, and a day's
    /// amount so far. Every rule about which of those a recording needs is here; the caller only reads.
    public mutating func apply(_ action: Action, at now: Date, past: some RecordedPast) throws -> Outcome {
        try recordingOrTodo(action, at: now) { state in
            do {
                return try state.apply(action, at: now, past: past, withHistory: false)
            } catch is HistoryNeeded {
                // Today landed before a day already recorded (a later day start, a time zone to the west).
                return try state.apply(action, at: now, past: past, withHistory: true)
            }
        }
    }

    private mutating func apply(_ action: Action, at now: Date, past: some RecordedPast, withHistory: Bool) throws -> Outcome {
        guard case .record(let typed) = action else { return try apply(action, at: now) }
        // `did water 3`: read once here, so what is filled in below is the habit's.
        var recording = try withAmount(typed)
        if recording.when != .today || withHistory {
            // A backdated day may join or split runs: the days already recorded, of the habit or of each of the
            // routine's habits.
            switch try recorded(recording) {
            case .routine(let routine):
                var days: [Int64: Set<Day>] = [:]
                for id in routine.habitIDs { days[id] = try past.days(of: id) }
                recording.historyByHabit = days
            case .habit(let habit):
                if let id = habit.id { recording.history = try past.days(of: id) }
            }
        }
        if recording.when != .today, recording.bitten == nil,
            case .habit(let habit) = try recorded(recording), habit.kind == .good, let id = habit.id
        {
            // A day gone by may have bitten: what it took, for a completion that keeps the day to give back.
            let day = try self.day(for: recording, at: now)
            let span = habit.schedule.period.map { Schedule.period($0, holding: day, weekStart: settings.weekStart) } ?? day...day
            if day < settings.day(of: now) { recording.bitten = try past.bitten(of: id, from: span.lowerBound, through: span.upperBound) }
        }
        if recording.amountBefore == nil, habits.contains(where: { $0.amount != nil }),
            case .habit(let habit) = try recorded(recording), habit.amount != nil, let id = habit.id
        {
            // Counted in an amount: what the day it counts for holds already.
            recording.amountBefore = try past.amount(of: id, on: try day(for: recording, at: now))
        }
        return try apply(.record(recording), at: now)
    }
}
