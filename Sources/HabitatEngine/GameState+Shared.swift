import Foundation

/// A shared habit of a household room, recorded by one member: `did dishes` in the Smiths' room.
public struct SharedRecording: Sendable, Equatable {
    public var habit: String
    public var kind: HabitKind
    public var xp: Int
    public var coins: Int
    public var life: Int
    public var room: String
    /// Names the entry in the room's log; written into the member's own ledger entry.
    public var token: String
    public var times: Int
    public var note: String?

    public init(
        habit: String, kind: HabitKind, xp: Int, coins: Int, life: Int, room: String, token: String, times: Int = 1,
        note: String? = nil
    ) {
        self.habit = habit
        self.kind = kind
        self.xp = xp
        self.coins = coins
        self.life = life
        self.room = room
        self.token = token
        self.times = times
        self.note = note
    }
}

extension GameState {
    /// Credits a shared habit to this player: XP and coins, or life, with the usual level-ups and game over.
    mutating func recordShared(_ shared: SharedRecording, at now: Date) throws -> Outcome {
        guard (1...100).contains(shared.times) else {
            throw HabitatError(.invalidArgument, "You can record a habit 1 to 100 times at once.")
        }
        let before = snapshot()
        let times = shared.times > 1 ? " ×\(shared.times)" : ""
        var entry = LedgerEntry(
            at: now, day: settings.day(of: now), kind: shared.kind == .good ? .completion : .slip, subject: shared.habit,
            quantity: shared.times, note: shared.note, before: before, roomToken: shared.token)
        var toasts: [Toast]
        switch shared.kind {
        case .good:
            let xp = shared.xp * shared.times
            let coins = shared.coins * shared.times
            toasts = [Toast(.success, "\(shared.habit) completed\(times)! +\(xp) XP, +\(coins) coins (\(shared.room))")]
            toasts += gain(xp: xp, coins: coins, area: nil)
            entry.xp = xp
            entry.coins = coins
        case .bad:
            guard profile.state == .active else { throw gameOverRefusal(doing: "record \(shared.habit)") }
            let life = shared.life * shared.times
            let lost = min(life, profile.health)
            profile.health -= lost
            entry.health = -lost
            toasts = [Toast(.warning, "\(shared.habit) recorded. -\(life) life (\(shared.room))")]
            if profile.health <= 0 {
                profile.state = .gameOver
                toasts.append(Toast(.gameOver, "Game over! Run \(Self.km(settings.runningTargetKm)) to recover — type 'start challenge'"))
            }
        }
        return Outcome(toasts: toasts, entry: entry)
    }
}
