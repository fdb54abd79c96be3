import Foundation
import HabitatCommands
import HabitatEngine
import HabitatStorage

extension Household {
    /// The week so far, Monday first, in the viewer's days.
    static func weekStart(_ today: Day) -> Day { today - today.weekday }

    /// The room's entries from this week's Monday through `today`. Each counts on the day its member recorded
    /// it for, so one made in a time zone already a day ahead waits for the viewer's next day (and week).
    func week(of room: Room, today: Day) async throws -> [RoomLogEntry] {
        try await directory.roomLog(room.id, since: Self.weekStart(today)).filter { $0.day <= today }
    }

    /// `room status`: members' level and health, today's shared habits and who did them, the week's XP.
    func status(of room: Room, today: Day) async throws -> Reply {
        let members = try await self.members(of: room).members
        let week = try await week(of: room, today: today)
        // Everyone who did something this week counts when telling people apart, members or not.
        let names = try await self.names(in: room, members: members, entries: week)
        var memberRows: [(String, JSON)] = []
        for member in members {
            let owner = member.isOwner ? " (owner)" : ""
            let name = names[member.accountID] ?? member.name
            let state: GameState
            do {
                state = try await users.with(member.fileID) { try await $0.state() }
            } catch is UserFileError {
                // One member's unreadable file (logged when they try to play) leaves the room's view to the rest.
                memberRows.append((
                    "\(name)\(owner): saved game can't be read right now",
                    ["name": .string(name), "owner": .bool(member.isOwner), "state": .string("unavailable")]
                ))
                continue
            }
            let p = state.profile
            let over = p.state == .active ? "" : " · \(p.state == .gameOver ? "game over" : "running back")"
            memberRows.append((
                "\(name)\(owner): level \(p.progress.level), \(p.health)/\(p.maxHealth) health\(over)",
                ["name": .string(name), "owner": .bool(member.isOwner), "level": .int(p.progress.level),
                 "health": .int(p.health), "max_health": .int(p.maxHealth), "state": .string(p.state.rawValue)]
            ))
        }
        let habits = try await sharedHabits(of: room.id)
        let todays = week.filter { $0.day == today }
        var lines = memberRows.map(\.0)
        var habitRows: [JSON] = []
        if habits.isEmpty {
            lines.append("No shared habits yet: 'room add habit Dishes 10 xp'.")
        } else {
            lines.append("Today:")
            for habit in habits {
                let by = Self.unique(todays.filter { $0.habitID == habit.id }.reversed().map { names[$0.accountID] ?? $0.member })
                let mark = by.isEmpty ? "·" : (habit.kind == .good ? "✓" : "✗")
                lines.append("  \(mark) \(habit.name)" + (by.isEmpty ? "" : " — \(by.joined(separator: ", "))"))
                habitRows.append(["name": .string(habit.name), "kind": .string(habit.kind.rawValue), "done_by": .array(by.map(JSON.string))])
            }
        }
        var board: [(name: String, xp: Int)] = []
        for member in members {
            let xp = week.filter { $0.accountID == member.accountID }.reduce(0) { $0 + $1.xp }
            board.append((names[member.accountID] ?? member.name, xp))
        }
        board.sort { $0.xp > $1.xp || ($0.xp == $1.xp && $0.name < $1.name) }
        lines.append("This week: " + board.map { "\($0.name) \($0.xp) XP" }.joined(separator: " · "))
        let leaderboard: [JSON] = board.map { ["name": .string($0.name), "xp": .int($0.xp)] }
        let data: JSON = [
            "room": .string(room.displayName), "members": .array(memberRows.map(\.1)), "today": .array(habitRows),
            "leaderboard": .array(leaderboard),
        ]
        return Reply(.room, "\(room.displayName) — \(Views.plural(members.count, "member"))", details: lines, data: data)
    }

    /// `room log`: the latest shared completions and slips.
    func log(of room: Room, settings: Settings) async throws -> Reply {
        let entries = try await directory.roomLog(room.id, limit: 20)
        // Members and former members as told apart now.
        let names = try await self.names(in: room, members: try await members(of: room).members, entries: entries)
        func member(_ entry: RoomLogEntry) -> String { names[entry.accountID] ?? entry.member }
        let data: JSON = [
            "room": .string(room.displayName),
            "entries": .array(entries.map { ["member": .string(member($0)), "habit": .string($0.habit), "kind": .string($0.kind.rawValue),
                                              "at": .string(ISO8601DateFormatter().string(from: $0.at)), "day": .string($0.day.description),
                                              "xp": .int($0.xp), "health": .int($0.health)] }),
        ]
        guard !entries.isEmpty else { return Reply(.room, "\(room.displayName): nothing logged yet.", data: data) }
        let lines = entries.map { entry in
            // When it was logged, on the viewer's calendar and clock; the day it counts for when that differs.
            let logged = settings.calendarDay(of: entry.at)
            let what = Self.what(entry.habit, kind: entry.kind, xp: entry.xp, health: entry.health, day: entry.day == logged ? nil : entry.day)
            return "\(Views.label(logged)) \(Responder.time(entry.at, in: settings))  \(member(entry)) \(what)"
        }
        return Reply(.room, "\(room.displayName) — recent activity", details: lines, data: data)
    }

    /// `room fairness`: each member's share of this week's chores, and who is due next for each.
    func fairness(of room: Room, today: Day) async throws -> Reply {
        let (members, names) = try await self.members(of: room)
        func shown(_ member: Member) -> String { names[member.accountID] ?? member.name }
        let chores = try await sharedHabits(of: room.id).filter { $0.kind == .good }
        let week = try await week(of: room, today: today).filter { $0.kind == .good }
        func count(_ member: Member, _ habit: SharedHabit? = nil) -> Int {
            week.filter { $0.accountID == member.accountID && (habit == nil || $0.habitID == habit!.id) }.reduce(0) { $0 + $1.quantity }
        }
        let total = members.reduce(0) { $0 + count($1) }
        let shares = members.map { member -> (String, Int, Int) in
            let done = count(member)
            return (shown(member), done, total == 0 ? 0 : Int((Double(done) * 100 / Double(total)).rounded()))
        }.sorted { $0.1 > $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }
        var lines = [shares.map { "\($0.0) \($0.2)% (\($0.1))" }.joined(separator: " · ")]
        var choreRows: [JSON] = []
        for chore in chores {
            // Least done this week first; among equals, whoever did it longest ago (or never), then by name.
            let last = Dictionary(week.filter { $0.habitID == chore.id }.map { ($0.accountID, $0.at) }, uniquingKeysWith: max)
            let order = members.sorted {
                (count($0, chore), last[$0.accountID] ?? .distantPast, $0.name) < (count($1, chore), last[$1.accountID] ?? .distantPast, $1.name)
            }
            let tallies = order.map { "\(shown($0)) \(count($0, chore))" }.joined(separator: ", ")
            lines.append("\(chore.name): \(order.first.map { "\(shown($0)) is due next" } ?? "no one yet") (\(tallies))")
            choreRows.append(["chore": .string(chore.name), "next": order.first.map { .string(shown($0)) } ?? .null,
                              "counts": .array(order.map { ["name": .string(shown($0)), "count": .int(count($0, chore))] })])
        }
        if chores.isEmpty { lines.append("No shared chores yet: 'room add habit Dishes 10 xp'.") }
        let data: JSON = [
            "room": .string(room.displayName), "week_of": .string(Self.weekStart(today).description), "total": .int(total),
            "shares": .array(shares.map { ["name": .string($0.0), "done": .int($0.1), "percent": .int($0.2)] }),
            "chores": .array(choreRows),
        ]
        return Reply(.room, "\(room.displayName) — fair shares this week (\(Views.plural(total, "chore")) done)", details: lines, data: data)
    }

    /// `did Dishes (+10 XP)`, `slipped: Takeout (-20 life)`; with `day`, the day gone by it counts for:
    /// `did Dishes on Sat 21 Nov (+10 XP)`.
    static func what(_ habit: String, kind: HabitKind, xp: Int, health: Int, day: Day?) -> String {
        let on = day.map { " on \(Views.label($0))" } ?? ""
        return kind == .good ? "did \(habit)\(on) (+\(xp) XP)" : "slipped\(on): \(habit) (\(health) life)"
    }

    static func unique(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}
