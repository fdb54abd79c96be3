import Foundation
import HabitatEngine
import Testing

@Suite struct TimeZoneSettingTests {
    func configured(_ typed: String) throws -> (GameState, Outcome) {
        var state = Fixture.state(settings: Fixture.settings(timeZone: "Asia/Tokyo"))
        let outcome = try state.apply(.configure(.timeZone(typed), area: nil), at: Fixture.now)
        return (state, outcome)
    }

    @Test(arguments: ["UTC", "utc", "Utc"])
    func utcStaysUTCAsTheDefaultIsWritten(typed: String) throws {
        let (state, outcome) = try configured(typed)
        #expect(state.settings.timeZone == "UTC")
        #expect(outcome.toasts == [Toast(.success, "Time zone: UTC. Your days follow it from now on.")])
    }

    @Test(arguments: [
        ("europe/berlin", "Europe/Berlin"), ("EUROPE/BERLIN", "Europe/Berlin"), ("Europe/Berlin", "Europe/Berlin"),
        ("america/new_york", "America/New_York"), ("america/argentina/buenos_aires", "America/Argentina/Buenos_Aires"),
    ])
    func aZoneTypedInAnyCaseIsSavedAsTheDatabaseSpellsIt(typed: String, saved: String) throws {
        let (state, outcome) = try configured(typed)
        #expect(state.settings.timeZone == saved)
        #expect(outcome.toasts == [Toast(.success, "Time zone: \(saved). Your days follow it from now on.")])
        #expect(TimeZone(identifier: state.settings.timeZone) != nil)
    }

    @Test func anUnknownZoneIsRefused() {
        let error = expectRefusal(.configure(.timeZone("mars/olympus"), area: nil), on: Fixture.state(), code: .invalidArgument)
        #expect(error?.message == "I don't know the time zone 'mars/olympus'. Use an IANA name like Europe/Berlin or America/New_York.")
    }
}
