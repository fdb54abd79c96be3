import Foundation
import HabitatEngine

/// An item of a household's shared list (`room add todo Milk`): any member adds it, any member gets it, and whoever gets
/// it first is credited with a to-do's worth (``Todo/value(on:)``, from the day it was added), which counts in the
/// room's fair shares by effort as a chore's XP does.
public struct RoomTodo: Sendable, Equatable {
    /// Who got an item, and when.
    public struct Got: Sendable, Equatable {
        public var accountID: Int64
        /// As they were shown in the room then.
        public var member: String
        public var at: Date

        public init(accountID: Int64, member: String, at: Date) {
            (self.accountID, self.member, self.at) = (accountID, member, at)
        }
    }

    /// The most open items one room's list may hold.
    public static let openPerRoom = 500

    public var id: Int64
    public var roomID: Int64
    public var name: String
    public var addedBy: Int64
    /// The member it was asked of (`room add todo Fix the tap for ny`), if any; anyone may still get it.
    public var assignee: Int64?
    /// The day (of whoever added it) it was added: its worth grows from there.
    public var created: Day
    /// The day it is due by, if one was said.
    public var due: Day?
    public var got: Got?

    public init(
        id: Int64, roomID: Int64, name: String, addedBy: Int64, assignee: Int64? = nil, created: Day, due: Day? = nil, got: Got? = nil
    ) {
        (self.id, self.roomID, self.name, self.addedBy, self.assignee) = (id, roomID, name, addedBy, assignee)
        (self.created, self.due, self.got) = (created, due, got)
    }

    public var isOpen: Bool { got == nil }

    /// The item as a to-do, whose rules say what it is worth and when it is overdue.
    public var todo: Todo { Todo(id: id, name: name, created: created, due: due, done: got?.at) }

    /// What getting it on `day` earns (``Todo/value(on:)``).
    public func value(on day: Day) -> (xp: Int, coins: Int) { todo.value(on: day) }

    /// The item as the room log and a member's ledger record its getting: a good deed of its worth on `day`. Its id is
    /// 0, which no shared habit has, so it counts in the room's effort and never as one of its chores.
    public func deed(on day: Day) -> SharedHabit {
        let (xp, coins) = value(on: day)
        return SharedHabit(id: 0, roomID: roomID, name: name, kind: .good, xp: xp, coins: coins, life: 0)
    }
}

extension ErrorCode {
    /// Someone else got an item of a room's list first.
    public static let alreadyDone = ErrorCode(rawValue: "already_done")
}
