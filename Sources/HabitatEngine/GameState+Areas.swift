import Foundation

extension GameState {
    mutating func addArea(_ rawName: String) throws -> Outcome {
        try requireSpace(for: .areas)
        let name = try Self.validAreaName(rawName)
        if let existing = areas.first(where: { $0.name.isSameName(as: name) }) {
            throw HabitatError(.nameTaken, "You already have an area called \(existing.name).")
        }
        areas.append(Area(id: newAreaID, name: name))
        return Outcome(toasts: [Toast(.success, "Added area \(name). Put habits in it: 'add habit Stretch in \(name)'.")])
    }

    /// Renames an area; its level, XP and habits come along.
    mutating func renameArea(_ query: String, to rawName: String) throws -> Outcome {
        let index = try areaIndex(named: query, hint: Self.seeAreas)
        let old = areas[index]
        let name = try Self.validAreaName(rawName)
        if let other = areas.first(where: { $0.id != old.id && $0.name.isSameName(as: name) }) {
            throw HabitatError(.nameTaken, "You already have an area called \(other.name).")
        }
        areas[index].name = name
        return Outcome(toasts: [Toast(.success, "Renamed area \(old.name) to \(name). Its level, XP and habits come along.")])
    }

    /// Deletes an area and its level; its habits stay, with no area. The profile's XP and level are kept.
    mutating func deleteArea(_ query: String) throws -> Outcome {
        let index = try areaIndex(named: query, hint: Self.seeAreas)
        let area = areas.remove(at: index)
        var kept: [String] = []
        for habit in habits.indices where habits[habit].areaID == area.id {
            habits[habit].areaID = nil
            kept.append(habits[habit].name)
        }
        retiredAreaID = max(retiredAreaID, area.id ?? 0)
        let habitsNote =
            kept.isEmpty
            ? "It held no habits." : "\(kept.count == 1 ? "Its habit" : "Its habits") \(Self.series(kept, "and")) \(kept.count == 1 ? "stays" : "stay"), with no area."
        return Outcome(toasts: [Toast(.success, "Deleted area \(area.name). \(habitsNote)")])
    }

    /// What `delete area` asks before it deletes `area`.
    public func deleteAreaQuestion(_ area: Area) -> String {
        let count = habits.filter { $0.areaID == area.id }.count
        let habitsNote = count == 0 ? "" : "; \(count == 1 ? "its habit stays" : "its \(count) habits stay"), with no area"
        return "Delete area \(area.name) for good? Its level and XP go with it\(habitsNote). Type 'yes' to confirm; anything else cancels."
    }

    /// Areas are numbered by the engine, so habits can join an area added in the same step. A deleted area's
    /// id is never given to another.
    var newAreaID: Int64 { max(areas.compactMap(\.id).max() ?? 0, retiredAreaID) + 1 }

    /// The area `query` names (any case, a unique prefix, accents forgiven beyond the whole name).
    public func area(named query: String) throws -> Area { areas[try areaIndex(named: query, hint: Self.seeAreas)] }

    static let seeAreas = "Type 'areas' to see yours."

    /// The index of the area `query` names; `hint` follows "No area called …" when nothing is close.
    func areaIndex(named query: String, hint: String? = nil) throws -> Int {
        switch NameMatch.resolve(query, among: Array(areas.indices), name: { areas[$0].name }) {
        case .found(let index): return index
        case .ambiguous(let hits):
            throw HabitatError(.ambiguous, "'\(query)' could be \(Self.either(hits.map { areas[$0].name })). Type more of the name.", symbol: .question)
        case .none(let suggestion):
            let hint = suggestion.map { "Did you mean '\(areas[$0].name)'?" } ?? hint ?? "Add it first: 'add area \(query)'."
            throw HabitatError(.notFound, "No area called \(query). \(hint)", symbol: .question)
        }
    }

    /// An area's name as kept: a habit's name rules (white space made single, 1–64 characters, no control
    /// characters), and never `none` or `no area`. A room's shared habit names one for every member.
    public static func validAreaName(_ raw: String) throws -> String {
        let name = try validName(raw, of: "area")
        if ["none", "no area"].contains(name.lowercased()) {
            throw HabitatError(.invalidArgument, "An area can't be called \(name): 'in \(name.lowercased())' means no area.")
        }
        return name
    }
}
