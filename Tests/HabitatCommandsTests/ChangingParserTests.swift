import HabitatCommands
import HabitatEngine
import Testing

@testable import HabitatApp

@Suite("Changing habits and areas")
struct ChangingParserTests {
    @Test(arguments: ["edit wake up track time", "edit wake up tracks time", "edit wake up timed", "edit wake up track time on"])
    func editTurnsTimeTrackingOn(line: String) throws {
        #expect(try parse(line) == EditHabit("wake up", HabitEdit(tracksTime: true)))
    }

    @Test(arguments: [
        "edit wake up no track time", "edit wake up don't track time", "edit wake up dont track time",
        "edit wake up stop tracking time", "edit wake up untimed", "edit wake up track time off", "edit wake up no tracking",
        "EDIT wake up NO TRACK TIME",
    ])
    func editTurnsTimeTrackingOff(line: String) throws {
        #expect(try parse(line) == EditHabit("wake up", HabitEdit(tracksTime: false)))
    }

    @Test func editLeavesTimeTrackingAloneUnlessTold() throws {
        #expect(try parse("edit wake up 20 xp") == EditHabit("wake up", HabitEdit(xp: 20)))
        #expect(try parse("edit wake up 20 xp no track time") == EditHabit("wake up", HabitEdit(xp: 20, tracksTime: false)))
    }

    @Test func aNewHabitTracksNoTimeWhenToldNotTo() throws {
        #expect(try parse("add habit Wake up no track time") == AddHabit(HabitDraft(name: "Wake up")))
        #expect(try parse(#"add habit "No track" 5 xp"#) == AddHabit(HabitDraft(name: "No track", xp: 5)))
    }

    @Test func editsUsageShowsBothWays() {
        #expect(parseError("edit")?.message == "Give the habit a name. Usage: edit <habit> [N xp] [N coins] [N life] [in <area> | in none] [track time | no track time] [target N <unit> | no target] [limit N <unit> | no limit] [N life if missed] [schedule]")
    }

    @Test(arguments: ["rename area Fitness to Health", "RENAME AREA Fitness TO Health", #"rename area "Fitness" to "Health""#])
    func renameArea(line: String) throws {
        #expect(try parse(line) == RenameArea("Fitness", to: "Health"))
    }

    @Test func anAreaNamedWithToIsQuoted() throws {
        #expect(try parse(#"rename area "Back to school" to School"#) == RenameArea("Back to school", to: "School"))
    }

    @Test(arguments: ["delete area Fitness", "remove area Fitness", "Delete Area Fitness"])
    func deleteArea(line: String) throws {
        #expect(try parse(line) == DeleteArea("Fitness"))
    }

    @Test func aHabitIsStillDeletedAndRenamedAsBefore() throws {
        #expect(try parse("delete fitness") == DeleteHabit("fitness"))
        #expect(try parse("delete habit area 51") == DeleteHabit("area 51"))
        #expect(try parse("rename exercise to Workout") == RenameHabit("exercise", to: "Workout"))
    }

    @Test(arguments: ["delete reward Movie night", "remove reward Movie night", "DELETE REWARD Movie night", #"delete reward "Movie night""#])
    func deleteReward(line: String) throws {
        #expect(try parse(line) == DeleteReward("Movie night"))
    }

    @Test(arguments: ["room delete habit Dishes", "ROOM DELETE HABIT Dishes", "room delete bad habit Dishes", #"room delete habit "Dishes""#])
    func roomDeleteHabit(line: String) throws {
        #expect(try parse(line) == RoomDeleteHabit("Dishes"))
    }

    @Test func deletesSayWhatTheyNeed() {
        #expect(parseError("delete reward")?.message == "Which reward? Usage: delete reward <name>")
        #expect(parseError("room delete habit")?.message == "Which shared habit? Usage: room delete habit <name>")
    }

    @Test func areaCommandsSayWhatTheyNeed() {
        #expect(parseError("delete area")?.message == "Which area? Usage: delete area <area>")
        #expect(parseError("rename area Fitness")?.message == "Usage: rename area <area> to <new name>")
        #expect(parseError("rename area to Health")?.message == "Usage: rename area <area> to <new name>")
    }
}
