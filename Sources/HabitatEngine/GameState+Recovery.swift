import Foundation

extension Challenge {
    /// `2.5 / 5.0 km ▓▓▓▓▓░░░░░`; with a target finer than a tenth, hundredths: `3.20 / 3.25 km ▓▓▓▓▓▓▓▓▓░`.
    public var progressBar: String {
        let fraction = targetKm > 0 ? min(1, progressKm / targetKm) : 1
        let filled = Int((fraction * 10).rounded(.down))
        let bar = String(repeating: "▓", count: filled) + String(repeating: "░", count: 10 - filled)
        // Progress shows rounded down and the target rounded up, so an unfinished run never reads as done.
        let tenths = (targetKm * 10).rounded()
        let scale: Double = abs(targetKm * 10 - tenths) < 1e-9 ? 10 : 100
        let target = (targetKm * scale - 1e-9).rounded(.up) / scale
        var shown = (progressKm * scale + 1e-9).rounded(.down) / scale
        if progressKm >= targetKm - 1e-9 { shown = max(shown, target) }
        return String(format: scale == 10 ? "%.1f / %.1f km " : "%.2f / %.2f km ", shown, target) + bar
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
        // Runs are kept in whole metres: a run is at least 10 of them (0.01 km, how distances are written).
        guard km >= 0.01, km <= 100 else { throw HabitatError(.invalidArgument, "A run is at least 0.01 km (10 m) and at most 100 km.") }
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
            at: now, day: settings.day(of: now), kind: .run, subject: "Running challenge", quantity: Quantity(Int((km * 1000).rounded())),
            health: profile.health - before.profile.health, before: before)
        return Outcome(toasts: toasts, entry: entry)
    }
}
