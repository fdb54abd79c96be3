import Foundation
import HabitatEngine
import Testing

@testable import HabitatStorage

@Suite struct UserExportTests {
    /// Exercise four times yesterday and once with a note, two slips (the second undone), a potion: in Berlin time.
    static func played(_ database: UserDatabase) async throws {
        try await database.apply(.configure(.timeZone("Europe/Berlin"), area: nil), at: Fixture.now)
        try await database.add(Fixture.exercise)
        try await database.add(Fixture.smoking)
        try await database.did("exercise", times: 4, when: .daysAgo(1))
        try await database.apply(.record(Recording(habit: "exercise", note: "5 km, \"fast\"")), at: Fixture.now + 60)
        try await database.did("smoking", at: Fixture.now + 120)
        try await database.did("smoking", at: Fixture.now + 150)
        try await database.undo()
        try await database.buy("potion", at: Fixture.now + 180)
    }

    @Test func theCSVHasARowPerLedgerEntryInTheUsersTimezone() async throws {
        try await withUserDatabase { database in
            try await Self.played(database)
            let export = try await UserExport.load(user: "alice", from: database, at: Fixture.now)
            // 12:00 UTC is 13:00 in Berlin; the backdated completion counts for Thursday.
            #expect(
                export.csv() == [
                    "\u{FEFF}Day,Recorded at,Type,What,Quantity,XP,Coins,Life,Note,Undone",
                    "2026-11-19,2026-11-20 13:00:00,completion,Exercise,4,40,20,0,,",
                    #"2026-11-20,2026-11-20 13:01:00,completion,Exercise,1,10,5,0,"5 km, ""fast""","#,
                    "2026-11-20,2026-11-20 13:02:00,slip,Smoking,1,0,0,-10,,",
                    "2026-11-20,2026-11-20 13:02:30,slip,Smoking,1,0,0,-10,,yes",
                    "2026-11-20,2026-11-20 13:00:00,undo,Smoking,1,0,0,10,,",
                    // A potion at 990/1000 heals the 10 that were missing.
                    "2026-11-20,2026-11-20 13:03:00,purchase,Health Potion,1,0,-25,10,,",
                ].joined(separator: "\r\n") + "\r\n")
        }
    }

    @Test func aRoutineCountsOnceSoEachColumnSumsToTheTotals() async throws {
        try await withUserDatabase { database in
            try await database.add(HabitDraft(name: "Stretch", xp: 20, coins: 2))
            try await database.add(HabitDraft(name: "Read", xp: 30, coins: 3))
            _ = try await database.apply(.addRoutine(name: "Morning", habits: ["stretch", "read"]), at: Fixture.now)
            try await database.did("morning", at: Fixture.now + 60)
            try await database.did("morning", at: Fixture.now + 120)
            try await database.undo()
            let export = try await UserExport.load(user: "alice", from: database, at: Fixture.now)
            let rows = export.csv().split(separator: "\r\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
            #expect(rows.map { $0[2] } == ["routine", "completion", "completion", "routine", "completion", "completion", "undo", "undo", "undo"])
            // The routine's rows (and its undo's) leave the totals to the rows of its habits.
            #expect(rows.filter { $0[2] == "routine" }.allSatisfy { $0[5] == "" && $0[6] == "" && $0[7] == "" })
            let xp = rows.compactMap { Int($0[5]) }.reduce(0, +)
            let coins = rows.compactMap { Int($0[6]) }.reduce(0, +)
            #expect((xp, coins) == (50, 5))
            #expect((export.state.profile.progress.xp, export.state.profile.coins) == (50, 5))
        }
    }

    @Test func theJSONHoldsTheWholeGameInPlainValues() async throws {
        try await withUserDatabase { database in
            try await Self.played(database)
            let export = try await UserExport.load(user: "alice", from: database, at: Fixture.now)
            let document = try #require(try JSONSerialization.jsonObject(with: export.json()) as? [String: Any])
            #expect(document["format"] as? String == "habitat-export")
            #expect(document["version"] as? Int == 1)
            #expect(document["user"] as? String == "alice")
            #expect(document["exported_at"] as? String == "2026-11-20T12:00:00.000Z")
            let profile = try #require(document["profile"] as? [String: Any])
            #expect(profile["xp"] as? Int == 50)
            #expect(profile["coins"] as? Int == 25 - 25)
            #expect(profile["life"] as? Int == 1000)
            #expect(profile["level"] as? Int == 1)
            let settings = try #require(document["settings"] as? [String: Any])
            #expect(settings["timezone"] as? String == "Europe/Berlin")
            let habits = try #require(document["habits"] as? [[String: Any]])
            #expect(habits.map { $0["name"] as? String } == ["Exercise", "Smoking"])
            #expect(habits.map { $0["kind"] as? String } == ["good", "bad"])
            #expect(habits[0]["times_recorded"] as? Int == 5)  // x4, then once: amounts, as the ledger rows sum
            #expect(habits[0]["streak"] as? Int == 2)
            let ledger = try #require(document["ledger"] as? [[String: Any]])
            #expect(ledger.map { $0["kind"] as? String } == ["completion", "completion", "slip", "slip", "undo", "purchase"])
            #expect(ledger[0]["day"] as? String == "2026-11-19")
            #expect(ledger[0]["at"] as? String == "2026-11-20T12:00:00.000Z")
            #expect(ledger[1]["note"] as? String == #"5 km, "fast""#)
            #expect(ledger[0]["quantity"] as? Int == 4)
            #expect(ledger[4]["reverts"] as? Int == ledger[3]["id"] as? Int)
            #expect(ledger.allSatisfy { $0["before"] == nil })
        }
    }

    /// Pauses, of one habit or of all, kept in the file and carried by the export with the habit's name; and a habit's
    /// schedule, target and bite.
    @Test func pausesAreKeptAndExported() async throws {
        try await withUserDatabase { database in
            try await Self.played(database)
            var water = HabitDraft(name: "Water", schedule: .weekdays([0, 2]), amount: DailyAmount(8, unit: "glasses"))
            water.bite = 5
            try await database.apply(.addHabit(water), at: Fixture.now)
            try await database.apply(.pause("exercise", .days(3)), at: Fixture.now)
            try await database.apply(.pause(nil, .through(Fixture.today + 10)), at: Fixture.now)
            await database.closeAndWait()
            let reopened = UserDatabase(path: database.path, durability: .normal)
            #expect(try await reopened.state().pauses.map { "\($0.habitID.map(String.init) ?? "all") \($0.first) \($0.last)" } == [
                "1 2026-11-20 2026-11-22", "all 2026-11-20 2026-11-30",
            ])
            let export = try await UserExport.load(user: "alice", from: reopened, at: Fixture.now)
            let document = try #require(try JSONSerialization.jsonObject(with: export.json()) as? [String: Any])
            let pauses = try #require(document["pauses"] as? [[String: Any]])
            #expect(pauses.map { $0["habit"] as? String } == ["Exercise", nil])
            #expect(pauses.map { $0["first"] as? String } == ["2026-11-20", "2026-11-20"])
            #expect(pauses.map { $0["last"] as? String } == ["2026-11-22", "2026-11-30"])
            let habits = try #require(document["habits"] as? [[String: Any]])
            let exported = try #require(habits.first { $0["name"] as? String == "Water" })
            #expect(exported["schedule"] as? String == "on mon wed")
            #expect(exported["target"] as? Int == 8)
            #expect(exported["unit"] as? String == "glasses")
            #expect(exported["life_if_missed"] as? Int == 5)
            #expect(exported["bites_from"] as? String == "2026-11-21")
        }
    }

    @Test func aRenamedAreaIsExportedByItsNameAndADeletedOneLeavesItsHabitsWithoutAnArea() async throws {
        try await withUserDatabase { database in
            _ = try await database.apply(.addArea("Fitness"), at: Fixture.now)
            _ = try await database.apply(.addArea("Mind"), at: Fixture.now)
            try await database.add(HabitDraft(name: "Exercise", xp: 120, area: "Fitness"))
            try await database.add(HabitDraft(name: "Read", area: "Mind"))
            try await database.did("exercise")
            _ = try await database.apply(.renameArea("mind", to: "Focus"), at: Fixture.now)
            _ = try await database.apply(.deleteArea("fitness"), at: Fixture.now)
            let export = try await UserExport.load(user: "alice", from: database, at: Fixture.now)
            let document = try #require(try JSONSerialization.jsonObject(with: export.json()) as? [String: Any])
            let areas = try #require(document["areas"] as? [[String: Any]])
            #expect(areas.map { $0["name"] as? String } == ["Focus"])
            let habits = try #require(document["habits"] as? [[String: Any]])
            #expect(habits.map { $0["name"] as? String } == ["Exercise", "Read"])
            #expect(habits.map { $0["area"] as? String } == [nil, "Focus"])
            // What was recorded stays, and so do the profile's XP and level.
            #expect((document["ledger"] as? [Any])?.count == 1)
            #expect((document["profile"] as? [String: Any])?["level"] as? Int == 2)
        }
    }

    @Test func anEmptyAccountExportsAHeaderAndNoEntries() async throws {
        try await withUserDatabase { database in
            let export = try await UserExport.load(user: "new", from: database, at: Fixture.now)
            // UTF-8 with its byte order mark: a spreadsheet (Excel) then reads Café and 🧘 as written.
            #expect(Array(export.csv().utf8.prefix(4)) == [0xEF, 0xBB, 0xBF, UInt8(ascii: "D")])
            #expect(export.csv() == "\u{FEFF}Day,Recorded at,Type,What,Quantity,XP,Coins,Life,Note,Undone\r\n")
            let document = try #require(try JSONSerialization.jsonObject(with: export.json()) as? [String: Any])
            #expect((document["ledger"] as? [Any])?.isEmpty == true)
        }
    }

    @Test(arguments: [
        ("Dishes", "Dishes"),
        ("=HYPERLINK(\"x\")", "\"'=HYPERLINK(\"\"x\"\")\""),
        ("+1", "'+1"),
        ("-2", "'-2"),
        ("@home", "'@home"),
        ("tea, no sugar", "\"tea, no sugar\""),
        ("two\nlines", "\"two\nlines\""),
        ("Küche 🧽", "Küche 🧽"),
    ])
    func textIsQuotedAndDefusedForSpreadsheets(value: String, field: String) {
        #expect(UserExport.csvField(UserExport.text(value)) == field)
    }
}
