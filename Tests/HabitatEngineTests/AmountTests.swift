import Foundation
import HabitatEngine
import SeededRandom
import Testing

/// Habits counted in an amount: a target a day earns once, a limit a day costs only beyond it, and undo is exact.
@Suite struct AmountTests {
    static let water = Habit(id: 1, name: "Water", kind: .good, created: Fixture.today - 10, amount: DailyAmount(8, unit: "glasses"))
    static let coffee = Habit(id: 2, name: "Coffee", kind: .bad, life: 25, created: Fixture.today - 10, amount: DailyAmount(2, unit: "cups"))

    static func record(
        _ name: String, _ amount: Int, before: DayAmount, on day: Day = Fixture.today, in state: inout GameState
    ) throws -> Outcome {
        var recording = Recording(habit: name, times: amount, when: day == Fixture.today ? .today : .on(day))
        recording.amountBefore = before
        return try state.apply(.record(recording), at: Fixture.now)
    }

    @Test func aTargetEarnsOnceTheMomentTheDaysAmountReachesIt() throws {
        var state = Fixture.state(habits: [Self.water])
        let first = try Self.record("water", 5, before: .none, in: &state)
        #expect(first.toasts.map(\.message) == ["Water 5/8 glasses today"])
        #expect(first.toasts[0].symbol == .progress)
        #expect((first.entry?.xp, first.entry?.coins, first.entry?.quantity) == (0, 0, 5))
        let second = try Self.record("water", 4, before: DayAmount(amount: 5, credited: false), in: &state)
        #expect(second.toasts.map(\.message) == ["Water done for today: 9/8 glasses! +10 XP, +5 coins"])
        #expect((second.entry?.xp, second.entry?.coins) == (10, 5))
        let third = try Self.record("water", 1, before: DayAmount(amount: 9, credited: true), in: &state)
        #expect(third.toasts.map(\.message) == ["Water 10/8 glasses today, done already"])
        #expect((state.profile.progress.xp, state.profile.coins, state.habits[0].stats.total) == (10, 5, 10))
    }

    @Test func aBackdatedAmountSaysItsDay() throws {
        var state = Fixture.state(habits: [Self.water])
        let outcome = try Self.record("water", 8, before: .none, on: Fixture.today - 1, in: &state)
        #expect(outcome.toasts.map(\.message) == ["Water done for Thu 19 Nov: 8/8 glasses! +10 XP, +5 coins"])
    }

    @Test func aLimitCostsNothingUpToItAndItsLifeForEachBeyond() throws {
        var state = Fixture.state(habits: [Self.coffee])
        #expect(try Self.record("coffee", 1, before: .none, in: &state).toasts.map(\.message) == [
            "Coffee 1/2 cups today: within your limit, no life lost."
        ])
        let over = try Self.record("coffee", 3, before: DayAmount(amount: 1, credited: false), in: &state)
        #expect(over.toasts.map(\.message) == ["Coffee 4 cups today (limit 2). -50 life"])
        #expect(over.entry?.health == -50)
        #expect(state.profile.health == 950)
        #expect(try Self.record("coffee", 1, before: DayAmount(amount: 4, credited: false), in: &state).entry?.health == -25)
    }

    @Test func anAmountAfterTheNameIsTheAmountUnlessTheWholeNameIsAHabit() throws {
        let read = Habit(id: 3, name: "Read 20 pages", kind: .good, created: Fixture.today)
        let state = Fixture.state(habits: [Self.water, read, Fixture.exercise()])
        #expect(try state.withAmount(Recording(habit: "water 3")).habit == "water")
        #expect(try state.withAmount(Recording(habit: "water 3")).quantity == 3)
        #expect(try state.withAmount(Recording(habit: "water 3 glass")).quantity == 3)
        #expect(try state.withAmount(Recording(habit: "read 20 pages")).habit == "read 20 pages")
        #expect(throws: HabitatError(.invalidArgument, "Water is counted in glasses, not cups: 'did water 3'.")) {
            try state.withAmount(Recording(habit: "water 3 cups"))
        }
        #expect(
            throws: HabitatError(
                .invalidArgument,
                "Exercise is counted in times: 'did exercise x20' records it 20 times. To count it in an amount, give it a target: 'edit exercise target 20'.")
        ) { try state.withAmount(Recording(habit: "exercise 20")) }
    }

    @Test func aUnitIsTheHabitsInAnyOfItsNamesAndAPartOfOneIsTaken() throws {
        let running = Habit(id: 4, name: "Running", kind: .good, created: Fixture.today - 10, amount: DailyAmount(3, unit: "miles"))
        let swim = Habit(id: 5, name: "Swim", kind: .good, created: Fixture.today - 10, amount: DailyAmount(1500, unit: "m"))
        let state = Fixture.state(habits: [running, swim])
        #expect(try state.withAmount(Recording(habit: "running 3 mi")).quantity == 3)
        #expect(try state.withAmount(Recording(habit: "running 2 mile")).quantity == 2)
        #expect(throws: HabitatError(.invalidArgument, "Running is counted in miles, not km: 'did running 5'.")) {
            try state.withAmount(Recording(habit: "running 5 km"))
        }
        #expect(try state.withAmount(Recording(habit: "swim 1500 metres")).quantity == 1500)
        let carbs = Habit(id: 6, name: "Carbs", kind: .good, created: Fixture.today - 10, amount: DailyAmount(400, unit: "grams"))
        #expect(try Fixture.state(habits: [carbs]).withAmount(Recording(habit: "carbs 150 g")).quantity == 150)
        // `m` is metres to a swimmer: never taken for minutes.
        #expect(throws: HabitatError(.invalidArgument, "Swim is counted in m, not min: 'did swim 30'.")) {
            try state.withAmount(Recording(habit: "swim 30 min"))
        }
        #expect(try state.withAmount(Recording(habit: "running 2.5 miles")).quantity == Quantity(thousandths: 2500))
        #expect(try state.withAmount(Recording(habit: "running 1,5")).quantity == Quantity(thousandths: 1500))
    }

    @Test func aQuotasTargetIsEachTimesAndABadHabitHasNoTarget() throws {
        var state = Fixture.state(habits: [])
        let added = try state.apply(
            .addHabit(HabitDraft(name: "Run", schedule: .quota(3, .week), amount: DailyAmount(5, unit: "km"))), at: Fixture.now)
        #expect(added.toasts.map(\.message) == ["Added habit Run (+10 XP, +5 coins, 3 times a week, 5 km each time). Record it with 'did run 3'."])
        #expect(state.describeTerms(of: state.habits[0]) == "+10 XP, +5 coins, 3 times a week, 5 km each time")
        var draft = HabitDraft(name: "Sugar", kind: .bad, amount: DailyAmount(3))
        draft.amountKeyword = "target"
        #expect(
            throws: HabitatError(
                .invalidArgument, "Sugar is a bad habit: it has a limit, not a target (the first so many a day cost nothing), e.g. 'limit 2 cups'.")
        ) { try state.apply(.addHabit(draft), at: Fixture.now) }
        #expect(throws: HabitatError(.invalidArgument, "A target is a number from 0.001 to 100000, e.g. 8 or 2.5.")) {
            try state.apply(.addHabit(HabitDraft(name: "Steps", amount: DailyAmount(100_001))), at: Fixture.now)
        }
    }

    @Test func aDayCountsForStreaksWhenItsAmountReachesTheTarget() {
        let days: [Day: Quantity] = [Fixture.today - 2: 8, Fixture.today - 1: 5, Fixture.today: 9]
        let keeping = StreakAndStrength(Self.water, days: days, today: Fixture.today)
        #expect(keeping.streak == 1)
        #expect(keeping.best == 1)
        // Coffee within its limit is a clean day; beyond it, a slip.
        let coffee = StreakAndStrength(Self.coffee, days: [Fixture.today - 3: 2, Fixture.today - 1: 3], today: Fixture.today)
        #expect(coffee.streak == 1)
        #expect(coffee.best == 9)
    }
}

/// Any sequence of recordings of habits counted in amounts, of quotas and plain habits, with pauses about, followed by
/// as many undos, leaves the state exactly as before; the day's amount each time is what the ledger so far holds.
@Suite struct AmountUndoPropertyTests {
    @Test(arguments: 0..<12)
    func anySequenceWithAmountsIsUndoneExactly(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed &+ 7_000)
        let today = Fixture.today
        let habits = [
            Habit(id: 1, name: "Water", kind: .good, created: today - 40, amount: DailyAmount(8, unit: "glasses")),
            Habit(id: 2, name: "Coffee", kind: .bad, life: 30, created: today - 40, amount: DailyAmount(2, unit: "cups")),
            Habit(id: 3, name: "Gym", kind: .good, created: today - 40, schedule: .quota(3, .week)),
            Habit(id: 4, name: "Floss", kind: .good, created: today - 40),
        ]
        let pauses = [Pause(id: 1, habitID: nil, first: today - 12, last: today - 8), Pause(id: 2, habitID: 4, first: today - 3, last: today + 2)]
        let original = GameState(profile: Profile.start, habits: habits, pauses: pauses)
        var state = original
        var stack: [(entry: LedgerEntry, before: GameState)] = []
        var nextID: Int64 = 1
        for _ in 0..<60 {
            let habit = habits.randomElement(using: &rng)!
            let day = today - Int.random(in: 0...5, using: &rng)
            var recording = Recording(habit: habit.name.lowercased(), times: Int.random(in: 1...5, using: &rng), when: .on(day))
            if habit.amount != nil {
                let thatDay = stack.map(\.entry).filter { $0.habitID == habit.id && $0.day == day }
                recording.amountBefore = DayAmount(
                    amount: thatDay.reduce(0) { $0 + $1.quantity }, credited: thatDay.contains { $0.xp > 0 || $0.coins > 0 })
            }
            recording.history = Set(stack.map(\.entry).filter { $0.habitID == habit.id }.map(\.day))
            let before = state
            do {
                var entry = try #require(try state.apply(.record(recording), at: Fixture.now).entry)
                entry.id = nextID
                nextID += 1
                stack.append((entry, before))
            } catch is HabitatError {
                #expect(state == before)
            }
        }
        #expect(stack.count > 30)
        // Water earned once on each day its amount reached 8, and no more.
        let waterDays = Dictionary(grouping: stack.map(\.entry).filter { $0.habitID == 1 }, by: \.day)
        for (day, entries) in waterDays {
            let credited = entries.filter { $0.xp > 0 }.count
            #expect(credited == (entries.reduce(0) { $0 + $1.quantity } >= 8 ? 1 : 0), "seed \(seed), \(day)")
        }
        while let top = stack.popLast() {
            _ = try state.apply(.undo(latest: top.entry), at: Fixture.now)
            #expect(state == top.before, "seed \(seed): undoing \(top.entry.subject) ×\(top.entry.quantity)")
        }
        #expect(state == original)
    }
}
