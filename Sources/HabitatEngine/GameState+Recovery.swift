import Foundation

extension Challenge {
    /// `2.5 / 5.0 km ▓▓▓▓▓░░░░░`
    public var progressBar: String {
        let fraction = targetKm > 0 ? min(1, progressKm / targetKm) : 1
        let filled = Int((fraction * 10).rounded(.down))
        let bar = String(repeating: "▓", count: filled) + String(repeating: "░", count: 10 - filled)
        // Progress shows rounded down, so 4.99 of 5 never reads as done.
        let shown = (progressKm * 10 + 1e-9).rounded(.down) / 10
        return String(format: "%.1f / %.1f km ", shown, targetKm) + bar
    }
}

extension GameState {
    mutating func startChallenge(at now: Date) throws -> Outcome {
        switch profile.state {
        case .active:
            throw HabitatError(.invalidArgument, "You're still in the game with \(profile.health) health — no need to run for it (but running is always good).")
        case .recovery:
            let bar = profile.challenge?.progressBar ?? ""
            return Outcome(toasts: [Toast(.running, "Your challenge is under way: \(bar). Log runs with 'ran 2 km'.")])
        case .gameOver:
            let before = snapshot()
            profile.state = .recovery
            profile.challenge = Challenge(targetKm: settings.runningTargetKm, started: settings.day(of: now))
            let entry = LedgerEntry(at: now, day: settings.day(of: now), kind: .run, subject: "Running challenge", quantity: 0, before: before)
            return Outcome(
                toasts: [Toast(.running, "Challenge started! Run \(Self.km(settings.runningTargetKm)) to get your health back. Log runs with 'ran 2.5 km'.")],
                entry: entry)
        }
    }

    mutating func run(km: Double, at now: Date) throws -> Outcome {
        guard km > 0, km <= 100 else { throw HabitatError(.invalidArgument, "A run is more than 0 and at most 100 km.") }
        guard profile.state == .recovery, var challenge = profile.challenge else {
            let hint = profile.state == .gameOver
                ? "Type 'start challenge' first, then your runs count toward getting your health back."
                : "Runs count toward recovery after a game over; you're in the game, so enjoy it."
            return Outcome(toasts: [Toast(.info, "Nice run, \(Self.km(km))! \(hint)")])
        }
        let before = snapshot()
        challenge.progressKm += km
        var toasts = [Toast(.running, challenge.progressBar)]
        if challenge.progressKm >= challenge.targetKm - 1e-9 {
            profile.state = .active
            profile.health = profile.maxHealth
            profile.challenge = nil
            toasts.append(Toast(.celebration, "Challenge complete! Health restored to \(profile.maxHealth)."))
        } else {
            profile.challenge = challenge
        }
        let entry = LedgerEntry(
            at: now, day: settings.day(of: now), kind: .run, subject: "Running challenge", quantity: Int((km * 1000).rounded()),
            health: profile.health - before.profile.health, before: before)
        return Outcome(toasts: toasts, entry: entry)
    }
}
