import Foundation
import GRDB
import HabitatEngine
import Testing

@testable import HabitatStorage

@Suite struct LedgerTests {
    @Test func aCompletionAppendsOneRowWithItsAmounts() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            let habitID = try #require(try await db.state().habits.first?.id)
            let recorded = try await db.did("exercise", times: 3)
            let entries = try await db.entries()
            #expect(entries.count == 1)
            let entry = try #require(entries.first)
            #expect(entry.id != nil)
            #expect(entry.kind == .completion)
            #expect(entry.subject == "Exercise")
            #expect(entry.habitID == habitID)
            #expect(entry.quantity == 3)
            #expect(entry.xp == 30 && entry.coins == 15 && entry.health == 0)
            #expect(entry.day == Fixture.today)
            #expect(entry.at == Fixture.now)
            #expect(entry.reverts == nil)
            #expect(entry.before?.profile == .start)
            #expect(entry.before?.habits.map(\.id) == [habitID])
            #expect(entry.before?.habits.first?.stats == .zero)
            #expect(entry.before?.areas.isEmpty == true)
            #expect(recorded.outcome.entry == entry)
        }
    }

    @Test func aSlipAppendsARowWithTheLifeLost() async throws {
        try await withUserDatabase { db in
            try await db.add(HabitDraft(name: "Smoking", kind: .bad, life: 25))
            let slipped = try await db.did("smoking")
            let entry = try #require(try await db.entries().last)
            #expect(entry.kind == .slip)
            #expect(entry.subject == "Smoking")
            #expect(entry.xp == 0 && entry.coins == 0 && entry.health == -25)
            #expect(entry == slipped.outcome.entry)
        }
    }

    @Test func purchasesAppendRowsWithCoinsAndHealth() async throws {
        try await withUserDatabase { db in
            try await db.add(HabitDraft(name: "Exercise", coins: 100))
            try await db.add(HabitDraft(name: "Smoking", kind: .bad, life: 500))
            _ = try await db.apply(.addReward(name: "Movie night", price: 60), at: Fixture.now)
            try await db.did("exercise")
            try await db.did("smoking")
            let potion = try await db.buy("potion")
            let reward = try await db.buy("movie night")
            let entries = try await db.entries()
            #expect(entries.map(\.kind) == [.completion, .slip, .purchase, .purchase])
            #expect(entries[2] == potion.outcome.entry)
            #expect(entries[2].subject == "Health Potion")
            #expect(entries[2].coins == -25 && entries[2].health == 300 && entries[2].habitID == nil)
            #expect(entries[3] == reward.outcome.entry)
            #expect(entries[3].subject == "Movie night")
            #expect(entries[3].coins == -60 && entries[3].health == 0)
        }
    }

    @Test func addingHabitsAndRewardsAppendsNoRow() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            _ = try await db.apply(.addReward(name: "Movie night", price: 60), at: Fixture.now)
            #expect(try await db.entries().isEmpty)
        }
    }

    @Test func aBackdatedRecordingCountsForItsDayButIsLoggedNow() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            try await db.did("exercise", when: .daysAgo(2))
            let entry = try #require(try await db.entries().first)
            #expect(entry.day == Fixture.today - 2)
            #expect(entry.at == Fixture.now)
            let day = try await rawDatabase(at: db.path).read { db in
                try String.fetchOne(db, sql: "SELECT day FROM ledger")
            }
            #expect(day == "2026-11-18")
        }
    }

    @Test func notesAndTimesOfDayAreKept() async throws {
        try await withUserDatabase { db in
            try await db.add(HabitDraft(name: "Wake up", tracksTime: true))
            try await db.add(HabitDraft(name: "Breakfast"))
            _ = try await db.apply(.record(Recording(habit: "wake up", timeOfDay: 6 * 60 + 45)), at: Fixture.now)
            let breakfast = Recording(habit: "breakfast", note: "oatmeal with berries")
            _ = try await db.apply(.record(breakfast), at: Fixture.now)
            let entries = try await db.entries()
            #expect(entries.map(\.timeOfDay) == [405, nil])
            #expect(entries.map(\.note) == [nil, "oatmeal with berries"])
        }
    }

    @Test func anEntryReadBackEqualsTheOneApplyReturned() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            var returned: [LedgerEntry] = []
            for step in 0..<50 {
                let now = Fixture.now.addingTimeInterval(Double(step) * 60.25)
                returned.append(try #require(try await db.did("exercise", at: now).outcome.entry))
            }
            #expect(try await db.entries() == returned)
        }
    }

    @Test func aSubSecondInstantReadsBackAsRecorded() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            let now = Date(timeIntervalSinceReferenceDate: 816_953_016.160_226_5)
            let entry = try #require(try await db.did("exercise", at: now).outcome.entry)
            let stored = try #require(try await db.entries().first)
            #expect(abs(stored.at.timeIntervalSince(now)) < 0.000_001)
            // What `did` returned is what the file holds, so a client comparing the two sees no change.
            #expect(stored == entry)
            withKnownIssue("`at` is stored as REAL seconds since 1970, which does not round-trip every Date exactly") {
                #expect(stored.at == now)
            }
        }
    }

    @Test func idsGrowInTheOrderEntriesWereAppended() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            var ids: [Int64] = []
            for _ in 0..<5 { ids.append(try #require(try await db.did("exercise").outcome.entry?.id)) }
            #expect(ids == ids.sorted() && Set(ids).count == 5)
            #expect(try await db.entries().compactMap(\.id) == ids)
            #expect(try await db.read { try $0.count() } == 5)
        }
    }

    // MARK: - Append-only

    @Test func sqliteRefusesToUpdateTheLedger() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            try await db.did("exercise")
            let before = try dump(ofDatabaseAt: db.path)
            let raw = try rawDatabase(at: db.path)
            let error = #expect(throws: DatabaseError.self) {
                try raw.write { try $0.execute(sql: "UPDATE ledger SET xp = 1000") }
            }
            #expect(error?.message == "the ledger is append-only")
            #expect(try dump(ofDatabaseAt: db.path) == before)
        }
    }

    @Test func sqliteRefusesToDeleteFromTheLedger() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            try await db.did("exercise")
            try await db.did("exercise")
            let raw = try rawDatabase(at: db.path)
            for sql in ["DELETE FROM ledger", "DELETE FROM ledger WHERE id = 1"] {
                let error = #expect(throws: DatabaseError.self) { try raw.write { try $0.execute(sql: sql) } }
                #expect(error?.message == "the ledger is append-only")
            }
            #expect(try await db.entries().count == 2)
        }
    }

    @Test func theHandlesOwnConnectionCannotRewriteTheLedgerEither() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            try await db.did("exercise")
            await #expect(throws: DatabaseError.self) {
                try await db.change { _, ledger in try ledger.db.execute(sql: "UPDATE ledger SET coins = 0") }
            }
            #expect(try await db.entries().first?.coins == 5)
        }
    }

    // MARK: - Status does not grow with history

    @Test func totalsDoNotDependOnTheLedger() async throws {
        let count = 20_000
        try await withUserDatabase { db in
            try await db.add(HabitDraft(name: "Exercise", xp: 7, coins: 3))
            let start = try await db.state()
            let (after, _) = try await db.change { state, ledger in
                for _ in 0..<count {
                    var outcome = try state.apply(.record(Recording(habit: "exercise")), at: Fixture.now)
                    outcome.entry = try ledger.append(try #require(outcome.entry))
                }
                return state
            }
            var expected = start
            for _ in 0..<count { _ = try expected.apply(.record(Recording(habit: "exercise")), at: Fixture.now) }
            #expect(after == expected)
            #expect(after.profile.coins == 3 * count)
            #expect(after.habits[0].stats.total == count)
            #expect(try await db.read { try $0.count() } == count)
            #expect(try await db.state() == expected)

            // Hide the ledger: a handle that opens the file now can only be reading the kept totals.
            let raw = try rawDatabase(at: db.path)
            try await raw.write { try $0.execute(sql: "ALTER TABLE ledger RENAME TO hidden_ledger") }
            #expect(try await db.state() == expected)
            #expect(try await db.reloaded() == expected)

            try await raw.write { try $0.execute(sql: "ALTER TABLE hidden_ledger RENAME TO ledger") }
            let next = try await db.did("exercise")
            #expect(next.state.habits[0].stats.total == count + 1)
            #expect(try await db.reloaded() == next.state)
        }
    }

    @Test func manyAppliedRecordingsKeepTheSameTotalsAsTheEngine() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            try await db.add(HabitDraft(name: "Smoking", kind: .bad, life: 3))
            var expected = try await db.state()
            for index in 0..<300 {
                let habit = index % 4 == 3 ? "smoking" : "exercise"
                _ = try expected.apply(.record(Recording(habit: habit)), at: Fixture.now)
                try await db.did(habit)
            }
            #expect(try await db.state() == expected)
            #expect(try await db.reloaded() == expected)
            #expect(try await db.read { try $0.count() } == 300)
        }
    }
}
