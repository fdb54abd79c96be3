import Foundation
import HabitatCommands
import HabitatEngine
import HabitatHousehold
import HabitatStorage

/// A household's shared list (``RoomTodo``): items any member adds, and any member gets. Getting one is a shared
/// completion of a deed worth the item's value (``Households/commit(_:of:in:recording:for:shown:on:now:news:for:)``),
/// claimed first in the directory so that of two members getting it at once only the first is credited; the room's
/// news of it is kept in the members' inboxes as the getting is settled, so a crash never loses it or doubles it.
extension Households {
    /// Adds `name` to `room`'s list for `account`, due by `due` (of `today`, the adder's day), asked of `assignee`
    /// when one is named; tells the room, and the one it is asked of.
    func addTodo(
        _ rawName: String, due words: DayWords?, for assignee: Member?, to room: Room, by account: Account, today: Day, now: Date
    ) async throws -> Reply {
        let name = try GameState.validName(rawName, of: "list item")
        let due = words?.day(from: today)
        if let due, due < today { throw HabitatError(.invalidArgument, "That day has gone by; say a day from today on.") }
        let item = try await directory.addRoomTodo(name, to: room.id, by: account.id, for: assignee?.accountID, created: today, due: due, at: now)
        let names = try await household(room).names
        let adder = names[account.id] ?? account.name
        var terms: [String] = []
        if let assignee { terms.append("for \(assignee.accountID == account.id ? "you" : names[assignee.accountID] ?? assignee.name)") }
        if let due { terms.append("due \(GameState.dueWords(due, today: today))") }
        let said = terms.isEmpty ? "" : " (\(terms.joined(separator: ", ")))"
        var except: Set<Int64> = [account.id]
        if let assignee, assignee.accountID != account.id {
            except.insert(assignee.accountID)
            let asked = Event(kind: "room", toasts: [Toast(.room, "\(adder) asked you to get \(item.name)\(due.map { " by \(GameState.dueWords($0, today: today))" } ?? "") (\(room.displayName)'s list)")], data: ["room": .string(room.displayName)])
            await tell(asked, to: assignee.accountID, in: room, at: now, readingChannelOf: room.bridge)
        }
        let forWhom = assignee.map { " for \(names[$0.accountID] ?? $0.name)" } ?? ""
        await announce("\(adder) added \(item.name) to the list\(forWhom)", in: room, except: except, at: now)
        return Reply(
            .room, "Added \(item.name) to \(room.displayName)'s list\(said). Whoever gets it says 'got \(item.name.lowercased())'.",
            data: ["room": .string(room.displayName), "todo": .string(item.name)])
    }

    /// `room list`: the room's list as `today` (the viewer's day) sees it.
    func todos(of room: Room, today: Day) async throws -> Reply {
        let items = try await directory.roomTodos(of: room.id)
        let household = try await self.household(room)
        let accounts = items.flatMap { [$0.addedBy] + [$0.assignee, $0.got?.accountID].compactMap { $0 } }
        return Views.roomTodos(items, of: room, names: try await names(in: household, accounts: accounts), today: today)
    }

    /// The item of `room`'s list `recording` names, if it names one (``Recording/doneOnce(among:name:)``): an open one,
    /// else one got lately (so that whoever says it second is told who got it).
    func todo(doneBy recording: Recording, in room: Room) async throws -> RoomTodo? {
        let items = try await directory.roomTodos(of: room.id, gotLately: Self.gotLately)
        return recording.doneOnce(among: items.filter(\.isOpen), name: \.name) ?? recording.doneOnce(among: items.filter { !$0.isOpen }, name: \.name)
    }

    /// How many of the items got lately a line may still name: whoever says it second is told who got it.
    static let gotLately = 20

    /// The open item of `room`'s list `query` names, or why there is none; one got lately that it names whole or by its
    /// start, when no open one does (so that whoever says it second is told who got it).
    func requireTodo(_ query: String, in room: Room) async throws -> RoomTodo {
        let items = try await directory.roomTodos(of: room.id, gotLately: Self.gotLately)
        let open = items.filter(\.isOpen)
        switch NameMatch.resolve(query, among: open, name: \.name) {
        case .found(let item): return item
        case .ambiguous(let hits):
            throw HabitatError(.ambiguous, "'\(query)' could be \(GameState.either(hits.map(\.name))). Type more of the name.", symbol: .question)
        case .none(let suggestion):
            if case .found(let got) = NameMatch.resolve(query, among: items.filter { !$0.isOpen }, name: \.name) { return got }
            let hint = suggestion.map { "Did you mean '\($0.name)'?" } ?? "Type 'room list' to see it."
            throw HabitatError(.unknownTodo, "\(room.displayName)'s list has no '\(query)'. \(hint)", symbol: .question)
        }
    }

    /// `account` gets `item`: credited with its worth on their day, unless someone got it first (`already_done`, saying
    /// who). The room hears `🏠 bo got Milk`, live or at its next login.
    func get(_ item: RoomTodo, in room: Room, for account: Account, on database: any UserGame, now: Date) async throws -> Reply {
        let household = try await self.household(room)
        let names = household.names
        switch try await directory.claimRoomTodo(item.id, in: room.id, by: account.id, at: now) {
        case .taken(let by, let shown):
            let who = by == account.id ? "You" : names[by] ?? shown ?? "Someone"
            throw HabitatError(.alreadyDone, "\(who) already got \(item.name).")
        case .claimed(let intent):
            let name = names[account.id] ?? account.name
            let today = try await database.state().settings.day(of: now)
            let news = gotEvent(by: name, got: item.name, in: room)
            let listeners = Self.listeners(of: household, in: room, except: account.id)
            let (outcome, state, line, kept) = try await commit(
                intent, of: item.deed(on: today), in: room, recording: Recording(habit: item.name), for: account, shown: name, on: database,
                now: now, news: InboxItem(news, at: now), for: listeners)
            if line != nil {
                var told: [Int64] = []
                for member in listeners {
                    if await presence.deliverLive(news, to: member, readingChannelOf: room.bridge) { told += kept[member].map { [$0] } ?? [] }
                }
                if Self.spokenIn != room.id { presence.deliverToBridges(news, room: room) }
                try? await directory.forgetKept(told)
            }
            return Views.outcome(outcome, state)
        }
    }

    /// Takes `item` off `room`'s list (any member may), and tells the room.
    func deleteTodo(_ item: RoomTodo, from room: Room, by account: Account, now: Date) async throws -> Reply {
        guard try await directory.deleteRoomTodo(item.id, of: room.id) else {
            throw HabitatError(.unknownTodo, "\(item.name) is no longer on \(room.displayName)'s list.")
        }
        let name = try await shownName(of: account, in: room)
        await announce("\(name) took \(item.name) off the list", in: room, except: [account.id], at: now)
        return Reply(.room, "Took \(item.name) off \(room.displayName)'s list.")
    }

    /// The room's news of a getting that committed (`entry`, its line), and who is to hear it: for a getting a crash
    /// interrupted, heard at their next login.
    func gotNews(of entry: RoomLogEntry, in room: Room) async throws -> (event: Event, listeners: [Int64]) {
        let household = try await self.household(room)
        let name = household.names[entry.accountID] ?? entry.member
        return (gotEvent(by: name, got: entry.habit, in: room), Self.listeners(of: household, in: room, except: entry.accountID))
    }

    private func gotEvent(by name: String, got item: String, in room: Room) -> Event {
        Event(kind: "room", toasts: [Toast(.room, "\(name) got \(item)")], data: ["room": .string(room.displayName)])
    }

    /// The members who hear the room's news privately: all but `except` and those who read it in the room's channel.
    private static func listeners(of household: Household, in room: Room, except: Int64) -> [Int64] {
        household.members.filter { $0.accountID != except && !readsTheChannel($0, of: room) }.map(\.accountID)
    }
}
