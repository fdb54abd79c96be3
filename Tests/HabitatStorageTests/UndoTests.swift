import Foundation
import GRDB
import HabitatEngine
import Testing

@testable import HabitatStorage

@Suite struct UndoTests {
    @Test func undoOnAnEmptyLedgerIsNotFound() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            let before = try await db.state()
            await expectRefusal(.notFound) { try await db.undo() }
            #expect(try await db.state() == before)
            #expect(try await db.entries().isEmpty)
        }
    }

    @Test func undoRestoresTheExactPreviousStateAfterAReopen() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            let before = try await db.state()
            try await db.did("exercise")
            let undone = try await db.undo()
            #expect(undone.state == before)
            #expect(try await db.state() == before)
            #expect(try await db.reloaded() == before)
        }
    }

    @Test func aRecordingWrittenWithTheFirstSnapshotFormatIsUndoneExactly() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            let before = try await db.state()
            try await db.did("exercise")
            db.close()
            // The row as the first format wrote it: the same snapshot as a keyed JSON object. (The close above is
            // queued: this connection waits while it checkpoints the log, as another process's would.)
            let queue = try rawDatabase(at: db.path)
            try await queue.write { db in
                let text = try #require(try String.fetchOne(db, sql: "SELECT before FROM ledger"))
                let snapshot = try #require(Snapshot(storedText: text))
                let json = String(decoding: try JSONEncoder().encode(snapshot), as: UTF8.self)
                #expect(json.hasPrefix("{"))
                try db.execute(sql: "DROP TRIGGER ledger_no_update")
                try db.execute(sql: "UPDATE ledger SET before = ?", arguments: [json])
            }
            try queue.close()
            let undone = try await db.undo()
            #expect(undone.state == before)
            #expect(try await db.reloaded() == before)
        }
    }

    @Test func repeatedUndoWalksBackThroughEveryKindOfEntry() async throws {
        try await withUserDatabase { db in
            try await db.change { state, _ in state.areas.append(Area(name: "Fitness")) }
            try await db.add(HabitDraft(name: "Exercise", xp: 60, coins: 15, area: "Fitness"))
            try await db.add(HabitDraft(name: "Smoking", kind: .bad, life: 40))
            _ = try await db.apply(.addReward(name: "Tea", price: 5), at: Fixture.now)

            var states = [try await db.state()]
            try await db.did("exercise")
            states.append(try await db.state())
            try await db.did("exercise", when: .daysAgo(1))
            states.append(try await db.state())
            try await db.did("smoking")
            states.append(try await db.state())
            try await db.buy("potion")
            states.append(try await db.state())
            try await db.buy("tea")
            states.append(try await db.state())
            #expect(states[2].profile.progress.level == 2)
            #expect(states[2].areas[0].progress.level == 2)
            #expect(states[4].profile.health == 1000)

            for expected in states.dropLast().reversed() {
                let undone = try await db.undo()
                #expect(undone.state == expected)
                #expect(try await db.reloaded() == expected)
            }
            #expect(try await db.reloaded() == states[0])
            await expectRefusal(.notFound) { try await db.undo() }
        }
    }

    @Test func undoingAFatalSlipRestoresLifeAndTheActiveState() async throws {
        try await withUserDatabase { db in
            try await db.add(HabitDraft(name: "Smoking", kind: .bad, life: 1000))
            let before = try await db.state()
            #expect(try await db.did("smoking").state.profile.state == .gameOver)
            try await db.undo()
            let reloaded = try await db.reloaded()
            #expect(reloaded == before)
            #expect(reloaded.profile.state == .active && reloaded.profile.health == 1000)
        }
    }

    @Test func undoAppendsAnUndoEntryThatRevertsTheLatest() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            let first = try #require(try await db.did("exercise").outcome.entry)
            let second = try #require(try await db.did("exercise", times: 2).outcome.entry)
            let undo = try #require(try await db.undo().outcome.entry)

            #expect(undo.kind == .undo)
            #expect(undo.reverts == second.id)
            #expect(undo.xp == -20 && undo.coins == -10 && undo.health == 0)
            #expect(undo.subject == "Exercise")
            #expect(undo.id != nil && undo.id! > second.id!)
            let entries = try await db.entries()
            #expect(entries == [first, second, undo])
            #expect(try await db.read { try $0.latestUndoable() } == first)
        }
    }

    @Test func theUndoneEntryIsNoLongerUndoable() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            let first = try await db.did("exercise").outcome.entry
            #expect(try await db.read { try $0.latestUndoable() } == first)
            try await db.undo()
            #expect(try await db.read { try $0.latestUndoable() } == nil)
            await expectRefusal(.notFound) { try await db.undo() }
            #expect(try await db.entries().map(\.kind) == [.completion, .undo])
        }
    }

    @Test func undoKeepsWorkingAcrossAReopen() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            try await db.did("exercise")
            let middle = try await db.state()
            try await db.did("exercise")
            try await db.undo()

            let reopened = UserDatabase(path: db.path, durability: .normal)
            #expect(try await reopened.state() == middle)
            let undone = try await reopened.undo()
            #expect(undone.state.profile == Profile.start)
            #expect(try await reopened.entries().compactMap(\.reverts) == [2, 1])
        }
    }

    @Test func newActionsAfterAnUndoAreUndoneFirst() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            try await db.add(HabitDraft(name: "Reading", xp: 30, coins: 1))
            try await db.did("exercise")
            let afterExercise = try await db.state()
            try await db.did("exercise")
            try await db.undo()
            try await db.did("reading")
            try await db.undo()
            #expect(try await db.reloaded() == afterExercise)
            try await db.undo()
            #expect(try await db.reloaded().profile == .start)
        }
    }

    @Test func nActionsThenNUndosLeaveTheFileAsBefore() async throws {
        try await withUserDatabase { db in
            try await db.add(HabitDraft(name: "Exercise", xp: 45, coins: 9))
            try await db.add(HabitDraft(name: "Smoking", kind: .bad, life: 150))
            let before = try await db.state()
            let actions: [Action] = [
                .record(Recording(habit: "exercise", times: 3)), .record(Recording(habit: "smoking")),
                .buy(item: "potion", quantity: 1), .record(Recording(habit: "smoking", when: .daysAgo(3))),
                .record(Recording(habit: "exercise", when: .daysAgo(1))),
                .record(Recording(habit: "smoking", times: 9)),
                .record(Recording(habit: "exercise")),
            ]
            for action in actions { _ = try await db.apply(action, at: Fixture.now) }
            #expect(try await db.state().profile.state == .gameOver)
            for _ in actions { try await db.undo() }
            #expect(try await db.state() == before)
            #expect(try await db.reloaded() == before)
            #expect(try await db.entries().count == 2 * actions.count)
        }
    }
}

/// Undo of a personal action takes one transaction; a room's shared habit is left for the room's
/// own undo, which tells the room's log first.
@Suite struct UndoUnlessSharedTests {
    @Test func aPersonalActionIsUndoneAtOnce() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            try await db.did("exercise")
            let undone = try #require(try await db.undoUnlessShared(at: Fixture.now))
            #expect(undone.outcome.entry?.kind == .undo)
            #expect(undone.state.profile.coins == 0)
            #expect(try await db.entries().count == 2)
        }
    }

    @Test func aSharedHabitIsLeftAsItWas() async throws {
        try await withUserDatabase { db in
            let shared = SharedRecording(
                habit: "Dishes", kind: .good, xp: 10, coins: 5, life: 0, room: "home", token: "t-1", times: 1, note: nil, area: nil)
            try await db.apply(.recordShared(shared), at: Fixture.now)
            let before = try dump(ofDatabaseAt: db.path)
            #expect(try await db.undoUnlessShared(at: Fixture.now) == nil)
            #expect(try dump(ofDatabaseAt: db.path) == before)
            #expect(try await db.state().profile.coins == 5)
        }
    }
}
