import CoreMetrics
import Foundation
import HabitatStorage
import Logging

/// The one timer of everything the server does on its own: every tick it reads what has come due from the directory's
/// index (``DirectoryDatabase/due(at:limit:)``): timers ending, days ending, reminders and snoozes, rooms' posts, and hands each kind
/// to the service that carries it out. No task waits per entry: a hundred thousand reminders at one minute are rows of
/// the index, read a thousand at a time.
///
/// What came due while the server was down is read at its first tick; each service decides whether it still makes
/// sense (a timer's recording and a day end do; a reminder does the same day only).
struct Scheduler: Sendable {
    let directory: any StorageContract
    let timers: TimerService
    let dayEnds: DayEndService
    let reminders: ReminderService
    let roomPosts: RoomPostService
    let clock: @Sendable () -> Date
    let tick: Duration
    /// Times how late each batch fires, by its oldest entry, when the server has metrics.
    let lag: CoreMetrics.Timer?
    let logger: Logger

    /// How many entries one read takes.
    static let batch = 1000

    /// Fires what is due each tick; beside it, hands out the reminders fired (``ReminderService/handOut()``), and looks
    /// at the reminders of the minutes ahead (``ReminderService/prepare(now:)``), so that their minute reads only the
    /// files changed since.
    func run() async {
        await withDiscardingTaskGroup { group in
            group.addTask {
                while !Task.isCancelled {
                    await fireDue()
                    try? await sleepByTheWallClock(tick)
                }
            }
            group.addTask { await reminders.handOut() }
            group.addTask {
                while !Task.isCancelled {
                    if await !reminders.prepare(now: clock()) { try? await sleepByTheWallClock(tick) }
                }
            }
        }
    }

    /// Fires everything due now, a batch at a time, until nothing more is due (or what is left could not be fired).
    func fireDue() async {
        do {
            while !Task.isCancelled {
                let now = clock()
                // Held for this server while it fires them: another on the same database fires the rest.
                let entries = try await directory.withDue(at: now, limit: Self.batch) { entries in
                    if let lag, let oldest = entries.map(\.at).min() { lag.recordSeconds(max(0, now.timeIntervalSince(oldest))) }
                    await fire(entries, now: now)
                    return entries
                }
                guard !entries.isEmpty else { return }
                // A batch that left every entry due (a file that can't be read) waits for the next tick.
                guard entries.count == Self.batch, try await directory.due(at: now, limit: Self.batch) != entries else { return }
            }
        } catch is CancellationError {
            // Shutting down.
        } catch {
            logger.error("what is due could not be read", metadata: ["error": "\(error)"])
        }
    }

    private func fire(_ entries: [DueEntry], now: Date) async {
        for entry in entries {
            switch entry.kind {
            case .timer:
                do {
                    if let timer = try await directory.timer(id: entry.subject) {
                        await timers.fire(timer)
                    } else {
                        try await directory.setDue(.timer, entry.subject, at: nil)
                    }
                } catch {
                    logger.error("a timer could not be read", metadata: ["timer": "\(entry.subject)", "error": "\(error)"])
                }
            case .dayEnd:
                await dayEnds.end(for: entry.subject)
            case .roomPost:
                await roomPosts.post(entry, now: now)
            case .reminder, .snooze:
                continue
            }
        }
        await reminders.fire(entries.filter { $0.kind == .reminder || $0.kind == .snooze }, now: now)
    }
}
