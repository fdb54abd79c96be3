import Foundation
import HabitatEngine
import HabitatHousehold
import HabitatStorage
import Testing

@testable import HabitatPostgres

/// Bridges, chat identities, deleting an account and invitations to register, the same on SQLite and on PostgreSQL.
@Suite("Bridges and accounts' ends, on either store")
struct BridgeStoreTests {
    static let now = Date(timeIntervalSince1970: 1_795_176_000)
    static let today = Day(ordinal: 20_777)

    @Test(arguments: EitherStore.available)
    func aBridgeIsRegisteredOnceAndRemoved(store: EitherStore) async throws {
        try await store.with { stores in
            try await stores.addBridge(named: "irc", tokenHash: "hash-1", at: Self.now)
            try await stores.addBridge(named: "matrix", tokenHash: "hash-2", at: Self.now + 1)
            await #expect(throws: HabitatError(.nameTaken, "A bridge called irc exists already. Remove it first to get a new token.")) {
                try await stores.addBridge(named: "irc", tokenHash: "hash-3", at: Self.now)
            }
            #expect(try await stores.bridge(named: "irc") == Bridge(name: "irc", tokenHash: "hash-1", created: Self.now))
            #expect(try await stores.bridges().map(\.name) == ["irc", "matrix"])
            #expect(try await stores.removeBridge(named: "irc"))
            #expect(try await stores.removeBridge(named: "irc") == false)
            #expect(try await stores.bridges().map(\.name) == ["matrix"])
        }
    }

    @Test(arguments: EitherStore.available)
    func aChatIdentityActsAsItsOwnAccountUntilLinkedAndAChannelIsARoom(store: EitherStore) async throws {
        try await store.with { stores in
            let ann = try await stores.createAccount(name: "ann", passwordHash: "hash", at: Self.now)
            let bob = try await stores.identity("irc:bob", at: Self.now)
            #expect(bob.name == "irc:bob" && bob.passwordHash == nil)
            #expect(try await stores.identity("irc:bob", at: Self.now) == bob)
            let code = try await stores.createLinkCode(for: ann.id, at: Self.now)
            #expect(try await stores.redeemLinkCode(code, identity: "matrix:@ann:example.org", at: Self.now + 599) == ann)
            #expect(try await stores.redeemLinkCode(code, identity: "irc:bob", at: Self.now + 60) == nil)
            #expect(try await stores.identity("matrix:@ann:example.org", at: Self.now) == ann)
            let late = try await stores.createLinkCode(for: ann.id, at: Self.now)
            #expect(try await stores.redeemLinkCode(late, identity: "irc:bob", at: Self.now + 600) == nil)

            let first = try await stores.channelRoom("irc:#smiths", speaker: bob.id, at: Self.now)
            #expect(first.presence == .joined && first.room.name == "irc:#smiths")
            #expect(try await stores.channelRoom("irc:#smiths", speaker: ann.id, at: Self.now).presence == .joined)
            let again = try await stores.channelRoom("IRC:#Smiths", speaker: bob.id, at: Self.now)
            #expect(again.room == first.room && again.presence == .member)
            _ = try await stores.removeMember(ann.id, from: first.room.id, removed: false, at: Self.now)
            #expect(try await stores.channelRoom("irc:#smiths", speaker: ann.id, at: Self.now).presence == .departed(.left))
        }
    }

    @Test(arguments: EitherStore.available)
    func aDeletedAccountLeavesNothingOfItsOwnAndTheRoomsForgetItsName(store: EitherStore) async throws {
        try await store.with { stores in
            let tess = try await stores.createAccount(name: "tess", passwordHash: "hash", at: Self.now)
            let bob = try await stores.createAccount(name: "bob", passwordHash: "hash", at: Self.now)
            let home = try await stores.createRoom(named: "Home", owner: bob.id, at: Self.now)
            try await stores.addMember(tess.id, to: home.id, at: Self.now)
            let dishes = try await stores.addSharedHabit(HabitDraft(name: "Dishes"), to: home.id)
            let intent = try await stores.beginIntent(.record, token: nil, account: tess.id, room: home.id, habit: dishes.id, at: Self.now)
            let line = RoomLogEntry(
                habitID: dishes.id, habit: "Dishes", kind: .good, accountID: tess.id, member: "tess", at: Self.now, day: Self.today,
                quantity: 1, xp: 10, health: 0, ref: intent.token)
            _ = try await stores.finish(intent, entry: line, news: nil, for: [])
            let milk = try await stores.addRoomTodo("Milk", to: home.id, by: tess.id, for: tess.id, created: Self.today, due: nil, at: Self.now)
            _ = try await stores.addTimer(accountID: tess.id, habit: "Tea", minutes: 5, at: Self.now)
            _ = try await stores.addReminder(accountID: tess.id, habit: nil, minute: 480, settings: .default, due: Self.now + 60)
            try await stores.setDayEnd(of: tess.id, at: Self.now + 3600)
            try await stores.keep(InboxItem(kind: "room", toasts: "[\"tess did Dishes\"]", created: Self.now), for: bob.id)
            try await stores.keep(InboxItem(kind: "room", toasts: "[\"tessa did Dishes\"]", created: Self.now), for: bob.id)
            if let postgres = stores as? PostgresStore {
                // Their game and its ledger, which nothing else may delete, go with the account.
                _ = try await postgres.game(of: tess.id).apply(.addHabit(HabitDraft(name: "Yoga")), at: Self.now)
                _ = try await postgres.game(of: tess.id).apply(.record(Recording(habit: "Yoga")), at: Self.now)
            }

            _ = try await stores.removeMember(tess.id, from: home.id, removed: false, at: Self.now)
            #expect(try await stores.deleteAccount(tess.id))
            #expect(try await stores.deleteAccount(tess.id) == false)
            #expect(try await stores.account(id: tess.id) == nil)
            #expect(try await stores.accounts().map(\.name) == ["bob"])
            #expect(try await stores.timers(of: tess.id) == [])
            #expect(try await stores.reminders(of: tess.id) == [])
            #expect(try await stores.nextDue() == nil)
            #expect(try await stores.takeInbox(of: bob.id).map(\.toasts) == ["[\"tessa did Dishes\"]"])
            var forgotten = line
            (forgotten.accountID, forgotten.member) = (0, DirectoryDatabase.formerMember)
            #expect(try await stores.roomLog(home.id, since: nil, limit: 10) == [forgotten])
            let list = try await stores.roomTodos(of: home.id, gotLately: 5)
            #expect(list.map(\.id) == [milk.id] && list[0].addedBy == 0 && list[0].assignee == nil)
            if let postgres = stores as? PostgresStore {
                #expect(try await PostgresGame(accountID: tess.id, store: postgres).read { try $0.count() } == 0)
            }
        }
    }

    @Test(arguments: EitherStore.available)
    func anInvitationToRegisterWorksOnceBeforeItExpires(store: EitherStore) async throws {
        try await store.with { stores in
            try await stores.addRegistrationInvite("ABC-123", expires: Self.now + 3600, now: Self.now)
            try await stores.addRegistrationInvite("OLD-999", expires: Self.now + 60, now: Self.now)
            #expect(try await stores.takeRegistrationInvite("abc-123", now: Self.now) == Self.now + 3600)
            #expect(try await stores.takeRegistrationInvite("ABC-123", now: Self.now) == nil)
            try await stores.returnRegistrationInvite("abc-123", expires: Self.now + 3600)
            #expect(try await stores.takeRegistrationInvite("ABC-123", now: Self.now + 1) == Self.now + 3600)
            #expect(try await stores.takeRegistrationInvite("OLD-999", now: Self.now + 60) == nil)
        }
    }
}
