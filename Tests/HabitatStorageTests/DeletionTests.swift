import Foundation
import GRDB
import HabitatEngine
import HabitatHousehold
import Testing

@testable import HabitatStorage

@Suite("Deleting a reward or a room's shared habit, through storage")
struct DeletionStorageTests {
    @Test func aDeletedRewardIsGoneFromAReopenedFileAndItsPurchaseStaysAndCanBeUndone() async throws {
        try await withUserDatabase { db in
            _ = try await db.apply(.addReward(name: "Movie night", price: 100), at: Fixture.now)
            _ = try await db.apply(.addReward(name: "Book", price: 60), at: Fixture.now)
            try await db.change { state, _ in state.profile.coins = 150 }
            try await db.buy("movie night")
            let entries = try await db.entries()

            let (outcome, state) = try await db.apply(.deleteReward("movie"), at: Fixture.now)
            #expect(outcome.toasts.map(\.message) == ["Deleted reward Movie night. Past purchases stay in your history."])
            #expect(state.rewards.map(\.name) == ["Book"])
            let reopened = try await db.reloaded()
            #expect(reopened == state)
            let rows = try await rawDatabase(at: db.path).read { try String.fetchAll($0, sql: "SELECT name FROM reward") }
            #expect(rows == ["Book"])
            // Deleting wrote nothing to the ledger; the purchase keeps the reward's name.
            #expect(try await db.entries() == entries)
            #expect(entries.last?.subject == "Movie night")

            let (undone, afterUndo) = try await db.undo()
            #expect(undone.toasts.map(\.message) == ["Undid buying Movie night (+100 coins)"])
            #expect(afterUndo.profile.coins == 150)
            #expect(try await db.reloaded().profile.coins == 150)
            // A reward of the same name can be added again.
            _ = try await db.apply(.addReward(name: "movie night", price: 80), at: Fixture.now)
            #expect(try await db.reloaded().rewards.map(\.name) == ["Book", "movie night"])
        }
    }

    /// ann owns Smiths, ben is a member; Dishes and Trash are shared, and ben did Dishes.
    func household(_ body: (DirectoryDatabase, URL, Room, Account, Account, SharedHabit) async throws -> Void) async throws {
        try await withTemporaryDirectory { folder in
            let directory = try DirectoryDatabase(directory: folder, durability: .normal)
            let ann = try await directory.createAccount(name: "ann", passwordHash: "h", at: Fixture.now)
            let ben = try await directory.createAccount(name: "ben", passwordHash: "h", at: Fixture.now)
            let room = try await directory.createRoom(named: "Smiths", owner: ann.id, at: Fixture.now)
            try await directory.addMember(ben.id, to: room.id, at: Fixture.now)
            let dishes = try await directory.addSharedHabit(HabitDraft(name: "Dishes"), to: room.id)
            _ = try await directory.addSharedHabit(HabitDraft(name: "Trash"), to: room.id)
            let intent = try await directory.beginIntent(.record, account: ben.id, room: room.id, habit: dishes.id, at: Fixture.now)
            let line = RoomLogEntry(
                habitID: dishes.id, habit: "Dishes", kind: .good, accountID: ben.id, member: "ben", at: Fixture.now, day: Fixture.today,
                quantity: 1, xp: 10, health: 0, ref: intent.token)
            try await directory.finish(intent, entry: line)
            try await body(directory, folder, room, ann, ben, dishes)
        }
    }

    @Test func onlyTheOwnerDeletesASharedHabitAndTheLogKeepsItsLinesAfterAReopen() async throws {
        try await household { directory, folder, room, ann, ben, dishes in
            #expect(try await directory.deleteSharedHabit(dishes.id, of: room.id, byOwner: ben.id) == false)
            #expect(try await directory.sharedHabits(of: room.id).map(\.name) == ["Dishes", "Trash"])

            #expect(try await directory.deleteSharedHabit(dishes.id, of: room.id, byOwner: ann.id))
            // Gone already: nothing more to delete.
            #expect(try await directory.deleteSharedHabit(dishes.id, of: room.id, byOwner: ann.id) == false)

            let reopened = try DirectoryDatabase(directory: folder, durability: .normal)
            #expect(try await reopened.sharedHabits(of: room.id).map(\.name) == ["Trash"])
            let log = try await reopened.roomLog(room.id)
            #expect(log.map(\.habit) == ["Dishes"])
            #expect(log.map(\.habitID) == [dishes.id])
            // Its line is still found by its ref, so the member's undo can mark it undone.
            let ref = try #require(log.first?.ref)
            #expect(try await reopened.roomLogLine(ref: ref)?.habitID == dishes.id)
            let undo = try await reopened.beginIntent(.undo, token: ref, account: ben.id, room: room.id, habit: dishes.id, at: Fixture.now)
            try await reopened.finish(undo, entry: log[0])
            #expect(try await reopened.roomLog(room.id).isEmpty)
            // A new shared habit of the same name is another habit.
            let again = try await reopened.addSharedHabit(HabitDraft(name: "Dishes"), to: room.id)
            #expect(again.id != dishes.id)
        }
    }
}
