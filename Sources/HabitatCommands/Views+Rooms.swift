import Foundation
import HabitatEngine
import HabitatHousehold

/// What a household's room shows: its members' games, its week and its log.
extension Views {
    /// `room status`: members' level and health (`profiles`, by account; one missing is a file that can't be read
    /// right now), today's shared habits and who did them, the week's XP.
    public static func roomStatus(
        _ household: Household, profiles: [Int64: Profile], names: [Int64: String],
        today: [(habit: SharedHabit, doneBy: [String])], leaderboard: [(name: String, xp: Int)]
    ) -> Reply {
        let room = household.room
        var memberRows: [(String, JSON)] = []
        for member in household.members {
            let owner = member.isOwner ? " (owner)" : ""
            let name = names[member.accountID] ?? member.name
            guard let p = profiles[member.accountID] else {
                // One member's unreadable file (logged when they try to play) leaves the room's view to the rest.
                memberRows.append((
                    "\(name)\(owner): saved game can't be read right now",
                    ["name": .string(name), "owner": .bool(member.isOwner), "state": .string("unavailable")]
                ))
                continue
            }
            let over = p.state == .active ? "" : " · \(p.state == .gameOver ? "game over" : "running back")"
            memberRows.append((
                "\(name)\(owner): level \(p.progress.level), \(p.health)/\(p.maxHealth) health\(over)",
                ["name": .string(name), "owner": .bool(member.isOwner), "level": .int(p.progress.level),
                 "health": .int(p.health), "max_health": .int(p.maxHealth), "state": .string(p.state.rawValue)]
            ))
        }
        var lines = memberRows.map(\.0)
        var habitRows: [JSON] = []
        if today.isEmpty {
            lines.append("No shared habits yet: 'room add habit Dishes 10 xp'.")
        } else {
            lines.append("Today:")
            for (habit, by) in today {
                let mark = by.isEmpty ? "·" : (habit.kind == .good ? "✓" : "✗")
                lines.append("  \(mark) \(habit.name)" + (by.isEmpty ? "" : " — \(by.joined(separator: ", "))"))
                habitRows.append(["name": .string(habit.name), "kind": .string(habit.kind.rawValue), "done_by": .array(by.map(JSON.string))])
            }
        }
        lines.append("This week: " + leaderboard.map { "\($0.name) \($0.xp) XP" }.joined(separator: " · "))
        let data: JSON = [
            "room": .string(room.displayName), "members": .array(memberRows.map(\.1)), "today": .array(habitRows),
            "leaderboard": .array(leaderboard.map { ["name": .string($0.name), "xp": .int($0.xp)] }),
        ]
        return Reply(.room, "\(room.displayName) — \(plural(household.members.count, "member"))", details: lines, data: data)
    }

    /// `room log`: the latest shared completions and slips, each when it was logged on the viewer's calendar and
    /// clock (`settings`), and the day it counts for when that differs; `names` shows who, as told apart now.
    public static func roomLog(_ entries: [RoomLogEntry], of room: Room, names: [Int64: String], settings: Settings) -> Reply {
        func member(_ entry: RoomLogEntry) -> String { names[entry.accountID] ?? entry.member }
        let data: JSON = [
            "room": .string(room.displayName),
            "entries": .array(entries.map { ["member": .string(member($0)), "habit": .string($0.habit), "kind": .string($0.kind.rawValue),
                                              "at": .string(ISO8601DateFormatter().string(from: $0.at)), "day": .string($0.day.description),
                                              "xp": .int($0.xp), "health": .int($0.health)] }),
        ]
        guard !entries.isEmpty else { return Reply(.room, "\(room.displayName): nothing logged yet.", data: data) }
        let lines = entries.map { entry in
            let logged = settings.calendarDay(of: entry.at)
            let what = sharedDeed(
                entry.habit, kind: entry.kind, xp: entry.xp, health: entry.health, day: entry.day == logged ? nil : entry.day, got: entry.todoID != nil)
            return "\(label(logged)) \(GameState.clock(settings.minuteOfDay(entry.at)))  \(member(entry)) \(what)"
        }
        return Reply(.room, "\(room.displayName) — recent activity", details: lines, data: data)
    }

    /// `room fairness`: each member's share of this week's chores, and who is due next for each.
    public static func fairness(_ fairness: Fairness, of room: Room, weekOf start: Day) -> Reply {
        var lines = [fairness.shares.map { "\($0.name) \($0.percent)% (\($0.done), \($0.xp) XP)" }.joined(separator: " · ")]
        var choreRows: [JSON] = []
        for turns in fairness.chores {
            let tallies = turns.counts.map { "\($0.name) \($0.count)" }.joined(separator: ", ")
            lines.append("\(turns.chore): \(turns.next.map { "\($0) is due next" } ?? "no one yet") (\(tallies))")
            choreRows.append(["chore": .string(turns.chore), "next": turns.next.map { .string($0) } ?? .null,
                              "counts": .array(turns.counts.map { ["name": .string($0.name), "count": .int($0.count)] })])
        }
        if fairness.chores.isEmpty { lines.append("No shared chores yet: 'room add habit Dishes 10 xp'.") }
        let data: JSON = [
            "room": .string(room.displayName), "week_of": .string(start.description), "total": .int(fairness.total),
            "shares": .array(fairness.shares.map { ["name": .string($0.name), "done": .int($0.done), "xp": .int($0.xp), "percent": .int($0.percent)] }),
            "chores": .array(choreRows),
        ]
        return Reply(.room, "\(room.displayName) — fair shares this week (\(plural(fairness.total, "chore")) done)", details: lines, data: data)
    }

    /// `room today`: each chore, due today or not, whose turn it is, and who did it.
    public static func roomToday(_ chores: [ChoreToday], of room: Room, today: Day) -> Reply {
        var lines: [String] = []
        var rows: [JSON] = []
        for chore in chores {
            let by = chore.doneBy.isEmpty ? nil : chore.doneBy.joined(separator: ", ")
            let turn = chore.turn.map { "\($0)'s turn" }
            switch (chore.due, by) {
            case (_, let by?): lines.append("✓ \(chore.habit.name) — done by \(by)" + (turn.map { " (\($0))" } ?? ""))
            case (true, nil): lines.append("· \(chore.habit.name) — \(turn ?? "anyone")")
            case (false, nil): lines.append("- \(chore.habit.name) — not due today (\(chore.habit.schedule.words))")
            }
            rows.append([
                "name": .string(chore.habit.name), "due": .bool(chore.due), "turn": chore.turn.map { .string($0) } ?? .null,
                "done_by": .array(chore.doneBy.map(JSON.string)), "schedule": .string(chore.habit.schedule.words),
                "rotates": .bool(chore.habit.rotates),
            ])
        }
        if chores.isEmpty { lines.append("No shared chores yet: 'room add habit Dishes every day rotate'.") }
        let data: JSON = ["room": .string(room.displayName), "day": .string(today.description), "chores": .array(rows)]
        return Reply(.room, "\(room.displayName) — chores today, \(label(today))", details: lines, data: data)
    }

    /// `rooms`: each room someone is in, with its size, whether they own it, and whether it is their current one.
    public static func rooms(_ rooms: [(room: Room, members: Int, owner: Bool)], current: Room?) -> Reply {
        let rows: [(String, JSON)] = rooms.map { room, members, owner in
            let line = "\(room.displayName): \(plural(members, "member"))\(owner ? " · you own it" : "")\(room.id == current?.id ? " · current" : "")"
            return (line, ["name": .string(room.displayName), "members": .int(members), "owner": .bool(owner), "current": .bool(room.id == current?.id)])
        }
        let data: JSON = ["rooms": .array(rows.map(\.1))]
        guard !rows.isEmpty else {
            return Reply(.info, "You're not in a room yet. Start one with 'room create <name>'.", data: data)
        }
        return Reply(.room, "Your rooms (\(rows.count))", details: rows.map(\.0), data: data)
    }

    /// `did Dishes (+10 XP)`, `slipped: Takeout (-20 life)`: what a member did, as the room hears it; with `day`, the
    /// day gone by it counts for: `did Dishes on Sat 21 Nov (+10 XP)`.
    public static func sharedDeed(_ habit: String, kind: HabitKind, xp: Int, health: Int, day: Day?, got: Bool = false) -> String {
        let on = day.map { " on \(label($0))" } ?? ""
        return kind == .good ? "\(got ? "got" : "did") \(habit)\(on) (+\(xp) XP)" : "slipped\(on): \(habit) (\(health) life)"
    }
}
