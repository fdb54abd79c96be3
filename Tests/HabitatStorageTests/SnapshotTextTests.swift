import Foundation
import HabitatEngine
import Testing

@testable import HabitatStorage

@Suite struct SnapshotTextTests {
    func readBack(_ snapshot: Snapshot) throws -> Snapshot {
        try #require(Snapshot(storedText: snapshot.storedText))
    }

    @Test func aRecordingsSnapshotIsStoredCompactly() {
        let snapshot = Snapshot(
            profile: Profile(progress: Progress(level: 33, xp: 50), coins: 14025, health: 1000, maxHealth: 1000, state: .active, challenge: nil),
            habits: [.init(id: 1, stats: HabitStats(streak: 1, best: 1, lastDay: Day(ordinal: 20778), total: 2805))])
        #expect(snapshot.storedText == #"[2,[33,50,14025,1000,1000,"active"],[[1,1,1,20778,2805]],[]]"#)
    }

    @Test func aChallengeAndAreasAreStoredInOrder() {
        let snapshot = Snapshot(
            profile: Profile(
                progress: Progress(level: 2, xp: 0), coins: -3, health: 0, maxHealth: 1000, state: .recovery,
                challenge: Challenge(targetKm: 5, progressKm: 2.5, started: Day(ordinal: 20000))),
            habits: [.init(id: 4, stats: .zero)], areas: [.init(id: 1, progress: Progress(level: 3, xp: 7))])
        #expect(snapshot.storedText == #"[2,[2,0,-3,0,1000,"recovery",5.0,2.5,20000],[[4,0,0,null,0]],[[1,3,7]]]"#)
    }

    @Test func aSnapshotInTheFirstFormatStillReadsBack() throws {
        let text = #"{"profile":{"progress":{"level":33,"xp":50},"coins":14025,"health":1000,"maxHealth":1000,"state":"active"},"habits":[{"id":1,"stats":{"streak":1,"best":1,"lastDay":{"ordinal":20778},"total":2805}}],"areas":[]}"#
        let snapshot = try #require(Snapshot(storedText: text))
        #expect(snapshot.profile.progress == Progress(level: 33, xp: 50))
        #expect(snapshot.profile.coins == 14025)
        #expect(snapshot.habits == [.init(id: 1, stats: HabitStats(streak: 1, best: 1, lastDay: Day(ordinal: 20778), total: 2805))])
        #expect(snapshot.areas.isEmpty)
    }

    @Test(arguments: [
        "", "[", "[2]", "[3,[1,0,0,1000,1000,\"active\"],[],[]]", "[2,[1,0,0,1000,1000,\"dancing\"],[],[]]",
        "[2,[1,0,0,1000,1000,\"active\"],[],[]]x", "[2,[1,0,0,1000,1000,\"active\"],[[1,2]],[]]", "{\"profile\":1}",
    ])
    func textInNeitherFormatReadsAsNothing(text: String) {
        #expect(Snapshot(storedText: text) == nil)
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
