import Foundation
import HabitatEngine
import Testing

/// Amounts with decimals (`did swim 1.5`, a target of 2.5 litres): kept exact, summed exact, said as typed.
@Suite struct DecimalAmountTests {
    static let swim = Habit(id: 1, name: "Swim", kind: .good, created: Fixture.today - 10, amount: DailyAmount(Quantity(thousandths: 2000), unit: "km"))
    static let water = Habit(id: 2, name: "Water", kind: .good, created: Fixture.today - 10, amount: DailyAmount(Quantity(thousandths: 2500), unit: "litres"))
    static let wine = Habit(id: 3, name: "Wine", kind: .bad, life: 20, created: Fixture.today - 10, amount: DailyAmount(2, unit: "glasses"))

    static func record(_ typed: String, before: DayAmount, in state: inout GameState) throws -> Outcome {
        var recording = try state.withAmount(Recording(habit: typed))
        recording.amountBefore = before
        return try state.apply(.record(recording), at: Fixture.now)
    }

    @Test func anAmountIsSaidWithItsDecimalsAndNoTrailingZeros() {
        #expect(Quantity(thousandths: 1500).description == "1.5")
        #expect(Quantity(thousandths: 2250).description == "2.25")
        #expect(Quantity(thousandths: 125).description == "0.125")
        #expect(Quantity(thousandths: 42_000).description == "42")
        #expect(Quantity(exactly: 42.3)?.thousandths == 42_300)
        #expect(Quantity(exactly: 1.2345) == nil)
        #expect(DailyAmount.quantity("2,5") == Quantity(thousandths: 2500))
        #expect(DailyAmount.quantity("4,200") == Quantity(4200))
    }

    @Test func aPartOfAUnitIsRecordedAsSaidAndTheTargetIsReachedExactly() throws {
        var state = Fixture.state(habits: [Self.swim])
        let first = try Self.record("swim 1.2", before: .none, in: &state)
        #expect(first.toasts.map(\.message) == ["Swim 1.2/2 km today"])
        #expect(first.entry?.quantity == Quantity(thousandths: 1200))
        // 1.2 and 0.8 make 2 exactly, as 0.7 and 0.1 make 0.8 (no floating-point shortfall).
        let second = try Self.record("swim 0.8", before: DayAmount(amount: Quantity(thousandths: 1200), credited: false), in: &state)
        #expect(second.toasts.map(\.message) == ["Swim done for today: 2/2 km! +10 XP, +5 coins"])
        #expect(Quantity(thousandths: 700) + Quantity(thousandths: 100) == Quantity(exactly: 0.8))
    }

    @Test func aTargetWithDecimalsIsSaidAsSet() throws {
        #expect(GameState.describe(Self.water.amount!, of: .good) == "2.5 litres a day")
        var state = Fixture.state(habits: [Self.water])
        let outcome = try Self.record("water 2.5", before: .none, in: &state)
        #expect(outcome.toasts.map(\.message) == ["Water done for today: 2.5/2.5 litres! +10 XP, +5 coins"])
    }

    @Test func aPartBeyondALimitCostsOnceAndTheRestOfThatOneNothingMore() throws {
        var state = Fixture.state(habits: [Self.wine])
        let over = try Self.record("wine 2.5", before: .none, in: &state)
        #expect(over.toasts.map(\.message) == ["Wine 2.5 glasses today (limit 2). -20 life"])
        let rest = try Self.record("wine 0.5", before: DayAmount(amount: Quantity(thousandths: 2500), credited: false), in: &state)
        #expect(rest.entry?.health == 0)
        let next = try Self.record("wine 0.5", before: DayAmount(amount: 3, credited: false), in: &state)
        #expect(next.entry?.health == -20)
    }

    @Test func aHabitCountedInTimesIsToldAPartOfOneIsNoTime() throws {
        let state = Fixture.state(habits: [Fixture.exercise()])
        #expect(throws: HabitatError(.invalidArgument, "Exercise is counted in times: 'did exercise' records it once.")) {
            try state.withAmount(Recording(habit: "exercise 1.5"))
        }
    }

    @Test func moreThanThreeDecimalsIsNoAmount() throws {
        let state = Fixture.state(habits: [Self.swim])
        // Read as no amount at all: the name `swim 1.2345` is no habit.
        #expect(try state.withAmount(Recording(habit: "swim 1.2345")).amount == nil)
    }

    @Test func aQuantityIsAJSONNumberWholeAsBefore() throws {
        let encoded = try JSONEncoder().encode([Quantity(3), Quantity(thousandths: 2500)])
        #expect(String(decoding: encoded, as: UTF8.self) == "[3,2.5]")
        #expect(try JSONDecoder().decode([Quantity].self, from: Data("[3,2.25,0.1]".utf8)) == [3, Quantity(thousandths: 2250), Quantity(thousandths: 100)])
    }
}
