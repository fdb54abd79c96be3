import Foundation
import HabitatCommands
import HabitatEngine
import HabitatHousehold
import HabitatStorage
import Logging

/// Makes rooms' posts (``RoomPost``): the chores of the day (when any is due and not done) and the week's report, to
/// every member live and to the room's chat channel. Like a reminder, a post is not kept for members away.
///
/// Once: the day a post is for is written down, with its next time, before it is sent. One whose time came while the
/// server was down is made at start-up the same day (of its clock), and skipped after that.
struct RoomPostService: Sendable {
    let directory: DirectoryDatabase
    let households: Households
    let hub: Hub
    let logger: Logger

    func post(_ entry: DueEntry, now: Date) async {
        do {
            guard let (post, postedFor) = try await directory.roomPost(id: entry.subject),
                let room = try await directory.room(id: post.roomID)
            else {
                try await directory.setDue(.roomPost, entry.subject, at: nil)
                return
            }
            let settings = post.settings
            let day = settings.day(of: entry.at)
            let next = post.next(after: now)
            guard settings.stillSameDay(entry.at, at: now), postedFor != day.ordinal else {
                try await directory.roomPosted(post.id, for: nil, next: next)
                return
            }
            let event: Event?
            switch post.kind {
            case .chores:
                let chores = try await households.choresToday(of: room, today: day)
                let left = chores.filter { $0.due && $0.doneBy.isEmpty }
                event = left.isEmpty ? nil : Self.event("room_today", Views.roomToday(chores, of: room, today: day), room: room)
            case .report:
                event = Self.event("room_report", try await households.report(of: room, today: day), room: room)
            }
            try await directory.roomPosted(post.id, for: event == nil ? nil : day.ordinal, next: next)
            guard let event else { return }
            for member in try await directory.members(of: room.id) where !Households.readsTheChannel(member, of: room) {
                _ = hub.deliverLive(event, to: member.accountID)
            }
            hub.deliverToBridges(event, room: room)
        } catch {
            // Tried again at the next tick, unless it was written down.
            logger.error("a room's post could not be made", metadata: ["post": "\(entry.subject)", "error": "\(error)"])
        }
    }

    static func event(_ kind: String, _ reply: Reply, room: Room) -> Event {
        Event(kind: kind, toasts: reply.toasts, data: reply.data)
    }
}
