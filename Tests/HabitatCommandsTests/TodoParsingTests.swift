import HabitatCommands
import HabitatEngine
import Testing

@testable import HabitatApp

/// How a to-do is said: its name, the day it is due by, and its checklist.
@Suite("To-do lines")
struct TodoParsingTests {
    func added(_ line: String) throws -> AddTodo? {
        try parse(line) as? AddTodo
    }

    @Test(arguments: [
        ("add todo Call the dentist", "Call the dentist", nil),
        ("todo renew passport by friday", "renew passport", DayWords.weekday(4)),
        ("add todo Pay rent by the 3rd", "Pay rent", .dayOfMonth(3)),
        ("add todo Book the citizens office, by end of the month", "Book the citizens office", .dayOfMonth(31)),
        ("add todo Tidy the shed by the end of the week", "Tidy the shed", .weekday(6)),
        ("new todo Taxes due by 2026-12-24", "Taxes", .on(Day(civilYear: 2026, month: 12, day: 24))),
        ("add a to-do Gift by dec 24", "Gift", .monthDay(12, 24)),
        ("add a to do: call the pharmacy about refills by Monday", "call the pharmacy about refills", DayWords.weekday(0)),
        ("add to do Oil change", "Oil change", nil),
        ("todo Cards before 24 december", "Cards", .monthDay(12, 24)),
        ("todo Milk by tomorrow", "Milk", .inDays(1)),
        ("add todo Stand by me", "Stand by me", nil),
        ("add todo Tea,", "Tea", nil),
    ] as [(String, String, DayWords?)])
    func theNameAndTheDueDay(line: String, name: String, due: DayWords?) throws {
        let todo = try #require(try added(line))
        #expect(todo.name == name)
        #expect(todo.due == due)
        #expect(todo.checklist.isEmpty)
    }

    @Test func aChecklistFollowsAColon() throws {
        let todo = try #require(try added("add todo Move house by friday: pack books, book the van and clean the oven"))
        #expect(todo.name == "Move house")
        #expect(todo.due == .weekday(4))
        #expect(todo.checklist == ["pack books", "book the van", "clean the oven"])
        #expect(try added("todo Party: cake, salt and pepper, and music")?.checklist == ["cake", "salt and pepper", "music"])
        #expect(try added("todo Shopping: milk")?.checklist == ["milk"])
    }

    @Test func aDayThatCannotBeReadIsSaid() {
        #expect(parseError("todo Taxes by 2026-02-30")?.message == "I couldn't read the day '2026-02-30'. Say 'by friday', 'by the 3rd' or 'by 2026-12-24'.")
        #expect(parseError("add todo")?.code == .invalidArgument)
    }

    @Test func checklistItemsAreTickedAndAdded() throws {
        #expect((try parse("check pack books") as? CheckItem)?.item == "pack books")
        #expect((try parse("tick van") as? CheckItem)?.item == "van")
        let added = try #require(try parse("checklist move house add clean the oven") as? AddChecklistItem)
        #expect((added.owner, added.item) == ("move house", "clean the oven"))
        #expect((try parse("tick off dentist") as? TickOff)?.name == "dentist")
    }
}
