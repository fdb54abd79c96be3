import HabitatCommands
import HabitatEngine

/// `strength floss`: how a habit's strength went over the last 12 weeks.
struct Strength: PersonalView {
    static let spec = Spec(
        "strength", usage: "strength <habit>", summary: "how a habit's strength went over the last 12 weeks",
        examples: ["strength floss"], triggers: [["strength"], ["show", "strength"]]
    ) { rest in
        guard !rest.isEmpty else { throw HabitatError.usage("strength <habit>", "Which habit?") }
        return Strength(habit: rest.phrase)
    }

    let habit: String

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        let name = habit
        return try await context.withStreaks { state, today, days in
            do {
                let habit = try state.habit(named: name, includingArchived: true)
                // Each week's strength is the streaks' own rule, counted as of that day.
                let points = Views.strengthDays(today: today).map { day in (day, state.keeping(habit, days: days, today: day).strength) }
                return Views.strength(of: habit.name, points: points)
            } catch let error as HabitatError {
                return Reply(error: error)
            } catch {
                return Reply(error: HabitatError(.internal, "Something went wrong on our side, and nothing was changed."))
            }
        }
    }
}
