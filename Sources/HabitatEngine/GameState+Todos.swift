import Foundation

extension ErrorCode {
    /// No open to-do of that name.
    public static let unknownTodo = ErrorCode(rawValue: "unknown_todo")
}

extension CatalogLimit {
    /// Open to-dos: `todos` shows them all.
    public static let openTodos = 1_000
}

/// Changes to a to-do (`edit todo dentist by monday`); `nil` leaves a field as it is.
public struct TodoEdit: Sendable, Equatable {
    public var name: String?
    /// A new due day, or `.some(nil)` for none.
    public var due: DayWords??

    public init(name: String? = nil, due: DayWords?? = nil) {
        self.name = name
        self.due = due
    }
}

extension GameState {
    /// The open to-dos, overdue first, then by due day (those without one last), then oldest first.
    public func openTodos(on today: Day) -> [Todo] {
        todos.filter(\.isOpen).sorted { a, b in
            switch (a.due, b.due) {
            case let (x?, y?) where x != y: return x < y
            case (_?, nil): return true
            case (nil, _?): return false
            default: return (a.created, a.id ?? .max) < (b.created, b.id ?? .max)
            }
        }
    }

    /// The to-dos done lately, the latest first.
    public var doneTodos: [Todo] {
        todos.filter { !$0.isOpen }.sorted { ($0.done ?? .distantPast, $0.id ?? 0) > ($1.done ?? .distantPast, $1.id ?? 0) }
    }

    /// An open to-do by its name, as habits are found (the whole name, its start, its words).
    public func todo(named query: String) throws -> Todo {
        let open = todos.filter(\.isOpen)
        switch NameMatch.resolve(query, among: open, name: \.name) {
        case .found(let todo):
            return todo
        case .ambiguous(let hits):
            throw HabitatError(.ambiguous, "'\(query)' could be \(Self.either(hits.map(\.name))). Type more of the name.", symbol: .question)
        case .none(let suggestion):
            if let suggestion {
                throw HabitatError(.unknownTodo, "No open to-do '\(query)'. Did you mean '\(suggestion.name)'?", symbol: .question)
            }
            throw HabitatError(.unknownTodo, "No open to-do '\(query)'. Type 'todos' to see yours.", symbol: .question)
        }
    }

    /// Runs `body`, an action's application. `did call the dentist`, `done dentist`: a recording that no habit or
    /// routine goes by finishes instead the open to-do it names, when it names one and only one (in the user's own
    /// words, by its whole name or its words' forms), and says no amount, other day, time or note.
    mutating func recordingOrTodo(_ action: Action, at now: Date, _ body: (inout GameState) throws -> Outcome) throws -> Outcome {
        do {
            return try body(&self)
        } catch let error as HabitatError {
            guard case .record(let recording) = action, error.code != .ambiguous, recording.times == 1, recording.when == .today,
                !recording.slipped, recording.note == nil, recording.timeOfDay == nil, todos.contains(where: \.isOpen),
                (try? recorded(recording)) == nil, let todo = todoDone(by: recording)
            else { throw error }
            var next = self
            let outcome = try next.completeTodo(todo.name, at: now)
            self = next
            return outcome
        }
    }

    /// The one open to-do a recording names, if it names one.
    func todoDone(by recording: Recording) -> Todo? {
        let open = todos.filter(\.isOpen)
        if let whole = recording.loose?.asTyped, let todo = open.first(where: { $0.name.isSameName(as: whole) }) { return todo }
        guard case .found(let todo) = NameMatch.resolve(recording.habit, among: open, loosely: recording.loose != nil, name: \.name) else {
            return nil
        }
        return todo
    }

    mutating func addTodo(name rawName: String, due words: DayWords?, at now: Date) throws -> Outcome {
        let name = try Self.validName(rawName, of: "to-do")
        let open = todos.filter(\.isOpen)
        guard open.count < CatalogLimit.openTodos else {
            throw HabitatError(
                .limitReached,
                Self.reached(open.count, CatalogLimit.openTodos, "open to-dos") + " Tick some off, or 'delete todo <name>' those you won't do.")
        }
        if let same = open.first(where: { $0.name.isSameName(as: name) }) {
            throw HabitatError(.nameTaken, "You already have a to-do \(same.name).")
        }
        let today = settings.day(of: now)
        let due = words?.day(from: today)
        if let due, due < today { throw HabitatError(.invalidArgument, "That day has gone by; say a day from today on.") }
        todos.append(Todo(name: name, created: today, due: due))
        return Outcome(toasts: [
            Toast(.success, "Added to-do \(name)\(due.map { " (due \(Self.dueWords($0, today: today)))" } ?? ""). Tick it off with 'done \(name.lowercased())'.")
        ])
    }

    /// Finishes an open to-do: its worth as of today in XP and coins, taken back exactly by `undo`.
    mutating func completeTodo(_ query: String, at now: Date) throws -> Outcome {
        let todo = try self.todo(named: query)
        guard let index = todos.firstIndex(where: { $0.id == todo.id && $0.isOpen }), let id = todo.id else {
            throw HabitatError(.unknownTodo, "No open to-do '\(query)'.")
        }
        let today = settings.day(of: now)
        let (xp, coins) = todo.value(on: today)
        var entry = LedgerEntry(
            at: now, day: today, kind: .todo, subject: todo.name, xp: xp, coins: coins, before: Snapshot(profile: profile), todoID: id)
        entry.quantity = 1
        todos[index].done = now
        todos[index].doneDay = today
        let waited = today - todo.created
        let grown = xp > Todo.baseXP ? " (it waited \(waited / 7) week\(waited / 7 == 1 ? "" : "s"))" : ""
        var toasts = [Toast(.success, "\(todo.name) done! +\(xp) XP, \(Self.coins(coins, signed: true))\(grown)")]
        toasts += gain(xp: xp, coins: coins, area: nil)
        return Outcome(toasts: toasts, entry: entry)
    }

    mutating func editTodo(_ query: String, _ edit: TodoEdit, at now: Date) throws -> Outcome {
        let todo = try self.todo(named: query)
        guard let index = todos.firstIndex(where: { $0.id == todo.id && $0.isOpen }) else {
            throw HabitatError(.unknownTodo, "No open to-do '\(query)'.")
        }
        let today = settings.day(of: now)
        var changes: [String] = []
        if let raw = edit.name {
            let name = try Self.validName(raw, of: "to-do")
            if todos.contains(where: { $0.isOpen && $0.id != todo.id && $0.name.isSameName(as: name) }) {
                throw HabitatError(.nameTaken, "You already have a to-do \(name).")
            }
            todos[index].name = name
            changes.append("renamed \(name)")
        }
        if let due = edit.due {
            let day = due?.day(from: today)
            if let day, day < today { throw HabitatError(.invalidArgument, "That day has gone by; say a day from today on.") }
            todos[index].due = day
            changes.append(day.map { "due \(Self.dueWords($0, today: today))" } ?? "no due day")
        }
        guard !changes.isEmpty else {
            throw HabitatError(.invalidArgument, "What should change? Say 'edit todo \(todo.name.lowercased()) by friday' or '… rename <new name>'.")
        }
        return Outcome(toasts: [Toast(.success, "To-do \(todo.name): \(changes.joined(separator: ", ")).")])
    }

    mutating func deleteTodo(_ query: String) throws -> Outcome {
        let todo = try self.todo(named: query)
        todos.removeAll { $0.id == todo.id }
        return Outcome(toasts: [Toast(.success, "Deleted to-do \(todo.name).")])
    }

    /// Undoing a to-do's completion opens it again.
    mutating func reopenTodo(of entry: LedgerEntry) {
        guard entry.kind == .todo, let id = entry.todoID, let index = todos.firstIndex(where: { $0.id == id }) else { return }
        todos[index].done = nil
        todos[index].doneDay = nil
    }

    /// `today`, `tomorrow`, `Fri 4 Dec`: a due day as replies say it.
    public static func dueWords(_ day: Day, today: Day) -> String {
        switch day - today {
        case 0: "today"
        case 1: "tomorrow"
        case -1: "yesterday"
        default: day.label
        }
    }
}
