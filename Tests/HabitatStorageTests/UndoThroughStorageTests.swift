import Foundation
import HabitatEngine
import SeededRandom
import Testing

@testable import HabitatStorage

/// The undo invariant, through the real ledger: any sequence of N recorded actions followed by N
/// undos leaves the state (status, areas, streaks) exactly as before, in memory and on disk.
@Suite("Undo through storage")
struct UndoThroughStorageTests {
    static let start = Date(timeIntervalSince1970: 1_795_176_000)

    /// A user with areas, good and bad habits, a routine and a reward, some history behind them.
    func seededDatabase() async throws -> UserDatabase {
        SQLiteSetup.apply()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("undo-\(UUID().uuidString).sqlite").path
        let database = UserDatabase(path: path, durability: .normal)
        let setup: [Action] = [
            .addArea("Fitness"), .addArea("Mind"),
            .addHabit(HabitDraft(name: "Exercise", xp: 40, area: "Fitness")),
            .addHabit(HabitDraft(name: "Read", xp: 25, coins: 9, area: "Mind")),
            .addHabit(HabitDraft(name: "Stretch", area: "Fitness")),
            .addHabit(HabitDraft(name: "Smoking", kind: .bad, life: 180)),
            .addHabit(HabitDraft(name: "Junk food", kind: .bad, life: 70)),
            .addRoutine(name: "Morning", habits: ["stretch", "read"]),
            .addReward(name: "Movie", price: 30),
            .configure(.curve(.exponential), area: "Mind"),
            .configure(.runningTarget(km: 2), area: nil),
        ]
        for action in setup { _ = try await database.apply(action, at: Self.start) }
        for _ in 0..<5 { _ = try await database.apply(.record(Recording(habit: "exercise", when: .daysAgo(3))), at: Self.start) }
        return database
    }

    func randomAction(using rng: inout SplitMix64) -> Action {
        switch Int.random(in: 0..<12, using: &rng) {
        case 0...2: .record(Recording(habit: ["exercise", "read", "stretch"].randomElement(using: &rng)!, times: Int.random(in: 1...3, using: &rng)))
        case 3: .record(Recording(habit: "morning"))
        case 4: .record(Recording(habit: "exercise", when: .daysAgo(Int.random(in: 1...6, using: &rng))))
        case 5...6: .record(Recording(habit: ["smoking", "junk food"].randomElement(using: &rng)!, times: Int.random(in: 1...4, using: &rng)))
        case 7: .buy(item: "potion", quantity: Int.random(in: 1...3, using: &rng))
        case 8: .buy(item: "movie", quantity: 1)
        case 9: .startChallenge
        default: .run(km: Double(Int.random(in: 1...15, using: &rng)) / 10)
        }
    }

    @Test(arguments: 1...12)
    func anySequenceOfActionsThenAsManyUndosRestoresEverything(seed: UInt64) async throws {
        var rng = SplitMix64(seed: seed)
        let database = try await seededDatabase()
        let before = try await database.state()
        let ledgerBefore = try await database.read { try $0.recent(limit: 1000) }
        var recorded = 0
        var now = Self.start
        for _ in 0..<40 {
            now += 3600
            // Refused actions change nothing and are not recorded; only carried-out ones count.
            guard let (outcome, _) = try? await database.apply(randomAction(using: &rng), at: now), outcome.entry != nil else { continue }
            recorded += 1
        }
        #expect(recorded > 10)
        for _ in 0..<recorded { _ = try await database.undo(at: now) }
        let after = try await database.state()
        #expect(after == before)
        #expect(Views.statusLike(after) == Views.statusLike(before))
        // Everything recorded is undone, and history shows what stood before.
        #expect(try await database.read { try $0.recent(limit: 1000) } == ledgerBefore)
        // The same on disk, read afresh.
        database.close()
        let reopened = UserDatabase(path: database.path, durability: .normal)
        let fromDisk = try await reopened.state()
        #expect(fromDisk.profile == before.profile)
        #expect(fromDisk.settings == before.settings)
        #expect(fromDisk.areas == before.areas)
        for (disk, memory) in zip(fromDisk.habits, before.habits) { #expect(disk == memory) }
        #expect(fromDisk.rewards == before.rewards)
        #expect(fromDisk.routines == before.routines)
        #expect(fromDisk == before)
    }
}

/// The totals `status` shows, areas included.
enum Views {
    static func statusLike(_ state: GameState) -> [Int] {
        [state.profile.progress.level, state.profile.progress.xp, state.profile.coins, state.profile.health]
            + state.areas.flatMap { [$0.progress.level, $0.progress.xp] }
    }
}
