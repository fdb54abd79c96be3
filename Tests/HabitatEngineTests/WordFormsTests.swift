import Foundation
import HabitatEngine
import Testing

/// A habit found by the forms of its words (`exercised`, `smoked`), and a line in the player's own words
/// (``Recording/loose``): found by a whole name or those forms only, never by a prefix or a guess.
@Suite struct WordFormsTests {
    static let habits = [
        Habit(id: 1, name: "Exercise", kind: .good, created: Fixture.today - 10),
        Habit(id: 2, name: "Smoking", kind: .bad, created: Fixture.today - 10),
        Habit(id: 3, name: "Floss", kind: .good, created: Fixture.today - 10),
        Habit(id: 4, name: "Read 20 pages", kind: .good, created: Fixture.today - 10),
        Habit(id: 5, name: "Walk the dog", kind: .good, created: Fixture.today - 10),
        Habit(id: 6, name: "Jog", kind: .good, created: Fixture.today - 10),
        Habit(id: 7, name: "Study", kind: .good, created: Fixture.today - 10),
    ]

    static func found(_ query: String, loosely: Bool = false) -> String? {
        if case .found(let habit) = NameMatch.resolve(query, among: habits, loosely: loosely, name: \.name) { return habit.name }
        return nil
    }

    @Test(arguments: [
        ("exercised", "Exercise"), ("exercising", "Exercise"), ("exercises", "Exercise"), ("smoked", "Smoking"),
        ("smoke", "Smoking"), ("flossed", "Floss"), ("flossing", "Floss"), ("walked the dog", "Walk the dog"),
        ("jogged", "Jog"), ("jogging", "Jog"), ("studied", "Study"), ("studies", "Study"), ("reading", "Read 20 pages"),
    ])
    func aFormOfANamesWordsFindsIt(typed: String, name: String) {
        #expect(Self.found(typed) == name)
        #expect(Self.found(typed, loosely: true) == name)
    }

    @Test(arguments: ["ate", "reader", "exercise bike", "flosses teeth", "jo", "stud"])
    func wordsThatAreNoFormOfANameFindNothingLoosely(typed: String) {
        #expect(Self.found(typed, loosely: true) == nil)
    }

    @Test func looselyOnlyAWholeNameOrItsFormsAreFoundNeverAPrefix() {
        #expect(Self.found("ex") == "Exercise")
        #expect(Self.found("ex", loosely: true) == nil)
        #expect(Self.found("exercise", loosely: true) == "Exercise")
        #expect(Self.found("read", loosely: true) == "Read 20 pages")
        #expect(Self.found("pages") == "Read 20 pages")
        #expect(Self.found("pages", loosely: true) == nil)
    }

    @Test func aFormSharedByTwoNamesIsAmbiguous() {
        let habits = [Habit(id: 1, name: "Smoking", kind: .bad, created: Fixture.today), Habit(id: 2, name: "Smoke break", kind: .good, created: Fixture.today)]
        guard case .ambiguous(let hits) = NameMatch.resolve("smoked", among: habits, name: \.name) else {
            Issue.record("not ambiguous")
            return
        }
        #expect(hits.map(\.name) == ["Smoking", "Smoke break"])
    }

    static let unknown = HabitatError(.init(rawValue: "unknown_command"), "I don't know 'x'.", symbol: .question)

    static func loose(_ habit: String, suggests: Bool = true) -> Action {
        var recording = Recording(habit: habit)
        recording.loose = LooseReading(unknown: unknown, suggestsHabit: suggests)
        return .record(recording)
    }

    @Test func aRecordingByAFormSaysWhatItTookTheWordsForAndTheWayBack() throws {
        var state = Fixture.state(habits: Self.habits)
        let outcome = try state.apply(Self.loose("exercised"), at: Fixture.now)
        #expect(outcome.toasts == [
            Toast(.success, "Exercise completed! +10 XP, +5 coins"),
            Toast(.info, "Took 'exercised' as Exercise. Not what you meant? Type 'undo'."),
        ])
        #expect(try state.did("smoked").toasts.last == Toast(.info, "Took 'smoked' as Smoking. Not what you meant? Type 'undo'."))
    }

    @Test func aRecordingOfTheNameAsTypedOrItsStartSaysNothingMore() throws {
        var state = Fixture.state(habits: Self.habits)
        #expect(try state.apply(Self.loose("floss"), at: Fixture.now).toasts == [Toast(.success, "Floss completed! +10 XP, +5 coins")])
        #expect(try state.apply(Self.loose("read"), at: Fixture.now).toasts == [Toast(.success, "Read 20 pages completed! +10 XP, +5 coins")])
        #expect(try state.did("exer").toasts == [Toast(.success, "Exercise completed! +10 XP, +5 coins")])
    }

    @Test func aLooseLineNoHabitGoesByIsNotUnderstoodAndChangesNothing() {
        let state = Fixture.state(habits: Self.habits)
        #expect(expectRefusal(Self.loose("juggled"), on: state, code: Self.unknown.code) == Self.unknown)
        #expect(expectRefusal(Self.loose("ex"), on: state, code: Self.unknown.code) == Self.unknown)
    }

    @Test func aLooseLineCloseToAHabitNamesIt() {
        let state = Fixture.state(habits: Self.habits)
        let error = expectRefusal(Self.loose("exercize"), on: state, code: Self.unknown.code)
        #expect(error?.message == "I don't know 'exercize'. Did you mean 'did exercise'?")
        // A line the parser has a likelier reading of keeps it.
        #expect(expectRefusal(Self.loose("exercize", suggests: false), on: state, code: Self.unknown.code) == Self.unknown)
    }

    @Test func aLooseLineTwoHabitsGoByAsksWhich() {
        let habits = [Habit(id: 1, name: "Smoking", kind: .bad, created: Fixture.today), Habit(id: 2, name: "Smoke break", kind: .good, created: Fixture.today)]
        let error = expectRefusal(Self.loose("smoked"), on: Fixture.state(habits: habits), code: .ambiguous)
        #expect(error?.message == "'smoked' could be Smoking or Smoke break. Say which, e.g. 'did smoking'.")
    }

    /// A habit named with a word set aside elsewhere (`just`) is found by the line as typed.
    @Test func aLooseLineFindsAHabitByTheWordsAsTypedFirst() throws {
        var state = Fixture.state(habits: [Habit(id: 1, name: "Just dance", kind: .good, created: Fixture.today)])
        var recording = Recording(habit: "dance")
        recording.loose = LooseReading(unknown: Self.unknown, suggestsHabit: true, asTyped: "just dance")
        #expect(try state.apply(.record(recording), at: Fixture.now).toasts == [Toast(.success, "Just dance completed! +10 XP, +5 coins")])
    }

    @Test func aLooseLineFindsARoutineByItsWholeNameOnly() throws {
        var state = Fixture.state(habits: Self.habits)
        _ = try state.apply(.addRoutine(name: "Morning", habits: ["exercise", "floss"]), at: Fixture.now)
        #expect(try state.apply(Self.loose("morning"), at: Fixture.now).toasts == [Toast(.success, "Morning routine done! 2 habits, +20 XP, +10 coins")])
        expectRefusal(Self.loose("morn"), on: state, code: Self.unknown.code)
    }
}
