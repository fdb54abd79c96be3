import Foundation
import HabitatEngine
import HabitatStorage
import Logging

/// Ends users' days on its own: each user whose next day end has come (``Scheduler`` says when)
/// gets the days through yesterday ended (the bites of habits due and not done, ``GameState/endDays``) and is told,
/// live or at their next login. A server that was down ends the days it missed at its first tick.
///
/// Exactly once: which days are ended is kept in the user's own file, in the same transaction as their bites; the
/// directory only says when to look, and a look that finds the days ended already changes nothing.
struct DayEndService: Sendable {
    let directory: any StorageContract
    let users: any UserGames
    let presence: Presence
    let clock: @Sendable () -> Date
    let logger: Logger

    /// Ends the days of `accountID` through yesterday, tells them of the bites, and says when to look next.
    func end(for accountID: Int64) async {
        do {
            guard let account = try await directory.account(id: accountID) else {
                try await directory.setDayEnd(of: accountID, at: nil)
                return
            }
            let now = clock()
            let (toasts, next): ([Toast], Date?) = try await users.with(account.fileID) { database in
                let yesterday = try await database.state().settings.day(of: now) - 1
                let (outcome, state) = try await database.endDays(through: yesterday, at: now)
                return (outcome.toasts, state.nextDayEnd())
            }
            try await directory.setDayEnd(of: accountID, at: next)
            if !toasts.isEmpty {
                try await presence.deliver(Event(kind: "missed", toasts: toasts), to: account.id, at: clock())
            }
        } catch {
            // Tried again at the next tick: the directory still says the day end is due.
            logger.error("a day end failed; it is tried again", metadata: ["account": "\(accountID)", "error": "\(error)"])
            try? await sleepByTheWallClock(.seconds(5))
        }
    }
}
