import Foundation
import HabitatEngine

/// What a room posts on its own at a time (`room remind at 8:00`, `room report on sunday at 19:00`): to every member
/// and to the room's chat channel. Its time is on the clock of the owner who set it (their time zone and day start,
/// kept with it).
public struct RoomPost: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// Each day: the chores due and whose turn each is.
        case chores
        /// Each week, on `weekday`: the week's report.
        case report
    }

    public var id: Int64
    public var roomID: Int64
    public var kind: Kind
    /// Minutes after midnight.
    public var minute: Int
    /// For a report: 0 = Monday … 6 = Sunday.
    public var weekday: Int?
    public var timeZone: String
    public var dayStartHour: Int

    public init(id: Int64, roomID: Int64, kind: Kind, minute: Int, weekday: Int? = nil, timeZone: String, dayStartHour: Int) {
        (self.id, self.roomID, self.kind, self.minute, self.weekday) = (id, roomID, kind, minute, weekday)
        (self.timeZone, self.dayStartHour) = (timeZone, dayStartHour)
    }

    /// The clock it keeps.
    public var settings: Settings {
        var settings = Settings.default
        settings.timeZone = timeZone
        settings.dayStartHour = dayStartHour
        return settings
    }

    /// When it is next posted after `date`: its minute, on its weekday for a report.
    public func next(after date: Date) -> Date {
        var next = settings.next(minute, after: date)
        while let weekday, settings.calendarDay(of: next).weekday != weekday { next = settings.next(minute, after: next) }
        return next
    }

    /// The weekdays as a report names them.
    public static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
}
