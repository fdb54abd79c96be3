import Foundation
import HabitatEngine
import HabitatHousehold
import HabitatStorage
import Testing

/// A household's list and its rooms' own posts, the same on SQLite and on PostgreSQL.
@Suite("Rooms' lists and posts, on either store")
struct RoomListStoreTests {
    static let now = Date(timeIntervalSince1970: 1_795_176_000)
    static let today = Day(ordinal: 20_777)

    @Test(arguments: EitherStore.available)
    func anItemIsGotByTheFirstAndTheListSaysWhoGotIt(store: EitherStore) async throws {
        try await store.with { stores in
            let ann = try await stores.createAccount(name: "ann", passwordHash: nil, at: Self.now)
            let bob = try await stores.createAccount(name: "bob", passwordHash: nil, at: Self.now)
            let home = try await stores.createRoom(named: "Home", owner: ann.id, at: Self.now)
            try await stores.addMember(bob.id, to: home.id, at: Self.now)
            let milk = try await stores.addRoomTodo("Milk", to: home.id, by: ann.id, for: nil, created: Self.today, due: nil, at: Self.now)
            let bread = try await stores.addRoomTodo("Bread", to: home.id, by: ann.id, for: bob.id, created: Self.today, due: Self.today + 1, at: Self.now)
            await #expect(throws: HabitatError(.nameTaken, "Milk is on the list already.")) {
                try await stores.addRoomTodo("MILK", to: home.id, by: bob.id, for: nil, created: Self.today, due: nil, at: Self.now)
            }
            #expect(try await stores.roomTodos(of: home.id, gotLately: 5) == [milk, bread])
            #expect(bread.assignee == bob.id && bread.due == Self.today + 1)

            guard case .claimed(let intent) = try await stores.claimRoomTodo(milk.id, in: home.id, by: bob.id, at: Self.now + 60) else {
                Issue.record("bob could not claim Milk")
                return
            }
            #expect(intent.todoID == milk.id && intent.accountID == bob.id)
            #expect(try await stores.claimRoomTodo(milk.id, in: home.id, by: ann.id, at: Self.now + 61) == .taken(by: bob.id, shown: nil))
            let line = RoomLogEntry(
                habitID: 0, habit: "Milk", kind: .good, accountID: bob.id, member: "bob", at: Self.now + 60, day: Self.today, quantity: 1,
                xp: 5, health: 0, ref: intent.token, todoID: milk.id)
            _ = try await stores.finish(intent, entry: line, news: nil, for: [])
            #expect(try await stores.claimRoomTodo(milk.id, in: home.id, by: ann.id, at: Self.now + 62) == .taken(by: bob.id, shown: "bob"))
            var got = milk
            got.got = RoomTodo.Got(accountID: bob.id, member: "bob", at: Self.now + 60)
            #expect(try await stores.roomTodos(of: home.id, gotLately: 5) == [bread, got])
            #expect(try await stores.roomTodos(of: home.id, gotLately: 0) == [bread])

            #expect(try await stores.deleteRoomTodo(bread.id, of: home.id))
            #expect(try await stores.deleteRoomTodo(bread.id, of: home.id) == false)
            await #expect(throws: HabitatError(.unknownTodo, "That item is no longer on the list.")) {
                try await stores.claimRoomTodo(bread.id, in: home.id, by: ann.id, at: Self.now)
            }
        }
    }

    @Test(arguments: EitherStore.available)
    func aFullListRefusesOneMore(store: EitherStore) async throws {
        try await store.with { stores in
            let ann = try await stores.createAccount(name: "ann", passwordHash: nil, at: Self.now)
            let home = try await stores.createRoom(named: "Home", owner: ann.id, at: Self.now)
            for n in 0..<RoomTodo.openPerRoom {
                _ = try await stores.addRoomTodo("Item \(n)", to: home.id, by: ann.id, for: nil, created: Self.today, due: nil, at: Self.now)
            }
            await #expect(throws: HabitatError.self) {
                try await stores.addRoomTodo("One more", to: home.id, by: ann.id, for: nil, created: Self.today, due: nil, at: Self.now)
            }
            #expect(try await stores.roomTodos(of: home.id, gotLately: 5).count == RoomTodo.openPerRoom)
        }
    }

    @Test(arguments: EitherStore.available)
    func aRoomsPostIsReplacedPostedOnceAndStopped(store: EitherStore) async throws {
        try await store.with { stores in
            let ann = try await stores.createAccount(name: "ann", passwordHash: nil, at: Self.now)
            let bob = try await stores.createAccount(name: "bob", passwordHash: nil, at: Self.now)
            let home = try await stores.createRoom(named: "Home", owner: ann.id, at: Self.now)
            let week = try await stores.setRoomPost(
                RoomPost(id: 0, roomID: home.id, kind: .report, minute: 18 * 60, weekday: 6, timeZone: "Europe/Berlin", dayStartHour: 4), due: Self.now + 600)
            _ = try await stores.setRoomPost(
                RoomPost(id: 0, roomID: home.id, kind: .chores, minute: 8 * 60, timeZone: "UTC", dayStartHour: 0), due: Self.now + 60)
            let chores = try await stores.setRoomPost(
                RoomPost(id: 0, roomID: home.id, kind: .chores, minute: 7 * 60, timeZone: "UTC", dayStartHour: 0), due: Self.now + 30)
            #expect(try await stores.roomPosts(of: home.id) == [chores, week])
            #expect(try await stores.roomPost(id: chores.id)?.post.minute == 7 * 60)
            #expect(try await stores.due(at: Self.now + 600, limit: 10) == [
                DueEntry(kind: .roomPost, subject: chores.id, at: Self.now + 30), DueEntry(kind: .roomPost, subject: week.id, at: Self.now + 600),
            ])
            let kept = try await stores.roomPosted(
                chores.id, for: Self.today.ordinal, next: Self.now + 86_400, keeping: InboxItem(kind: "room", toasts: "[]", created: Self.now),
                for: [ann.id, bob.id])
            #expect(kept.count == 2)
            #expect(try await stores.roomPost(id: chores.id)?.postedFor == Self.today.ordinal)
            #expect(try await stores.takeInbox(of: bob.id).count == 1)
            #expect(try await stores.removeRoomPosts(of: home.id, kinds: [.chores, .report]) == 2)
            #expect(try await stores.roomPosts(of: home.id) == [])
            #expect(try await stores.nextDue() == nil)
        }
    }
}
