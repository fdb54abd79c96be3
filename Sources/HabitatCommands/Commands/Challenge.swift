import HabitatEngine

extension CommandTable {
    /// The run back to health after a game over.
    static let challenge: [CommandSpec] = [
        CommandSpec(
            "start challenge", summary: "after a game over: start the run back to health",
            triggers: [["start", "challenge"], ["start", "running"]], command: .startChallenge),
        CommandSpec(
            "ran", usage: "ran <distance>", summary: "log a run for the recovery challenge",
            examples: ["ran 2.5 km", "ran 2500 m", "run 3km"], triggers: [["ran"], ["run"], ["i", "ran"]]
        ) { rest in
            guard let km = Distance.kilometres(rest) else { throw HabitatError.usage("ran <distance>, e.g. ran 2.5 km") }
            return .ran(km: km)
        },
    ]
}
