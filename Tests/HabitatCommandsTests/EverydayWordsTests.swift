import HabitatCommands
import HabitatEngine
import Testing

@testable import HabitatApp

/// The words people put around a command, the questions they ask, and their own words for their habits.
@Suite("Everyday words")
struct EverydayWordsTests {
    static func record(_ habit: String, times: Int = 1, when: Recording.When = .today) -> Did {
        Did(Recording(habit: habit, times: times, when: when))
    }

    /// A recording in the player's own words, without its answer for when no habit goes by them.
    static func loosely(_ line: String) throws -> Recording? {
        guard var recording = (try Commands.parse(line) as? Did)?.recording, recording.loose != nil else { return nil }
        recording.loose = nil
        return recording
    }

    @Test(arguments: [
        ("Did exercise.", "exercise"), ("did exercise!", "exercise"), ("DID EXERCISE", "EXERCISE"), ("did floss ✅", "floss"),
        ("Did Exercise 💪", "Exercise"), ("did floss please", "floss"), ("just did exercise", "exercise"),
        ("I just did exercise!!", "exercise"), ("ok did floss", "floss"), ("hi, did floss", "floss"), ("did the dishes", "dishes"),
        ("did floss, thanks!", "floss"), ("did floss, thank you", "floss"), ("did floss :)", "floss"), ("done with floss", "floss"),
        ("finished floss", "floss"), ("I have done exercise", "exercise"), ("did floss again ugh", "floss"),
    ])
    func wordsAroundADidAreSetAside(line: String, habit: String) throws {
        #expect(try parse(line) == Self.record(habit), "\(line)")
    }

    @Test func countsAndDaysAsPeopleSayThem() throws {
        #expect(try parse("did floss twice") == Self.record("floss", times: 2))
        #expect(try parse("did floss three times") == Self.record("floss", times: 3))
        #expect(try parse("did floss 2 times") == Self.record("floss", times: 2))
        #expect(try parse("did floss 2x") == Self.record("floss", times: 2))
        #expect(try parse("did 2x floss") == Self.record("floss", times: 2))
        #expect(try parse("did floss this morning") == Self.record("floss"))
        #expect(try parse("did floss tonight") == Self.record("floss"))
        #expect(try parse("did floss just now") == Self.record("floss"))
        #expect(try parse("did read the day before yesterday") == Self.record("read", when: .daysAgo(2)))
    }

    @Test func aLineThatIsNoCommandIsTheUsersOwnWordsForAHabit() throws {
        #expect(try Self.loosely("exercised") == Recording(habit: "exercised"))
        #expect(try Self.loosely("I meditated this morning") == Recording(habit: "meditated"))
        #expect(try Self.loosely("today I flossed") == Recording(habit: "flossed"))
        #expect(try Self.loosely("yesterday I flossed") == Recording(habit: "flossed", when: .daysAgo(1)))
        #expect(try Self.loosely("Smoked. 😔") == Recording(habit: "Smoked"))
        #expect(try Self.loosely("had junk food") == Recording(habit: "junk food"))
        #expect(try Self.loosely("flossed x2 at 7am") == Recording(habit: "flossed", times: 2, timeOfDay: 420))
        #expect(try Self.loosely("meditated: ten minutes, calm") == Recording(habit: "meditated", note: "ten minutes, calm"))
        #expect(try Self.loosely("floss") == Recording(habit: "floss"))
    }

    @Test func aLooseLineKeepsItsWordsAsTypedWhenSomeWereSetAside() throws {
        guard let recording = (try Commands.parse("Just dance!") as? Did)?.recording else {
            Issue.record("not a recording")
            return
        }
        #expect(recording.habit == "dance")
        #expect(recording.loose?.asTyped == "Just dance")
        guard let plain = (try Commands.parse("floss") as? Did)?.recording else {
            Issue.record("not a recording")
            return
        }
        #expect(plain.loose?.asTyped == nil)
    }

    /// Before a line can be the player's words for a habit, it is a command: `status` is the view, never a habit.
    @Test func aCommandIsNeverReadAsAHabit() throws {
        #expect(try parse("status") == Status())
        #expect(try parse("today") == Today())
        #expect(try parse("undo") == Undo())
        #expect(try Self.loosely("status") == nil)
    }

    @Test(arguments: [
        ("how am I doing?", Status() as any HabitatCommand), ("How many coins do I have?", OneFigure(.coins)), ("what's my level", OneFigure(.level)),
        ("What’s my level?", OneFigure(.level)), ("whats left today", Today()), ("what did I do today", Today()),
        ("what can I buy?", ShowStore()), ("what can you do", Help(topic: nil)), ("who am I?", WhoAmI()), ("level", OneFigure(.level)),
        ("coins", OneFigure(.coins)), ("gold", OneFigure(.coins)), ("health", OneFigure(.health)), ("HP", OneFigure(.health)),
        ("xp", OneFigure(.xp)), ("my xp", OneFigure(.xp)), ("Can you tell me how many coins I have please", OneFigure(.coins)),
        ("I'd like to see the store please", ShowStore()), ("hi there", Hello()), ("thank you so much", Thanks()), ("whoami", WhoAmI()),
        ("undo that", Undo()), ("oops!", Undo()), ("take that back", Undo()), ("show me my history", History(nil)),
    ])
    func questionsAreAnsweredWithTheirView(line: String, command: any HabitatCommand) throws {
        #expect(try parse(line) == command, "\(line)")
    }

    @Test func secretsAndCodesAreReadAsTyped() throws {
        #expect(try parse("login alice hunter2!") == Login(name: "alice", password: "hunter2!"))
        #expect(try parse("register alice please") == Register(name: "alice", password: "please"))
        #expect(try parse("passwd old. new!") == Passwd(old: "old.", new: "new!"))
        #expect(try parse("link 4KQ-7ZD.") == Link(code: "4KQ-7ZD."))
        #expect(try parse("?") == Help(topic: nil))
    }

    @Test func creatingAsPeopleSayIt() throws {
        #expect(try parse("add a habit called Yoga") == AddHabit(HabitDraft(name: "Yoga")))
        #expect(try parse("new habit Yoga!") == AddHabit(HabitDraft(name: "Yoga")))
        #expect(try parse("create a new habit Yoga 15 xp") == AddHabit(HabitDraft(name: "Yoga", xp: 15)))
        #expect(try parse("add a bad habit called Vaping") == AddHabit(HabitDraft(name: "Vaping", kind: .bad)))
        #expect(try parse("add a reward called Pizza for 50 coins") == AddReward(name: "Pizza", price: 50))
        #expect(try parse("buy a potion") == Buy(item: "potion", quantity: 1))
        #expect(try parse("buy two potions please") == Buy(item: "potions", quantity: 2))
        #expect(try parse("redeem movie night") == Buy(item: "movie night", quantity: 1))
    }

    @Test(arguments: [
        ("add habit Gym 3 times a week", HabitDraft(name: "Gym", schedule: .quota(3, .week))),
        ("new habit Piano on mon wed fri", HabitDraft(name: "Piano", schedule: .weekdays([0, 2, 4]))),
        ("add habit Piano on Monday, Wednesday and Friday", HabitDraft(name: "Piano", schedule: .weekdays([0, 2, 4]))),
        ("add habit Laundry every 3 days", HabitDraft(name: "Laundry", schedule: .interval(3))),
        ("add habit Floss daily", HabitDraft(name: "Floss", schedule: .daily)),
        ("add habit Yoga on weekdays", HabitDraft(name: "Yoga", schedule: .weekdays([0, 1, 2, 3, 4]))),
        ("add habit Hike on weekends 30 xp", HabitDraft(name: "Hike", xp: 30, schedule: .weekdays([5, 6]))),
        ("add habit Gym 20 xp 3 times a week", HabitDraft(name: "Gym", xp: 20, schedule: .quota(3, .week))),
        ("add habit Call mum twice a month", HabitDraft(name: "Call mum", schedule: .quota(2, .month))),
        ("add habit Review every other day", HabitDraft(name: "Review", schedule: .interval(2))),
        ("add a habit called Run every monday", HabitDraft(name: "Run", schedule: .weekdays([0]))),
        // Each time's amount, said before the schedule.
        ("add habit Jog 5 km 3 times a week", HabitDraft(name: "Jog", schedule: .quota(3, .week), amount: DailyAmount(5, unit: "km"))),
        ("add habit run 5km 3 times a week", HabitDraft(name: "run", schedule: .quota(3, .week), amount: DailyAmount(5, unit: "km"))),
        ("add habit Stretch 10 minutes every morning", HabitDraft(name: "Stretch", schedule: .daily, amount: DailyAmount(10, unit: "minutes"))),
        // A name of many words before a schedule of many: only the last 20 words are looked at for one.
        (
            "add habit a b c d e f g h i j k l m n o p q r s t u v w x y on mon and tue and wed and thu and fri",
            HabitDraft(name: "a b c d e f g h i j k l m n o p q r s t u v w x y", schedule: .weekdays([0, 1, 2, 3, 4]))
        ),
    ])
    func aScheduleIsReadFromTheWordsPeopleUse(line: String, draft: HabitDraft) throws {
        #expect(try parse(line) == AddHabit(draft), "\(line)")
    }

    @Test func aScheduleIsChangedWithEdit() throws {
        #expect(try parse("edit gym 4 times a week") == EditHabit("gym", HabitEdit(schedule: .quota(4, .week))))
        #expect(try parse("edit read 20 pages every day") == EditHabit("read 20 pages", HabitEdit(schedule: .daily)))
    }

    @Test(arguments: [
        ("add habit Gym 9 times a week", "Gym", "9 times a week", "add habit"),
        ("add habit Run 3 times a fortnight", "Run", "3 times a fortnight", "add habit"),
    ])
    func wordsLikeAScheduleThatAreNoneAreAskedAboutNeverTakenIntoTheName(line: String, name: String, said: String, command: String) {
        #expect(parseError(line) == HabitatError(
            .invalidArgument,
            "Did you mean a habit '\(name)' (\(said))? A schedule is said like 'every day', 'on mon wed fri', 'every 3 days' or '3 times a week', and an amount like '8 glasses a day'. Type '\(command) \(name)' for a habit without it, or put the whole name in quotes to keep the words: \(command) \"\(name) \(said)\"",
            symbol: .question))
    }

    @Test func aQuotedNameKeepsItsWordsAndANumberUnreadInANameIsAskedAbout() throws {
        #expect(try parse(#"add habit "Gym 3 times a week""#) == AddHabit(HabitDraft(name: "Gym 3 times a week")))
        #expect(try parse(#"add habit "Read 20 pages""#) == AddHabit(HabitDraft(name: "Read 20 pages")))
        #expect(parseError("add habit Read 20 pages") == HabitatError(
            .invalidArgument,
            #"Is '20' part of the name? I couldn't read it as a schedule or an amount (say them like '3 times a week', 'on tue thu', '8 glasses a day'). To keep it in the name, put the name in quotes: add habit "Read 20 pages""#,
            symbol: .question))
        #expect(parseError("add habit Drink 8 glasses of water")?.message.hasPrefix("Is '8' part of the name?") == true)
        #expect(parseError("add habit Yoga tuesday thursday")?.message.hasPrefix("Is 'tuesday' part of the name?") == true)
        #expect(parseError("new habit academia 3 time for week")?.message.hasPrefix("Is '3' part of the name?") == true)
        // A time of day said with `every` is every day (`every morning`, `every nite`); `every monday morning` is no
        // schedule of ours, and is asked about.
        #expect(try parse("add habit Walk the dog every morning") == AddHabit(HabitDraft(name: "Walk the dog", schedule: .daily)))
        #expect(try parse("add habit Floss every nite") == AddHabit(HabitDraft(name: "Floss", schedule: .daily)))
        #expect(try parse("room add habit Dishes every day") == RoomAddHabit(HabitDraft(name: "Dishes", schedule: .daily)))
        #expect(try parse("room add habit Dishes every evening") == RoomAddHabit(HabitDraft(name: "Dishes", schedule: .daily)))
        #expect(parseError("room add habit Dishes every monday morning")?.message.hasPrefix("Did you mean a habit 'Dishes' (every monday morning)? Shared habits can't have a schedule or an amount yet") == true)
    }
}

@Suite("help words")
struct EverydayWordsHelpTests {
    @Test func theCommandListEndsWithWhereToLearnTheEverydayWords() {
        let toasts = Views.help(topic: "all", in: Commands.table, guide: Help.guide).toasts
        #expect(toasts.count == 2)
        #expect(toasts.last == Toast(.info, "Or say it your way: 'flossed', 'how many coins do I have?', 'what's left today?'. 'help words' says more."))
    }

    @Test(arguments: ["words", "everyday"])
    func helpWordsListsWhatIsUnderstoodWithExamples(topic: String) {
        let toast = Views.help(topic: topic, in: Commands.table, guide: Help.guide).toasts[0]
        #expect(toast.message == "Say it your way. Beyond the commands, I understand:")
        #expect(toast.details.count == 17)
        #expect(toast.details[0] == "your own words for your habits: 'exercised', 'I meditated this morning', 'smoked', or a habit's name alone")
        #expect(toast.details[5].contains("'walk done: 4 km', 'swam 0.75 km', 'sleep 7.5 hydration 2.25', 'cycled 30 km on the 18th'"))
        #expect(toast.details[6] == "asked nicely: 'could you pause yoga for five days?', 'I would like to archive French', 'let me type slr for straight leg raises', 'move yoga into Body, would you?', 'I'd like a new habit: a letter to my sister'")
        #expect(toast.details[7] == "holidays: 'on holiday until the 3rd', 'away till sunday', 'taking a week off', 'no cello for a week', 'I'm back', 'we're back from Laredo'")
        #expect(toast.details[11] == "changes: 'change walk to morning walk', 'yoga every day from now on', 'change the yoga reminder to 7pm', 'when I say gym I mean exercise', 'drafting counts as writing', 'put tai chi in Mind', 'put piano away for now', 'vaping limit 3 not 5', 'change the walk to 5 km a day'")
        #expect(toast.details[12] == "to-dos: 'add cat food to the shopping list', 'todo: email the quartet', 'need to renew my passport by friday', 'push the dentist to monday', 'dentist change to 2 december', 'put school shoes on the list, we need them by tuesday', 'take milk off the list', 'we're out of milk, stick it on the list', 'drop the passport todo'")
        #expect(toast.details[13] == "days and asides: 'called mum on Sunday and again on Tuesday', 'took my pills 2 days ago but not yesterday', 'walked the dog this morning and tonight', 'the plants are watered', 'slept 4h, will sleep more later', 'back in Houston, central time' (asked)")
        #expect(toast.details[16] == "'didn't', 'skipped', 'going to', 'tomorrow', 'in 2 hours' and someone else's doing ('my roommate studied') record nothing; 'I think I did' asks.")
    }
}
