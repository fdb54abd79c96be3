import Foundation
import HabitatEngine
import SeededRandom
import Testing

/// Any sequence of N recorded actions followed by N undos leaves the state exactly as before.
@Suite struct UndoPropertyTests {
    static let sequences = 200

    @Test func anySequenceOfRecordedActionsIsUndoneExactly() throws {
        var actionsTried = 0
        var actionsRecorded = 0
        var gameOvers = 0
        for seed in 0..<UInt64(Self.sequences) {
            var rng = SplitMix64(seed: seed)
            let original = Self.randomState(using: &rng)
            var state = original
            var now = Fixture.now
            var nextID: Int64 = 100
            var stack: [(entry: LedgerEntry, before: GameState)] = []

            let n = Int.random(in: 1...40, using: &rng)
            var attempts = 0
            while stack.count < n, attempts < n * 5 {
                attempts += 1
                actionsTried += 1
                now += TimeInterval(Int.random(in: 0...(30 * 3600), using: &rng))
                let action = Self.randomAction(in: state, at: now, using: &rng)
                let before = state
                do {
                    var entry = try #require(try state.apply(action, at: now).entry, "seed \(seed): \(action)")
                    entry.id = nextID
                    nextID += 1
                    stack.append((entry, before))
                    actionsRecorded += 1
                    if before.profile.state == .active, state.profile.state == .gameOver { gameOvers += 1 }
                } catch is HabitatError {
                    #expect(state == before, "seed \(seed): refused \(action) changed the state")
                }
            }

            while let top = stack.popLast() {
                now += TimeInterval(Int.random(in: 0...7200, using: &rng))
                let outcome = try state.apply(.undo(latest: top.entry), at: now)
                #expect(outcome.entry?.kind == .undo)
                #expect(outcome.entry?.reverts == top.entry.id)
                #expect(state == top.before, "seed \(seed): undoing \(top.entry.kind) \(top.entry.subject)")
            }
            #expect(state == original, "seed \(seed): \(n) actions and \(n) undos did not restore the state")
        }
        #expect(actionsRecorded > Self.sequences * 10)
        #expect(actionsRecorded < actionsTried)
        #expect(gameOvers > 0)
    }

    static func randomState(using rng: inout SplitMix64) -> GameState {
        let kinds = LevelCurve.Kind.allCases
        var settings = Settings.default
        settings.curve = LevelCurve(
            kind: kinds.randomElement(using: &rng)!, base: [50, 100, 200].randomElement(using: &rng)!,
            multiplier: [1.25, 1.5, 2].randomElement(using: &rng)!)
        settings.timeZone = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata"].randomElement(using: &rng)!
        settings.dayStartHour = [0, 0, 4].randomElement(using: &rng)!
        settings.runningTargetKm = [3, 5, 2.5].randomElement(using: &rng)!

        let level = Int.random(in: 1...8, using: &rng)
        let progress = Progress(level: level, xp: Int.random(in: 0..<settings.curve.need(at: level), using: &rng))
        let gameOver = Int.random(in: 0..<6, using: &rng) == 0
        let health = gameOver ? 0 : [1000, Int.random(in: 1...1000, using: &rng)].randomElement(using: &rng)!
        let profile = Profile(
            progress: progress, coins: Int.random(in: 0...400, using: &rng), health: health, maxHealth: 1000,
            state: gameOver ? .gameOver : .active, challenge: nil)

        let areas = [
            Area(id: 7, name: "Fitness", progress: Progress(level: Int.random(in: 1...3, using: &rng), xp: 0)),
            Area(id: 8, name: "Mind", progress: Progress(level: 1, xp: Int.random(in: 0..<50, using: &rng)),
                curve: LevelCurve(kind: .exponential, base: 50, multiplier: 2)),
        ]
        let today = settings.day(of: Fixture.now)
        func stats() -> HabitStats {
            guard Bool.random(using: &rng) else { return .zero }
            let streak = Int.random(in: 1...9, using: &rng)
            return HabitStats(
                streak: streak, best: streak + Int.random(in: 0...5, using: &rng),
                lastDay: today - Int.random(in: 0...4, using: &rng),
                total: streak + Int.random(in: 0...20, using: &rng))
        }
        let habits = [
            Habit(id: 1, name: "Exercise", kind: .good, areaID: 7, created: today - 60, stats: stats()),
            Habit(id: 2, name: "Smoking", kind: .bad, created: today - 60, stats: stats()),
            Habit(
                id: 3, name: "Reading", kind: .good, xp: 35, coins: 12, areaID: 8, created: today - 50,
                stats: stats()),
            Habit(id: 4, name: "Pushups", kind: .good, xp: 3, coins: 1, created: today - 5, stats: stats()),
            Habit(
                id: 5, name: "Junk food", kind: .bad, life: 150, areaID: 7, created: today - 20, stats: stats()),
            Habit(id: 6, name: "Old habit", kind: .good, archived: true, created: today - 90),
        ]
        let rewards = [Reward(id: 1, name: "Movie night", price: 100), Reward(id: 2, name: "Coffee", price: 15)]
        return GameState(profile: profile, settings: settings, habits: habits, areas: areas, rewards: rewards)
    }

    static func randomAction(in state: GameState, at now: Date, using rng: inout SplitMix64) -> Action {
        let today = state.settings.day(of: now)
        func when() -> Recording.When {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<6: .today
            case 6..<8: .daysAgo(Int.random(in: 0...33, using: &rng))
            default: .on(today - Int.random(in: -2...31, using: &rng))
            }
        }
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<40:
            let name = ["exercise", "Reading", "pushups", "exer", "read", "push ups"].randomElement(using: &rng)!
            return .record(Recording(habit: name, times: Int.random(in: 1...6, using: &rng), when: when()))
        case 40..<70:
            let name = ["smoking", "junk food", "junk", "smokings"].randomElement(using: &rng)!
            return .record(Recording(habit: name, times: Int.random(in: 1...3, using: &rng), when: when()))
        case 70..<85:
            return .buy(item: ["potion", "potions", "health potion"].randomElement(using: &rng)!,
                quantity: Int.random(in: 1...4, using: &rng))
        case 85..<95:
            return .buy(item: ["movie night", "coffee"].randomElement(using: &rng)!,
                quantity: Int.random(in: 1...3, using: &rng))
        default:
            let name = ["old habit", "exersice", "nothing"].randomElement(using: &rng)!
            return .record(Recording(habit: name, times: Int.random(in: 0...2, using: &rng)))
        }
    }
}
