import Foundation
import HabitatEngine
import Testing

/// `call exercise gym`: a player's own word for a habit finds it wherever its name would, and never takes the place of
/// another name.
@Suite struct OwnWordsTests {
    static func player() throws -> GameState {
        var state = GameState()
        for name in ["Exercise", "Meditate", "Call mum"] {
            _ = try state.apply(.addHabit(HabitDraft(name: name)), at: Fixture.now)
        }
        return state
    }

    @Test func aWordOfTheirsRecordsItsHabit() throws {
        var state = try Self.player()
        let taught = try state.apply(.call("exercise", word: "gym"), at: Fixture.now)
        #expect(taught.toasts == [Toast(.success, "Got it: 'gym' is Exercise. 'did gym' records it.")])
        #expect(state.habits[0].words == ["gym"])
        let outcome = try state.apply(.record(Recording(habit: "GYM")), at: Fixture.now)
        #expect(outcome.toasts.first?.message == "Exercise completed! +10 XP, +5 coins")
        #expect(state.habits[0].stats.total == 1)
    }

    @Test func aWordNeverTakesThePlaceOfAnotherName() throws {
        var state = try Self.player()
        _ = try state.apply(.call("exercise", word: "gym"), at: Fixture.now)
        #expect(throws: HabitatError(.nameTaken, "'Meditate' is Meditate already: a word names one habit.")) {
            try state.apply(.call("exercise", word: "Meditate"), at: Fixture.now)
        }
        #expect(throws: HabitatError(.nameTaken, "'gym' is Exercise already: a word names one habit.")) {
            try state.apply(.call("meditate", word: "gym"), at: Fixture.now)
        }
        #expect(throws: HabitatError(.nameTaken, "'Gym' is your word for Exercise. 'forget gym' frees it.")) {
            try state.apply(.addHabit(HabitDraft(name: "Gym")), at: Fixture.now)
        }
        #expect(throws: HabitatError(.nameTaken, "'gym' is your word for Exercise. 'forget gym' frees it.")) {
            try state.apply(.rename("meditate", to: "gym"), at: Fixture.now)
        }
        #expect(throws: HabitatError(.invalidArgument, "'tonight' says when, so it can't name a habit: pick another word.")) {
            try state.apply(.call("call mum", word: "tonight"), at: Fixture.now)
        }
        // The start of a word of a name is no name: `call mum tonight` teaches nothing.
        #expect(throws: HabitatError(.unknownHabit, "No habit 'mum'. Name it whole: 'call exercise gym'.", symbol: .question)) {
            try state.apply(.call("mum", word: "mom"), at: Fixture.now)
        }
        #expect(state.habits.map(\.words) == [["gym"], [], []])
    }

    @Test func aWordForgottenNamesNothing() throws {
        var state = try Self.player()
        _ = try state.apply(.call("exercise", word: "gym"), at: Fixture.now)
        let forgot = try state.apply(.forget(word: "Gym"), at: Fixture.now)
        #expect(forgot.toasts == [Toast(.success, "Forgot 'gym': it no longer means Exercise.")])
        #expect(state.habits[0].words == [])
        #expect(throws: HabitatError(.notFound, "No habit goes by 'gym'. 'habits' lists your words with each habit.", symbol: .question)) {
            try state.apply(.forget(word: "gym"), at: Fixture.now)
        }
    }
}
