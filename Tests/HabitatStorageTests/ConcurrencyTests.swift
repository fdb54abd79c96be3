import Foundation
import HabitatEngine
import Testing

@testable import HabitatStorage

@Suite struct ConcurrencyTests {
    @Test func concurrentRecordingsOnOneHandleAllLand() async throws {
        let calls = 200
        try await withUserDatabase { db in
            try await db.change { state, _ in state.settings.curve = LevelCurve(kind: .flat, base: 1_000_000) }
            try await db.add(HabitDraft(name: "Exercise", xp: 1, coins: 2))
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<calls {
                    group.addTask { try await db.did("exercise") }
                }
                try await group.waitForAll()
            }
            let state = try await db.state()
            #expect(state.profile.progress == Progress(level: 1, xp: calls))
            #expect(state.profile.coins == 2 * calls)
            #expect(state.habits[0].stats.total == calls)
            #expect(try await db.read { try $0.count() } == calls)
            #expect(try await db.reloaded() == state)
        }
    }

    @Test func concurrentRecordingsAndUndosBalanceOut() async throws {
        try await withUserDatabase { db in
            try await db.change { state, _ in state.settings.curve = LevelCurve(kind: .flat, base: 1_000_000) }
            try await db.add(HabitDraft(name: "Exercise", xp: 1, coins: 1))
            for _ in 0..<100 { try await db.did("exercise") }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<100 {
                    group.addTask {
                        if index.isMultiple(of: 2) {
                            try await db.did("exercise")
                        } else {
                            try await db.undo()
                        }
                    }
                }
                try await group.waitForAll()
            }
            let state = try await db.state()
            #expect(state.profile.progress.xp == 100)
            #expect(state.profile.coins == 100)
            #expect(try await db.read { try $0.count() } == 200)
            #expect(try await db.reloaded() == state)
        }
    }

    @Test func readersDuringWritesSeeOnlyCommittedStates() async throws {
        try await withUserDatabase { db in
            try await db.add(HabitDraft(name: "Exercise", xp: 0, coins: 3))
            let seen = try await withThrowingTaskGroup(of: [Int].self) { group in
                group.addTask {
                    for _ in 0..<100 { try await db.did("exercise") }
                    return []
                }
                group.addTask {
                    var coins: [Int] = []
                    for _ in 0..<200 { coins.append(try await db.state().profile.coins) }
                    return coins
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(seen.allSatisfy { $0.isMultiple(of: 3) && (0...300).contains($0) })
            #expect(seen == seen.sorted())
            #expect(try await db.state().profile.coins == 300)
        }
    }
}
