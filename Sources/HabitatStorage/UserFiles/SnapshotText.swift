import Foundation
import HabitatEngine

/// The undo snapshot kept with each ledger row, as text.
///
/// Written compactly, as a JSON array whose first element is the format's number (2):
///
///     [2,[level,xp,coins,health,max_health,"state"],[[habit_id,streak,best,last_day|null,total],…],[[area_id,level,xp],…]]
///
/// with the running challenge, when there is one, after the state: `…,"recovery",target_km,progress_km,started]`.
/// Days are ordinals. A typical row's snapshot is about 60 bytes where the first format's keyed JSON
/// object took about 220: more rows fit a page, so the ledger's pages split less often and a file with
/// years of history is smaller. Rows written in the first format keep it and still read back.
extension Snapshot {
    static let format = 2

    /// The text stored in a ledger row's `before` column.
    var storedText: String { String(decoding: storedBytes, as: UTF8.self) }

    /// `storedText` as UTF-8, written straight into bytes.
    var storedBytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 + 24 * habits.count + 16 * areas.count)
        out.append(literal: "[")
        out.appendDecimal(Self.format)
        out.append(literal: ",[")
        out.appendDecimal(profile.progress.level)
        out.append(UInt8(ascii: ","))
        out.appendDecimal(profile.progress.xp)
        out.append(UInt8(ascii: ","))
        out.appendDecimal(profile.coins)
        out.append(UInt8(ascii: ","))
        out.appendDecimal(profile.health)
        out.append(UInt8(ascii: ","))
        out.appendDecimal(profile.maxHealth)
        out.append(literal: ",\"")
        out.append(contentsOf: profile.state.rawValue.utf8)
        out.append(UInt8(ascii: "\""))
        if let challenge = profile.challenge {
            out.append(contentsOf: ",\(challenge.targetKm),\(challenge.progressKm),".utf8)
            out.appendDecimal(challenge.started.ordinal)
        }
        out.append(literal: "],[")
        for (index, part) in habits.enumerated() {
            out.append(literal: index > 0 ? ",[" : "[")
            out.appendDecimal(Int(part.id))
            out.append(UInt8(ascii: ","))
            out.appendDecimal(part.stats.streak)
            out.append(UInt8(ascii: ","))
            out.appendDecimal(part.stats.best)
            out.append(UInt8(ascii: ","))
            if let last = part.stats.lastDay { out.appendDecimal(last.ordinal) } else { out.append(literal: "null") }
            out.append(UInt8(ascii: ","))
            out.appendDecimal(part.stats.total)
            out.append(UInt8(ascii: "]"))
        }
        out.append(literal: "],[")
        for (index, part) in areas.enumerated() {
            out.append(literal: index > 0 ? ",[" : "[")
            out.appendDecimal(Int(part.id))
            out.append(UInt8(ascii: ","))
            out.appendDecimal(part.progress.level)
            out.append(UInt8(ascii: ","))
            out.appendDecimal(part.progress.xp)
            out.append(UInt8(ascii: "]"))
        }
        out.append(literal: "]]")
        return out
    }

    /// Reads a stored snapshot in either format; nil if the text is neither.
    init?(storedText text: String) {
        if text.utf8.first == UInt8(ascii: "[") {
            var reader = CompactReader(text)
            guard let snapshot = try? reader.snapshot() else { return nil }
            self = snapshot
        } else {
            guard let snapshot = try? JSONDecoder().decode(Snapshot.self, from: Data(text.utf8)) else { return nil }
            self = snapshot
        }
    }
}

/// Reads the compact format, byte by byte: numbers, `null`, one plain string, brackets and commas.
private struct CompactReader {
    struct Malformed: Error {}

    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    mutating func snapshot() throws -> Snapshot {
        try expect("[")
        guard try integer() == Snapshot.format else { throw Malformed() }
        try expect(",")
        try expect("[")
        let progress = Progress(level: try integer(), xp: try nextInteger())
        let coins = try nextInteger()
        let health = try nextInteger()
        let maxHealth = try nextInteger()
        try expect(",")
        guard let state = LifeState(rawValue: try string()) else { throw Malformed() }
        var challenge: Challenge?
        if try !closes() {
            challenge = Challenge(targetKm: try nextDouble(), progressKm: try nextDouble(), started: Day(ordinal: try nextInteger()))
            try expect("]")
        }
        var snapshot = Snapshot(
            profile: Profile(progress: progress, coins: coins, health: health, maxHealth: maxHealth, state: state, challenge: challenge))
        try expect(",")
        snapshot.habits = try list {
            let id = Int64(try $0.integer())
            let streak = try $0.nextInteger()
            let best = try $0.nextInteger()
            try $0.expect(",")
            let lastDay = try $0.optionalInteger().map(Day.init(ordinal:))
            let total = try $0.nextInteger()
            return Snapshot.HabitPart(id: id, stats: HabitStats(streak: streak, best: best, lastDay: lastDay, total: total))
        }
        try expect(",")
        snapshot.areas = try list {
            let id = Int64(try $0.integer())
            return Snapshot.AreaPart(id: id, progress: Progress(level: try $0.nextInteger(), xp: try $0.nextInteger()))
        }
        try expect("]")
        guard index == bytes.count else { throw Malformed() }
        return snapshot
    }

    /// `[]` or `[[…],[…]]`, each inner list read by `element` after its `[` and before its `]`.
    private mutating func list<T>(_ element: (inout CompactReader) throws -> T) throws -> [T] {
        try expect("[")
        var items: [T] = []
        if try closes() { return items }
        repeat {
            try expect("[")
            items.append(try element(&self))
            try expect("]")
        } while try !closes(orSkipComma: true)
        return items
    }

    /// A comma, then an integer.
    private mutating func nextInteger() throws -> Int {
        try expect(",")
        return try integer()
    }

    /// A comma, then a number.
    private mutating func nextDouble() throws -> Double {
        try expect(",")
        return try double()
    }

    /// Consumes `]` and returns true, or returns false at anything else (consuming a comma if asked).
    private mutating func closes(orSkipComma: Bool = false) throws -> Bool {
        guard index < bytes.count else { throw Malformed() }
        if bytes[index] == UInt8(ascii: "]") {
            index += 1
            return true
        }
        if orSkipComma { try expect(",") }
        return false
    }

    private mutating func expect(_ character: Unicode.Scalar) throws {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { throw Malformed() }
        index += 1
    }

    /// The bytes of a number: a sign, digits, a fraction, an exponent.
    private mutating func numberText() throws -> Substring {
        let start = index
        while index < bytes.count, "+-.0123456789eE".utf8.contains(bytes[index]) { index += 1 }
        guard index > start else { throw Malformed() }
        return Substring(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func integer() throws -> Int {
        guard let value = Int(try numberText()) else { throw Malformed() }
        return value
    }

    private mutating func optionalInteger() throws -> Int? {
        if bytes[index...].starts(with: "null".utf8) {
            index += 4
            return nil
        }
        return try integer()
    }

    private mutating func double() throws -> Double {
        guard let value = Double(try numberText()) else { throw Malformed() }
        return value
    }

    private mutating func string() throws -> String {
        try expect("\"")
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") { index += 1 }
        guard index < bytes.count else { throw Malformed() }
        defer { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }
}
