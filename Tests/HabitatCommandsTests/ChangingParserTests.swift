import HabitatCommands
import HabitatEngine
import Testing

@Suite("Changing areas")
struct ChangingParserTests {
    @Test(arguments: ["rename area Fitness to Health", "RENAME AREA Fitness TO Health", #"rename area "Fitness" to "Health""#])
    func renameArea(line: String) throws {
        #expect(try parse(line) == .renameArea("Fitness", to: "Health"))
    }

    @Test func anAreaNamedWithToIsQuoted() throws {
        #expect(try parse(#"rename area "Back to school" to School"#) == .renameArea("Back to school", to: "School"))
    }

    @Test(arguments: ["delete area Fitness", "remove area Fitness", "Delete Area Fitness"])
    func deleteArea(line: String) throws {
        #expect(try parse(line) == .deleteArea("Fitness"))
    }

    @Test func aHabitIsStillDeletedAndRenamedAsBefore() throws {
        #expect(try parse("delete fitness") == .delete("fitness"))
        #expect(try parse("delete habit area 51") == .delete("area 51"))
        #expect(try parse("rename exercise to Workout") == .rename("exercise", to: "Workout"))
    }

    @Test func areaCommandsSayWhatTheyNeed() {
        #expect(parseError("delete area")?.message == "Which area? Usage: delete area <area>")
        #expect(parseError("rename area Fitness")?.message == "Usage: rename area <area> to <new name>")
        #expect(parseError("rename area to Health")?.message == "Usage: rename area <area> to <new name>")
    }
}
