import Foundation

/// A named list of good habits recorded together (`add routine Morning: wake up, exercise, meditate`).
public struct Routine: Sendable, Equatable, Codable, Identifiable {
    public var id: Int64?
    public var name: String
    public var habitIDs: [Int64]

    public init(id: Int64? = nil, name: String, habitIDs: [Int64]) {
        self.id = id
        self.name = name
        self.habitIDs = habitIDs
    }
}

/// A built-in starter pack: an area and a few habits, added in one step.
public struct Template: Sendable, Equatable {
    public var name: String
    public var summary: String
    public var area: String
    public var habits: [HabitDraft]

    public static let all: [Template] = [
        Template(
            name: "fitness", summary: "move every day", area: "Fitness",
            habits: [
                HabitDraft(name: "Exercise", xp: 15), HabitDraft(name: "Stretch"), HabitDraft(name: "Walk 10k steps"),
                HabitDraft(name: "Drink water", xp: 5, coins: 2),
            ]),
        Template(
            name: "mind", summary: "a calmer head", area: "Mind",
            habits: [HabitDraft(name: "Meditate"), HabitDraft(name: "Read 20 pages"), HabitDraft(name: "Journal")]),
        Template(
            name: "home", summary: "chores that keep a home", area: "Home",
            habits: [HabitDraft(name: "Dishes"), HabitDraft(name: "Laundry"), HabitDraft(name: "Tidy up")]),
        Template(
            name: "sleep", summary: "rested mornings", area: "Sleep",
            habits: [
                HabitDraft(name: "Wake up", tracksTime: true), HabitDraft(name: "Lights out by 11"),
                HabitDraft(name: "Late-night screens", kind: .bad),
            ]),
        Template(
            name: "nutrition", summary: "eat well", area: "Nutrition",
            habits: [
                HabitDraft(name: "Breakfast", tracksTime: true), HabitDraft(name: "Eat vegetables"),
                HabitDraft(name: "Sugary drinks", kind: .bad),
            ]),
    ]
}

extension GameState {
    mutating func addRoutine(name rawName: String, habits queries: [String]) throws -> Outcome {
        try requireSpace(for: .routines)
        let name = try Self.validName(rawName, of: "routine")
        let taken = habits.map(\.name) + routines.map(\.name)
        if taken.contains(where: { $0.isSameName(as: name) }) {
            throw HabitatError(.nameTaken, "You already have a habit or routine called \(name).")
        }
        guard !queries.isEmpty else {
            throw HabitatError(.invalidArgument, "A routine needs habits. Usage: add routine Morning: wake up, exercise, meditate")
        }
        var members: [Habit] = []
        for query in queries {
            let habit = try habit(named: query)
            if !members.contains(where: { $0.id == habit.id }) { members.append(habit) }
        }
        try Self.checkRoutine(of: members)
        routines.append(Routine(name: name, habitIDs: members.compactMap(\.id)))
        return Outcome(toasts: [
            Toast(.success, "Added routine \(name): \(members.map(\.name).joined(separator: ", ")). Record it with 'did \(name.lowercased())'.")
        ])
    }

    /// What a routine's habits are: good ones, counted in times, not too many.
    static func checkRoutine(of members: [Habit]) throws {
        for habit in members {
            guard habit.kind == .good else {
                throw HabitatError(.invalidArgument, "Routines are made of good habits; \(habit.name) is a bad one.")
            }
            guard habit.amount == nil else {
                throw HabitatError(
                    .invalidArgument, "\(habit.name) is counted in an amount, so a routine can't record it once for you: record it on its own.")
            }
        }
        guard members.count <= CatalogLimit.habitsPerRoutine else {
            throw HabitatError(
                .limitReached,
                "A routine can hold at most \(CatalogLimit.habitsPerRoutine) habits, and this one names \(members.count). "
                    + "Split it into two routines.")
        }
    }

    mutating func deleteRoutine(_ query: String) throws -> Outcome {
        let routine = try self.routine(named: query)
        routines.removeAll { $0.id == routine.id }
        return Outcome(toasts: [Toast(.success, "Deleted routine \(routine.name). Its habits stay.")])
    }

    public func routine(named query: String) throws -> Routine {
        switch NameMatch.resolve(query, among: routines, name: \.name) {
        case .found(let routine): return routine
        case .ambiguous(let hits):
            throw HabitatError(.ambiguous, "'\(query)' could be \(Self.either(hits.map(\.name))). Type more of the name.", symbol: .question)
        case .none:
            throw HabitatError(.notFound, "No routine '\(query)'. Type 'routines' to see yours.", symbol: .question)
        }
    }

    /// The habits of a routine that can be recorded now (archived or deleted ones are skipped).
    public func members(of routine: Routine) -> [Habit] {
        // Looked up once, not once per habit of the routine: `routines` does this for every routine.
        let active = Dictionary(activeHabits.compactMap { habit in habit.id.map { ($0, habit) } }, uniquingKeysWith: { first, _ in first })
        return routine.habitIDs.compactMap { active[$0] }
    }

    mutating func recordRoutine(_ routine: Routine, _ recording: Recording, at now: Date) throws -> Outcome {
        if recording.slipped { try Self.refuseSlip(of: routine.name, kind: .good, what: "a routine of good habits") }
        guard recording.times == 1 else { throw HabitatError(.invalidArgument, "A routine is recorded once at a time.") }
        let members = members(of: routine)
        guard !members.isEmpty else {
            throw HabitatError(
                .invalidArgument,
                "\(routine.name) has no active habits left: they're archived or deleted. Bring one back with 'unarchive <habit>', "
                    + "or 'delete routine \(routine.name.lowercased())' and add it again.")
        }
        if let counted = members.first(where: { $0.amount != nil }) {
            throw HabitatError(
                .invalidArgument,
                "\(counted.name) is counted in an amount, so a routine can't record it once for you: record it on its own ('did \(counted.name.lowercased()) 1'), and take it out of \(routine.name) with 'delete routine \(routine.name.lowercased())' and adding it again.")
        }
        let day = try self.day(for: recording, at: now)
        if recording.when == .today, recording.historyByHabit == nil, members.contains(where: { $0.stats.lastDay.map { day < $0 } ?? false }) {
            throw HistoryNeeded()
        }
        let before = snapshot(habits: members)
        var totalXP = 0
        var totalCoins = 0
        let levelsBefore = levels
        var batch: [LedgerEntry] = []
        for habit in members {
            credit(xp: habit.xp, coins: habit.coins, area: habit.areaID)
            updateStats(of: habit, on: day, history: habit.id.flatMap { recording.historyByHabit?[$0] })
            totalXP += habit.xp
            totalCoins += habit.coins
            batch.append(
                LedgerEntry(
                    at: now, day: day, kind: .completion, habitID: habit.id, subject: habit.name, xp: habit.xp, coins: habit.coins,
                    note: recording.note, timeOfDay: timeOfDay(of: habit, recording, on: day, at: now)))
        }
        let entry = LedgerEntry(
            at: now, day: day, kind: .routine, subject: routine.name, quantity: Quantity(members.count), xp: totalXP, coins: totalCoins,
            note: recording.note, before: before)
        let toast = Toast(.success, "\(routine.name) routine done! \(members.count) habit\(members.count == 1 ? "" : "s"), +\(totalXP) XP, \(Self.coins(totalCoins, signed: true))")
        return Outcome(toasts: [toast] + levelUps(since: levelsBefore), entry: entry, batch: batch)
    }

    mutating func useTemplate(_ query: String, at now: Date) throws -> Outcome {
        guard let template = Template.all.first(where: { $0.name == query.lowercased() })
            ?? NameMatch.resolve(query, among: Template.all, name: \.name).found
        else {
            throw HabitatError(.notFound, "No template '\(query)'. Type 'templates' to see them.", symbol: .question)
        }
        // A name a routine has is taken too: `did <name>` records the routine.
        let taken = Set((habits.map(\.name) + routines.map(\.name)).map(\.caseFolded))
        let fresh = template.habits.filter { !taken.contains($0.name.caseFolded) }
        guard !fresh.isEmpty else {
            throw HabitatError(.nameTaken, "You already have every habit of the \(template.name) template.")
        }
        let existing = areas.first(where: { $0.name.isSameName(as: template.area) })?.id
        try requireSpace(for: template, adding: fresh.count, newArea: existing == nil)
        var next = self
        let areaID: Int64
        if let existing {
            areaID = existing
        } else {
            areaID = next.newAreaID
            next.areas.append(Area(id: areaID, name: template.area))
        }
        for draft in fresh {
            next.habits.append(
                Habit(
                    name: draft.name, kind: draft.kind, xp: draft.kind == .good ? draft.xp ?? Habit.defaultXP : 0,
                    coins: draft.kind == .good ? draft.coins ?? Habit.defaultCoins : 0,
                    life: draft.kind == .bad ? draft.life ?? Habit.defaultLife : 0, areaID: areaID, tracksTime: draft.tracksTime,
                    created: settings.day(of: now)))
        }
        self = next
        return Outcome(toasts: [
            Toast(.success, "Added the \(template.name) template: \(fresh.map(\.name).joined(separator: ", ")) (in \(template.area)).")
        ])
    }
}

extension NameMatch {
    /// The element when the match was unique.
    public var found: Element? {
        if case .found(let element) = self { return element }
        return nil
    }
}
