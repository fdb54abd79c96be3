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

@Suite struct SharedRecordingAreaTests {
    let now = Date(timeIntervalSince1970: 1_795_176_000)

    @Test func aSharedHabitInAnAreaLevelsUpThePlayersOwnAreaOfThatName() throws {
        var state = GameState(areas: [Area(id: 4, name: "Home")])
        let before = state
        let dishes = SharedRecording(
            habit: "Dishes", kind: .good, xp: 100, coins: 5, life: 0, room: "Smiths", token: "t", area: "home")
        var outcome = try state.apply(.recordShared(dishes), at: now)
        #expect(outcome.toasts.map(\.message) == [
            "Dishes completed! +100 XP, +5 coins (Smiths)", "Level up! You reached level 2", "Home reached level 2",
        ])
        #expect(state.areas[0].progress == Progress(level: 2, xp: 0))
        outcome.entry?.id = 1
        _ = try state.apply(.undo(latest: outcome.entry), at: now)
        #expect(state == before)
    }

    @Test func aMemberWithoutThatAreaIsCreditedWithoutOne() throws {
        var state = GameState()
        let dishes = SharedRecording(habit: "Dishes", kind: .good, xp: 10, coins: 5, life: 0, room: "Smiths", token: "t", area: "Home")
        #expect(try state.apply(.recordShared(dishes), at: now).toasts.count == 1)
        #expect(state.profile.progress.xp == 10)
    }
}
