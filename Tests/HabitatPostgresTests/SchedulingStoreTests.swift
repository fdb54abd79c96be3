import Foundation
import HabitatEngine
import HabitatStorage
import Testing

/// The due index, timers and inboxes, the same on SQLite and on PostgreSQL.
@Suite("What the server does on its own, on either store")
struct SchedulingStoreTests {
    static let now = Date(timeIntervalSince1970: 1_795_176_000)

    @Test(arguments: EitherStore.available)
    func theDueIndexGivesWhatIsDueSoonestFirstAndPagesWhatIsAhead(store: EitherStore) async throws {
        try await store.with { due in
            #expect(try await due.nextDue() == nil)
            try await due.setDue([
                (.reminder, 7, Self.now + 60), (.timer, 3, Self.now - 60), (.dayEnd, 1, Self.now), (.roomPost, 2, Self.now + 3600),
                (.snooze, 7, Self.now + 60),
            ])
            #expect(try await due.nextDue() == Self.now - 60)
            let dueNow = try await due.due(at: Self.now, limit: 1000)
            #expect(dueNow == [DueEntry(kind: .timer, subject: 3, at: Self.now - 60), DueEntry(kind: .dayEnd, subject: 1, at: Self.now)])
            #expect(try await due.due(at: Self.now, limit: 1) == [dueNow[0]])
            // What is ahead, a page at a time, in the order of due time, kind and subject; what is due at `start` is not ahead.
            let first = try await due.due(after: nil, from: Self.now, through: Self.now + 7200, limit: 1)
            #expect(first == [DueEntry(kind: .reminder, subject: 7, at: Self.now + 60)])
            let rest = try await due.due(after: first.last, from: Self.now, through: Self.now + 7200, limit: 10)
            #expect(rest == [DueEntry(kind: .snooze, subject: 7, at: Self.now + 60), DueEntry(kind: .roomPost, subject: 2, at: Self.now + 3600)])
            #expect(try await due.due(after: nil, from: Self.now, through: Self.now + 600, limit: 10).count == 2)
            // Set again, it moves; set to nil, it goes.
            try await due.setDue([(.timer, 3, Self.now + 10), (.reminder, 7, nil)])
            try await due.setDayEnd(of: 1, at: nil)
            #expect(try await due.due(at: Self.now + 3600, limit: 10) == [
                DueEntry(kind: .timer, subject: 3, at: Self.now + 10), DueEntry(kind: .snooze, subject: 7, at: Self.now + 60),
                DueEntry(kind: .roomPost, subject: 2, at: Self.now + 3600),
            ])
        }
    }

    @Test(arguments: EitherStore.available)
    func aTimerIsKeptUntilItIsTakenAndItsEndIsInTheIndex(store: EitherStore) async throws {
        try await store.with { stores in
            let ann = try await stores.createAccount(name: "ann", passwordHash: nil, at: Self.now)
            let bob = try await stores.createAccount(name: "bob", passwordHash: nil, at: Self.now)
            let tea = try await stores.addTimer(accountID: ann.id, habit: "Tea", minutes: 5, at: Self.now)
            let study = try await stores.addTimer(accountID: ann.id, habit: "Study", minutes: 1, at: Self.now)
            let run = try await stores.addTimer(accountID: bob.id, habit: "Run", minutes: 30, at: Self.now)
            #expect(tea.ends == Self.now + 300 && tea.started == Self.now && tea.habit == "Tea" && tea.accountID == ann.id)
            #expect(try await stores.timers(of: ann.id) == [study, tea])
            #expect(try await stores.timer(id: run.id) == run)
            #expect(try await stores.dueTimers(at: Self.now + 300) == [study, tea])
            #expect(try await stores.due(at: Self.now + 60, limit: 10) == [DueEntry(kind: .timer, subject: study.id, at: Self.now + 60)])
            try await stores.removeTimer(id: study.id)
            #expect(try await stores.timer(id: study.id) == nil)
            #expect(try await stores.dueTimers(at: Self.now + 3600) == [tea, run])
            #expect(try await stores.nextDue() == Self.now + 300)
        }
    }

    @Test(arguments: EitherStore.available)
    func anInboxKeepsTheLatestFiftyAndIsEmptiedWhenTaken(store: EitherStore) async throws {
        try await store.with { stores in
            let ann = try await stores.createAccount(name: "ann", passwordHash: nil, at: Self.now)
            let bob = try await stores.createAccount(name: "bob", passwordHash: nil, at: Self.now)
            #expect(try await stores.takeInbox(of: ann.id) == [])
            for n in 1...52 {
                try await stores.keep(InboxItem(kind: "room", toasts: "[\(n)]", created: Self.now + Double(n)), for: ann.id)
            }
            try await stores.keep(InboxItem(kind: "timer", toasts: "[\"tea\"]", created: Self.now), for: bob.id)
            let taken = try await stores.takeInbox(of: ann.id)
            #expect(taken.count == 50 && taken.first?.toasts == "[3]" && taken.last?.toasts == "[52]")
            #expect(taken.first?.created == Self.now + 3)
            #expect(try await stores.takeInbox(of: ann.id) == [])
            #expect(try await stores.takeInbox(of: bob.id) == [InboxItem(kind: "timer", toasts: "[\"tea\"]", created: Self.now)])
        }
    }
}

/// What a change of a user's game writes in the rest of the store before it commits, the same on either store.
@Suite("What a user's change writes beside their game, on either store")
struct BesideTheGameTests {
    static let now = Date(timeIntervalSince1970: 1_795_176_000)

    @Test(arguments: EitherStore.available)
    func aDayEndIsScheduledAtTheSoonerOfTwo(store: EitherStore) async throws {
        try await store.with { stores in
            let ann = try await stores.createAccount(name: "ann", passwordHash: nil, at: Self.now)
            try await onAThreadThatMayWait { try stores.scheduleDayEnd(of: ann.id, at: Self.now + 600) }
            try await onAThreadThatMayWait { try stores.scheduleDayEnd(of: ann.id, at: Self.now + 900) }
            #expect(try await stores.nextDue() == Self.now + 600)
            try await onAThreadThatMayWait { try stores.scheduleDayEnd(of: ann.id, at: Self.now + 300) }
            #expect(try await stores.due(at: Self.now + 3600, limit: 10) == [DueEntry(kind: .dayEnd, subject: ann.id, at: Self.now + 300)])
        }
    }

    @Test(arguments: EitherStore.available)
    func aRenamedHabitKeepsItsTimersAndRemindersButNotTwoAtOneMinute(store: EitherStore) async throws {
        try await store.with { stores in
            let ann = try await stores.createAccount(name: "ann", passwordHash: nil, at: Self.now)
            let tea = try await stores.addTimer(accountID: ann.id, habit: "Tea", minutes: 5, at: Self.now)
            _ = try await stores.addReminder(accountID: ann.id, habit: "Tea", minute: 480, settings: .default, due: Self.now)
            _ = try await stores.addReminder(accountID: ann.id, habit: "Tea", minute: 600, settings: .default, due: Self.now)
            _ = try await stores.addReminder(accountID: ann.id, habit: "Green tea", minute: 600, settings: .default, due: Self.now)
            try await onAThreadThatMayWait { try stores.habitRenamed(of: ann.id, from: "Tea", to: "Green tea") }
            #expect(try await stores.timer(id: tea.id)?.habit == "Green tea")
            #expect(try await stores.reminders(of: ann.id).map { "\($0.reminder.minute) \($0.reminder.habit ?? "")" } == [
                "480 Green tea", "600 Green tea", "600 Tea",
            ])
        }
    }

    @Test(arguments: EitherStore.available)
    func aNewClockMovesEveryReminder(store: EitherStore) async throws {
        try await store.with { stores in
            let ann = try await stores.createAccount(name: "ann", passwordHash: nil, at: Self.now)
            let yoga = try await stores.addReminder(accountID: ann.id, habit: "Yoga", minute: 7 * 60, settings: .default, due: Self.now)
            var clock = Settings.default
            clock.timeZone = "Asia/Tokyo"
            clock.dayStartHour = 3
            let tokyo = clock
            try await onAThreadThatMayWait { try stores.moveReminders(of: ann.id, to: tokyo, after: Self.now) }
            let moved = try #require(try await stores.reminder(id: yoga.reminder.id))
            #expect(moved.settings.timeZone == "Asia/Tokyo" && moved.settings.dayStartHour == 3)
            #expect(try await stores.nextDue() == tokyo.next(7 * 60, after: Self.now))
        }
    }
}
