import Foundation
import HabitatEngine

/// A household room.
public struct Room: Sendable, Equatable {
    public var id: Int64
    public var name: String

    public init(id: Int64, name: String) {
        self.id = id
        self.name = name
    }

    /// The name as people see it: a bridge's channel room `irc:#smiths` is `#smiths`.
    public var displayName: String { chatName(name) }

    /// The bridge whose channel this room is (`irc` for `irc:#smiths`), if it is one.
    public var bridge: String? { name.firstIndex(of: ":").map { String(name[..<$0]) } }

    /// Whether `typed` names this room: its full name (`irc:#smiths`) or its name as shown (`#smiths`), in any
    /// case (`MAISON CAFÉ` is `Maison Café`), and with accents forgiven (`maison cafe`).
    public func isNamed(_ typed: String) -> Bool { fit(typed, folded: Self.foldedName(typed)) != nil }

    /// How closely a typed name fits a room's, closest first.
    enum NameFit: Comparable { case asWritten, anyCase, withoutAccents }

    /// How `typed` (whose ``foldedName(_:)`` is `folded`) fits this room's full name or its name as shown, if at all.
    func fit(_ typed: String, folded: String) -> NameFit? {
        if name == typed || displayName == typed { return .asWritten }
        let names = [Self.foldedName(name), Self.foldedName(displayName)]
        if names.contains(folded) { return .anyCase }
        let plain = folded.withoutAccents
        return names.contains { $0.withoutAccents == plain } ? .withoutAccents : nil
    }

    /// The rooms among `rooms` that `typed` names most closely: as written, else in any case, else with accents
    /// forgiven. More than one is for the caller to refuse as ambiguous: never a guess.
    public static func named(_ typed: String, among rooms: [Room]) -> [Room] {
        let folded = foldedName(typed)
        let fits = rooms.compactMap { room in room.fit(typed, folded: folded).map { (room, $0) } }
        guard let best = fits.map({ $0.1 }).min() else { return [] }
        return fits.filter { $0.1 == best }.map { $0.0 }
    }

    /// A room's name as compared for uniqueness: case folded in full Unicode (`MAISON CAFÉ` and `Maison Café`,
    /// `STRASSE` and `Straße` are one name), in composed form: ``Swift/String/caseFolded``, the rule every name
    /// is matched by. The directory keeps it (`room.folded_name`), so changing that rule needs a migration that
    /// recomputes the column.
    public static func foldedName(_ name: String) -> String { name.caseFolded }

    /// The room a command is about among someone's `rooms`: the one they chose with `room use` (if still theirs), else
    /// the only one.
    public static func current(among rooms: [Room], chosen: Int64?) -> Room? {
        if let chosen, let room = rooms.first(where: { $0.id == chosen }) { return room }
        return rooms.count == 1 ? rooms[0] : nil
    }

    /// ``current(among:chosen:)``, or why there is none: in no room (`not_found`), or in several with none chosen.
    public static func required(among rooms: [Room], chosen: Int64?) throws -> Room {
        if let room = current(among: rooms, chosen: chosen) { return room }
        if rooms.isEmpty {
            throw HabitatError(.notFound, "You're not in a room yet. Start one with 'room create <name>', or join with 'room join <name> <code>'.")
        }
        throw HabitatError(
            .invalidArgument, "You're in \(rooms.count) rooms; choose one with 'room use <name>' (\(GameState.either(rooms.map(\.displayName)))).")
    }

    /// The room among someone's `rooms` that `name` names (as shown, `#smiths`, or in full, `irc:#smiths`; any case,
    /// accents forgiven); `forbidden` when none does, whether or not such a room exists, and `ambiguous` for two.
    public static func member(named name: String, among rooms: [Room]) throws -> Room {
        let rooms = named(name, among: rooms)
        guard rooms.count < 2 else {
            throw HabitatError(.ambiguous, "'\(name)' could be \(GameState.either(rooms.map(\.name))); say which.", symbol: .question)
        }
        guard let room = rooms.first else { throw HabitatError(.forbidden, "You're not a member of a room called \(name).") }
        return room
    }

    /// A name someone typed for a new room, trimmed: 2–32 letters, digits, spaces, `_` or `-` (`invalid_name`
    /// otherwise). Never a `:`, which only a bridge's channel room has (`irc:#smiths`).
    public static func validName(_ raw: String) throws -> String {
        let name = raw.trimmingCharacters(in: .whitespaces)
        let allowed = name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "_- ".unicodeScalars.contains($0) }
        guard (2...32).contains(name.count), allowed, !name.contains(":") else {
            throw HabitatError(.invalidName, "Room names are 2–32 letters, digits, spaces, _ or -.")
        }
        return name
    }

    /// Refuses a new room of `name` when one of that name exists already (``foldedName(_:)``).
    public static func nameTaken(_ name: String) -> HabitatError {
        HabitatError(.nameTaken, "A room called \(name) exists already. Pick another name.")
    }
}

/// A bridge identity `irc:alice` is `alice` to people; other names are as they are.
public func chatName(_ name: String) -> String {
    name.firstIndex(of: ":").map { String(name[name.index(after: $0)...]) } ?? name
}

extension ErrorCode {
    /// Not for this person: a room they aren't in, what only a room's owner may do, a chat user's account command.
    public static let forbidden = ErrorCode(rawValue: "forbidden")
    /// A name that can't be an account's or a room's.
    public static let invalidName = ErrorCode(rawValue: "invalid_name")

    /// The codes of households' and accounts' rules, beyond the game's.
    public static let household: [ErrorCode] = [.forbidden, .invalidName, .alreadyDone]
}
