import HabitatCommands
import HabitatEngine
import HabitatHousehold

/// `room add todo Milk`, `room add todo Fix the tap by saturday for ny`: an item of the household's shared list, which
/// any member gets (`got milk`); `for <member>` asks it of one, when it names a member of the room (otherwise the words
/// are part of the item: `Food for the cat`).
struct RoomAddTodo: RoomCommand {
    static let usage = "room add todo <item> [by <day>] [for <member>]"
    static let spec = Spec(
        "room add todo", usage: usage, summary: "an item of the room's shared list (the shopping, odd jobs): whoever gets it first is credited",
        examples: ["room add todo Milk", "room add todo Fix the tap by saturday for ny"],
        triggers: [["room", "add", "todo"], ["room", "add", "to-do"], ["room", "add", "a", "todo"], ["room", "add", "a", "to-do"]]
    ) { rest in try RoomAddTodo(rest) }

    /// The line read with no one asked.
    let name: String
    let due: DayWords?
    /// The line read as asking `member` (the words after its last `for`), if it can be so read.
    let asking: Asking?

    struct Asking: Equatable {
        var name: String
        var due: DayWords?
        var member: String
    }

    init(_ rest: [Token]) throws {
        let (name, due, checklist) = try TodoParser.parse(rest)
        guard checklist.isEmpty else {
            throw HabitatError.usage(Self.usage, "An item of the list has no checklist: add each thing as an item of its own.")
        }
        (self.name, self.due) = (name, due)
        var asking: Asking?
        if let at = rest.lastIndex(where: { !$0.quoted && $0.lower == "for" }), at > 0 {
            let end = rest[(at + 1)...].firstIndex { ["by", "due", "before"].contains($0.lower) } ?? rest.endIndex
            let member = Array(rest[(at + 1)..<end]).phrase
            if !member.isEmpty, let read = try? TodoParser.parse(Array(rest[..<at] + rest[end...])) { asking = Asking(name: read.name, due: read.due, member: member) }
        }
        self.asking = asking
    }

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        let (room, _, today) = try await context.currentRoomAndDay()
        let (account, households) = (try context.account, context.households)
        var (name, due, member) = (self.name, self.due, Member?.none)
        if let asking {
            let household = try await households.household(room)
            let said = asking.member.lowercased()
            if let asked = ["me", "myself"].contains(said) ? household.members.first(where: { $0.accountID == account.id }) : try? household.member(said) {
                (name, due, member) = (asking.name, asking.due, asked)
            }
        }
        return try await households.addTodo(name, due: due, for: member, to: room, by: account, today: today, now: context.now)
    }
}

/// `room list`, `room todos`: the room's open items, and those got lately.
struct RoomListTodos: RoomCommand {
    static let spec = Spec(
        "room list", usage: "room list [more]", summary: "the room's shared list: what is open, for whom, and what each is worth; who got what lately",
        examples: ["room list", "room todos"],
        triggers: [["room", "list"], ["room", "todos"], ["room", "to-dos"], ["room", "todo", "list"], ["room", "to-do", "list"]]
    ) { trigger, rest, _ in RoomListTodos(more: try RoomView.more(rest, command: trigger)) }

    /// What a channel's ten lines left out.
    var more = false

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        let (room, _, today) = try await context.currentRoomAndDay()
        return RoomView.said(try await context.households.todos(of: room, today: today), by: "room list", more: more)
    }
}

/// `room got milk`: an item of the room's list got, even when one of the user's own goes by that name (`got milk`
/// alone gets it when nothing of theirs does).
struct RoomGot: RoomCommand {
    static let spec = Spec(
        "room got", usage: "room got <item>", summary: "get an item of the room's list ('got <item>' does it when nothing of yours has that name)",
        examples: ["room got milk"], triggers: [["room", "got"], ["room", "get"], ["room", "tick", "off"]]
    ) { rest in
        guard !rest.isEmpty else { throw HabitatError.usage("room got <item>", "Which item?") }
        return RoomGot(name: rest.phrase)
    }

    let name: String

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        let (room, account, now, households) = (try await context.currentRoom(), try context.account, context.now, context.households)
        let item = try await households.requireTodo(name, in: room)
        return try await context.users.with(account.fileID) { try await households.get(item, in: room, for: account, on: $0, now: now) }
    }
}

/// `room delete todo milk`: an item taken off the room's list by any member; its getting stays in the room's log.
struct RoomDeleteTodo: RoomCommand {
    static let spec = Spec(
        "room delete todo", usage: "room delete todo <item>", summary: "take an open item off the room's list",
        examples: ["room delete todo milk"],
        triggers: [["room", "delete", "todo"], ["room", "delete", "to-do"], ["room", "remove", "todo"], ["room", "remove", "to-do"]]
    ) { rest in
        guard !rest.isEmpty else { throw HabitatError.usage("room delete todo <item>", "Which item?") }
        return RoomDeleteTodo(name: rest.phrase)
    }

    let name: String

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        let (room, account, households) = (try await context.currentRoom(), try context.account, context.households)
        return try await households.deleteTodo(try await households.requireTodo(name, in: room), from: room, by: account, now: context.now)
    }
}
