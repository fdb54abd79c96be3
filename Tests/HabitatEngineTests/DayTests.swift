import Foundation
import HabitatEngine
import Testing

@Suite struct DayOrdinalTests {
    @Test(arguments: [
        ("1970-01-01", 0), ("1970-01-02", 1), ("1969-12-31", -1), ("2000-02-29", 11_016), ("2000-03-01", 11_017),
        ("2024-02-29", 19_782), ("2026-11-20", 20_777), ("1600-02-29", -135_081),
    ])
    func isoDatesMapToDaysSinceTheEpoch(iso: String, ordinal: Int) throws {
        let day = try #require(Day(iso: iso))
        #expect(day.ordinal == ordinal)
        #expect(Day(ordinal: ordinal).description == iso)
    }

    @Test func civilGivesYearMonthAndDay() {
        let civil = Fixture.today.civil
        #expect(civil.year == 2026)
        #expect(civil.month == 11)
        #expect(civil.day == 20)
        let leap = Day(ordinal: 11_016).civil
        #expect((leap.year, leap.month, leap.day) == (2000, 2, 29))
    }

    @Test func everyDayRoundTripsThroughISO() {
        let first = Day(iso: "1896-01-01")!.ordinal
        let last = Day(iso: "2104-12-31")!.ordinal
        var failures: [Int] = []
        for ordinal in first...last {
            let day = Day(ordinal: ordinal)
            if Day(iso: day.description) != day { failures.append(ordinal) }
        }
        #expect(failures.isEmpty)
        #expect(last - first + 1 == 209 * 365 + 51)
    }

    @Test func consecutiveDaysAreOneApartAcrossMonthAndYearEnds() {
        #expect(Day(iso: "2024-03-01")! - Day(iso: "2024-02-29")! == 1)
        #expect(Day(iso: "2023-03-01")! - Day(iso: "2023-02-28")! == 1)
        #expect(Day(iso: "2027-01-01")! - Day(iso: "2026-12-31")! == 1)
        #expect(Day(iso: "2025-01-01")! - Day(iso: "2024-01-01")! == 366)
        #expect(Day(iso: "2101-01-01")! - Day(iso: "2100-01-01")! == 365)
    }

    @Test func dayArithmeticAndOrder() {
        let d = Fixture.today
        #expect((d + 11).description == "2026-12-01")
        #expect((d - 20).description == "2026-10-31")
        #expect((d + 5) - d == 5)
        #expect(d - 1 < d)
        #expect(d + 1 > d)
        #expect([d + 2, d - 1, d].sorted() == [d - 1, d, d + 2])
    }

    @Test func descriptionPadsYearMonthAndDay() {
        #expect(Day(iso: "0900-01-05")?.description == "0900-01-05")
        #expect(Day(iso: "2026-03-09")?.description == "2026-03-09")
    }

    @Test(arguments: ["2000-02-29", "2024-02-29", "2028-02-29", "1600-02-29", "2400-02-29"])
    func leapDaysAreValid(iso: String) throws {
        let day = try #require(Day(iso: iso))
        #expect(day.description == iso)
        #expect((day + 1).civil.month == 3)
    }

    @Test(arguments: [
        "1900-02-29", "2100-02-29", "2023-02-29", "2026-02-30", "2026-04-31", "2026-06-31", "2026-09-31",
        "2026-11-31", "2026-13-01", "2026-00-10", "2026-01-00", "2026-01-32", "2026-1-01", "2026-01-1",
        "26-01-01", "2026/01/01", "2026-01", "2026-01-01-01", "2026--01", "", "today", "abcd-ef-gh",
        "2026-01-01T00:00", " 2026-01-01", "2026-01-01 ", "20260101",
    ])
    func invalidDatesAreRejected(iso: String) {
        #expect(Day(iso: iso) == nil)
    }

    @Test(arguments: ["2026-+1-01", "+026-01-01", "2026-01-+1"])
    func signedComponentsAreRejected(iso: String) {
        #expect(Day(iso: iso) == nil)
    }

    @Test(arguments: [
        ("1970-01-01", 3), ("1969-12-31", 2), ("2026-11-16", 0), ("2026-11-20", 4), ("2026-11-22", 6),
        ("2000-02-29", 1), ("2024-02-29", 3), ("1900-01-01", 0),
    ])
    func weekdayCountsFromMondayAsZero(iso: String, weekday: Int) throws {
        #expect(try #require(Day(iso: iso)).weekday == weekday)
    }

    @Test func weekdayRepeatsEverySevenDaysBeforeAndAfterTheEpoch() {
        for ordinal in -30...30 {
            #expect(Day(ordinal: ordinal).weekday == Day(ordinal: ordinal + 7).weekday)
            #expect((0...6).contains(Day(ordinal: ordinal).weekday))
        }
    }
}

@Suite struct DayOfInstantTests {
    private let utc = TimeZone(identifier: "UTC")!
    private let berlin = TimeZone(identifier: "Europe/Berlin")!
    private let newYork = TimeZone(identifier: "America/New_York")!
    private let kolkata = TimeZone(identifier: "Asia/Kolkata")!

    @Test func utcDaysChangeAtMidnight() {
        let d = Fixture.today
        #expect(Day(Fixture.instant(d, hour: 0), timeZone: utc) == d)
        #expect(Day(Fixture.instant(d, hour: 23, minute: 59, second: 59), timeZone: utc) == d)
        #expect(Day(Fixture.instant(d + 1, hour: 0), timeZone: utc) == d + 1)
        #expect(Day(Date(timeIntervalSince1970: 0), timeZone: utc) == Day(ordinal: 0))
        #expect(Day(Date(timeIntervalSince1970: -0.5), timeZone: utc) == Day(ordinal: -1))
    }

    @Test func timeZoneDecidesTheDay() {
        let d = Fixture.today
        #expect(Day(Fixture.instant(d, hour: 23, minute: 30), timeZone: berlin) == d + 1)
        #expect(Day(Fixture.instant(d, hour: 22, minute: 59), timeZone: berlin) == d)
        #expect(Day(Fixture.instant(d, hour: 3), timeZone: newYork) == d - 1)
        #expect(Day(Fixture.instant(d, hour: 5), timeZone: newYork) == d)
        #expect(Day(Fixture.instant(d, hour: 18, minute: 45), timeZone: kolkata) == d + 1)
        #expect(Day(Fixture.instant(d, hour: 18, minute: 29), timeZone: kolkata) == d)
    }

    @Test func daylightSavingTimeIsHonoured() throws {
        let summer = try #require(Day(iso: "2026-07-01"))
        #expect(Day(Fixture.instant(summer, hour: 22, minute: 30), timeZone: berlin) == summer + 1)
        #expect(Day(Fixture.instant(summer, hour: 21, minute: 59), timeZone: berlin) == summer)
        #expect(Day(Fixture.instant(summer, hour: 3, minute: 30), timeZone: newYork) == summer - 1)
        #expect(Day(Fixture.instant(summer, hour: 4, minute: 30), timeZone: newYork) == summer)
    }

    @Test func withDayStartFourTwoAMCountsForThePreviousDay() {
        let d = Fixture.today
        #expect(Day(Fixture.instant(d, hour: 2), timeZone: utc, dayStartHour: 4) == d - 1)
        #expect(Day(Fixture.instant(d, hour: 3, minute: 59, second: 59), timeZone: utc, dayStartHour: 4) == d - 1)
        #expect(Day(Fixture.instant(d, hour: 4), timeZone: utc, dayStartHour: 4) == d)
        #expect(Day(Fixture.instant(d, hour: 23), timeZone: utc, dayStartHour: 4) == d)
        #expect(Day(Fixture.instant(d, hour: 2), timeZone: utc, dayStartHour: 0) == d)
    }

    @Test func dayStartIsCountedInLocalTime() {
        let d = Fixture.today
        let twoAMInBerlin = Fixture.instant(d, hour: 1)
        #expect(Day(twoAMInBerlin, timeZone: berlin, dayStartHour: 4) == d - 1)
        #expect(Day(twoAMInBerlin, timeZone: berlin, dayStartHour: 0) == d)
        let fourAMInBerlin = Fixture.instant(d, hour: 3)
        #expect(Day(fourAMInBerlin, timeZone: berlin, dayStartHour: 4) == d)
        let twoAMInNewYork = Fixture.instant(d, hour: 7)
        #expect(Day(twoAMInNewYork, timeZone: newYork, dayStartHour: 4) == d - 1)
        #expect(Day(twoAMInNewYork, timeZone: newYork) == d)
    }

    @Test func settingsUseThePlayersTimeZoneAndDayStart() {
        let d = Fixture.today
        let twoAMInBerlin = Fixture.instant(d, hour: 1)
        #expect(Fixture.settings(timeZone: "Europe/Berlin", dayStartHour: 4).day(of: twoAMInBerlin) == d - 1)
        #expect(Fixture.settings(timeZone: "Europe/Berlin").day(of: twoAMInBerlin) == d)
        #expect(Settings.default.day(of: Fixture.instant(d, hour: 23, minute: 30)) == d)
        #expect(Fixture.settings(timeZone: "Europe/Berlin").day(of: Fixture.instant(d, hour: 23, minute: 30)) == d + 1)
    }

    @Test func unknownTimeZoneFallsBackToUTC() {
        let settings = Fixture.settings(timeZone: "Mars/Olympus_Mons")
        #expect(settings.day(of: Fixture.instant(Fixture.today, hour: 23, minute: 30)) == Fixture.today)
        #expect(settings.day(of: Fixture.instant(Fixture.today, hour: 0, minute: 30)) == Fixture.today)
    }

    @Test func completionAtTwoAMWithDayStartFourCountsForYesterday() throws {
        var state = Fixture.state(settings: Fixture.settings(dayStartHour: 4))
        let outcome = try state.did("exercise", at: Fixture.instant(Fixture.today, hour: 2))
        #expect(outcome.entry?.day == Fixture.today - 1)
        #expect(state.stored("Exercise")?.stats.lastDay == Fixture.today - 1)
    }
}

@Suite struct DayTextTests {
    @Test(arguments: [("0005-03-07", "0005-03-07"), ("0999-12-31", "0999-12-31"), ("9999-12-31", "9999-12-31")])
    func earlyAndLateYearsKeepFourDigits(iso: String, expected: String) throws {
        #expect(try #require(Day(iso: iso)).description == expected)
    }
}
