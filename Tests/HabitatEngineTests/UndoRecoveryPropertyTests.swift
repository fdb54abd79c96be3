import Foundation
import HabitatEngine
import SeededRandom
import Testing

/// The undo invariant with every kind of recorded action: completions, slips, purchases, routines, and the
/// running challenge (its start and its runs), through game overs and recoveries and back.
@Suite struct UndoRecoveryPropertyTests {
    static let sequences = 200

    @Test func anySequenceWithChallengesAndRoutinesIsUndoneExactly() throws {
        var kinds: [String: Int] = [:]
        var completedChallenges = 0
        for seed in 0..<UInt64(Self.sequences) {
            var rng = SplitMix64(seed: seed &+ 10_000)
            var original = UndoPropertyTests.randomState(using: &rng)
            original.routines = [Routine(id: 1, name: "Morning", habitIDs: [1, 3, 4])]
            if Int.random(in: 0..<3, using: &rng) == 0 {
                original.profile.health = 0
                original.profile.state = .recovery
                original.profile.challenge = Challenge(
                    targetKm: original.settings.runningTargetKm, progressKm: Double(Int.random(in: 0...20, using: &rng)) / 10,
                    started: Fixture.today - 1)
            }
            var state = original
            var now = Fixture.now
            var nextID: Int64 = 100
            var stack: [(entry: LedgerEntry, before: GameState)] = []

            let n = Int.random(in: 1...40, using: &rng)
            var attempts = 0
            while stack.count < n, attempts < n * 5 {
                attempts += 1
                now += TimeInterval(Int.random(in: 0...(30 * 3600), using: &rng))
                let action = Self.randomAction(in: state, at: now, using: &rng)
                let before = state
                do {
                    let outcome = try state.apply(action, at: now)
                    guard var entry = outcome.entry else {
                        #expect(state == before, "seed \(seed): \(action) recorded nothing but changed the state")
                        continue
                    }
                    entry.id = nextID
                    nextID += 1
                    stack.append((entry, before))
                    kinds[entry.kind.rawValue, default: 0] += 1
                    if before.profile.state == .recovery, state.profile.state == .active { completedChallenges += 1 }
                } catch is HabitatError {
                    #expect(state == before, "seed \(seed): refused \(action) changed the state")
                }
            }

            while let top = stack.popLast() {
                now += TimeInterval(Int.random(in: 0...7200, using: &rng))
                _ = try state.apply(.undo(latest: top.entry), at: now)
                #expect(state == top.before, "seed \(seed): undoing \(top.entry.kind) \(top.entry.subject)")
            }
            #expect(state == original, "seed \(seed): \(n) actions and \(n) undos did not restore the state")
        }
        for kind in ["completion", "slip", "purchase", "routine", "run"] {
            #expect(kinds[kind, default: 0] > 50, "too few \(kind) entries: \(kinds)")
        }
        #expect(completedChallenges > 10)
    }

    static func randomAction(in state: GameState, at now: Date, using rng: inout SplitMix64) -> Action {
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<15: return .startChallenge
        case 15..<40: return .run(km: Double(Int.random(in: 1...30, using: &rng)) / 10)
        case 40..<50: return .record(Recording(habit: ["morning", "Morning", "morn"].randomElement(using: &rng)!))
        case 50..<60: return .record(Recording(habit: "junk food", times: Int.random(in: 3...8, using: &rng)))
        default: return UndoPropertyTests.randomAction(in: state, at: now, using: &rng)
        }
    }
}
