import HabitatEngine

/// The undo snapshot as JSON text, written by hand on every recorded action (Foundation's encoder
/// is the costliest part of a write); it reads back with the snapshot's `Codable` conformance.
extension Snapshot {
    var jsonText: String {
        var out = "{\"profile\":"
        profile.write(to: &out)
        out += ",\"habits\":["
        for (index, part) in habits.enumerated() {
            if index > 0 { out += "," }
            out += "{\"id\":\(part.id),\"stats\":{\"streak\":\(part.stats.streak),\"best\":\(part.stats.best),"
            if let last = part.stats.lastDay { out += "\"lastDay\":{\"ordinal\":\(last.ordinal)}," }
            out += "\"total\":\(part.stats.total)}}"
        }
        out += "],\"areas\":["
        for (index, part) in areas.enumerated() {
            if index > 0 { out += "," }
            out += "{\"id\":\(part.id),\"progress\":"
            part.progress.write(to: &out)
            out += "}"
        }
        return out + "]}"
    }
}

extension Profile {
    fileprivate func write(to out: inout String) {
        out += "{\"progress\":"
        progress.write(to: &out)
        out += ",\"coins\":\(coins),\"health\":\(health),\"maxHealth\":\(maxHealth),\"state\":\"\(state.rawValue)\""
        if let challenge {
            out += ",\"challenge\":{\"targetKm\":\(challenge.targetKm),\"progressKm\":\(challenge.progressKm),"
            out += "\"started\":{\"ordinal\":\(challenge.started.ordinal)}}"
        }
        out += "}"
    }
}

extension Progress {
    fileprivate func write(to out: inout String) {
        out += "{\"level\":\(level),\"xp\":\(xp)}"
    }
}
