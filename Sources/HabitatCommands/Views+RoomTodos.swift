import Foundation
import HabitatEngine
import HabitatHousehold

extension Views {
    /// `room list`: the room's open items, overdue first as a to-do's are, each with whom it was asked of and what it is
    /// worth today; then those got lately, and by whom.
    public static func roomTodos(_ items: [RoomTodo], of room: Room, names: [Int64: String], today: Day) -> Reply {
        let order = Dictionary(uniqueKeysWithValues: GameState.byDue(items.filter(\.isOpen).map(\.todo)).enumerated().map { ($1.id ?? 0, $0) })
        let open = items.filter(\.isOpen).sorted { order[$0.id, default: 0] < order[$1.id, default: 0] }
        let got = items.filter { !$0.isOpen }
        let data: JSON = ["room": .string(room.displayName), "todos": .array((open + got).map { roomTodoRow($0, names: names, today: today) })]
        var lines = open.map { item in
            var parts = [item.name]
            if let assignee = item.assignee { parts.append("for \(names[assignee] ?? "a former member")") }
            if let due = item.due {
                parts.append(item.todo.isOverdue(on: today) ? "OVERDUE since \(GameState.dueWords(due, today: today))" : "due \(GameState.dueWords(due, today: today))")
            }
            let (xp, coins) = item.value(on: today)
            parts.append("\(xp) XP, \(GameState.coins(coins))")
            return parts.joined(separator: " · ")
        }
        if !got.isEmpty {
            lines.append("Got lately: " + got.map { "\($0.name) (\(names[$0.got?.accountID ?? 0] ?? $0.got?.member ?? ""))" }.joined(separator: ", "))
        }
        guard !open.isEmpty else {
            return Reply(.room, "\(room.displayName)'s list is empty. Add to it: 'room add todo Milk'.", details: lines, data: data)
        }
        let overdue = open.filter { $0.todo.isOverdue(on: today) }.count
        let title = "\(room.displayName)'s list (\(open.count)\(overdue > 0 ? ", \(overdue) overdue" : "")): whoever gets one says 'got <item>'"
        return Reply(.room, title, details: lines, data: data)
    }

    /// An item's row in JSON, as a to-do's (``todoRow(_:today:)``) with who it is for, who got it, and who added it.
    static func roomTodoRow(_ item: RoomTodo, names: [Int64: String], today: Day) -> JSON {
        let (xp, coins) = item.value(on: today)
        return [
            "kind": "todo", "name": .string(item.name), "created": .string(item.created.description),
            "due": item.due.map { .string($0.description) } ?? .null, "overdue": .bool(item.todo.isOverdue(on: today)),
            "for": item.assignee.map { .string(names[$0] ?? "") } ?? .null, "added_by": .string(names[item.addedBy] ?? ""),
            "done_at": item.got.map { .string(ISO8601DateFormatter().string(from: $0.at)) } ?? .null,
            "done_by": item.got.map { .string(names[$0.accountID] ?? $0.member) } ?? .null,
            // What it is worth today; what getting it earned is in the room's log.
            "value": item.isOpen ? ["xp": .int(xp), "coins": .int(coins)] : .null,
        ]
    }
}
