import Foundation
import HabitatEngine
import HabitatHousehold

/// Everything a user has, for `habitat export`: the whole game as JSON, or the ledger as CSV (a row per
/// entry, for a spreadsheet).
///
/// The JSON format is versioned (`"format": "habitat-export", "version": 1`); days are `YYYY-MM-DD`,
/// instants ISO 8601 in UTC with milliseconds. The undo snapshots kept with each ledger row are left out:
/// they are bookkeeping, and the totals at any point follow from the rows.
public struct UserExport: Sendable {
    public var user: String
    public var state: GameState
    public var ledger: [LedgerEntry]
    public var exportedAt: Date
    /// The household rooms the user is in.
    public var rooms: [RoomMembership]
    /// The room each shared completion in the ledger was made in, by the entry's room token.
    public var roomOfEntry: [String: String]
    /// Timers running for the user.
    public var timers: [HabitTimer] = []
    /// The user's reminders.
    public var reminders: [Reminder] = []
    /// Every to-do, open and done (the game in memory keeps only the latest done).
    public var todos: [Todo] = []
    /// Each habit's days as its history holds them (how much was recorded each day, and the day's notes), by id.
    public var days: [Int64: [Day: Quantity]] = [:]
    public var notes: [Int64: [Day: String]] = [:]

    /// A room the user belongs to.
    public struct RoomMembership: Sendable, Equatable {
        public var name: String
        public var isOwner: Bool

        public init(name: String, isOwner: Bool) {
            self.name = name
            self.isOwner = isOwner
        }
    }

    public init(
        user: String, state: GameState, ledger: [LedgerEntry], exportedAt: Date, rooms: [RoomMembership] = [],
        roomOfEntry: [String: String] = [:]
    ) {
        self.user = user
        self.state = state
        self.ledger = ledger
        self.exportedAt = exportedAt
        self.rooms = rooms
        self.roomOfEntry = roomOfEntry
    }

    /// Reads the user's game and whole ledger from their file.
    public static func load(user: String, from database: any UserGame, at now: Date) async throws -> UserExport {
        let state = try await database.state()
        let (ledger, todos, days, notes) = try await database.read { (try $0.all(), try $0.todos(), try $0.habitDays(), try $0.habitNotes()) }
        var export = UserExport(user: user, state: state, ledger: ledger, exportedAt: now)
        (export.todos, export.days, export.notes) = (todos, days, notes)
        return export
    }

    /// Adds the rooms `accountID` is in, the room of each shared completion and the running timers, from
    /// the directory.
    public mutating func addFromDirectory(accountID: Int64, _ directory: any StorageContract) async throws {
        timers = try await directory.timers(of: accountID)
        reminders = try await directory.reminders(of: accountID).map(\.reminder)
        var rooms: [RoomMembership] = []
        for room in try await directory.rooms(of: accountID) {
            let member = try await directory.membership(of: accountID, in: room.id)
            rooms.append(RoomMembership(name: chatName(room.name), isOwner: member?.isOwner ?? false))
        }
        self.rooms = rooms
        var names: [Int64: String] = [:]
        for token in Set(ledger.compactMap(\.roomToken)) {
            guard let line = try await directory.roomLogLine(ref: token) else { continue }
            if names[line.roomID] == nil { names[line.roomID] = try await directory.room(id: line.roomID).map { chatName($0.name) } }
            roomOfEntry[token] = names[line.roomID]
        }
    }

    // MARK: - JSON

    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(Document(self))
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// The JSON document: plain values only, so the format does not follow the engine's internals. Read back by
    /// ``read(_:)`` (`habitat import`), whose fields it names once.
    struct Document: Codable {
        var format = "habitat-export"
        var version = 1
        var user: String
        var exported_at: String
        var profile: ProfileRecord
        var settings: SettingsRecord
        var areas: [AreaRecord]
        var habits: [HabitRecord]
        var rewards: [RewardRecord]
        var routines: [RoutineRecord]
        var pauses: [PauseRecord]
        var rooms: [RoomRecord]
        var timers: [TimerRecord]
        var reminders: [ReminderRecord]
        var todos: [TodoRecord]
        var ledger: [EntryRecord]

        init(_ export: UserExport) {
            let state = export.state
            let names = Dictionary(state.habits.compactMap { habit in habit.id.map { ($0, habit.name) } }, uniquingKeysWith: { a, _ in a })
            user = export.user
            exported_at = UserExport.instant(export.exportedAt)
            profile = ProfileRecord(state)
            settings = SettingsRecord(state.settings)
            areas = state.areas.map(AreaRecord.init)
            habits = state.habits.map { habit in
                var record = HabitRecord(habit, area: state.area(id: habit.areaID)?.name)
                record.days = habit.id.map { id in
                    (export.days[id] ?? [:]).sorted { $0.key < $1.key }.map { DayRecord(day: $0.key.description, quantity: $0.value, note: export.notes[id]?[$0.key]) }
                } ?? []
                return record
            }
            rewards = state.rewards.map { RewardRecord(id: $0.id, name: $0.name, price: $0.price) }
            routines = state.routines.map { RoutineRecord(id: $0.id, name: $0.name, habits: $0.habitIDs.compactMap { names[$0] }) }
            pauses = state.pauses.map { PauseRecord(habit: $0.habitID.flatMap { names[$0] }, first: $0.first.description, last: $0.last.description) }
            rooms = export.rooms.map { RoomRecord(name: $0.name, role: $0.isOwner ? "owner" : "member") }
            timers = export.timers.map {
                TimerRecord(habit: $0.habit, minutes: $0.minutes, started: UserExport.instant($0.started), ends: UserExport.instant($0.ends))
            }
            reminders = export.reminders.map { ReminderRecord(habit: $0.habit, time: GameState.clock($0.minute)) }
            todos = export.todos.map(TodoRecord.init)
            ledger = export.ledger.map { EntryRecord($0, room: $0.roomToken.flatMap { export.roomOfEntry[$0] }) }
        }
    }

    struct ProfileRecord: Codable {
        var level: Int
        var xp: Int
        var xp_needed: Int
        var coins: Int
        var life: Int
        var max_life: Int
        var state: String
        var challenge: ChallengeRecord?

        init(_ state: GameState) {
            let profile = state.profile
            level = profile.progress.level
            xp = profile.progress.xp
            xp_needed = state.xpNeeded
            coins = profile.coins
            life = profile.health
            max_life = profile.maxHealth
            self.state = profile.state.rawValue
            challenge = profile.challenge.map {
                ChallengeRecord(target_km: $0.targetKm, progress_km: $0.progressKm, started: $0.started.description)
            }
        }
    }

    struct ChallengeRecord: Codable {
        var target_km: Double
        var progress_km: Double
        var started: String
    }

    struct CurveRecord: Codable {
        var kind: String
        var base: Int
        var multiplier: Double

        init(_ curve: LevelCurve) {
            kind = curve.kind.rawValue
            base = curve.base
            multiplier = curve.multiplier
        }
    }

    struct SettingsRecord: Codable {
        var curve: CurveRecord
        var running_target_km: Double
        var timezone: String
        var day_start_hour: Int
        var week_start: String

        init(_ settings: Settings) {
            week_start = settings.weekStart == 6 ? "sunday" : "monday"
            curve = CurveRecord(settings.curve)
            running_target_km = settings.runningTargetKm
            timezone = settings.timeZone
            day_start_hour = settings.dayStartHour
        }
    }

    struct AreaRecord: Codable {
        var id: Int64?
        var name: String
        var level: Int
        var xp: Int
        var curve: CurveRecord

        init(_ area: Area) {
            id = area.id
            name = area.name
            level = area.progress.level
            xp = area.progress.xp
            curve = CurveRecord(area.curve)
        }
    }

    struct HabitRecord: Codable {
        var id: Int64?
        var name: String
        var kind: String
        var xp: Int
        var coins: Int
        var life: Int
        var area: String?
        var archived: Bool
        var tracks_time: Bool
        var created: String
        var times_recorded: Int
        var streak: Int
        var best_streak: Int
        var last_day: String?
        var schedule: String
        /// A good habit's target a day, a bad habit's limit a day (`null`: counted in times), in `unit`.
        var target: Quantity?
        var limit: Quantity?
        var unit: String?
        /// The life a day due and not done costs, from `bites_from`.
        var life_if_missed: Int
        var bites_from: String?
        /// The player's own words for it (`call exercise gym`).
        var words: [String]
        /// Its steps (a morning routine's).
        var steps: [String]?
        /// Each day it was recorded, oldest first: how much (times, or of its amount), and the day's notes.
        var days: [DayRecord]?

        init(_ habit: Habit, area: String?) {
            words = habit.words
            steps = habit.checklist.map(\.name)
            schedule = habit.schedule.words
            target = habit.kind == .good ? habit.amount?.count : nil
            limit = habit.kind == .bad ? habit.amount?.count : nil
            unit = habit.amount?.unit
            life_if_missed = habit.bite
            bites_from = habit.biteSince?.description
            id = habit.id
            name = habit.name
            kind = habit.kind.rawValue
            xp = habit.xp
            coins = habit.coins
            life = habit.life
            self.area = area
            archived = habit.archived
            tracks_time = habit.tracksTime
            created = habit.created.description
            times_recorded = habit.stats.total
            streak = habit.stats.streak
            best_streak = habit.stats.best
            last_day = habit.stats.lastDay?.description
        }
    }

    struct DayRecord: Codable {
        var day: String
        var quantity: Quantity
        var note: String?
    }

    struct RewardRecord: Codable {
        var id: Int64?
        var name: String
        var price: Int
    }

    struct RoutineRecord: Codable {
        var id: Int64?
        var name: String
        var habits: [String]
    }

    /// A pause: of one habit (`habit`), or of all (`habit` null), from `first` through `last`.
    struct PauseRecord: Codable {
        var habit: String?
        var first: String
        var last: String
    }

    struct TimerRecord: Codable {
        var habit: String
        var minutes: Int
        var started: String
        var ends: String
    }

    /// A reminder: of a habit at a time of the user's clock, or (`habit` null) the day's digest.
    struct ReminderRecord: Codable {
        var habit: String?
        var time: String

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(habit, forKey: .habit)
            try container.encode(time, forKey: .time)
        }

        enum CodingKeys: String, CodingKey { case habit, time }
    }

    struct RoomRecord: Codable {
        var name: String
        var role: String
    }

    struct TodoRecord: Codable {
        var id: Int64?
        var kind = "todo"
        var name: String
        var created: String
        var due: String?
        var done_at: String?
        var done_day: String?
        var checklist: [ChecklistRecord]

        struct ChecklistRecord: Codable {
            var name: String
            var done: Bool
        }

        init(_ todo: Todo) {
            checklist = todo.checklist.map { ChecklistRecord(name: $0.name, done: $0.done) }
            id = todo.id
            name = todo.name
            created = todo.created.description
            due = todo.due?.description
            done_at = todo.done.map(UserExport.instant)
            done_day = todo.doneDay?.description
        }
    }

    struct EntryRecord: Codable {
        var id: Int64?
        var at: String
        var day: String
        var kind: String
        var habit_id: Int64?
        var subject: String
        var quantity: Quantity
        var xp: Int
        var coins: Int
        var life: Int
        var note: String?
        var time_of_day: String?
        var reverts: Int64?
        var batch: Int64?
        var room_token: String?
        var room: String?
        var todo_id: Int64?

        init(_ entry: LedgerEntry, room: String?) {
            todo_id = entry.todoID
            self.room = room
            id = entry.id
            at = UserExport.instant(entry.at)
            day = entry.day.description
            kind = entry.kind.rawValue
            habit_id = entry.habitID
            subject = entry.subject
            quantity = entry.quantity
            xp = entry.xp
            coins = entry.coins
            life = entry.health
            note = entry.note
            time_of_day = entry.timeOfDay.map(UserExport.clock)
            reverts = entry.reverts
            batch = entry.batch
            room_token = entry.roomToken
        }
    }

    // MARK: - CSV

    /// The columns of the CSV export, in order.
    public static let csvColumns = ["Day", "Recorded at", "Type", "What", "Quantity", "XP", "Coins", "Life", "Note", "Undone"]

    /// The ledger as RFC 4180 CSV (CRLF line ends, UTF-8 with a byte order mark, without which Excel reads
    /// the file as its local code page and garbles every accent and emoji), oldest first. `Day` is the day an entry counts for,
    /// `Recorded at` the moment it was recorded in the user's timezone (they differ for backdated
    /// entries); `Undone` is `yes` for an entry a later undo reverted. Text that a spreadsheet would take
    /// for a formula (`=`, `+`, `-`, `@` first) is prefixed with `'`: a room's habit names come from
    /// other people. A routine's row (and the undo of one) leaves XP, Coins and Life empty: the rows of
    /// its habits that follow carry them, so each column adds up to the user's totals.
    public func csv() -> String {
        let undone = Set(ledger.compactMap { $0.kind == .undo ? $0.reverts : nil })
        let itemised = Set(ledger.compactMap(\.batch))
        let timeZone = TimeZone(identifier: state.settings.timeZone) ?? .gmt
        var lines = ["\u{FEFF}" + Self.csvColumns.map(Self.csvField).joined(separator: ",")]
        for entry in ledger {
            let totals = entry.id.map(itemised.contains) == true ? ["", "", ""] : [String(entry.xp), String(entry.coins), String(entry.health)]
            let fields = [
                entry.day.description,
                Self.localTime(entry.at, in: timeZone),
                entry.kind.rawValue,
                Self.text(entry.subject),
                entry.quantity.description,
                totals[0],
                totals[1],
                totals[2],
                Self.text(entry.note ?? ""),
                entry.id.map { undone.contains($0) } == true ? "yes" : "",
            ]
            lines.append(fields.map(Self.csvField).joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// Free text, defused for spreadsheets.
    static func text(_ value: String) -> String {
        guard let first = value.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return value }
        return "'" + value
    }

    /// A field, quoted when it holds a comma, a quote or a line break (quotes doubled).
    static func csvField(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    // MARK: - Formats

    /// `2026-11-21T16:40:05.123Z`.
    static func instant(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt))
    }

    /// An instant as ``instant(_:)`` writes it; nil for one it did not write.
    static func instant(from text: String) -> Date? {
        try? Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt).parse(text)
    }

    /// `2026-11-21 17:40:05`, in `timeZone`: the form spreadsheets read as a date and time.
    static func localTime(_ date: Date, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(
            format: "%04d-%02d-%02d %02d:%02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0,
            parts.minute ?? 0, parts.second ?? 0)
    }

    /// Minutes after midnight as `HH:MM`.
    static func clock(_ minutes: Int) -> String {
        String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }
}
