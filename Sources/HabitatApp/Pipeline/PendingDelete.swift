import HabitatCommands
import HabitatHousehold

/// A delete waiting for its `yes`: what it deletes, named as the question gave it.
public enum PendingDelete: Sendable, Equatable {
    case habit(String)
    case area(String)
    case reward(String)
    /// A room's shared habit, in the room the question was about: `yes` deletes that very habit there, whichever
    /// room is current by then (a chat user's `yes` may come from another channel).
    case sharedHabit(SharedHabit, room: Room)

    /// The command that carries it out once confirmed.
    var command: Command {
        switch self {
        case .habit(let name): .delete(name)
        case .area(let name): .deleteArea(name)
        case .reward(let name): .deleteReward(name)
        case .sharedHabit(let habit, _): .room(.deleteHabit(habit.name))
        }
    }

    /// `Exercise`, `area Fitness`: what is kept when the delete is cancelled.
    var kept: String {
        switch self {
        case .habit(let name): name
        case .area(let name): "area \(name)"
        case .reward(let name): "reward \(name)"
        case .sharedHabit(let habit, _): "the shared habit \(habit.name)"
        }
    }
}
