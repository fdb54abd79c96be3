import Foundation
import HabitatEngine
import Testing

@Suite struct SharedRecordingTests {
    let now = Date(timeIntervalSince1970: 1_795_176_000)

    func dishes(_ kind: HabitKind = .good, times: Int = 1) -> SharedRecording {
        SharedRecording(habit: "Dishes", kind: kind, xp: 60, coins: 7, life: 600, room: "Smiths", token: "t1", times: times)
    }

    @Test func aSharedHabitIsCreditedToWhoeverDidIt() throws {
        var state = GameState()
        let outcome = try state.apply(.recordShared(dishes(times: 2)), at: now)
        #expect(outcome.toasts.map(\.message) == ["Dishes completed ×2! +120 XP, +14 coins (Smiths)", "Level up! You reached level 2"])
        #expect(state.profile.progress == Progress(level: 2, xp: 20))
        #expect(state.profile.coins == 14)
        #expect(outcome.entry?.roomToken == "t1")
        #expect(outcome.entry?.habitID == nil)
    }

    @Test func aSharedBadHabitCostsLifeAndCanEndTheGame() throws {
        var state = GameState()
        _ = try state.apply(.recordShared(dishes(.bad)), at: now)
        let outcome = try state.apply(.recordShared(dishes(.bad)), at: now)
        #expect(outcome.toasts.map(\.symbol) == [.warning, .gameOver])
        #expect(state.profile.health == 0)
        #expect(state.profile.state == .gameOver)
        #expect(throws: HabitatError.self) { try state.apply(.recordShared(dishes(.bad)), at: now) }
    }

    @Test func undoingASharedCompletionKeepsItsTokenSoTheRoomLogCanFollow() throws {
        var state = GameState()
        let before = state
        var entry = try #require(try state.apply(.recordShared(dishes()), at: now).entry)
        entry.id = 1
        let undo = try state.apply(.undo(latest: entry), at: now)
        #expect(state == before)
        #expect(undo.entry?.roomToken == "t1")
        #expect(undo.entry?.reverts == 1)
    }
}
