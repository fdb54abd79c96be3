import Foundation
import HabitatEngine
import HabitatHousehold
import Testing

@testable import HabitatStorage

/// A household's shared list in the directory: added, claimed once, open again when a getting is taken back.
@Suite("A room's list in the directory database")
struct RoomTodoStorageTests {
    /// A directory with accounts ann and ben, ann's room Smiths, and Milk on its list.
    func list(_ body: (DirectoryDatabase, Room, [Account], RoomTodo) async throws -> Void) async throws {
        try await withTemporaryDirectory { folder in
            let directory = try DirectoryDatabase(directory: folder, durability: .normal)
            let ann = try await directory.createAccount(name: "ann", passwordHash: "h", at: Fixture.now)
            let ben = try await directory.createAccount(name: "ben", passwordHash: "h", at: Fixture.now)
            let room = try await directory.createRoom(named: "Smiths", owner: ann.id, at: Fixture.now)
            let milk = try await directory.addRoomTodo(
                "Milk", to: room.id, by: ann.id, for: ben.id, created: Day(iso: "2026-12-01")!, due: Day(iso: "2026-12-05"), at: Fixture.now)
            try await body(directory, room, [ann, ben], milk)
        }
    }

    /// `account`'s claim of `item`, which must be granted.
    func claim(_ item: RoomTodo, in room: Room, by account: Account, on directory: DirectoryDatabase) async throws -> RoomIntent {
        guard case .claimed(let intent) = try await directory.claimRoomTodo(item.id, in: room.id, by: account.id, at: Fixture.now) else {
            throw ClaimRefused()
        }
        return intent
    }

    struct ClaimRefused: Error {}

    /// The line of `account`'s getting of `item` worth 10 XP, as the member's transaction writes it.
    func line(of intent: RoomIntent, _ item: RoomTodo, by account: Account) -> RoomLogEntry {
        RoomLogEntry(
            habitID: 0, habit: item.name, kind: .good, accountID: account.id, member: account.name, at: Fixture.now,
            day: Day(iso: "2026-12-01")!, quantity: 1, xp: 10, health: 0, ref: intent.token, todoID: item.id)
    }

    @Test func anItemIsKeptWithWhomItIsForAndAnOpenOneIsNotAddedTwice() async throws {
        try await list { directory, room, accounts, milk async throws in
            #expect(try await directory.roomTodos(of: room.id) == [milk])
            #expect(milk.assignee == accounts[1].id && milk.due == Day(iso: "2026-12-05") && milk.isOpen)
            await #expect(throws: HabitatError(.nameTaken, "Milk is on the list already.")) {
                _ = try await directory.addRoomTodo("MILK", to: room.id, by: accounts[1].id, for: nil, created: Day(iso: "2026-12-01")!, due: nil, at: Fixture.now)
            }
        }
    }

    @Test func theFirstClaimWinsWhileItIsInFlightAndOnceItIsLogged() async throws {
        try await list { directory, room, accounts, milk async throws in
            let (ann, ben) = (accounts[0], accounts[1])
            let intent = try await claim(milk, in: room, by: ben, on: directory)
            #expect(intent.todoID == milk.id && intent.habitID == 0)
            // In flight: ann is told ben is getting it (his name as the room shows it is not known here).
            #expect(try await directory.claimRoomTodo(milk.id, in: room.id, by: ann.id, at: Fixture.now) == .taken(by: ben.id, shown: nil))
            try directory.writeLine(of: intent, entry: line(of: intent, milk, by: ben))
            try await directory.finish(intent, entry: line(of: intent, milk, by: ben))
            #expect(try await directory.claimRoomTodo(milk.id, in: room.id, by: ann.id, at: Fixture.now) == .taken(by: ben.id, shown: "ben"))
            let got = try #require(try await directory.roomTodos(of: room.id).first)
            #expect(got.got == RoomTodo.Got(accountID: ben.id, member: "ben", at: Fixture.now))
            #expect(try await directory.roomLog(room.id).map(\.todoID) == [milk.id])
        }
    }

    @Test func aGettingThatNeverCommittedOrIsUndoneLeavesTheItemOpen() async throws {
        try await list { directory, room, accounts, milk async throws in
            let ben = accounts[1]
            let first = try await claim(milk, in: room, by: ben, on: directory)
            // ben's file refused the change: the line written before his commit is taken back, and the item is open.
            try directory.writeLine(of: first, entry: line(of: first, milk, by: ben))
            try await directory.finish(first, entry: nil)
            #expect(try await directory.roomTodos(of: room.id).map(\.isOpen) == [true])
            let second = try await claim(milk, in: room, by: ben, on: directory)
            try await directory.finish(second, entry: line(of: second, milk, by: ben))
            #expect(try await directory.roomTodos(of: room.id).map(\.isOpen) == [false])
            // Undone: the line stands no more, and the item is open again.
            let undo = try await directory.beginIntent(.undo, token: second.token, account: ben.id, room: room.id, habit: 0, at: Fixture.now)
            try await directory.finish(undo, entry: line(of: second, milk, by: ben))
            #expect(try await directory.roomTodos(of: room.id).map(\.isOpen) == [true])
            #expect(try await directory.deleteRoomTodo(milk.id, of: room.id))
            #expect(try await directory.roomTodos(of: room.id).isEmpty)
            await #expect(throws: HabitatError(.unknownTodo, "That item is no longer on the list.")) {
                _ = try await directory.claimRoomTodo(milk.id, in: room.id, by: ben.id, at: Fixture.now)
            }
        }
    }

    @Test func newsKeptAsAGettingIsSettledWaitsForThoseAway() async throws {
        try await list { directory, room, accounts, milk async throws in
            let (ann, ben) = (accounts[0], accounts[1])
            let intent = try await claim(milk, in: room, by: ben, on: directory)
            let news = InboxItem(kind: "room", toasts: "[]", created: Fixture.now)
            let kept = try await directory.finish(intent, entry: line(of: intent, milk, by: ben), news: news, for: [ann.id])
            #expect(Array(kept.keys) == [ann.id])
            #expect(try await directory.takeInbox(of: ann.id) == [news])
        }
    }
}
