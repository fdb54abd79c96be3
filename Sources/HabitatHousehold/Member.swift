import Foundation

/// A member of a room, with their role.
public struct Member: Sendable, Equatable {
    public var accountID: Int64
    public var name: String
    public var fileID: String
    public var isOwner: Bool

    public var displayName: String { chatName(name) }

    public init(accountID: Int64, name: String, fileID: String, isOwner: Bool) {
        (self.accountID, self.name, self.fileID, self.isOwner) = (accountID, name, fileID, isOwner)
    }
}

extension [Member] {
    /// How each member is shown in `room`, by account id, so that no one can pass for someone else.
    ///
    /// A chat identity (`irc:zed`) is shown by its chat id (`zed`) only in its own bridge's channel room,
    /// and only when no other member could be taken for it there; otherwise by its full name, which no
    /// terminal account can have (names never contain `:`).
    public func shownNames(in room: Room) -> [Int64: String] {
        let names = Set(map(\.name))
        return Dictionary(
            map { member in
                guard let colon = member.name.firstIndex(of: ":") else { return (member.accountID, member.name) }
                let chatID = String(member.name[member.name.index(after: colon)...])
                let own = room.bridge == String(member.name[..<colon]) && !chatID.contains(":") && !names.contains(chatID)
                return (member.accountID, own ? chatID : member.name)
            },
            uniquingKeysWith: { first, _ in first })
    }
}

/// How someone stopped being a member of a room.
public enum Departure: Sendable, Equatable {
    /// With `room leave`.
    case left
    /// By the owner, with `room kick`.
    case removed
}
