import Foundation
import HabitatCommands
import HabitatEngine
import HabitatStorage
import Logging
import NIOConcurrencyHelpers

/// Server-side timers: records the habit of each timer that has ended (``Scheduler`` says when) and tells its owner.
/// Timers live in the directory database, so they survive a restart.
///
/// A timer of a user whose file is damaged waits, tried again each tick, until the file is restored. The log
/// says so once for that file, not once a tick, and says again when the file can be read: one line to act on
/// (`habitat check` lists every damaged file any time), one to confirm the repair, and a log left readable.
/// A timer whose file (or the directory) a full disk refuses waits the same way, said once by ``FullFiles``.
struct TimerService: Sendable {
    let directory: any StorageContract
    let users: any UserGames
    let presence: Presence
    let clock: @Sendable () -> Date
    let logger: Logger
    let damaged = DamagedFiles()

    static let maxMinutes = 24 * 60
    static let maxPerUser = 10

    /// Records the habit at the timer's end (once: a timer that fired before a crash is not recorded
    /// twice), removes the timer, and tells the user.
    func fire(_ timer: HabitTimer) async {
        do {
            guard let account = try await directory.account(id: timer.accountID) else {
                try await directory.removeTimer(id: timer.id)
                return
            }
            let toasts: [Toast] = try await users.with(account.fileID) { database in
                let recorded = try await database.read({ try $0.hasEntry(at: timer.ends, subject: timer.habit) })
                if damaged.remove(database.location) {
                    logger.notice("a user's damaged file can be read again: its timers run", metadata: ["file": "\(database.location)"])
                }
                if recorded { return [] }
                do {
                    let (outcome, _) = try await database.apply(.record(Recording(habit: timer.habit)), at: timer.ends)
                    let entry = outcome.entry
                    let done = Toast(.timer, "\(timer.minutes) min of \(entry?.subject ?? timer.habit) done! +\(entry?.xp ?? 0) XP, \(GameState.coins(entry?.coins ?? 0, signed: true))")
                    return [done] + outcome.toasts.dropFirst()
                } catch let error as HabitatError {
                    return [Toast(.timer, "Your \(timer.minutes) min timer for \(timer.habit) ended, but it couldn't be recorded: \(error.message)")]
                }
            }
            try await directory.removeTimer(id: timer.id)
            if !toasts.isEmpty {
                try await presence.deliver(Event(kind: "timer", toasts: toasts), to: account.id, at: clock())
            }
        } catch let error as UserFileError where error.damaged {
            guard damaged.insert(error.path) else { return }
            logger.error(
                "a user's file is damaged: see 'habitat check'. Its timers wait until it is restored (said once per file)",
                metadata: ["file": "\(error.path)", "timer": "\(timer.id)", "error": "\(error.underlying)"])
        } catch is StorageFullError {
            // The timer waits, tried again each tick, until there is space; the server's log says so once for the
            // file (``FullFiles``).
        } catch {
            logger.error("timer failed", metadata: ["timer": "\(timer.id)", "error": "\(error)"])
        }
    }
}

/// The users' files a timer found damaged, by path: each is logged once, until it can be read again.
final class DamagedFiles: Sendable {
    private let files = NIOLockedValueBox<Set<String>>([])

    /// Notes the file at `path` as damaged; `true` if it wasn't already (so it is to be logged).
    func insert(_ path: String) -> Bool { files.withLockedValue { $0.insert(path).inserted } }

    /// Notes the file at `path` as readable; `true` if it was damaged (so that is to be logged).
    func remove(_ path: String) -> Bool { files.withLockedValue { $0.remove(path) != nil } }
}
