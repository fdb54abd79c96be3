import Foundation
import HabitatCommands
import HabitatEngine
import HabitatHousehold
import HabitatStorage
import Logging

/// Makes rooms' posts (``RoomPost``): the chores of the day (when any is due and not done) and the week's report, to
/// every member live and to the room's chat channel. Like a reminder, a post is not kept for members away.
///
/// Once: the day a post is for is written down, with its next time, before it is sent, and the post waits in every
/// member's inbox until it is sent: a crash in between never posts it twice, and each member hears it at their next
/// login instead. One whose time came while the server was down is made at start-up the same day (of its clock), and
/// skipped after that.
struct RoomPostService: Sendable {
    let directory: any StorageContract
    let households: Households
    let presence: Presence
    let logger: Logger
    /// Told when a post is written down and not sent yet (tests stop the server there).
    var stage: (@Sendable (WorkStage) -> Void)? = nil

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
            let said: (kind: String, reply: Reply, command: String)?
            switch post.kind {
            case .chores:
                let chores = try await households.choresToday(of: room, today: day)
                let left = chores.filter { $0.due && $0.doneBy.isEmpty }
                said = left.isEmpty ? nil : ("room_today", Views.roomToday(chores, of: room, today: day), "room today")
            case .report:
                said = ("room_report", try await households.report(of: room, today: day), "room report")
            }
            guard let said else {
                try await directory.roomPosted(post.id, for: nil, next: next)
                return
            }
            let event = Self.event(said.kind, said.reply, room: room)
            let members = try await directory.members(of: room.id)
            let kept = try await directory.roomPosted(
                post.id, for: day.ordinal, next: next, keeping: InboxItem(event, at: now),
                for: members.map(\.accountID))
            stage?(.roomPostWritten)
            for member in members where !Households.readsTheChannel(member, of: room) {
                _ = await presence.deliverLive(event, to: member.accountID)
            }
            // A chat channel hears at most a room view's ten lines, the rest behind `room … more`.
            let cut = said.reply.cut(toLines: RoomView.lines, more: said.command + " more")
            presence.deliverToBridges(Self.event(said.kind, cut, room: room), room: room)
            try await directory.forgetKept(kept)
        } catch {
            // Tried again at the next tick, unless it was written down.
            logger.error("a room's post could not be made", metadata: ["post": "\(entry.subject)", "error": "\(error)"])
        }
    }

    static func event(_ kind: String, _ reply: Reply, room: Room) -> Event {
        Event(kind: kind, toasts: reply.toasts, data: reply.data)
    }
}
