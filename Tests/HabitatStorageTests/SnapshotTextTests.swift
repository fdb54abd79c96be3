import Foundation
import HabitatEngine
import Testing

@testable import HabitatStorage

@Suite struct SnapshotTextTests {
    func readBack(_ snapshot: Snapshot) throws -> Snapshot {
        try JSONDecoder().decode(Snapshot.self, from: Data(snapshot.jsonText.utf8))
    }

    @Test func aPlainSnapshotReadsBackExactly() throws {
        let snapshot = Snapshot(profile: .start)
        #expect(try readBack(snapshot) == snapshot)
    }

    @Test func everyFieldReadsBackExactly() throws {
        let profile = Profile(
            progress: Progress(level: 7, xp: 123), coins: -4, health: 0, maxHealth: 1000, state: .recovery,
            challenge: Challenge(targetKm: 5, progressKm: 2.123456789, started: Day(ordinal: 20_000)))
        let snapshot = Snapshot(
            profile: profile,
            habits: [
                .init(id: 3, stats: HabitStats(streak: 4, best: 9, lastDay: Day(ordinal: -12), total: 40)),
                .init(id: 9, stats: .zero),
            ],
            areas: [.init(id: 1, progress: Progress(level: 2, xp: 5)), .init(id: 2, progress: .start)])
        #expect(try readBack(snapshot) == snapshot)
    }

    @Test func randomSnapshotsReadBackExactly() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let profile = Profile(
                progress: Progress(level: .random(in: 1...500, using: &generator), xp: .random(in: 0...10_000, using: &generator)),
                coins: .random(in: -100...1_000_000, using: &generator), health: .random(in: 0...1000, using: &generator),
                maxHealth: 1000, state: [LifeState.active, .gameOver, .recovery].randomElement(using: &generator)!,
                challenge: Bool.random(using: &generator)
                    ? Challenge(targetKm: .random(in: 0.5...100, using: &generator), progressKm: .random(in: 0...100, using: &generator), started: Day(ordinal: .random(in: 0...30_000, using: &generator)))
                    : nil)
            let snapshot = Snapshot(
                profile: profile,
                habits: (0..<Int.random(in: 0...3, using: &generator)).map {
                    .init(id: Int64($0), stats: HabitStats(streak: $0, best: $0 * 2, lastDay: Bool.random(using: &generator) ? Day(ordinal: $0) : nil, total: $0))
                })
            #expect(try readBack(snapshot) == snapshot)
        }
    }
}
