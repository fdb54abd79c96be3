import HabitatCommands
import HabitatEngine
import Testing

/// A line in someone's own words, read with their names as the strict commands it means: certain, asked about,
/// asked for what is missing, or changing nothing.
@Suite("Reading a person's own words")
struct EverydayReaderTests {
    /// A runner's and a household's names: amounts in km, glasses and minutes, a count, names of several words, a bad
    /// habit with a limit, a routine, a shared chore, a German name, a reward and an area. Today is Friday 20 November 2026.
    static let vocabulary = Vocabulary(
        habits: [
            .init(name: "Running", amount: DailyAmount(5, unit: "km")), .init(name: "Water", amount: DailyAmount(8, unit: "glasses")),
            .init(name: "Push-ups", amount: DailyAmount(50)), .init(name: "Call mum"), .init(name: "Yoga", quota: true),
            .init(name: "Coffee", amount: DailyAmount(2, unit: "cups"), bad: true), .init(name: "Snacks after midnight", bad: true),
            .init(name: "Zähne putzen", amount: DailyAmount(2)), .init(name: "Guitar", amount: DailyAmount(30, unit: "min")),
            .init(name: "Dishes", shared: true), .init(name: "Vacuuming", shared: true), .init(name: "Dog walk"),
            .init(name: "Journal"), .init(name: "Exercise"),
        ],
        rewards: ["Bubble tea"], areas: ["Fitness"], inRoom: true, today: Day(iso: "2026-11-20")!)

    static func read(_ line: String) -> Understanding? { EverydayReader.read(line, vocabulary) }

    @Test(arguments: [
        // Verbs in any tense, irregular ones from WordNet's list; numbers before or after; units short or long.
        ("ran 5k", ["did Running 5"]), ("ran 3 km this morning", ["did Running 3"]), ("did 20 pushups", ["did Push-ups 20"]),
        ("push ups 25", ["did Push-ups 25"]), ("drank 2 more glasses of water", ["did Water 2"]), ("had a glass of water", ["did Water 1"]),
        ("+1 water", ["did Water 1"]), ("called mum", [#"did "Call mum""#]), ("wrote in my journal before bed", ["did Journal"]),
        ("played guitar for an hour", ["did Guitar 60"]),
        // Several in one line, a day for all of them, a note after a colon.
        ("ran 8 km and did 50 pushups", ["did Running 8", "did Push-ups 50"]),
        ("yesterday I did yoga and called mum", ["did Yoga yesterday", #"did "Call mum" yesterday"#]),
        ("did yoga yesterday: back feels better", ["did Yoga yesterday: back feels better"]),
        // A unit only one habit counts in names it; words of a name in another order; German letters typed plain.
        ("3 more glasses", ["did Water 3"]), ("walked the dog", [#"did "Dog walk""#]), ("Zaehne putzen", [#"did "Zähne putzen""#]),
        // A name with `after` in it is a name; what follows `before`/`after` otherwise only says when.
        ("snacks after midnight x2", [#"did "Snacks after midnight" x2"#]), ("did my yoga after the run", ["did Yoga"]),
    ])
    func whatWasDoneIsRecorded(line: String, commands: [String]) {
        #expect(Self.read(line) == .commands(commands))
    }

    @Test func aSlipOfALetterOrAnotherWordForItIsAskedAbout() {
        #expect(Self.read("did yogs") == .ask("Did you mean 'did yoga'? Type 'yes' to record it.", ["did Yoga"]))
        #expect(Self.read("pushpus 30") == .ask("Did you mean 'did push-ups 30'? Type 'yes' to record it.", ["did Push-ups 30"]))
        // WordNet: `hoover` is a sense of `vacuum`, `ring` of `call`.
        #expect(Self.read("hoovered the living room") == .ask("Did you mean 'did vacuuming'? Type 'yes' to record it.", ["did Vacuuming"]))
        #expect(Self.read("rang mum") == .ask("Did you mean 'did call mum'? Type 'yes' to record it.", [#"did "Call mum""#]))
        // A word right after the name might make it something else.
        #expect(Self.read("did exercise bike") == .ask("Did you mean 'did exercise'? Type 'yes' to record it.", ["did Exercise"]))
    }

    /// The unit alone says which habit (Running is the one counted in km), and the verb says what was done: a walk or a
    /// ride is no run, so it is asked about; a jog is a kind of run (WordNet), and `ran`, `did` say only that it was done.
    @Test func aUnitWithTheVerbOfAnotherDoingIsAskedAbout() {
        #expect(Self.read("walked 4 km") == .ask("Did you mean 'did running 4'? Type 'yes' to record it.", ["did Running 4"]))
        #expect(Self.read("cycled 10 km") == .ask("Did you mean 'did running 10'? Type 'yes' to record it.", ["did Running 10"]))
        #expect(Self.read("swam 2 km today") == .ask("Did you mean 'did running 2'? Type 'yes' to record it.", ["did Running 2"]))
        #expect(Self.read("jogged 3 km") == .commands(["did Running 3"]))
        #expect(Self.read("did 6 km") == .commands(["did Running 6"]))
        #expect(Self.read("ran 4 km") == .commands(["did Running 4"]))
        #expect(Self.read("drank 3 glasses") == .commands(["did Water 3"]))
        // Guitar is the one counted in minutes: TV or a piano is something else.
        #expect(Self.read("watched tv for 20 min") == .ask("Did you mean 'did guitar 20'? Type 'yes' to record it.", ["did Guitar 20"]))
        #expect(Self.read("played piano 20 min") == .ask("Did you mean 'did guitar 20'? Type 'yes' to record it.", ["did Guitar 20"]))
        #expect(Self.read("played guitar for an hour") == .commands(["did Guitar 60"]))
    }

    /// After a colon, an amount of a habit counted in one is its amount; anything else is a note.
    @Test func anAmountAfterAColonIsTheAmount() {
        #expect(Self.read("push ups: 30") == .commands(["did Push-ups 30"]))
        #expect(Self.read("running: 5 km") == .commands(["did Running 5"]))
        #expect(Self.read("ran yesterday: 5 km") == .commands(["did Running 5 yesterday"]))
        #expect(Self.read("did yoga yesterday: 30") == .commands(["did Yoga yesterday: 30"]))
        #expect(Self.read("ran 5 km: felt great") == .commands(["did Running 5: felt great"]))
    }

    @Test func aPartOfAUnitOfTimeIsTheTimeItIs() {
        #expect(Self.read("guitar 1.5 hours") == .commands(["did Guitar 90"]))
    }

    @Test func whatIsMissingIsAskedForAndNothingGuessed() {
        #expect(Self.read("went for a run") == .clarify("How much? Say it with the amount, e.g. 'did running 5'."))
        // A part of a unit is taken as said.
        #expect(Self.read("drank 1.5 glasses of water") == .commands(["did Water 1.5"]))
        #expect(Self.read("ran 30 min") == .clarify("Running is counted in km: how many? e.g. 'did running 5'."))
    }

    @Test(arguments: [
        "didn't run today", "skipped yoga", "no coffee today", "going to do yoga later", "forgot to call mum",
        "trying to quit coffee", "should I do yoga tonight?",
    ])
    func aLineThatSaysItWasNotDoneChangesNothing(line: String) {
        guard case .nothing? = Self.read(line) else {
            Issue.record("'\(line)' read as \(String(describing: Self.read(line)))")
            return
        }
    }

    @Test func aDayThisReadingDoesNotTakeOrAPlanIsNeverToday() {
        #expect(Self.read("did yoga last month") == nil)
        #expect(Self.read("yoga 3 times a week from now on") == .commands(["edit Yoga 3 times a week"]))
        #expect(Self.read("did the ironing") == nil)
    }

    @Test(arguments: [
        ("on holiday until the 3rd", ["pause until 2026-12-03"]), ("away till sunday", ["pause until 2026-11-22"]),
        ("pause yoga until monday", ["pause Yoga until 2026-11-23"]), ("taking a week off", ["pause 7 days"]),
        ("staying with my sister till the 6th of december, pause everything", ["pause until 2026-12-06"]),
        ("going home, pause all my habits until december 24", ["pause until 2026-12-24"]),
        ("I'm back", ["resume"]), ("holiday's over", ["resume"]), ("yoga's back on", ["resume Yoga"]),
    ])
    func pausesInTheWordsOfAHoliday(line: String, commands: [String]) {
        #expect(Self.read(line) == .commands(commands))
    }

    @Test(arguments: [
        ("quit reminding me to call mum", [#"stop reminding "Call mum""#]), ("no more reminders for yoga", ["stop reminding Yoga"]),
        ("kill all my reminders", ["no more reminders"]), ("which reminders are on?", ["reminders"]),
        ("every evening at 21:30 remind me to do yoga", ["remind me to Yoga at 21:30"]),
        ("add a reminder for yoga at 7pm", ["remind me to Yoga at 19:00"]), ("ping me again in 20 minutes", ["snooze 20 min"]),
        ("remind the family about chores at 7am", ["room remind at 7:00"]),
    ])
    func remindersInEverydayWords(line: String, commands: [String]) {
        #expect(Self.read(line) == .commands(commands))
    }

    @Test(arguments: [
        ("how long is my yoga streak", "streaks"), ("what's left for today?", "today"), ("have i done yoga today", "today"),
        ("what did I do on monday", "history"), ("how much is the bubble tea?", "store"), ("whose turn is it for the dishes?", "room today"),
        ("show the ranking", "room status"), ("what level is my fitness area?", "areas"),
    ])
    func aQuestionIsAnsweredByItsView(line: String, view: String) {
        #expect(Self.read(line) == .commands([view]))
    }

    @Test(arguments: [
        ("oops", ["undo"]), ("scratch that", ["undo"]), ("undo the last three", ["undo", "undo", "undo"]), ("that was a mistake", ["undo"]),
    ])
    func undoInASentence(line: String, commands: [String]) {
        #expect(Self.read(line) == .commands(commands))
    }

    @Test(arguments: [
        ("add habit Yoga tue thu", ["add habit Yoga on tue thu"]), ("new habit: gym 3x a week", ["add habit gym 3 times a week"]),
        ("I want to start stretching 10 min every day", ["add habit stretching 10 min a day"]),
        ("add a habit to do laundry every sunday", ["add habit laundry on sun"]),
        ("add a chore: clean the bathroom on saturdays", ["room add habit clean the bathroom on sat"]),
        ("add a reward: fish and chips for 50 coins", ["add reward fish and chips 50 coins"]),
        ("make yoga 4 times a week", ["edit Yoga 4 times a week"]), ("allow me 3 cups of coffee a day", ["edit Coffee limit 3 cups"]),
        ("delete the dog walk habit", [#"delete habit "Dog walk""#]), ("buy the bubble tea", ["buy Bubble tea"]),
    ])
    func habitsAddedAndChangedInEverydayWords(line: String, commands: [String]) {
        #expect(Self.read(line) == .commands(commands))
    }

    @Test(arguments: [
        // Shortened on a phone, and words said for the tone alone.
        ("did 50 pushups no cap", ["did Push-ups 50"]), ("called mum n did yoga", [#"did "Call mum""#, "did Yoga"]),
        ("called mum w my sister 2day", [#"did "Call mum""#]),
        // An amount said on its own after what was done; done, only not told; done, in the perfect tense.
        ("went for a run, 5 km", ["did Running 5"]), ("did pushups yesterday, 30", ["did Push-ups 30 yesterday"]),
        ("forgot to log my journal yesterday", ["did Journal yesterday"]), ("we have done the dishes", ["did Dishes"]),
        // A new name, a reminder moved, a limit said in words, a chore for the room, a purchase in slang.
        ("change journal to diary please", ["rename Journal to diary"]),
        ("change the yoga reminder to 8 in the evening", ["stop reminding Yoga", "remind me to Yoga at 20:00"]),
        ("add a bad habit for whisky, 2 glasses is my limit", ["add bad habit whisky limit 2 glasses"]),
        ("add a chore for the room: clean fridge on sun", ["room add habit clean fridge on sun"]),
        ("cop the bubble tea rn", ["buy Bubble tea"]),
        // A pause: `all week` says how long, not what; `no yoga till monday`.
        ("pause yoga till 14 december, its raining all week", ["pause Yoga until 2026-12-14"]),
        ("no yoga till monday", ["pause Yoga until 2026-11-23"]),
    ])
    func aNewcomersWaysOfSayingIt(line: String, commands: [String]) {
        #expect(Self.read(line) == .commands(commands))
    }

    @Test func aLineAboutAHabitOrSomeoneElsesDoingChangesNothing() {
        // Someone else's walking and `show off` are no time off; a habit's name that looks like a past verb says nothing
        // of being done in a sentence about it.
        #expect(Self.read("my neighbour walks 10 km a day, show off") == nil)
        let gamer = Vocabulary(habits: [.init(name: "Ranked", amount: DailyAmount(3, unit: "games"), bad: true)], today: Self.vocabulary.today)
        #expect(EverydayReader.read("ranked is so toxic rn", gamer) == nil)
        #expect(EverydayReader.read("played 5 ranked games", gamer) == .commands(["did Ranked 5"]))
    }

    @Test func theUnitSaidNamesTheHabitThatCountsItAndATimeOnlySaysHowLong() {
        let garden = Vocabulary(
            habits: [
                .init(name: "Watering"), .init(name: "Fluids", amount: DailyAmount(6, unit: "glasses")), .init(name: "Stretching"),
                .init(name: "Plank", amount: DailyAmount(3, unit: "minutes")),
            ],
            today: Self.vocabulary.today)
        #expect(EverydayReader.read("drank two more glasses of water", garden) == .commands(["did Fluids 2"]))
        #expect(EverydayReader.read("stretched for 10 min", garden) == .commands(["did Stretching"]))
    }

    @Test func backToAHabitResumesItOnlyWhenItIsPaused() {
        let paused = Vocabulary(habits: [.init(name: "Weeding", paused: true)], today: Self.vocabulary.today)
        #expect(EverydayReader.read("knee is better, back to weeding", paused) == .commands(["resume Weeding"]))
        #expect(Self.read("back to yoga") == nil)
    }

    @Test func aLineThatAddsAHabitIsNeverReadAsAnotherThing() {
        #expect(
            Self.read("add a habit called zzz every 3 on the 4 mondays tue")
                == .clarify("I couldn't read all of that as a new habit. Say it as 'add habit <name>' and its options; 'help add' shows them."))
    }

    @Test(arguments: [
        ("undo that, it was my housemate who did it", ["undo"]), ("turn off reminder 1", ["stop reminding 1"]),
        ("no yoga for 2 weeks, knee op", ["pause Yoga 14 days"]), ("another 10 pushups", ["did Push-ups 10"]),
        ("reward pint at the club 40 coins", ["add reward pint at the club 40 coins"]),
        ("add a chore hoovering sat, taking turns", ["room add habit hoovering rotate on sat"]),
        ("add habit homework check mon to thu", ["add habit homework check on mon tue wed thu"]),
    ])
    func moreOfANewcomersWays(line: String, commands: [String]) {
        #expect(Self.read(line) == .commands(commands))
    }

    @Test func someoneElsesDoingOrAThingsIsNeverRecorded() {
        let their = Vocabulary(
            habits: [
                .init(name: "Lengths", amount: DailyAmount(80, unit: "lengths")), .init(name: "Lights out"), .init(name: "Bird feeder"),
                .init(name: "Laundry fold"),
            ],
            today: Self.vocabulary.today)
        for line in [
            "my lane mate swam 100 lengths, show off", "the lights went out in the pool during warm up lol",
            "The squirrels have emptied the bird feeder already!", "my partner folded the laundry bless them",
        ] {
            #expect(EverydayReader.read(line, their) == nil, "\(line)")
        }
        #expect(EverydayReader.read("folded the laundry", their) == .commands([#"did "Laundry fold""#]))
    }

    @Test func anAmountCountsWhatItNamesAndAnotherWordForWhatIsCountedIsAskedAbout() {
        let their = Vocabulary(
            habits: [
                .init(name: "Pelvic floor", amount: DailyAmount(3, unit: "sets")), .init(name: "Feed Rex", amount: DailyAmount(2, unit: "meals")),
                .init(name: "Vending snacks", amount: DailyAmount(1, unit: "snacks"), bad: true), .init(name: "Heart pills"),
                .init(name: "Sugary drinks", amount: DailyAmount(1, unit: "can"), bad: true), .init(name: "Water", amount: DailyAmount(2, unit: "litres")),
            ],
            today: Self.vocabulary.today)
        #expect(EverydayReader.read("did 2 sets of pelvic floor", their) == .commands([#"did "Pelvic floor" 2"#]))
        #expect(EverydayReader.read("pelvic floor done, all three sets", their) == .commands([#"did "Pelvic floor" 3"#]))
        #expect(EverydayReader.read("REX FED. BOTH MEALS", their) == .commands([#"did "Feed Rex" 2"#]))
        #expect(
            EverydayReader.read("2 bags of chips from the vending machine", their)
                == .ask("Did you mean 'did vending snacks 2'? Type 'yes' to record it.", [#"did "Vending snacks" 2"#]))
        #expect(EverydayReader.read("took my tablets", their) == .ask("Did you mean 'did heart pills'? Type 'yes' to record it.", [#"did "Heart pills""#]))
        #expect(
            EverydayReader.read("had a coke after the race", their)
                == .ask("Did you mean 'did sugary drinks'? Type 'yes' to record it.", [#"did "Sugary drinks""#]))
        // Glasses are no litres.
        #expect(EverydayReader.read("drank 3 glasses of water", their) == .clarify("Water is counted in litres: how many? e.g. 'did water 2'."))
    }

    @Test(arguments: [
        ("when i say h2o i mean water", ["call Water h2o"]), ("treating myself to a bubb tea", ["buy Bubble tea"]),
        ("Please change the name of Journal to Diary.", ["rename Journal to Diary"]),
        ("Could you stop the dog walk for a week please, the path is too icy.", [#"pause "Dog walk" 7 days"#]),
        ("burnt out, pausing everything for 2 weeks", ["pause 14 days"]),
        ("Oh dear, I pressed the wrong thing, please undo that.", ["undo"]),
        ("I wrote my journal, it was 3 pages long.", ["did Journal"]),
        ("The day before yesterday I also did my yoga", ["did Yoga 2 days ago"]), ("journal + yoga done", ["did Journal", "did Yoga"]),
        ("wrote my journal post dinner", ["did Journal"]),
    ])
    func aPolitePersonsAndAHurriedOnesWays(line: String, commands: [String]) {
        #expect(Self.read(line) == .commands(commands))
    }

    @Test func aWordOfTheHabitsOwnNameIsNoNegationAndAPlanAfterItIsAboutSomethingElse() {
        let their = Vocabulary(
            habits: [.init(name: "Skipped cooldown", bad: true), .init(name: "Steps", amount: DailyAmount(8000, unit: "steps"))],
            today: Self.vocabulary.today)
        #expect(EverydayReader.read("skipped my cooldown again coach is gonna kill me", their) == .commands([#"did "Skipped cooldown""#]))
        #expect(EverydayReader.read("8.2k steps today", their) == .commands(["did Steps 8200"]))
    }

    @Test func aBadHabitBeatenIsNoPauseAndASentenceAboutAHabitRecordsNothing() {
        // A bad habit said gone for a while is a boast, not a pause; wanting to stop one is no pause either.
        let nothing = Understanding.nothing("Nothing recorded: that doesn't sound done yet. When it is, tell me ('did coffee').")
        #expect(Self.read("no coffee for 3 days!") == nothing)
        #expect(Self.read("I want to stop coffee for a month") == nothing)
        #expect(Self.read("yoga class tonight is cancelled") == .nothing("Nothing recorded: that doesn't sound done yet. When it is, tell me ('did yoga')."))
        #expect(Self.read("put off yoga again") == .nothing("Nothing recorded: that doesn't sound done yet. When it is, tell me ('did yoga')."))
    }

    @Test func aCyclistsANursesAndFlatmatesWays() {
        let their = Vocabulary(
            habits: [
                .init(name: "Ride", amount: DailyAmount(30, unit: "km")), .init(name: "Carbs", amount: DailyAmount(400, unit: "grams")),
                .init(name: "Sleep", amount: DailyAmount(8, unit: "hours")), .init(name: "Turbo", quota: true), .init(name: "Doomscroll", bad: true),
                .init(name: "Study", amount: DailyAmount(4, unit: "hours")), .init(name: "Walk Bess"), .init(name: "Milk run", shared: true),
                .init(name: "Fridge clear-out", shared: true), .init(name: "Sherry", amount: DailyAmount(1, unit: "glasses"), bad: true),
                .init(name: "Call home"),
            ],
            rewards: ["Cafe stop cake"], inRoom: true, today: Self.vocabulary.today)
        func read(_ line: String) -> Understanding? { EverydayReader.read(line, their) }
        func asked(_ shown: String, _ command: String) -> Understanding { .ask("Did you mean '\(shown)'? Type 'yes' to record it.", [command]) }
        // A unit run into its number; how long a session took is no habit counted in hours.
        #expect(read("ate 150g carbs at breakfast, porridge and a banana") == .commands(["did Carbs 150"]))
        #expect(read("turbo session done, 1hr sweetspot") == .commands(["did Turbo"]))
        #expect(read("+12km ride home from work") == .commands(["did Ride 12"]))
        // Someone of theirs did it, in whatever tense.
        #expect(read("my roommate study 6 hours wow") == nil)
        // One word of a longer name is asked about; a word of where or when names nothing.
        #expect(read("took bess out") == asked("did walk bess", #"did "Walk Bess""#))
        #expect(read("got milk on the way home") == asked("did milk run", #"did "Milk run""#))
        let flat = Vocabulary(habits: [.init(name: "Fridge clear-out", shared: true), .init(name: "Recycling", shared: true)], inRoom: true, today: their.today)
        #expect(EverydayReader.read("cleared out the fridge", flat) == asked("did fridge clear-out", #"did "Fridge clear-out""#))
        #expect(read("got home late") == nil)
        // Deleting, naming and buying in more words.
        #expect(read("get rid of the doomscroll habit") == .commands(["delete habit Doomscroll"]))
        #expect(read("take the sherry habit off please") == .commands(["delete habit Sherry"]))
        #expect(read("from now on spin means turbo") == .commands(["call Turbo spin"]))
        #expect(read("buy the cafe stop cake, earned it") == .commands(["buy Cafe stop cake"]))
        // A pause that starts on a later day is asked about; what kind a new habit is may follow its name.
        #expect(
            read("Away at my daughter's from the 15th to the 22nd of December.")
                == .clarify("A pause starts when you ask for it. On the day it begins, say 'pause until 2026-12-22'."))
        #expect(read("add oven cleaning as a room chore on sundays") == .commands(["room add habit oven cleaning on sun"]))
        #expect(read("who's winning this week") == .commands(["room status"]))
        #expect(read("how many coin i have") == .commands(["coins"]))
        #expect(read("yesterday i call home but forgot to put") == .commands([#"did "Call home" yesterday"#]))
    }

    @Test func aNumberThatCountsNothingIsNeverTakenForHowMuch() {
        let their = Vocabulary(
            habits: [
                .init(name: "Running", amount: DailyAmount(5, unit: "km")), .init(name: "Dog walk"), .init(name: "Yoga"),
                .init(name: "Reading", amount: DailyAmount(20, unit: "pages")), .init(name: "Sleep", amount: DailyAmount(8, unit: "hours")),
                .init(name: "Push-ups", amount: DailyAmount(50)), .init(name: "Pills"), .init(name: "Call mum"),
            ],
            today: Self.vocabulary.today)
        func read(_ line: String) -> Understanding? { EverydayReader.read(line, their) }
        // A time of day, a number that labels something, how long it took.
        #expect(read("walked the dog at 7") == .commands([#"did "Dog walk" at 7:00"#]))
        #expect(read("slept at 11") == .clarify("How much? Say it with the amount, e.g. 'did sleep 8'."))
        #expect(read("read chapter 5") == .clarify("How much? Say it with the amount, e.g. 'did reading 20'."))
        #expect(read("did pushups on day 12 of the challenge") == .commands(["did Push-ups"]))
        #expect(read("ran 5k in 25 min") == .commands(["did Running 5"]))
        let garden = Vocabulary(habits: [.init(name: "Weeding", amount: DailyAmount(30, unit: "minutes"))], today: their.today)
        #expect(EverydayReader.read("weeded for half an hour", garden) == .commands(["did Weeding 30"]))
        #expect(EverydayReader.read("weeded for 0.5 hours", garden) == .commands(["did Weeding 30"]))
        // Sets of so many each are asked about as all of them.
        #expect(read("pushups 3x10") == .ask("Did you mean 'did push-ups 30'? Type 'yes' to record it.", ["did Push-ups 30"]))
        // Later; said unsure; someone else's; what a call was about.
        #expect(read("yoga in 2 hours") == .nothing("Nothing recorded: that doesn't sound done yet. When it is, tell me ('did yoga')."))
        #expect(read("i think i did yoga") == .ask("Did you mean 'did yoga'? Type 'yes' to record it.", ["did Yoga"]))
        #expect(read("my husband's pills are done") == nil)
        #expect(read("off to yoga now") == .nothing("Nothing recorded: that doesn't sound done yet. When it is, tell me ('did yoga')."))
        #expect(
            read("can you remind me tomorrow at 9 to go for a run")
                == .ask("A reminder comes every day at its time. Did you mean 'remind me to running at 9:00'? Type 'yes' to set it.", ["remind me to Running at 9:00"]))
        #expect(read("add habit 10k steps") == .clarify("Give the habit a name first, then its amount: 'add habit Steps target 10000 steps'."))
        #expect(read("called mum about the party") == .commands([#"did "Call mum""#]))
        // An amount after something done, with no name of its own, is asked about.
        #expect(
            read("walked the dog twice, 3 km each")
                == .ask("Did you mean 'did dog walk x2', then 'did running 3'? Type 'yes' to record it.", [#"did "Dog walk" x2"#, "did Running 3"]))
    }

    @Test func aBrandAShortNameAndWhatAVerbWasDoneToAreAskedAbout() {
        let their = Vocabulary(
            habits: [
                .init(name: "Pray"), .init(name: "Rosary"), .init(name: "Energy drink", amount: DailyAmount(1, unit: "cans"), bad: true),
                .init(name: "Blood pressure"), .init(name: "Vitamin D"),
                .init(name: "Snooze button", amount: DailyAmount(2, unit: "presses"), bad: true), .init(name: "Running", amount: DailyAmount(5, unit: "km")),
            ],
            today: Self.vocabulary.today)
        func read(_ line: String) -> Understanding? { EverydayReader.read(line, their) }
        func asked(_ shown: String, _ command: String) -> Understanding { .ask("Did you mean '\(shown)'? Type 'yes' to record it.", [command]) }
        // The verb of one habit done to another (Pray, Rosary).
        #expect(read("prayed the rosary on my lunch break") == asked("did rosary", "did Rosary"))
        // A brand as what it is; initials, or the start of each word of a name.
        #expect(read("drank 2 monster for the exam") == asked("did energy drink 2", #"did "Energy drink" 2"#))
        #expect(read("had a red bull") == asked("did energy drink", #"did "Energy drink""#))
        #expect(read("took bp") == asked("did blood pressure", #"did "Blood pressure""#))
        #expect(read("took my vit d") == asked("did vitamin d", #"did "Vitamin D""#))
        // A word of the name before another sense of the verb (`hit` is no run); times of what is counted in presses.
        #expect(read("hit snooze 4 times this morning") == asked("did snooze button 4", #"did "Snooze button" 4"#))
        #expect(read("ok done") == nil)
        // A break from a bad habit may be keeping off it: asked.
        #expect(
            read("taking a break from energy drinks for a week")
                == .ask(
                    "Did you mean 'pause energy drink 7 days'? While it is paused, none of it counts. Type 'yes' to pause it.",
                    [#"pause "Energy drink" 7 days"#]))
    }

    @Test func aNumberTooLargeForAnyAmountIsNoAmountAndBreaksNothing() {
        for line in [
            "pushups 99999999999999999999999x2", "pushups 3x99999999999999999999999", "pushups 9999999999x9999999999", "ran 1e30 km",
            "yoga 99999999999999999999999 times",
        ] {
            #expect(Self.read(line) == nil, "\(line)")
        }
        #expect(Self.read("did 3x10 push-ups") == .ask("Did you mean 'did push-ups 30'? Type 'yes' to record it.", ["did Push-ups 30"]))
    }
}
