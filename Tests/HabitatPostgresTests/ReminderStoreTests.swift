import Foundation
import HabitatEngine
import HabitatStorage
import Testing

/// Reminders, the same on SQLite and on PostgreSQL.
@Suite("Reminders, on either store")
struct ReminderStoreTests {
    static let now = Date(timeIntervalSince1970: 1_795_176_000)
    static let today = Day(ordinal: 20_777)

    static var berlin: Settings {
        var settings = Settings.default
        settings.timeZone = "Europe/Berlin"
        settings.dayStartHour = 4
        return settings
    }

    @Test(arguments: EitherStore.available)
    func aReminderIsKeptOnceWithItsUsersClockAndItsTimeInTheIndex(store: EitherStore) async throws {
        try await store.with { stores in
            let ann = try await stores.createAccount(name: "ann", passwordHash: nil, at: Self.now)
            let bob = try await stores.createAccount(name: "bob", passwordHash: nil, at: Self.now)
            let yoga = try await stores.addReminder(accountID: ann.id, habit: "Yoga", minute: 7 * 60, settings: Self.berlin, due: Self.now + 60)
            let digest = try await stores.addReminder(accountID: ann.id, habit: nil, minute: 7 * 60, settings: Self.berlin, due: Self.now + 60)
            let early = try await stores.addReminder(accountID: ann.id, habit: "Water", minute: 6 * 60, settings: Self.berlin, due: Self.now + 30)
            _ = try await stores.addReminder(accountID: bob.id, habit: "Yoga", minute: 7 * 60, settings: .default, due: Self.now + 90)
            #expect(yoga.added && digest.added && early.added)
            let again = try await stores.addReminder(accountID: ann.id, habit: "Yoga", minute: 7 * 60, settings: Self.berlin, due: Self.now + 60)
            #expect(!again.added)

            let kept = try await stores.reminders(of: ann.id)
            #expect(kept.map(\.reminder) == [early.reminder, digest.reminder, yoga.reminder])
            #expect(kept.allSatisfy { $0.settings.timeZone == "Europe/Berlin" && $0.settings.dayStartHour == 4 && $0.delivered && $0.firedFor == nil })
            #expect(try await stores.reminder(id: yoga.reminder.id)?.reminder == yoga.reminder)
            let found = try await stores.reminders(ids: [yoga.reminder.id, 9_999])
            #expect(found.count == 1 && found[yoga.reminder.id]?.account == ann && found[yoga.reminder.id]?.reminder.reminder == yoga.reminder)
            let due = try await stores.due(at: Self.now + 60, limit: 10)
            #expect(due.first == DueEntry(kind: .reminder, subject: early.reminder.id, at: Self.now + 30))
            #expect(Set(due.map(\.subject)) == [early.reminder.id, yoga.reminder.id, digest.reminder.id])

            try await stores.removeReminders([digest.reminder.id])
            #expect(try await stores.reminders(of: ann.id).map(\.reminder) == [early.reminder, yoga.reminder])
            #expect(try await stores.due(at: Self.now + 60, limit: 10).map(\.subject).contains(digest.reminder.id) == false)
        }
    }

    @Test(arguments: EitherStore.available)
    func moreThanTheMostAUserMayHaveIsRefused(store: EitherStore) async throws {
        try await store.with { stores in
            let ann = try await stores.createAccount(name: "ann", passwordHash: nil, at: Self.now)
            for minute in 0..<Reminder.maxPerUser {
                _ = try await stores.addReminder(accountID: ann.id, habit: "Yoga", minute: minute, settings: .default, due: Self.now)
            }
            await #expect(throws: HabitatError(.limitReached, "You have \(Reminder.maxPerUser) reminders; stop one first ('reminders' lists them).")) {
                try await stores.addReminder(accountID: ann.id, habit: "Tea", minute: 0, settings: .default, due: Self.now)
            }
            #expect(try await stores.reminders(of: ann.id).count == Reminder.maxPerUser)
        }
    }

    @Test(arguments: EitherStore.available)
    func aFiringNobodyHeardIsToldOnceAtTheNextLogin(store: EitherStore) async throws {
        try await store.with { stores in
            let ann = try await stores.createAccount(name: "ann", passwordHash: nil, at: Self.now)
            let yoga = try await stores.addReminder(accountID: ann.id, habit: "Yoga", minute: 7 * 60, settings: .default, due: Self.now)
            let tea = try await stores.addReminder(accountID: ann.id, habit: "Tea", minute: 6 * 60, settings: .default, due: Self.now)
            let old = try await stores.addReminder(accountID: ann.id, habit: "Walk", minute: 5 * 60, settings: .default, due: Self.now)
            #expect(try await stores.hasMissedReminders(of: ann.id) == false)
            try await stores.setDue([(.snooze, tea.reminder.id, Self.now)])
            try await stores.fired(
                [ReminderFiring(id: yoga.reminder.id, day: Self.today, next: Self.now + 86_400),
                 ReminderFiring(id: tea.reminder.id, day: Self.today, next: Self.now + 86_400),
                 ReminderFiring(id: old.reminder.id, day: Self.today - 1, next: Self.now + 86_400)],
                snoozes: [tea.reminder.id], at: Self.now)
            let fired = try #require(try await stores.reminder(id: yoga.reminder.id))
            #expect(fired.firedFor == Self.today && fired.firedAt == Self.now && !fired.delivered)
            #expect(try await stores.due(at: Self.now + 86_400, limit: 10).allSatisfy { $0.kind == .reminder && $0.at == Self.now + 86_400 })
            try await stores.delivered([yoga.reminder.id])
            #expect(try await stores.hasMissedReminders(of: ann.id))
            #expect(try await stores.takeMissedReminders(of: ann.id, day: Self.today) == [tea.reminder])
            #expect(try await stores.hasMissedReminders(of: ann.id) == false)
            #expect(try await stores.takeMissedReminders(of: ann.id, day: Self.today) == [])
        }
    }
}
