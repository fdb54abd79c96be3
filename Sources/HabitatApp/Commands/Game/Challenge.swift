import HabitatCommands
import HabitatEngine

/// `start challenge`: after a game over, the run back to health.
struct StartChallenge: HabitatCommand {
    static let spec = Spec(
        "start challenge", summary: "after a game over: start the run back to health",
        triggers: [["start", "challenge"], ["start", "running"]], command: StartChallenge())

    var touches: Touches { .change(.startChallenge) }
}

/// `ran 2.5 km`: a run for the recovery challenge.
struct Ran: HabitatCommand {
    static let spec = Spec(
        "ran", usage: "ran <distance>", summary: "log a run for the recovery challenge",
        examples: ["ran 2.5 km", "ran 2500 m", "run 3km"], triggers: [["ran"], ["run"], ["i", "ran"]]
    ) { rest in
        guard let km = Distance.kilometres(rest) else { throw HabitatError.usage("ran <distance>, e.g. ran 2.5 km") }
        // `5k` as `5 k`: the number and its unit, as `did` reads them.
        let said = rest.map { token in
            let digits = token.text.prefix { $0.isNumber || $0 == "." || $0 == "," }
            return digits.isEmpty || digits.count == token.text.count ? token.text : "\(digits) \(token.text.dropFirst(digits.count))"
        }
        return Ran(km: km, said: said.joined(separator: " "))
    }

    let km: Double
    /// The distance as typed (`3 miles`): how it was said, not what it is, so two runs of a distance are one.
    var said = ""

    static func == (a: Ran, b: Ran) -> Bool { a.km == b.km }

    var touches: Touches { .run }

    /// A run in the game is the player's own running habit done (one named Running or Run): in km when it counts them;
    /// one that counts nothing is asked about (`yes` records it once). Otherwise it is the recovery challenge's (or,
    /// with none on, a nice run).
    func run(_ context: inout CommandContext) async throws -> Reply {
        let state = try await context.state()
        if state.profile.state == .active, let (line, certain) = Self.recording(in: state, km: km, said: said) {
            if certain { return await context.pipeline.run([line], session: &context.session) }
            // A habit that counts no distance: recorded once on `yes`.
            let question = "Did you mean '\(EverydayReader.shown(line))'? It counts times, not km. Type 'yes' to record it."
            return Pipeline.propose([line], question, code: .ambiguous, session: &context.session)
        }
        let (fileID, now) = (try context.account.fileID, context.now)
        return try await context.users.with(fileID) { database in
            let (outcome, state) = try await database.apply(.run(km: km), at: now)
            return Views.outcome(outcome, state)
        }
    }

    /// The `did` of the player's running habit for a run of `km`, if they have one it can record. A run of a part of a
    /// km is recorded as said, which a habit counted in whole km refuses with the reason.
    static func recording(in state: GameState, km: Double, said: String) -> (line: String, certain: Bool)? {
        let good = state.activeHabits.filter { $0.kind == .good }
        for name in ["running", "run"] {
            guard case .found(let habit) = NameMatch.resolve(name, among: good, loosely: true, name: \.name) else { continue }
            let named = "did \(habit.name.contains(" ") ? "\"\(habit.name)\"" : habit.name)"
            guard let amount = habit.amount else { return (named, false) }
            // In miles, or another unit: the distance as it was said, which `did` reads or refuses with the reason.
            guard amount.unit.flatMap(WordForms.unit) == "km" else { return ("\(named) \(said)", true) }
            return (km == km.rounded() ? "\(named) \(Int(km))" : "\(named) \(km)", true)
        }
        return nil
    }
}
