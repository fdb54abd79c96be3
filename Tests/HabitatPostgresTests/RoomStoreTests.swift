import Foundation
import HabitatEngine
import HabitatHousehold
import HabitatStorage
import Testing

/// Household rooms, the same on SQLite and on PostgreSQL.
@Suite("Rooms, on either store")
struct RoomStoreTests {
    static let now = Date(timeIntervalSince1970: 1_795_176_000)
    static let today = Day(ordinal: 20_777)

    @Test(arguments: EitherStore.available)
    func aRoomIsFoundByItsNameInAnyCaseAndItsNameIsTakenOnce(store: EitherStore) async throws {
        try await store.with { stores in
            let ann = try await stores.createAccount(name: "ann", passwordHash: nil, at: Self.now)
            let (home, invite) = try await stores.createRoomWithInvite(named: "Home", owner: ann.id, at: Self.now)
            let allotment = try await stores.createRoom(named: "Allotment", owner: ann.id, at: Self.now)
            await #expect(throws: Room.nameTaken("HOME")) { try await stores.createRoom(named: "HOME", owner: ann.id, at: Self.now) }
            #expect(try await stores.room(named: "home") == home)
            #expect(try await stores.room(id: home.id) == home)
            #expect(try await stores.room(named: "Attic") == nil)
            #expect(try await stores.rooms(of: ann.id) == [allotment, home])
            #expect(try await stores.members(of: home.id) == [Member(accountID: ann.id, name: "ann", fileID: ann.fileID, isOwner: true)])
            #expect(try await stores.inviteRoom(invite, at: Self.now) == home)
        }
    }

    @Test(arguments: EitherStore.available)
    func anInviteIsUsedOnceAndLeavingHandsTheRoomOn(store: EitherStore) async throws {
        try await store.with { stores in
            let ann = try await stores.createAccount(name: "ann", passwordHash: nil, at: Self.now)
            let bob = try await stores.createAccount(name: "bob", passwordHash: nil, at: Self.now)
            let cy = try await stores.createAccount(name: "cy", passwordHash: nil, at: Self.now)
            let home = try await stores.createRoom(named: "Home", owner: ann.id, at: Self.now)
            let code = try await stores.createInvite(for: home.id, by: ann.id, at: Self.now)
            #expect(try await stores.redeemInvite(code.lowercased(), room: home.id, by: bob.id, at: Self.now + 60))
            #expect(try await stores.redeemInvite(code, room: home.id, by: cy.id, at: Self.now + 60) == false)
            #expect(try await stores.inviteRoom(code, at: Self.now + 60) == nil)
            try await stores.addMember(cy.id, to: home.id, at: Self.now + 120)
            #expect(try await stores.members(of: home.id).map(\.name) == ["ann", "bob", "cy"])

            // Bob leaves and comes back by himself; Cy is removed and can't.
            #expect(try await stores.removeMember(bob.id, from: home.id, removed: false, at: Self.now + 180) == nil)
            #expect(try await stores.departure(of: bob.id, from: home.id) == .left)
            try await stores.rejoin(bob.id, room: home.id, at: Self.now + 240)
            #expect(try await stores.departure(of: bob.id, from: home.id) == nil)
            _ = try await stores.removeMember(cy.id, from: home.id, removed: true, at: Self.now + 300)
            try await stores.rejoin(cy.id, room: home.id, at: Self.now + 360)
            #expect(try await stores.membership(of: cy.id, in: home.id) == nil)
            #expect(try await stores.departure(of: cy.id, from: home.id) == .removed)

            // The owner leaves: the longest-standing member owns it; the last one out closes it.
            #expect(try await stores.removeMember(ann.id, from: home.id, removed: false, at: Self.now + 420) == bob.id)
            #expect(try await stores.membership(of: bob.id, in: home.id)?.isOwner == true)
            #expect(try await stores.removeMember(bob.id, from: home.id, removed: false, at: Self.now + 480) == nil)
            #expect(try await stores.room(id: home.id) == nil)
            #expect(try await stores.rooms(of: bob.id) == [])
        }
    }

    @Test(arguments: EitherStore.available)
    func aFullRoomRefusesOneMoreAndLosesNothing(store: EitherStore) async throws {
        let limits = RoomLimits(roomsPerAccount: 2, membersPerRoom: 2, sharedHabitsPerRoom: 1, invitesPerRoom: 1)
        try await store.with(limits: limits) { stores in
            let ann = try await stores.createAccount(name: "ann", passwordHash: nil, at: Self.now)
            let bob = try await stores.createAccount(name: "bob", passwordHash: nil, at: Self.now)
            let cy = try await stores.createAccount(name: "cy", passwordHash: nil, at: Self.now)
            let home = try await stores.createRoom(named: "Home", owner: ann.id, at: Self.now)
            _ = try await stores.createRoom(named: "Shed", owner: ann.id, at: Self.now)
            await #expect(throws: HabitatError.self) { try await stores.createRoom(named: "Attic", owner: ann.id, at: Self.now) }
            let code = try await stores.createInvite(for: home.id, by: ann.id, at: Self.now)
            await #expect(throws: HabitatError.self) { try await stores.createInvite(for: home.id, by: ann.id, at: Self.now) }
            try await stores.addMember(bob.id, to: home.id, at: Self.now)
            await #expect(throws: HabitatError.self) { try await stores.redeemInvite(code, room: home.id, by: cy.id, at: Self.now) }
            #expect(try await stores.inviteRoom(code, at: Self.now) == home)
            _ = try await stores.addSharedHabit(HabitDraft(name: "Dishes"), to: home.id)
            await #expect(throws: HabitatError.self) { try await stores.addSharedHabit(HabitDraft(name: "Bins"), to: home.id) }
            #expect(try await stores.members(of: home.id).count == 2)
            #expect(try await stores.sharedHabits(of: home.id).map(\.name) == ["Dishes"])
        }
    }

    @Test(arguments: EitherStore.available)
    func aSharedCompletionReachesTheLogOnceAndItsUndoMarksIt(store: EitherStore) async throws {
        try await store.with { stores in
            let ann = try await stores.createAccount(name: "ann", passwordHash: nil, at: Self.now)
            let bob = try await stores.createAccount(name: "bob", passwordHash: nil, at: Self.now)
            let home = try await stores.createRoom(named: "Home", owner: ann.id, at: Self.now)
            try await stores.addMember(bob.id, to: home.id, at: Self.now)
            let dishes = try await stores.addSharedHabit(HabitDraft(name: "Dishes", xp: 15), to: home.id)
            await #expect(throws: SharedHabit.nameTaken("dishes")) { try await stores.addSharedHabit(HabitDraft(name: "dishes"), to: home.id) }
            #expect(try await stores.sharedHabits(of: home.id) == [dishes])

            let intent = try await stores.beginIntent(.record, token: nil, account: ann.id, room: home.id, habit: dishes.id, at: Self.now)
            #expect(try await stores.unfinishedIntents() == [intent])
            let line = RoomLogEntry(
                habitID: dishes.id, habit: "Dishes", kind: .good, accountID: ann.id, member: "ann", at: Self.now, day: Self.today,
                quantity: 1, xp: 15, health: 0, ref: intent.token)
            try stores.writeLine(of: intent, entry: line)
            let kept = try await stores.finish(intent, entry: line, news: InboxItem(kind: "room", toasts: "[]", created: Self.now), for: [bob.id])
            #expect(Array(kept.keys) == [bob.id])
            #expect(try await stores.unfinishedIntents() == [])
            #expect(try await stores.roomLog(home.id, since: nil, limit: 10) == [line])
            #expect(try await stores.roomLog(home.id, since: Self.today + 1, limit: 10) == [])
            let found = try #require(try await stores.roomLogLine(ref: intent.token))
            #expect(found.roomID == home.id && found.habitID == dishes.id && found.entry == line)
            #expect(try await stores.takeInbox(of: bob.id).count == 1)

            // Its undo marks the line; an undo whose member never committed takes the mark back.
            let undo = try await stores.beginIntent(.undo, token: intent.token, account: ann.id, room: home.id, habit: dishes.id, at: Self.now + 60)
            try stores.writeLine(of: undo, entry: line)
            #expect(try await stores.roomLog(home.id, since: nil, limit: 10) == [])
            _ = try await stores.finish(undo, entry: nil, news: nil, for: [])
            #expect(try await stores.roomLog(home.id, since: nil, limit: 10) == [line])
            // A record whose member never committed leaves no line.
            let lost = try await stores.beginIntent(.record, token: nil, account: bob.id, room: home.id, habit: dishes.id, at: Self.now + 120)
            var bobs = line
            (bobs.accountID, bobs.member, bobs.ref) = (bob.id, "bob", lost.token)
            try stores.writeLine(of: lost, entry: bobs)
            #expect(try await stores.roomLog(home.id, since: nil, limit: 10).count == 2)
            _ = try await stores.finish(lost, entry: nil, news: nil, for: [])
            #expect(try await stores.roomLog(home.id, since: nil, limit: 10) == [line])
            #expect(try await stores.deleteSharedHabit(dishes.id, of: home.id, byOwner: bob.id) == false)
            #expect(try await stores.deleteSharedHabit(dishes.id, of: home.id, byOwner: ann.id))
            #expect(try await stores.sharedHabits(of: home.id) == [])
        }
    }
}
