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
        Self.byDue(todos.filter(\.isOpen))
    }

    /// To-dos in the order they are shown: by due day (overdue ones first, those without one last), then oldest first.
    public static func byDue(_ todos: [Todo]) -> [Todo] {
        todos.sorted { a, b in
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
            guard case .record(let recording) = action, error.code != .ambiguous, todos.contains(where: \.isOpen),
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
        recording.doneOnce(among: todos.filter(\.isOpen), name: \.name)
    }

    mutating func addTodo(name rawName: String, due words: DayWords?, checklist: [String] = [], at now: Date) throws -> Outcome {
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
        let items = try checklist.map { ChecklistItem(try Self.validName($0, of: "checklist item")) }
        try Self.requireRoom(for: items.count)
        let today = settings.day(of: now)
        let due = words?.day(from: today)
        if let due, due < today { throw HabitatError(.invalidArgument, "That day has gone by; say a day from today on.") }
        todos.append(Todo(name: name, created: today, due: due, checklist: items))
        let steps = items.isEmpty ? "" : ", \(items.count) step\(items.count == 1 ? "" : "s"): tick each with 'check \(items[0].name.lowercased())'"
        return Outcome(toasts: [
            Toast(
                .success,
                "Added to-do \(name)\(due.map { " (due \(Self.dueWords($0, today: today)))" } ?? "")\(steps). Tick it off with 'done \(name.lowercased())'.")
        ])
    }

    /// The most items one checklist may hold.
    public static let maxChecklistItems = 50

    static func requireRoom(for items: Int) throws {
        guard items <= maxChecklistItems else {
            throw HabitatError(.limitReached, "A checklist holds at most \(maxChecklistItems) items.")
        }
    }

    /// `checklist move house add clean the oven`: one more item on an open to-do's checklist, or on a habit's
    /// (`checklist morning routine add stretch`) when no open to-do goes by that name.
    mutating func addChecklistItem(to query: String, item raw: String) throws -> Outcome {
        let item = try Self.validName(raw, of: "checklist item")
        let todo: Todo
        do {
            todo = try self.todo(named: query)
        } catch let error as HabitatError where error.code == .unknownTodo {
            guard let habit = try? habit(named: query) else {
                throw HabitatError(.unknownTodo, "No open to-do or habit '\(query)'. Type 'todos' or 'habits' to see yours.", symbol: .question)
            }
            return try addStep(item, to: habit)
        }
        guard let index = todos.firstIndex(where: { $0.id == todo.id && $0.isOpen }) else { throw HabitatError(.unknownTodo, "No open to-do '\(query)'.") }
        try Self.requireRoom(for: todo.checklist.count + 1)
        if let same = todo.checklist.first(where: { $0.name.isSameName(as: item) }) {
            throw HabitatError(.nameTaken, "\(todo.name) already has \(same.name) on its checklist.")
        }
        todos[index].checklist.append(ChecklistItem(item))
        return Outcome(toasts: [Toast(.success, "Added \(item) to \(todo.name) (\(todos[index].progress ?? "")).")])
    }

    /// A step on a good habit's checklist: ticking the last records the habit.
    mutating func addStep(_ step: String, to habit: Habit) throws -> Outcome {
        guard let index = habits.firstIndex(where: { $0.id == habit.id }) else { throw HabitatError(.unknownHabit, "No habit '\(habit.name)'.") }
        guard habit.kind == .good, habit.amount == nil else {
            throw HabitatError(
                .invalidArgument,
                habit.kind == .bad ? "A bad habit has no steps to tick." : "\(habit.name) is counted in \(habit.amount?.unit ?? "an amount"), so it has no steps to tick.")
        }
        try Self.requireRoom(for: habit.checklist.count + 1)
        if let same = habit.checklist.first(where: { $0.name.isSameName(as: step) }) {
            throw HabitatError(.nameTaken, "\(habit.name) already has \(same.name) on its checklist.")
        }
        habits[index].checklist.append(ChecklistItem(step))
        return Outcome(toasts: [
            Toast(.success, "Added \(step) to \(habit.name)'s steps (\(habits[index].checklist.count)). Ticking the last records \(habit.name).")
        ])
    }

    /// An unticked item that `check` may mean: of an open to-do's checklist, or a step of a habit not yet ticked today.
    enum Tickable {
        case todo(Int, item: Int)
        case habit(Int, step: Int)
    }

    /// `check pack books`, `check stretch`: an item of an open to-do's checklist ticked, for its share of the
    /// to-do's worth, the last one finishing the to-do for the rest; or a step of a habit's, the last one recording it.
    mutating func checkItem(_ query: String, at now: Date) throws -> Outcome {
        let today = settings.day(of: now)
        let unticked: [Tickable] =
            todos.indices.filter { todos[$0].isOpen }.flatMap { todo in
                todos[todo].checklist.indices.filter { !todos[todo].checklist[$0].done }.map { Tickable.todo(todo, item: $0) }
            }
            + habits.indices.filter { !habits[$0].archived }.flatMap { habit in
                let steps = habits[habit].checklist(on: today)
                return steps.indices.filter { !steps[$0].done }.map { Tickable.habit(habit, step: $0) }
            }
        func name(_ tickable: Tickable) -> String {
            switch tickable {
            case .todo(let todo, let item): todos[todo].checklist[item].name
            case .habit(let habit, let step): habits[habit].checklist[step].name
            }
        }
        func owner(_ tickable: Tickable) -> String {
            switch tickable {
            case .todo(let todo, _): todos[todo].name
            case .habit(let habit, _): habits[habit].name
            }
        }
        switch NameMatch.resolve(query, among: unticked, name: name) {
        case .found(.todo(let index, let item)): return try tick(item, of: index, at: now)
        case .found(.habit(let index, let step)): return try tick(step: step, of: index, at: now)
        case .ambiguous(let hits):
            throw HabitatError(
                .ambiguous, "'\(query)' could be \(Self.either(hits.map { "\(name($0)) (\(owner($0)))" })). Type more of the name.", symbol: .question)
        case .none:
            throw HabitatError(.unknownTodo, "No unticked checklist item '\(query)'. Type 'todos' to see them.", symbol: .question)
        }
    }

    /// Ticks item `item` of the to-do at `index`.
    private mutating func tick(_ item: Int, of index: Int, at now: Date) throws -> Outcome {
        let todo = todos[index]
        guard let id = todo.id else { throw HabitatError(.unknownTodo, "No open to-do '\(todo.name)'.") }
        let today = settings.day(of: now)
        let share = todo.itemShare(on: today)
        let before = Snapshot(profile: profile)
        todos[index].checklist[item].done = true
        let name = todo.checklist[item].name
        guard todos[index].checklist.allSatisfy(\.done) else {
            let entry = LedgerEntry(
                at: now, day: today, kind: .check, subject: todo.name, xp: share.xp, coins: share.coins, note: name, before: before, todoID: id)
            let toasts = [Toast(.success, "Checked \(name) (\(todos[index].progress ?? "") of \(todo.name)). +\(share.xp) XP, \(Self.coins(share.coins, signed: true))")]
            return Outcome(toasts: toasts + gain(xp: share.xp, coins: share.coins, area: nil), entry: entry)
        }
        // The last item: the to-do is done, for its item's share and the rest.
        let rest = todos[index].rest(on: today)
        let (xp, coins) = (rest.xp + share.xp, rest.coins + share.coins)
        todos[index].done = now
        todos[index].doneDay = today
        let entry = LedgerEntry(at: now, day: today, kind: .todo, subject: todo.name, xp: xp, coins: coins, note: name, before: before, todoID: id)
        let toasts = [Toast(.success, "Checked \(name): \(todo.name) done! +\(xp) XP, \(Self.coins(coins, signed: true))")]
        return Outcome(toasts: toasts + gain(xp: xp, coins: coins, area: nil), entry: entry)
    }

    /// Ticks step `step` of the habit at `index` for today; the last one records the habit (its note the step).
    private mutating func tick(step: Int, of index: Int, at now: Date) throws -> Outcome {
        let today = settings.day(of: now)
        let habit = habits[index]
        var steps = habit.checklist(on: today)
        steps[step].done = true
        let name = steps[step].name
        guard steps.allSatisfy(\.done) else {
            let entry = LedgerEntry(at: now, day: today, kind: .check, habitID: habit.id, subject: habit.name, note: name, before: Snapshot(profile: profile))
            habits[index].checklist = steps
            habits[index].checklistDay = today
            let done = steps.filter(\.done).count
            return Outcome(toasts: [Toast(.success, "Checked \(name) (\(done)/\(steps.count) of \(habit.name)).")], entry: entry)
        }
        var outcome = try record(Recording(habit: habit.name, note: name), at: now)
        habits[index].checklist = steps
        habits[index].checklistDay = today
        if let first = outcome.toasts.first {
            outcome.toasts[0] = Toast(first.symbol, "Checked \(name): " + first.message, details: first.details)
        }
        return outcome
    }

    /// Finishes an open to-do: its worth as of today in XP and coins, taken back exactly by `undo`.
    mutating func completeTodo(_ query: String, at now: Date) throws -> Outcome {
        let todo = try self.todo(named: query)
        guard let index = todos.firstIndex(where: { $0.id == todo.id && $0.isOpen }), let id = todo.id else {
            throw HabitatError(.unknownTodo, "No open to-do '\(query)'.")
        }
        let today = settings.day(of: now)
        let (xp, coins) = todo.rest(on: today)
        var entry = LedgerEntry(
            at: now, day: today, kind: .todo, subject: todo.name, xp: xp, coins: coins, before: Snapshot(profile: profile), todoID: id)
        entry.quantity = 1
        todos[index].done = now
        todos[index].doneDay = today
        let waited = today - todo.created
        let grown = todo.value(on: today).xp > Todo.baseXP ? " (it waited \(waited / 7) week\(waited / 7 == 1 ? "" : "s"))" : ""
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

    /// Undoing a to-do's completion opens it again; undoing an item's tick (or the tick that finished it) unticks it;
    /// so does undoing a habit's step, or the recording its last step made.
    mutating func reopenTodo(of entry: LedgerEntry) {
        if let habitID = entry.habitID, let step = entry.note, let index = habits.firstIndex(where: { $0.id == habitID }),
            habits[index].checklistDay == entry.day, let ticked = habits[index].checklist.lastIndex(where: { $0.done && $0.name == step })
        {
            habits[index].checklist[ticked].done = false
            return
        }
        guard entry.kind == .todo || entry.kind == .check, let id = entry.todoID, let index = todos.firstIndex(where: { $0.id == id }) else { return }
        todos[index].done = nil
        todos[index].doneDay = nil
        if let item = entry.note, let ticked = todos[index].checklist.lastIndex(where: { $0.done && $0.name == item }) {
            todos[index].checklist[ticked].done = false
        }
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

extension Recording {
    /// The one thing done once among `items` (an open to-do, an item of a room's list) this recording names, if it
    /// names one and says nothing a habit alone would have (an amount, another day, a time, a note): by its whole name
    /// or its start, or in the user's own words by its words' forms.
    public func doneOnce<Item>(among items: [Item], name: KeyPath<Item, String>) -> Item? {
        guard times == 1, when == .today, !slipped, note == nil, timeOfDay == nil else { return nil }
        if let whole = loose?.asTyped, let item = items.first(where: { $0[keyPath: name].isSameName(as: whole) }) { return item }
        guard case .found(let item) = NameMatch.resolve(habit, among: items, loosely: loose != nil, name: { $0[keyPath: name] }) else { return nil }
        return item
    }
}
