import Foundation

extension GameState {
    mutating func undo(_ latest: LedgerEntry?, at now: Date) throws -> Outcome {
        guard let latest, let id = latest.id, let before = latest.before, latest.kind != .undo else {
            throw HabitatError(.notFound, "Nothing to undo.")
        }
        try Self.refuseUndoOfBite(latest)
        profile = before.profile
        // A recording counted its amount into its habit's total (a routine, one for each of its habits): the
        // total gives that back, which also comes out right for a recording counted before amounts were.
        let counted = latest.kind == .routine ? 1 : latest.quantity.wholeOnesStarted
        for part in before.habits {
            guard let index = habits.firstIndex(where: { $0.id == part.id }) else { continue }
            var stats = part.stats
            // An import's habits had nothing before it: their stats are as they were, whole.
            if latest.kind != .imported { stats.total = max(0, habits[index].stats.total - counted) }
            habits[index].stats = stats
        }
        for part in before.areas {
            if let index = areas.firstIndex(where: { $0.id == part.id }) { areas[index].progress = part.progress }
        }
        reopenTodo(of: latest)
        let entry = LedgerEntry(
            at: now, day: settings.day(of: now), kind: .undo, habitID: latest.habitID, subject: latest.subject,
            quantity: latest.quantity, xp: -latest.xp, coins: -latest.coins, health: -latest.health, reverts: id,
            roomToken: latest.roomToken, todoID: latest.todoID)
        return Outcome(toasts: [Toast(.undo, "Undid \(Self.describe(latest))")], entry: entry)
    }

    /// `Exercise (-10 XP, -5 coins)`, `your 2.5 km run`: what undoing an entry takes back.
    static func describe(_ entry: LedgerEntry) -> String {
        var parts: [String] = []
        if entry.xp != 0 { parts.append("\(signed(-entry.xp)) XP") }
        // A slip cost life; a potion or a finished run gave health, and the undo says it as they did.
        if entry.health != 0 { parts.append("\(signed(-entry.health)) \(entry.kind == .slip ? "life" : "health")") }
        if entry.coins != 0 { parts.append(coins(-entry.coins, signed: true)) }
        let what: String
        switch entry.kind {
        case .purchase: what = "buying \(entry.subject)" + (entry.quantity > 1 ? " ×\(entry.quantity)" : "")
        case .run where entry.quantity == 0: what = "the challenge start"
        case .run: what = "your \(km(entry.quantity.double / 1000)) run"
        case .imported: what = "the history imported from \(entry.subject) (its habits stay)"
        default: what = entry.subject
        }
        return parts.isEmpty ? what : "\(what) (\(parts.joined(separator: ", ")))"
    }

    static func signed(_ value: Int) -> String { value > 0 ? "+\(value)" : "\(value)" }
}
