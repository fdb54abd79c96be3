import Foundation
import HabitatEngine

/// The most rooms, members, shared habits and invite codes the directory allows: far beyond what a household
/// needs, so that no script can make a room, or someone's list of rooms, too big to keep and to show whole. At a
/// limit only adding is refused (`limit_reached`): what is already there, from before there were limits, stays.
public struct RoomLimits: Sendable, Equatable {
    /// Rooms one account can be a member of (owning or not).
    public var roomsPerAccount: Int
    public var membersPerRoom: Int
    public var sharedHabitsPerRoom: Int
    /// Invite codes of one room that are unused and unexpired: a room never has more places than members.
    public var invitesPerRoom: Int

    public static let standard = RoomLimits(roomsPerAccount: 100, membersPerRoom: 100, sharedHabitsPerRoom: 1_000, invitesPerRoom: 100)

    public init(roomsPerAccount: Int, membersPerRoom: Int, sharedHabitsPerRoom: Int, invitesPerRoom: Int = 100) {
        (self.roomsPerAccount, self.membersPerRoom, self.sharedHabitsPerRoom) = (roomsPerAccount, membersPerRoom, sharedHabitsPerRoom)
        self.invitesPerRoom = invitesPerRoom
    }

    /// Refuses one more room to someone in `count` rooms already, if that is as many as one can be in.
    public func checkRooms(_ count: Int) throws {
        guard count >= roomsPerAccount else { return }
        let rooms =
            count == roomsPerAccount
            ? "\(count) rooms, the most one player can be in" : "\(count) rooms; one player can be in at most \(roomsPerAccount)"
        throw HabitatError(.limitReached, "You're in \(rooms). To join or start another, leave one with 'room leave <name>'.")
    }

    /// Refuses a new member of the room `name` that has `count` members already, if it is full.
    public func checkMembers(_ count: Int, in name: String) throws {
        guard count >= membersPerRoom else { return }
        throw Self.full(name, count, membersPerRoom, "members")
    }

    /// Refuses a new shared habit of the room `name` that has `count` already, if that is as many as one can have.
    public func checkSharedHabits(_ count: Int, in name: String) throws {
        guard count >= sharedHabitsPerRoom else { return }
        throw Self.full(name, count, sharedHabitsPerRoom, "shared habits")
    }

    /// Refuses a new invite code of the room `name` that has `count` unused ones, if that is as many as one can have.
    public func checkInvites(_ count: Int, in name: String) throws {
        guard count >= invitesPerRoom else { return }
        let full = Self.full(name, count, invitesPerRoom, "unused invite codes")
        let lifetime = Int(InviteCode.lifetime / 86_400)
        throw HabitatError(
            .limitReached,
            full.message + " Each works once and expires \(lifetime) days after it was made; a new one can be made once one is used or expires.")
    }

    /// `Smiths has 100 members, the most a room can have.`; a room from before the limits may have more. `name` is the
    /// room's full name (`irc:#smiths` is said as `#smiths`).
    static func full(_ name: String, _ count: Int, _ limit: Int, _ things: String) -> HabitatError {
        let most = count == limit ? ", the most a room can have" : "; a room can have at most \(limit)"
        return HabitatError(.limitReached, "\(chatName(name)) has \(count) \(things)\(most).")
    }
}

/// A code people type to join a room (or to link a chat identity to an account), like `K7P-2QX`: no 0/O or 1/I to
/// misread, any case, with or without its dash.
public enum InviteCode {
    /// How long an invite code lasts.
    public static let lifetime: TimeInterval = 7 * 24 * 3600

    /// A new random code.
    public static func make() -> String {
        let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        var generator = SystemRandomNumberGenerator()
        let raw = String((0..<6).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
        return raw.prefix(3) + "-" + raw.suffix(3)
    }

    /// `k7p2qx`, `K7P-2QX` and `k7p-2qx` are the same code: this one, as ``make()`` writes codes.
    public static func normalized(_ typed: String) -> String {
        let bare = typed.uppercased().filter { $0 != "-" }
        return bare.count == 6 ? bare.prefix(3) + "-" + bare.suffix(3) : bare
    }
}
