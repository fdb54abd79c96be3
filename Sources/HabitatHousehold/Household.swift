import Foundation
import HabitatEngine

/// A room and its members as they are now: who is who there, who owns it, and what only its owner may do.
///
/// A value, read whole when a command needs it: the rules here decide, and the server only carries out.
public struct Household: Sendable, Equatable {
    public var room: Room
    /// In the order they joined.
    public var members: [Member]

    public init(room: Room, members: [Member]) {
        self.room = room
        self.members = members
    }

    /// How each member is shown here, by account id (``Swift/Array/shownNames(in:)``).
    public var names: [Int64: String] { members.shownNames(in: room) }

    /// How the member `accountID` is shown here; `fallback` for someone not (or no longer) a member.
    public func shownName(of accountID: Int64, or fallback: String) -> String {
        names[accountID] ?? fallback
    }

    public func isOwner(_ accountID: Int64) -> Bool {
        members.first { $0.accountID == accountID }?.isOwner == true
    }

    /// Refuses anyone but the owner (`forbidden`), saying what only the owner can do: `to` finishes "Only the owner
    /// of Smiths can …".
    public func requireOwner(_ accountID: Int64, to what: String) throws {
        guard isOwner(accountID) else {
            throw HabitatError(.forbidden, "Only the owner of \(room.displayName) can \(what).")
        }
    }

    /// The member `typed` names: by full name or as shown (each names one member), else by chat id alone; a chat id
    /// (`zed`) that several members have is `ambiguous`, one no member has `not_found`.
    public func member(_ typed: String) throws -> Member {
        let names = self.names
        let key = typed.lowercased()
        if let member = members.first(where: { $0.name == key || names[$0.accountID]?.lowercased() == key }) { return member }
        let byChatID = members.filter { chatName($0.name) == key }
        guard byChatID.count < 2 else {
            let choices = byChatID.compactMap { names[$0.accountID] }.sorted()
            throw HabitatError(
                .ambiguous, "'\(typed)' could be \(GameState.either(choices)) in \(room.displayName). Say 'room kick \(choices[0])'.",
                symbol: .question)
        }
        guard let member = byChatID.first else { throw HabitatError(.notFound, "\(typed) isn't in \(room.displayName).") }
        return member
    }

    /// How everyone who appears in `entries` of the room's log is shown, members and former members alike (their
    /// accounts in `former`): former members count when telling people apart, so two people never read as one.
    public func names(withFormer former: [Member]) -> [Int64: String] {
        let present = Set(members.map(\.accountID))
        return (members + former.filter { !present.contains($0.accountID) }).shownNames(in: room)
    }
}
