import HabitatEngine
import Testing

@testable import HabitatCommands

/// Lines of people's own words about their own habits, to-dos, areas and lists: each read as the strict commands that do
/// it, or asked about when it is not certain.
@Suite("Own words")
struct EverydayOwnWordsTests {
    static let vocabulary = Vocabulary(
        habits: [
            .init(name: "Cello", amount: DailyAmount(45, unit: "minutes")), .init(name: "Walk", amount: DailyAmount(3000, unit: "steps")),
            .init(name: "Vaping", amount: DailyAmount(5, unit: "puffs"), bad: true), .init(name: "Crisps", bad: true),
            .init(name: "Meal prep"), .init(name: "Vegetables", amount: DailyAmount(5, unit: "portions")),
            .init(name: "Research", amount: DailyAmount(45, unit: "minutes")), .init(name: "Gym"), .init(name: "Ice knee"),
            .init(name: "Sight reading"), .init(name: "Cycling"), .init(name: "Evening meds"),
            .init(name: "Reply emails", amount: DailyAmount(15, unit: "emails")), .init(name: "Walk to school"),
            .init(name: "Pelvic floor", amount: DailyAmount(3, unit: "sets")), .init(name: "Water plants"),
            .init(name: "Feeds", amount: DailyAmount(8, unit: "feeds")), .init(name: "Bedtime story"), .init(name: "Salt", bad: true), .init(name: "Power nap"), .init(name: "Pram walk", amount: DailyAmount(30, unit: "minutes")), .init(name: "Running", amount: DailyAmount(5, unit: "km")), .init(name: "Tai chi"), .init(name: "Writing"), .init(name: "Planks", paused: true),
            .init(name: "Water", amount: DailyAmount(8, unit: "glasses"), today: 2), .init(name: "Tea", amount: DailyAmount(3, unit: "cups"), bad: true),
            .init(name: "Book piano tuner", todo: true), .init(name: "Book the dentist", todo: true),
            .init(name: "Batteries for the remote", shared: true, todo: true), .init(name: "Dishes", shared: true),
        ],
        rewards: ["Garden centre trip", "Lie-in"], areas: ["Mind", "Body"], inRoom: true, today: Day(iso: "2026-11-20")!)

    static func read(_ line: String) -> Understanding? { EverydayReader.read(line, vocabulary) }

    @Test(arguments: [
        // Amounts as people say them.
        ("practised cello for an hour and a half", ["did Cello 90"]), ("cello 2 and a half hours", ["did Cello 150"]),
        ("cello for a half hour", ["did Cello 30"]), ("did 4,200 steps today!", ["did Walk 4200"]),
        ("a forty-minute cello session", ["did Cello 40"]), ("research: an hour in the archive", ["did Research 60"]),
        // A ticked line, an undo said another way, a day's habit put away.
        ("tai chi ✓", [#"did "Tai chi""#]), ("scratch the last one, wrong habit", ["undo"]), ("cancel last one", ["undo"]),
        ("put sight reading away for now", [#"archive "Sight reading""#]), ("archive gym, my knee is bad - back in spring", ["archive Gym"]),
        // Areas, to-dos, rewards, their own words.
        ("please put tai chi in Mind rather than Body", [#"edit "Tai chi" in Mind"#]),
        ("add an area called Strength and put gym in it", ["add area Strength", "edit Gym in Strength"]),
        ("need to pick up a new knee brace by monday", ["add todo pick up a new knee brace by monday"]),
        ("push the piano tuner thing to december 1st", [#"edit todo "Book piano tuner" by december 1st"#]),
        ("delete the dentist to-do, he booked it", [#"delete todo "Book the dentist""#]),
        ("spend my coins on a trip to the garden centre", ["buy Garden centre trip"]), ("treat: lie-in", ["buy Lie-in"]),
        ("I'll take a health potion", ["buy potion"]), ("please take the lie-in out of the store", ["delete reward Lie-in"]),
        ("we shop alone now, remove the dishes chore", ["room delete habit Dishes"]), ("can 'drafting' count as writing from now on?", ["call Writing drafting"]),
        // Changes said with the old value or a reason beside them.
        ("vaping limit 3 not 5", ["edit Vaping limit 3 puffs"]), ("change cello to 15 xp", ["edit Cello 15 xp"]), ("cello should be 60 a day", ["edit Cello target 60 minutes"]),
        ("flu, can't practise, pause everything till monday", ["pause until 2026-11-23"]), ("pause all until 27", ["pause until 2026-11-27"]),
        ("taking a fortnight off from writing", ["pause Writing 14 days"]), ("shoulder's fine now, start planks again", ["resume Planks"]),
        ("please stop the morning digest", ["stop reminding digest"]),
        // A day said with its `s`, a number between a name's words, who it was done with, a set done.
        ("yesterdays pram walk was 20 min", [#"did "Pram walk" 20 yesterday"#]), ("replied to 20 emails", [#"did "Reply emails" 20"#]),
        ("walked to school with all three", [#"did "Walk to school""#]), ("pelvic floor 1 set", [#"did "Pelvic floor" 1"#]),
        ("add tidy playroom to the room chores", ["room add habit tidy playroom"]),
        ("add hamstring curls on mon wed fri, 20 reps", ["add habit hamstring curls target 20 reps on mon wed fri"]),
        ("read the kids their bedtime story", [#"did "Bedtime story""#]),
    ])
    func read(line: String, commands: [String]) {
        #expect(Self.read(line) == .commands(commands))
    }

    @Test func whatIsNotCertainIsAskedAbout() {
        // More of the one thing done, said after it.
        #expect(Self.read("crisps again. two bags") == .ask("Did you mean 'did crisps x2'? Type 'yes' to record it.", ["did Crisps x2"]))
        #expect(Self.read("vaped yesterday too, like 3 more")
            == .ask("Did you mean 'did vaping 3 yesterday'? Type 'yes' to record it.", ["did Vaping 3 yesterday"]))
        #expect(Self.read("ate vegetables, 2 portions at lunch and 2 at dinner")
            == .ask("Did you mean 'did vegetables 4'? Type 'yes' to record it.", ["did Vegetables 4"]))
        // A name that starts with a verb, named by that verb; three letters with one wrong after `did`.
        #expect(Self.read("cello 30 and iced after")
            == .ask("Did you mean 'did cello 30', then 'did ice knee'? Type 'yes' to record it.", ["did Cello 30", #"did "Ice knee""#]))
        // A verb of one habit with the unit of another: the verb's, asked about.
        #expect(Self.read("cycled 25 km") == .ask("Did you mean 'did cycling'? Type 'yes' to record it.", ["did Cycling"]))
        #expect(Self.read("did gim") == .ask("Did you mean 'did gym'? Type 'yes' to record it.", ["did Gym"]))
        // Two things for a list; a word of a list item's name; a to-do that names a habit.
        #expect(Self.read("add bread and eggs to the shopping list")
            == .ask("Did you mean 'room add todo bread', then 'room add todo eggs'? Type 'yes' to add them.", ["room add todo bread", "room add todo eggs"]))
        #expect(Self.read("take batteries off the list, found some")
            == .ask("Did you mean 'room delete todo batteries for the remote'? Type 'yes' to delete it.", [#"room delete todo "Batteries for the remote""#]))
        #expect(Self.read("need to restring the cello by friday")
            == .ask("Did you mean 'add todo restring the cello by friday'? Type 'yes' to add it.", ["add todo restring the cello by friday"]))
        // A request in one part of a line, the rest only saying why; never a record.
        #expect(Self.read("my back is sore - archive gym") == .ask("Did you mean 'archive gym'? Type 'yes' to do it.", ["archive Gym"]))
        #expect(Self.read("my back is sore - did gym") == .commands(["did Gym"]))
        #expect(Self.read("cello 30 - archive gym") == nil)
        #expect(Self.read("I swim twice a week, add it") == nil)
        // Once more, after the one done; a word of a longer name after `pause`.
        #expect(Self.read("fed him at 3am and again at 6") == .ask("Did you mean 'did feeds 2'? Type 'yes' to record it.", ["did Feeds 2"]))
        #expect(Self.read("away till the 20th of december, pause the plants")
            == .ask("Did you mean 'pause water plants until 2026-12-20'? Type 'yes' to pause it.", [#"pause "Water plants" until 2026-12-20"#]))
        // Said in the present, of today.
        #expect(Self.read("I take evening medicine now") == .ask("Did you mean 'did evening meds'? Type 'yes' to record it.", [#"did "Evening meds""#]))
        #expect(Self.read("I eat too much salt today, the soup very salty") == .ask("Did you mean 'did salt'? Type 'yes' to record it.", ["did Salt"]))
        #expect(Self.read("today I do tai chi") == .ask("Did you mean 'did tai chi'? Type 'yes' to record it.", [#"did "Tai chi""#]))
    }

    @Test func whatIsNotSaidIsNotDone() {
        // A count for the day in all adds what today lacks of it (2 glasses are recorded), or nothing.
        #expect(Self.read("im at 6 glasses now") == .commands(["did Water 4"]))
        #expect(Self.read("2 glasses of water so far") == .nothing("Water has 2 glasses today already: nothing more to add."))
        #expect(Self.read("had 6 glasses of water so far yesterday") == .clarify(
            "Is that your count for the day in all? Say how many more to add, e.g. 'did water 2'."))
        // What was made, not how many times; who it was with.
        #expect(Self.read("meal prepped for the week, 5 boxes") == .commands([#"did "Meal prep""#]))
        #expect(Self.read("had tea with my agent, three cups") == .commands(["did Tea 3"]))
        // A unit that may be another habit's, which the line names; `new` with no kind of thing.
        #expect(Self.read("napped when she napped!! 40 mins of bliss") == nil)
        #expect(Self.read("new words are so hard to remember") == nil)
        #expect(Self.read("I walk every day") == .nothing("Nothing recorded: that doesn't sound done yet. When it is, tell me ('did walk')."))
    }

    @Test func numbersAsPeopleTypeThem() {
        #expect(DailyAmount.number("4,200") == 4200)
        #expect(DailyAmount.number("12,000.5") == 12000.5)
        #expect(DailyAmount.number("2,5") == 2.5)
        #expect(DailyAmount.number("4,20") == 4.2)
        #expect(DailyAmount.number("1,2,3") == nil)
        #expect(EverydayLine("a couple of times").words.map(\.number) == [2, nil])
    }

    @Test func daysFromOneToAnotherGoOverTheWeekend() {
        #expect(Schedule(words: ["sun", "to", "thu"]) == .weekdays([0, 1, 2, 3, 6]))
        #expect(Schedule(words: ["mon-fri"]) == .weekdays([0, 1, 2, 3, 4]))
        #expect(Schedule(words: ["on", "fri", "to", "sun"]) == .weekdays([4, 5, 6]))
        #expect(Schedule(words: ["every", "night"]) == .daily)
    }

    @Test func nextFridayIsNeverToday() throws {
        let friday = Day(iso: "2026-11-20")!
        #expect(try TodoParser.day(["next", "friday"])?.day(from: friday) == Day(iso: "2026-11-27"))
        #expect(try TodoParser.day(["friday"])?.day(from: friday) == friday)
        #expect(try TodoParser.day(["next", "monday"])?.day(from: friday) == Day(iso: "2026-11-23"))
        #expect(try TodoParser.day(["the", "10th", "of", "december."])?.day(from: friday) == Day(iso: "2026-12-10"))
        #expect(try TodoParser.parse([Token("to"), Token("renew"), Token("the"), Token("passport")]).name == "renew the passport")
    }
}
