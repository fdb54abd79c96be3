import Foundation
import HabitatEngine
import Testing

/// A comparable view of a ``NameMatch`` over plain names.
enum Match: Equatable, CustomStringConvertible {
    case found(String)
    case ambiguous([String])
    case none(String?)

    init(_ query: String, among names: [String]) {
        switch NameMatch.resolve(query, among: names, name: { $0 }) {
        case .found(let name): self = .found(name)
        case .ambiguous(let names): self = .ambiguous(names)
        case .none(let suggestion): self = .none(suggestion)
        }
    }

    var description: String {
        switch self {
        case .found(let name): "found(\(name))"
        case .ambiguous(let names): "ambiguous(\(names))"
        case .none(let suggestion): "none(\(suggestion ?? "-"))"
        }
    }
}

@Suite struct NameMatchTests {
    let names = ["Exercise", "Extra reading", "Morning walk", "Evening walk", "Meditate", "Health Potion"]

    @Test(arguments: ["Exercise", "exercise", "EXERCISE", "eXeRcIsE", "  exercise  "])
    func exactNameMatchesInAnyCase(query: String) {
        #expect(Match(query, among: names) == .found("Exercise"))
    }

    @Test func innerSpacesAreForgiven() {
        #expect(Match("morning    walk", among: names) == .found("Morning walk"))
    }

    @Test func namesBeyondASCIIMatchWholeInAnyCase() {
        let names = ["Café run", "Étude", "Yoga  class", "Lire le soir"]
        #expect(Match("café RUN", among: names) == .found("Café run"))
        #expect(Match("étude", among: names) == .found("Étude"))
        #expect(Match("ÉTUDE", among: names) == .found("Étude"))
        #expect(Match("yoga class", among: names) == .found("Yoga  class"))
        #expect(Match("LIRE LE SOIR", among: names) == .found("Lire le soir"))
    }

    @Test func aWholeNameIsNotMistakenForALongerOneOrAPrefix() {
        #expect(Match("Run", among: ["Running", "Run club"]) == .ambiguous(["Running", "Run club"]))
        #expect(Match("runnin", among: ["Running", "Run"]) == .found("Running"))
        #expect(Match("Running!", among: ["Running"]) == .none("Running"))
    }

    @Test func aWholeNameIsFoundWithoutNormalizing() {
        func whole(_ query: String, among names: [String], skipping skipped: Set<String> = []) -> String? {
            NameMatch.wholeName(query, among: names, where: { !skipped.contains($0) }, name: { $0 })
        }
        #expect(whole("EXERCISE", among: names) == "Exercise")
        #expect(whole("health potion", among: names) == "Health Potion")
        #expect(whole("run", among: ["Running", "Run"]) == "Run")
        #expect(whole("run", among: ["Run", "Running"], skipping: ["Run"]) == nil)
        // Prefixes, plurals, extra spaces and names beyond ASCII are for `resolve`.
        #expect(whole("exer", among: names) == nil)
        #expect(whole("exercises", among: names) == nil)
        #expect(whole("  exercise  ", among: names) == nil)
        #expect(whole("yoga class", among: ["Yoga  class"]) == nil)
        #expect(whole("étude", among: ["Étude"]) == nil)
        #expect(whole("run", among: ["Café run", "Run"]) == nil)
    }

    @Test(arguments: ["exercise", "EXERCISE", "exer", "morning walk", "MORNING   WALK", "meditates", "health", "x"])
    func aWholeNameFoundFastIsWhatResolveFinds(query: String) {
        guard let hit = NameMatch.wholeName(query, among: names, where: { _ in true }, name: { $0 }) else { return }
        #expect(Match(query, among: names) == .found(hit))
    }

    @Test func exactNameWinsOverALongerName() {
        #expect(Match("run", among: ["Running", "Run"]) == .found("Run"))
        #expect(Match("Run", among: ["Run", "Running"]) == .found("Run"))
    }

    @Test(arguments: [("exer", "Exercise"), ("extra", "Extra reading"), ("med", "Meditate"), ("m", "Morning walk")])
    func uniquePrefixMatches(query: String, name: String) {
        let candidates = query == "m" ? ["Morning walk", "Exercise"] : names
        #expect(Match(query, among: candidates) == .found(name))
    }

    @Test func sharedPrefixIsAmbiguous() {
        #expect(Match("ex", among: names) == .ambiguous(["Exercise", "Extra reading"]))
        #expect(Match("m", among: names) == .ambiguous(["Morning walk", "Meditate"]))
    }

    @Test func wordPrefixMatchesWhenNoNameStartsWithIt() {
        #expect(Match("potion", among: names) == .found("Health Potion"))
        #expect(Match("read", among: names) == .found("Extra reading"))
        #expect(Match("walk", among: ["Morning walk", "Exercise"]) == .found("Morning walk"))
    }

    @Test func sharedWordPrefixIsAmbiguous() {
        #expect(Match("walk", among: names) == .ambiguous(["Morning walk", "Evening walk"]))
    }

    @Test func namePrefixWinsOverWordPrefix() {
        #expect(Match("read", among: ["Evening reading", "Reading"]) == .found("Reading"))
    }

    @Test(arguments: [("exercises", "Exercise"), ("potions", "Health Potion"), ("Meditates", "Meditate")])
    func pluralSIsForgiven(query: String, name: String) {
        #expect(Match(query, among: names) == .found(name))
    }

    /// Measuring how far 4,000 characters are from each of 5,000 names would take many minutes.
    @Test func aNounInSionOrTionSharesItsVerbsForms() {
        #expect(NameMatch<String>.forms(of: "revision").isSuperset(of: ["revis", "revise"]))
        #expect(!NameMatch<String>.forms(of: "revised").isDisjoint(with: NameMatch<String>.forms(of: "revision")))
        #expect(!NameMatch<String>.forms(of: "reflected").isDisjoint(with: NameMatch<String>.forms(of: "reflection")))
        // A short one keeps its whole: `lots` is no Lotion, `acted` no Action.
        #expect(NameMatch<String>.forms(of: "lotion") == ["lotion"])
        #expect(NameMatch<String>.forms(of: "action") == ["action"])
    }

    @Test(.timeLimit(.minutes(1))) func aLineLongNameAmongThousandsIsAnsweredAtOnce() {
        let many = (1...5000).map { "Habit \($0) with a name about as long as a name may ever be" }
        #expect(Match(String(repeating: "x", count: 4000), among: many) == .none(nil))
        #expect(Match(String(repeating: "é", count: 4000), among: many + ["é"]) == .none(nil))
    }

    @Test func typoGetsASuggestionButNoMatch() {
        #expect(Match("exersice", among: names) == .none("Exercise"))
        #expect(Match("meditat", among: ["Exercise", "Meditate"]) == .found("Meditate"))
        #expect(Match("medittae", among: names) == .none("Meditate"))
    }

    @Test func farOffNamesGetNoSuggestion() {
        #expect(Match("xyzzy", among: names) == .none(nil))
        #expect(Match("swimming", among: names) == .none(nil))
    }

    @Test func emptyQueryMatchesNothing() {
        #expect(Match("", among: names) == .none(nil))
        #expect(Match("   ", among: names) == .none(nil))
        #expect(Match("exercise", among: []) == .none(nil))
    }

    @Test func editDistanceCountsInsertionsDeletionsAndSubstitutions() {
        #expect(editDistance("kitten", "sitting") == 3)
        #expect(editDistance("", "abc") == 3)
        #expect(editDistance("abc", "") == 3)
        #expect(editDistance("abc", "abc") == 0)
        #expect(editDistance("exersice", "exercise") == 2)
        #expect(editDistance("café", "cafe") == 1)
    }

    @Test func twoLettersSwappedAreOneEdit() {
        #expect(editDistance("hepl", "help") == 1)
        #expect(editDistance("sttaus", "status") == 1)
        #expect(editDistance("ab", "ba") == 1)
        #expect(editDistance("abc", "ca") == 3)
    }

    @Test func accentsAreForgivenWhenNothingMatchesAsTyped() {
        let names = ["Café au lait", "Crème brûlée", "Cafeteria run", "Señor's walk"]
        #expect(Match("cafe", among: names) == .ambiguous(["Café au lait", "Cafeteria run"]))
        #expect(Match("cafe au", among: names) == .found("Café au lait"))
        #expect(Match("creme", among: names) == .found("Crème brûlée"))
        #expect(Match("brulee", among: names) == .found("Crème brûlée"))
        #expect(Match("senor", among: names) == .found("Señor's walk"))
        #expect(Match("café", among: ["Cafe", "Café"]) == .found("Café"))
        #expect(Match("cafe", among: ["Café", "Cafe"]) == .found("Cafe"))
    }
}

@Suite struct HabitLookupTests {
    private let habits = [
        Fixture.exercise(), Fixture.smoking(),
        Habit(id: 3, name: "Extra reading", kind: .good, created: Fixture.today),
    ]

    @Test func uniquePrefixFindsTheHabit() throws {
        let state = Fixture.state(habits: habits)
        #expect(try state.habit(named: "exer").id == 1)
        #expect(try state.habit(named: "SMOK").id == 2)
    }

    @Test func uniquePrefixCanBeRecorded() throws {
        var state = Fixture.state(habits: habits)
        let outcome = try state.did("exer")
        #expect(outcome.toasts == [Toast(.success, "Exercise completed! +10 XP, +5 coins")])
    }

    @Test func typoIsAnsweredWithASuggestion() {
        let state = Fixture.state(habits: habits)
        let error = #expect(throws: HabitatError.self) { try state.habit(named: "exersice") }
        #expect(error?.code == .unknownHabit)
        #expect(error?.message == "No habit 'exersice'. Did you mean 'Exercise'?")
        #expect(error?.symbol == .question)
        #expect(error?.toast.rendered(plain: false) == "❓ No habit 'exersice'. Did you mean 'Exercise'?")
    }

    /// A name that matched nothing is quoted back with its control characters escaped: an escape sequence or a
    /// direction override in `did "a\u{1B}b"` never reaches the terminal raw.
    @Test func anUnknownNameIsQuotedWithItsControlCharactersEscaped() {
        let state = Fixture.state(habits: habits)
        let habit = #expect(throws: HabitatError.self) { try state.habit(named: "a\u{1B}[2Jb") }
        #expect(habit?.message == #"No habit 'a\u{1B}[2Jb'. Type 'habits' to see yours."#)
        let area = #expect(throws: HabitatError.self) { try state.area(named: "a\u{202E}b") }
        #expect(area?.message == #"No area called a\u{202E}b. Type 'areas' to see yours."#)
        let draft = expectRefusal(.addHabit(HabitDraft(name: "Walk", area: "a\u{7F}b")), on: state, code: .notFound)
        #expect(draft?.message == #"No area called a\u{7F}b. Add it first: 'add area a\u{7F}b'."#)
    }

    @Test func typoIsNeverRecorded() {
        let state = Fixture.state(habits: habits)
        let error = expectRefusal(.record(Recording(habit: "exersice")), on: state, code: .unknownHabit)
        #expect(error?.message == "No habit 'exersice'. Did you mean 'Exercise'?")
    }

    @Test func ambiguousNameIsRefused() {
        let state = Fixture.state(habits: habits)
        let error = expectRefusal(.record(Recording(habit: "ex")), on: state, code: .ambiguous)
        #expect(error?.message == "'ex' could be Exercise or Extra reading. Type more of the name.")
    }

    @Test func unknownNameWithoutSuggestion() {
        let state = Fixture.state(habits: habits)
        let error = #expect(throws: HabitatError.self) { try state.habit(named: "swimming") }
        #expect(error?.code == .unknownHabit)
        #expect(error?.message == "No habit 'swimming'. Type 'habits' to see yours.")
    }

    @Test func withNoHabitsTheAnswerSaysHowToAddOne() {
        let state = Fixture.state(habits: [])
        let error = #expect(throws: HabitatError.self) { try state.habit(named: "exercise") }
        #expect(error?.code == .unknownHabit)
        #expect(error?.message == "No habit 'exercise'. Add one with 'add habit exercise'.")
    }

    @Test func archivedHabitsAreNotMatched() {
        var archived = Fixture.exercise()
        archived.archived = true
        let state = Fixture.state(habits: [archived, Fixture.smoking()])
        let error = expectRefusal(.record(Recording(habit: "exercise")), on: state, code: .unknownHabit)
        #expect(error?.message == "Exercise is archived. Type 'unarchive exercise' to bring it back.")
        expectRefusal(.record(Recording(habit: "exer")), on: state, code: .unknownHabit)
        #expect(state.activeHabits.map(\.name) == ["Smoking"])
    }

    @Test func archivedHabitsDoNotMakeANameAmbiguous() throws {
        var archived = Fixture.exercise()
        archived.archived = true
        let state = Fixture.state(habits: [archived, habits[1], habits[2]])
        #expect(try state.habit(named: "ex").name == "Extra reading")
    }
}

@Suite struct NameMatchCaseAndSpaceTests {
    @Test(arguments: [
        ("EXERCISE", ["Exercise"], Match.found("Exercise")),
        ("morning  walk", ["Morning Walk"], .found("Morning Walk")),
        ("  Morning walk ", ["Morning walk"], .found("Morning walk")),
        ("morning\twalk", ["Morning walk"], .found("Morning walk")),
        ("école", ["ÉCOLE run"], .found("ÉCOLE run")),
        ("ÉCOLE", ["école"], .found("école")),
        ("straße", ["STRASSE"], .found("STRASSE")),
        ("STRASSE", ["Straße"], .found("Straße")),
        ("strasse", ["Straße", "Stretch"], .found("Straße")),
        ("  STRASSE  ", ["Straße"], .found("Straße")),
        ("STRASSES", ["Straße"], .found("Straße")),
        ("ǆ", ["ǅ"], .found("ǅ")),
        ("FIT", ["ﬁt"], .found("ﬁt")),
    ])
    func namesMatchWhateverTheirCaseAndSpacing(query: String, names: [String], expected: Match) {
        #expect(Match(query, among: names) == expected)
    }
}

/// Case is folded in full Unicode (`ß` is `ss`), in the one rule rooms use too; the exact rules stay.
@Suite struct CaseFoldingTests {
    @Test func theFoldingRule() {
        #expect("Straße".caseFolded == "strasse")
        #expect("STRASSE".caseFolded == "strasse")
        #expect("MAISON CAFÉ".caseFolded == "maison café")
        #expect("ǅ".caseFolded == "ǆ")
        #expect("ﬁt".caseFolded == "fit")
        #expect("ΟΔΟΣ οδός".caseFolded == "οδοσ οδόσ")
        // In composed form: a decomposed accent makes the same scalars as a composed one.
        #expect(Array("Cafe\u{301}".caseFolded.unicodeScalars) == Array("café".unicodeScalars))
        #expect("Straße".isSameName(as: "STRASSE"))
        #expect(!"Straße".isSameName(as: "Strase"))
    }

    @Test func aPrefixIsFoldedToo() {
        #expect(Match("STRAS", among: ["Straße", "Stretch"]) == .found("Straße"))
        #expect(Match("stra", among: ["Straße", "Strasbourg run"]) == .ambiguous(["Straße", "Strasbourg run"]))
        #expect(Match("FUSSBALL", among: ["Fußball training", "Fusion"]) == .found("Fußball training"))
    }

    /// Two names that fold alike (kept from before names were folded) are each found by their own spelling, in
    /// plain lower or upper case: the folded match comes only after.
    @Test func aNameTypedWholeInPlainCaseComesBeforeAFoldedOne() {
        let names = ["Straße", "Strasse"]
        #expect(Match("strasse", among: names) == .found("Strasse"))
        #expect(Match("STRASSE", among: names) == .found("Strasse"))
        #expect(Match("straße", among: names) == .found("Straße"))
        #expect(Match("STRAßE", among: names) == .found("Straße"))
        #expect(Match("strasse", among: names.reversed()) == .found("Strasse"))
        #expect(Match("stras", among: names) == .ambiguous(names))
    }

    @Test func didFindsAHabitWhateverTheCaseOfItsName() throws {
        var state = Fixture.state(habits: [Habit(id: 1, name: "Straße", kind: .good, created: Fixture.today - 1)])
        #expect(try state.did("STRASSE").toasts.first == Toast(.success, "Straße completed! +10 XP, +5 coins"))
        #expect(try state.did("strasse").toasts.first == Toast(.success, "Straße completed! +10 XP, +5 coins"))
        #expect(state.stored("Straße")?.stats.total == 2)
    }

    @Test func aRoutineIsFoundWhateverTheCaseOfItsName() throws {
        var state = Fixture.state(habits: [Fixture.exercise()])
        _ = try state.apply(.addRoutine(name: "Straße", habits: ["exercise"]), at: Fixture.now)
        #expect(try state.did("STRASSE").toasts.first == Toast(.success, "Straße routine done! 1 habit, +10 XP, +5 coins"))
        #expect(try state.did("STRAS").toasts.first == Toast(.success, "Straße routine done! 1 habit, +10 XP, +5 coins"))
        #expect(try state.routine(named: "STRASSE").name == "Straße")
    }

    /// A habit typed whole in plain case is never taken for a routine whose name only folds alike.
    @Test func aHabitTypedWholeComesBeforeARoutineThatFoldsAlike() throws {
        var state = Fixture.state(habits: [Habit(id: 1, name: "Strasse", kind: .good, created: Fixture.today - 1)])
        state.routines = [Routine(id: 1, name: "Straße", habitIDs: [1])]
        #expect(try state.did("strasse").toasts.first == Toast(.success, "Strasse completed! +10 XP, +5 coins"))
        #expect(try state.did("STRAßE").toasts.first == Toast(.success, "Straße routine done! 1 habit, +10 XP, +5 coins"))
    }

    @Test func namesThatFoldAlikeAreOneName() throws {
        var state = Fixture.state(habits: [Habit(id: 1, name: "Straße", kind: .good, created: Fixture.today - 1)])
        var error = expectRefusal(.addHabit(HabitDraft(name: "STRASSE")), on: state, code: .nameTaken)
        #expect(error?.message == "You already have a habit called STRASSE.")
        error = expectRefusal(.addRoutine(name: "strasse", habits: ["straße"]), on: state, code: .nameTaken)
        #expect(error?.message == "You already have a habit or routine called strasse.")
        _ = try state.apply(.addHabit(HabitDraft(name: "Walk")), at: Fixture.now)
        error = expectRefusal(.rename("walk", to: "STRASSE"), on: state, code: .nameTaken)
        #expect(error?.message == "You already have a habit called STRASSE.")
        _ = try state.apply(.addArea("Fußball"), at: Fixture.now)
        error = expectRefusal(.addArea("FUSSBALL"), on: state, code: .nameTaken)
        #expect(error?.message == "You already have an area called Fußball.")
        _ = try state.apply(.addReward(name: "Maß beer", price: 50), at: Fixture.now)
        error = expectRefusal(.addReward(name: "MASS BEER", price: 50), on: state, code: .nameTaken)
        #expect(error?.message == "The store already has MASS BEER.")
        // Its own name in another case is no clash.
        _ = try state.apply(.rename("straße", to: "STRASSE"), at: Fixture.now)
        #expect(state.habits.map(\.name) == ["STRASSE", "Walk"])
    }

    @Test func anArchivedHabitIsNamedWhateverTheCaseOfItsName() {
        let state = Fixture.state(habits: [Habit(id: 1, name: "Straße", kind: .good, archived: true, created: Fixture.today - 1)])
        let error = expectRefusal(.record(Recording(habit: "STRASSE")), on: state, code: .unknownHabit)
        #expect(error?.message == "Straße is archived. Type 'unarchive STRASSE' to bring it back.")
    }
}
