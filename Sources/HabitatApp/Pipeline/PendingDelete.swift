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
    var command: any HabitatCommand {
        switch self {
        case .habit(let name): DeleteHabit(name)
        case .area(let name): DeleteArea(name)
        case .reward(let name): DeleteReward(name)
        case .sharedHabit(let habit, _): RoomDeleteHabit(habit.name)
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
