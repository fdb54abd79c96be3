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
        return Ran(km: km)
    }

    let km: Double

    var touches: Touches { .change(.run(km: km)) }
}
