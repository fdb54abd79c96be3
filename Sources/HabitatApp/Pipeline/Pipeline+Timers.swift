import Foundation
import HabitatCommands
import HabitatEngine
import HabitatStorage

/// `start timer`, `timers`, `stop timer`: timers that record a habit when they end (``TimerService``).
extension Pipeline {
    func startTimer(_ name: String, minutes: Int, for account: Account, now: Date) async throws -> Reply {
        guard (1...TimerService.maxMinutes).contains(minutes) else {
            throw HabitatError(.invalidArgument, "A timer runs from 1 minute to 24 hours.")
        }
        let state = try await users.with(account.fileID) { try await $0.state() }
        let habit = try state.habit(named: name)
        guard habit.kind == .good else {
            throw HabitatError(
                .invalidArgument, "Timers are for good habits; \(habit.name) is a bad one. Record a slip with 'slipped \(habit.name.lowercased())'.")
        }
        guard try await directory.timers(of: account.id).count < TimerService.maxPerUser else {
            throw HabitatError(.invalidArgument, "You have \(TimerService.maxPerUser) timers running; stop one first.")
        }
        let timer = try await directory.addTimer(accountID: account.id, habit: habit.name, minutes: minutes, at: now)
        let ends = Self.time(timer.ends, in: state.settings)
        return Reply(.timer, "Timer started: \(minutes) min of \(habit.name), done at \(ends). I'll record it then.", data: timerData(timer, now: now))
    }

    func listTimers(of account: Account, now: Date) async throws -> Reply {
        let timers = try await directory.timers(of: account.id)
        let data: JSON = ["timers": .array(timers.map { timerData($0, now: now) })]
        guard !timers.isEmpty else { return Reply(.info, "No timers running. Start one: 'start timer meditation 10 min'.", data: data) }
        let settings = try await users.with(account.fileID) { try await $0.state() }.settings
        let lines = timers.enumerated().map { number, timer in
            let left = max(0, Int((timer.ends.timeIntervalSince(now) / 60).rounded(.up)))
            return "\(number + 1). \(timer.habit): \(timer.minutes) min, \(left) min left (done at \(Self.time(timer.ends, in: settings)))"
        }
        return Reply(.info, "Timers (\(timers.count))", details: lines, data: data)
    }

    func stopTimer(_ name: String?, of account: Account) async throws -> Reply {
        let timers = try await directory.timers(of: account.id)
        guard !timers.isEmpty else { throw HabitatError(.notFound, "No timers running.") }
        var candidates = timers
        if let name {
            candidates = try Self.pick(name, from: timers, habit: \.habit) { "There is no timer \($0). Type 'timers' to see them." }
            guard !candidates.isEmpty else {
                throw HabitatError(.notFound, "No timer for '\(name)'. Type 'timers' to see them.", symbol: .question)
            }
        }
        guard candidates.count == 1, let timer = candidates.first else {
            let choices = candidates.map { timer in
                "'stop timer \(timers.firstIndex(of: timer)! + 1)' (\(timer.habit), \(timer.minutes) min)"
            }
            throw HabitatError(.ambiguous, "Which one? \(GameState.either(choices)).", symbol: .question)
        }
        try await directory.removeTimer(id: timer.id)
        return Reply(.success, "Stopped the \(timer.minutes) min timer for \(timer.habit). Nothing was recorded.")
    }

    /// What `name` picks from a numbered list (timers, reminders): the one numbered so (from 1), or all those of the
    /// habit it names; none when it names no habit among them. A number not on the list is `notFound` (`noSuchNumber`
    /// says so), a name that could be more than one habit `ambiguous`.
    static func pick<Item>(
        _ name: String, from items: [Item], habit: (Item) -> String?, noSuchNumber: (Int) -> String
    ) throws -> [Item] {
        if let number = Int(name) {
            guard items.indices.contains(number - 1) else { throw HabitatError(.notFound, noSuchNumber(number)) }
            return [items[number - 1]]
        }
        switch NameMatch.resolve(name, among: Array(Set(items.compactMap(habit))), name: { $0 }) {
        case .found(let found): return items.filter { habit($0) == found }
        case .ambiguous(let hits):
            throw HabitatError(.ambiguous, "'\(name)' could be \(GameState.either(hits.sorted())). Type more of the name.", symbol: .question)
        case .none: return []
        }
    }

    func timerData(_ timer: HabitTimer, now: Date) -> JSON {
        [
            "habit": .string(timer.habit), "minutes": .int(timer.minutes),
            "ends_at": .string(ISO8601DateFormatter().string(from: timer.ends)),
            "remaining_seconds": .int(max(0, Int(timer.ends.timeIntervalSince(now).rounded()))),
        ]
    }

    /// `12:10` in the user's time zone.
    static func time(_ date: Date, in settings: Settings) -> String {
        GameState.clock(settings.minuteOfDay(date))
    }
}
