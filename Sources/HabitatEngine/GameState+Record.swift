import Foundation

/// Recording a habit: `did exercise`, `did pushups x3`, `did exercise yesterday: felt great`.
public struct Recording: Sendable, Equatable {
    /// Which day it counts for.
    public enum When: Sendable, Equatable {
        case today
        case daysAgo(Int)
        case on(Day)
        /// `on wednesday` (Monday 0): the last such day before today; `last friday` (`aWeekBack`) on a Friday is a week
        /// ago, and `on friday` is asked about.
        case weekday(Int, aWeekBack: Bool)
    }

    public var habit: String
    public var times: Int
    /// For a habit counted in an amount: how much, read from the name's end (`did swim 1.5`) by
    /// ``GameState/withAmount(_:)``. ``quantity`` is what is recorded.
    public var amount: Quantity?
    public var when: When
    public var note: String?
    /// Minutes after midnight (`at 6:45am`).
    public var timeOfDay: Int?
    /// The days this habit was recorded before (storage fills it in for backdated recordings), so
    /// streaks come out exact whatever order days are recorded in.
    public var history: Set<Day>?
    /// For a routine: the days each of its habits was recorded before, by habit id (as `history`).
    public var historyByHabit: [Int64: Set<Day>]?
    /// Said as a slip (`slipped smoking`): only a bad habit can be recorded so.
    public var slipped: Bool
    /// For a habit counted in an amount (``Habit/amount``): what the day it counts for holds already (storage fills
    /// it in). ``quantity`` is then the amount recorded now: `did water 3`.
    public var amountBefore: DayAmount?
    /// For a day gone by: the life its end took for this habit (for a quota, its period's end) that nothing has given
    /// back yet (storage fills it in). A completion that keeps the day gives it back.
    public var bitten: Int?
    /// Set when the line was no command but the user's own words (`flossed`, `I meditated`, a bare habit name): then
    /// only a habit's whole name or its words' forms find it, never a prefix, and when none does, the line was
    /// simply not understood.
    public var loose: LooseReading?

    /// How much is recorded: the amount said, or the times.
    public var quantity: Quantity { amount ?? Quantity(times) }

    public init(
        habit: String, times: Int = 1, when: When = .today, note: String? = nil, timeOfDay: Int? = nil,
        history: Set<Day>? = nil, slipped: Bool = false
    ) {
        self.history = history
        self.slipped = slipped
        self.habit = habit
        self.times = times
        self.when = when
        self.note = note
        self.timeOfDay = timeOfDay
    }
}

/// A line read as a recording in the user's own words (``Recording/loose``). A class: a recording travels through
/// every step of a request, and most carry none of this, so it costs them one pointer.
public final class LooseReading: Sendable, Equatable {
    /// The answer when none of the user's habits goes by these words: the line was not understood.
    public let unknown: HabitatError
    /// Whether a habit whose name is close to the words may be suggested: the line has no likelier reading.
    public let suggestsHabit: Bool
    /// The line's words before any were set aside, when some were (`just dance` for a habit Just dance, read as
    /// `dance`): a habit of that whole name comes first.
    public let asTyped: String?
    /// Whether the start of a name finds it too (`duo done` for Duolingo), as a command's would; never a later word's
    /// start (`workout done` is not Brick workout).
    public let startOfName: Bool

    public static func == (lhs: LooseReading, rhs: LooseReading) -> Bool {
        lhs.unknown == rhs.unknown && lhs.suggestsHabit == rhs.suggestsHabit && lhs.asTyped == rhs.asTyped && lhs.startOfName == rhs.startOfName
    }

    public init(unknown: HabitatError, suggestsHabit: Bool, asTyped: String? = nil, startOfName: Bool = false) {
        self.unknown = unknown
        self.suggestsHabit = suggestsHabit
        self.asTyped = asTyped
        self.startOfName = startOfName
    }
}

/// How far back a completion may be dated.
public let maxBackdateDays = 30

/// Thrown, with nothing changed, by a recording for today that lands before a day already recorded (the day
/// start has moved later, or the time zone west) when no `history` came with it: its streak can only be counted
/// again from every day recorded, which the caller has (storage fills in `history` or `historyByHabit` and
/// tries again). Backdated recordings are expected to come with their history in the first place.
public struct HistoryNeeded: Error, Equatable {
    public init() {}
}

extension GameState {
    mutating func record(_ recording: Recording, at now: Date) throws -> Outcome {
        let recording = try withAmount(recording)
        let habit: Habit
        switch try recorded(recording) {
        case .routine(let routine): return try recordRoutine(routine, recording, at: now)
        case .habit(let found): habit = found
        }
        if recording.slipped { try Self.refuseSlip(of: habit.name, kind: habit.kind) }
        let day = try self.day(for: recording, at: now)
        if recording.when == .today, recording.history == nil, let last = habit.stats.lastDay, day < last { throw HistoryNeeded() }
        let before = snapshot(habit: habit)
        var entry = LedgerEntry(
            at: now, day: day, kind: habit.kind == .good ? .completion : .slip, habitID: habit.id,
            subject: habit.name, quantity: recording.quantity, note: recording.note,
            timeOfDay: timeOfDay(of: habit, recording, on: day, at: now), before: before)
        let toasts: [Toast]
        if let daily = habit.amount {
            // Nothing recorded on a day after the last one recorded; any other day's amount comes from the ledger.
            guard let amountBefore = recording.amountBefore ?? (habit.stats.lastDay.map { day > $0 } ?? true ? .none : nil) else {
                throw HistoryNeeded()
            }
            let on = day == settings.day(of: now) ? nil : day
            toasts = try recordAmount(of: habit, daily, amount: recording.quantity, before: amountBefore, on: on, entry: &entry)
        } else {
            toasts = try score(
                habit.name, kind: habit.kind, xp: habit.xp, coins: habit.coins, life: habit.life, times: recording.times,
                area: habit.areaID, entry: &entry)
        }
        var back: [Toast] = []
        if habit.kind == .good, let bitten = recording.bitten {
            let keeps = habit.amount.map { (recording.amountBefore?.amount ?? 0) + recording.quantity >= $0.count } ?? true
            back = giveBack(habit.schedule.isQuota ? min(bitten, habit.bite * recording.times) : bitten, for: habit, keeps: keeps, entry: &entry)
        }
        updateStats(of: habit, on: day, times: recording.quantity.wholeOnesStarted, history: recording.history)
        // A word the player taught for it is said as they meant it.
        let taught = habit.words.contains { $0.isSameName(as: recording.habit) }
        return Outcome(toasts: toasts + back + (taught ? [] : Self.readAs(recording.habit, habit.name)), entry: entry)
    }

    /// When `typed` found the habit `name` by a form of its words (`exercised`, `smoked`) rather than as typed or as
    /// the start of the name: a toast saying so, with the way back.
    static func readAs(_ typed: String, _ name: String) -> [Toast] {
        // The common case, the name's start typed in plain ASCII: said as typed, nothing to add.
        if typed.utf8.count <= name.utf8.count, typed.utf8.allSatisfy({ $0 < 0x80 }),
            zip(typed.utf8, name.utf8).allSatisfy({ $0 == $1 || ($0 ^ 0x20 == $1 && ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A) })
        {
            return []
        }
        let query = typed.caseFolded.withoutAccents
        let folded = name.caseFolded.withoutAccents
        if folded.hasPrefix(query) || folded.split(separator: " ").contains(where: { $0.hasPrefix(query) }) { return [] }
        return [Toast(.info, "Took '\(typed)' as \(name). Not what you meant? Type 'undo'.")]
    }

    /// The time a recording stores: the one typed, or for a time-tracked habit done today, the time on the
    /// user's clock now. A day gone by without a time keeps none.
    func timeOfDay(of habit: Habit, _ recording: Recording, on day: Day, at now: Date) -> Int? {
        if let typed = recording.timeOfDay { return typed }
        guard habit.tracksTime, day == settings.day(of: now) else { return nil }
        return settings.minuteOfDay(now)
    }

    /// `slipped <name>` is for bad habits: a good habit (or a routine, `what`) said so is refused.
    static func refuseSlip(of name: String, kind: HabitKind, what: String = "a good habit") throws {
        guard kind == .good else { return }
        throw HabitatError(
            .invalidArgument,
            "\(name) is \(what), so there's nothing to slip: 'did \(name.lowercased())' records it. Slips are for bad habits.")
    }

    /// Credits a good habit's XP and coins, or charges a bad habit's life (ending the game at zero),
    /// `times` over; fills in the entry's changes and returns the toasts. `room` names a shared habit's room.
    mutating func score(
        _ name: String, kind: HabitKind, xp: Int, coins: Int, life: Int, times: Int, area: Int64?, room: String? = nil,
        entry: inout LedgerEntry
    ) throws -> [Toast] {
        guard (1...100).contains(times) else {
            throw HabitatError(.invalidArgument, "You can record a habit 1 to 100 times at once.")
        }
        let count = times > 1 ? " ×\(times)" : ""
        let place = room.map { " (\($0))" } ?? ""
        switch kind {
        case .good:
            entry.xp = xp * times
            entry.coins = coins * times
            return [Toast(.success, ByteText("\(name) completed\(count)! +\(entry.xp) XP, \(Self.coins(entry.coins, signed: true))\(place)").string)]
                + gain(xp: entry.xp, coins: entry.coins, area: area)
        case .bad:
            guard profile.state == .active else { throw gameOverRefusal(doing: "record \(name)") }
            let cost = life * times
            let lost = min(cost, profile.health)
            profile.health -= lost
            entry.health = -lost
            var toasts = [Toast(.warning, ByteText("\(name) recorded. \(cost == 0 ? "No life lost" : "-\(cost) life")\(place)").string)]
            if profile.health <= 0 {
                profile.health = 0
                profile.state = .gameOver
                toasts.append(Toast(.gameOver, "Game over! Run \(Self.km(settings.runningTargetKm)) to recover — type 'start challenge'"))
            }
            return toasts
        }
    }

    /// Adds XP and coins to the profile (and XP to an area), with toasts for the levels reached.
    mutating func gain(xp: Int, coins: Int, area areaID: Int64?) -> [Toast] {
        let reached = credit(xp: xp, coins: coins, area: areaID)
        return Self.levelUps(reached.profile) + (reached.area.map { Self.levelUps($0.reached, area: $0.name) } ?? [])
    }

    /// Adds XP and coins to the profile, and XP to an area; returns the levels each reached.
    @discardableResult
    mutating func credit(xp: Int, coins: Int, area areaID: Int64?) -> (profile: Range<Int>, area: (name: String, reached: Range<Int>)?) {
        profile.coins += coins
        let reached = profile.progress.gain(xp, on: settings.curve)
        guard let index = areas.firstIndex(where: { $0.id != nil && $0.id == areaID }) else { return (reached, nil) }
        return (reached, (areas[index].name, areas[index].progress.gain(xp, on: areas[index].curve)))
    }

    /// More levels than this reached at once (by the profile, or by one area) are celebrated in one toast.
    static let maxLevelToasts = 10

    /// The profile's level and each area's, in order: what ``levelUps(since:)`` compares with.
    var levels: (profile: Int, areas: [Int]) { (profile.progress.level, areas.map(\.progress.level)) }

    /// The toasts for the levels reached since `before`, the profile's first, then each area's.
    func levelUps(since before: (profile: Int, areas: [Int])) -> [Toast] {
        func reached(from old: Int, to new: Int) -> Range<Int> { (old + 1)..<(max(old, new) + 1) }
        var toasts = Self.levelUps(reached(from: before.profile, to: profile.progress.level))
        for (area, old) in zip(areas, before.areas) {
            toasts += Self.levelUps(reached(from: old, to: area.progress.level), area: area.name)
        }
        return toasts
    }

    /// A toast for each level of `reached`, the profile's or an area's; for more than ``maxLevelToasts``,
    /// one toast saying how many (`🎉 Level up ×25! You reached level 26`). Numbers are written as everywhere
    /// else (`status` says `Level 1000022`), without separators.
    static func levelUps(_ reached: Range<Int>, area: String? = nil) -> [Toast] {
        guard let level = reached.last else { return [] }
        guard reached.count <= maxLevelToasts else {
            let message = area.map { "\($0) level up ×\(reached.count)! \($0) reached level \(level)" }
                ?? "Level up ×\(reached.count)! You reached level \(level)"
            return [Toast(.celebration, message)]
        }
        return reached.map { level in
            Toast(.celebration, area.map { "\($0) reached level \(level)" } ?? "Level up! You reached level \(level)")
        }
    }

    /// Counts `times` more recordings of `habit` on `day` (`did pushups x3` is three, as history and the heatmap
    /// count them) and moves its streaks along.
    mutating func updateStats(of habit: Habit, on day: Day, times: Int = 1, history: Set<Day>?) {
        guard let index = habits.firstIndex(where: { $0.id == habit.id }) else { return }
        var stats = habits[index].stats
        stats.total += times
        if let last = stats.lastDay, day < last, let history {
            // Backdated before the latest day: count again from every day recorded.
            let days = history.union([day])
            switch habit.kind {
            case .good:
                let counted = Streaks.good(days: days)
                stats.streak = counted.streak
                stats.best = max(stats.best, counted.best)
            case .bad:
                stats.best = Streaks.bad(slips: days, created: habit.created).best
            }
            habits[index].stats = stats
            return
        }
        switch habit.kind {
        case .good:
            switch stats.lastDay.map({ day - $0 }) {
            case nil: stats.streak = 1
            case let gap? where gap == 1: stats.streak += 1
            case let gap? where gap > 1: stats.streak = 1
            default: break  // the same day again
            }
            stats.best = max(stats.best, stats.streak)
        case .bad:
            let cleanSince = stats.lastDay ?? habit.created
            if day >= cleanSince { stats.best = max(stats.best, day - cleanSince) }
        }
        if stats.lastDay.map({ day > $0 }) ?? true { stats.lastDay = day }
        habits[index].stats = stats
    }

    /// What a recording is of: one of the user's routines, or one of their habits.
    public enum Recorded {
        case routine(Routine)
        case habit(Habit)

        public var name: String {
            switch self {
            case .routine(let routine): routine.name
            case .habit(let habit): habit.name
            }
        }
    }

    /// What `recording` records: a routine (``routine(recording:loosely:)``), else a habit
    /// (``habit(recorded:)``); or why nothing can be.
    public func recorded(_ recording: Recording) throws -> Recorded {
        if let routine = try routine(recording: recording.habit, loosely: recording.loose != nil) { return .routine(routine) }
        return .habit(try habit(recorded: recording))
    }

    /// The routine a `did <name>` means: its exact name, or a prefix no habit also starts with. Case is folded
    /// in full (``Swift/String/caseFolded``: `did STRASSE` is the routine `Straße`), though a habit's name typed
    /// whole in plain lower or upper case comes first, as ``NameMatch`` has it.
    /// `loosely`, for a line in the user's own words (``Recording/loose``): its exact name only.
    public func routine(recording query: String, loosely: Bool = false) throws -> Routine? {
        guard !routines.isEmpty else { return nil }
        let wanted = query.lowercased()
        if let exact = routines.first(where: { $0.name.lowercased() == wanted }) { return exact }
        if activeHabits.contains(where: { $0.name.lowercased() == wanted }) { return nil }
        let folded = query.caseFolded
        if let exact = routines.first(where: { $0.name.caseFolded == folded }) { return exact }
        if loosely { return nil }
        let routineHits = routines.filter { $0.name.caseFolded.hasPrefix(folded) }
        let habitHits = activeHabits.filter { $0.name.caseFolded.hasPrefix(folded) }
        if routineHits.count == 1, habitHits.isEmpty { return routineHits[0] }
        if !routineHits.isEmpty, !habitHits.isEmpty, !activeHabits.contains(where: { $0.name.caseFolded == folded }) {
            let names = habitHits.map(\.name) + routineHits.map { "the \($0.name) routine" }
            throw HabitatError(.ambiguous, "'\(query)' could be \(Self.either(names)). Type more of the name.", symbol: .question)
        }
        return nil
    }

    /// The totals a recording of `habit` may change, for undo.
    func snapshot(habit: Habit? = nil) -> Snapshot {
        snapshot(habits: habit.map { [$0] } ?? [])
    }

    /// The totals recording these habits may change: the profile, their stats, their areas.
    func snapshot(habits recorded: [Habit]) -> Snapshot {
        var parts = Snapshot(profile: profile)
        for habit in recorded {
            guard let id = habit.id else { continue }
            parts.habits.append(.init(id: id, stats: habit.stats))
            if let area = area(id: habit.areaID), let areaID = area.id, !parts.areas.contains(where: { $0.id == areaID }) {
                parts.areas.append(.init(id: areaID, progress: area.progress))
            }
        }
        return parts
    }

    /// The day a recording counts for: today, or a day gone by (up to ``maxBackdateDays``). Neither the day
    /// nor a typed time may be in the future.
    public func day(for recording: Recording, at now: Date) throws -> Day {
        let today = settings.day(of: now)
        var tooFar: HabitatError { HabitatError(.invalidArgument, "You can record up to \(maxBackdateDays) days back.") }
        var future: HabitatError { HabitatError(.invalidArgument, "That day hasn't happened yet.") }
        let day: Day
        switch recording.when {
        case .today:
            day = today
        case .daysAgo(let n):
            guard n >= 0 else { throw future }
            guard n <= maxBackdateDays else { throw tooFar }
            day = today - n
        case .weekday(let weekday, let aWeekBack):
            let back = (today.weekday - weekday + 7) % 7
            // `on friday` on a Friday may be today or a week ago: asked.
            guard back > 0 || aWeekBack else {
                let name = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][weekday]
                throw HabitatError(
                    .invalidArgument, "Today is \(name): say 'today', or 'last \(name.lowercased())' for a week ago.", symbol: .question)
            }
            day = today - (back == 0 ? 7 : back)
        case .on(let date):
            guard date <= today else {
                // Before the day start, today's date on the calendar is still the day before's.
                if date == today + 1, settings.calendarDay(of: now) == date {
                    throw HabitatError(
                        .invalidArgument,
                        "Your day starts at \(settings.dayStartHour):00, so until then it still counts as \(today). Record it for \(date) after \(settings.dayStartHour):00.")
                }
                throw future
            }
            guard date >= today - maxBackdateDays else { throw tooFar }
            day = date
        }
        if day == today, let typed = recording.timeOfDay {
            let minute = settings.minuteOfDay(now)
            if settings.minutesIntoDay(typed) > settings.minutesIntoDay(minute) {
                let said = Self.clock(typed)
                throw HabitatError(
                    .invalidArgument,
                    "\(said) hasn't come yet today (it's \(Self.clock(minute)) now). For yesterday, say 'did \(recording.habit.lowercased()) yesterday at \(said)'.")
            }
        }
        return day
    }

    /// `6:45`, `23:30`: minutes after midnight as the 24-hour clock writes them.
    public static func clock(_ minutes: Int) -> String {
        "\(minutes / 60):\(minutes % 60 < 10 ? "0" : "")\(minutes % 60)"
    }

    func gameOverRefusal(doing what: String) -> HabitatError {
        HabitatError(.gameOver, "Game over — you can't \(what) now. \(wayBack)")
    }

    /// The way back to the game, for a refusal while it is over: start the challenge, or keep running it.
    var wayBack: String {
        profile.state == .recovery
            ? "Keep running: 'ran 2 km'."
            : "Run \(Self.km(settings.runningTargetKm)) to recover: type 'start challenge'."
    }

    /// `5 coins`, `1 coin`; `signed`, with the sign always written: `+5 coins`, `-1 coin`.
    public static func coins(_ count: Int, signed: Bool = false) -> String {
        (signed && count >= 0 ? "+\(count)" : "\(count)") + " " + coinWord(count)
    }

    /// `coin` for one (or minus one), `coins` otherwise.
    public static func coinWord(_ count: Int) -> String {
        abs(count) == 1 ? "coin" : "coins"
    }

    /// What a bad habit costs: `-10 life`, or `0 life` for one that costs nothing (never `-0`).
    public static func lifeCost(_ life: Int) -> String {
        life == 0 ? "0 life" : "-\(life) life"
    }

    /// `5 km`, `2.5 km`, `3.25 km`: to the hundredth, without trailing zeros.
    public static func km(_ value: Double) -> String { "\(decimal(value)) km" }

    /// `5`, `2.5`, `3.25`: a number to the hundredth, without trailing zeros.
    public static func decimal(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let (whole, part) = hundredths.quotientAndRemainder(dividingBy: 100)
        if part == 0 { return "\(whole)" }
        return part % 10 == 0 ? "\(whole).\(part / 10)" : "\(whole).\(part < 10 ? "0" : "")\(part)"
    }
}
