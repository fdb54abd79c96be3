import Foundation

/// Days a habit, or every habit, is paused (a trip, an illness): they are not due, break no streak, lower no
/// strength and bite no life. Recording still works.
public struct Pause: Sendable, Equatable, Codable, Identifiable {
    public var id: Int64?
    /// The habit paused, or `nil` for all of them.
    public var habitID: Int64?
    public var first: Day
    /// The last day paused (it is paused through this day).
    public var last: Day

    public init(id: Int64? = nil, habitID: Int64?, first: Day, last: Day) {
        self.id = id
        self.habitID = habitID
        self.first = first
        self.last = last
    }

    public var days: ClosedRange<Day> { first...last }
}

/// How long a pause lasts from today: N days (today the first), or through a day.
public enum PauseLength: Sendable, Equatable {
    case days(Int)
    case through(Day)
}

extension ToastSymbol {
    public static let pause = ToastSymbol(name: "pause", emoji: "⏸️", word: "INFO:", type: .info)
    public static let resume = ToastSymbol(name: "resume", emoji: "▶️", word: "INFO:", type: .info)
}

extension GameState {
    /// The longest a pause may run, today included.
    public static let maxPauseDays = 366

    /// The days `habit` is paused: its own pauses and those of every habit. A bad habit is never paused: it is
    /// avoided every day.
    public func pauses(of habit: Habit) -> [ClosedRange<Day>] {
        guard habit.kind == .good, !pauses.isEmpty else { return [] }
        return pauses.filter { $0.habitID == nil || $0.habitID == habit.id }.map(\.days)
    }

    /// The last day of the pause `habit` is in on `day` (its own or everyone's, the later), or `nil`.
    public func pausedThrough(_ habit: Habit, on day: Day) -> Day? {
        pauses(of: habit).filter { $0.contains(day) }.map(\.upperBound).max()
    }

    /// The last day of a pause of every habit under way on `day`, or `nil`.
    public func allPausedThrough(on day: Day) -> Day? {
        pauses.filter { $0.habitID == nil && $0.days.contains(day) }.map(\.last).max()
    }

    /// `pause 7 days`, `pause floss until 2026-12-24`: from today through the last day. A pause of the same habit (or
    /// of all) already under way is moved to end then instead.
    mutating func pause(_ name: String?, for length: PauseLength, at now: Date) throws -> Outcome {
        let today = settings.day(of: now)
        let last: Day
        switch length {
        case .days(let days):
            guard (1...Self.maxPauseDays).contains(days) else {
                throw HabitatError(.invalidArgument, "A pause is 1 to \(Self.maxPauseDays) days long.")
            }
            last = today + (days - 1)
        case .through(let day):
            guard day >= today else {
                throw HabitatError(.invalidArgument, "\(day.label) has gone by already. Pause until today or a day to come.")
            }
            guard day - today < Self.maxPauseDays else {
                throw HabitatError(.invalidArgument, "A pause is at most \(Self.maxPauseDays) days long: until \((today + (Self.maxPauseDays - 1)).label) at the latest.")
            }
            last = day
        }
        let habit = try name.map { try self.habit(named: $0) }
        if let habit, habit.kind == .bad {
            throw HabitatError(.invalidArgument, "\(habit.name) is a bad habit: it's never due, so there's nothing to pause.")
        }
        if let index = pauses.firstIndex(where: { $0.habitID == habit?.id && $0.last >= today }) {
            pauses[index].last = last
        } else {
            pauses.append(Pause(habitID: habit?.id, first: today, last: last))
        }
        let days = last - today + 1
        let length = days == 1 ? "today" : "through \(last.label) (\(days) days)"
        guard let habit else {
            return Outcome(toasts: [
                Toast(.pause, "Paused all your habits \(length). No streak breaks and nothing counts as missed; 'resume' ends it sooner.")
            ])
        }
        return Outcome(toasts: [
            Toast(.pause, "Paused \(habit.name) \(length). Its streak waits for you; 'resume \(habit.name.lowercased())' ends it sooner.")
        ])
    }

    /// `resume`: ends every pause under way (today is no longer paused); `resume floss`: that habit's own.
    mutating func resume(_ name: String?, at now: Date) throws -> Outcome {
        let today = settings.day(of: now)
        let habit = try name.map { try self.habit(named: $0) }
        let ending = pauses.indices.filter { pauses[$0].last >= today && (habit == nil || pauses[$0].habitID == habit?.id) }
        guard !ending.isEmpty else {
            if let habit, let through = allPausedThrough(on: today) {
                throw HabitatError(
                    .invalidArgument,
                    "\(habit.name) is paused with all your habits through \(through.label). 'resume' resumes them all.")
            }
            throw HabitatError(.notFound, habit.map { "\($0.name) isn't paused." } ?? "Nothing is paused.")
        }
        // A pause that began today is gone; an older one ends yesterday, its days kept.
        for index in ending.reversed() {
            if pauses[index].first >= today {
                pauses.remove(at: index)
            } else {
                pauses[index].last = today - 1
            }
        }
        let message = habit.map { "\($0.name) is back on: it's due again by its schedule." }
            ?? "Welcome back! Your habits are due again by their schedules."
        return Outcome(toasts: [Toast(.resume, message)])
    }
}
