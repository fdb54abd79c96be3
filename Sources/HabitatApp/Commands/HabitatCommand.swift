import Foundation
import HabitatCommands
import HabitatEngine
import HabitatStorage

/// One command, declared in one place, the way a route is registered in Hummingbird or a subcommand in
/// swift-argument-parser: its words and examples (a ``CommandSpec``, which `help` prints and the parser reads), what
/// it is once read (the type's properties), what it touches, how it runs and how its reply renders. Each lives in
/// `Commands/<family>/`, and ``Commands/all`` registers it.
///
/// What it touches decides where it runs (``Plan/make(for:session:facts:)``): a command about the connection alone or
/// a view of a game in memory is answered as the line arrives, a change of the user's own file is committed on that
/// file's thread, and anything else is awaited in a task of its own.
public protocol HabitatCommand: Sendable, Equatable {
    /// Whether it works before logging in (`help`, `login`); every other command is `auth_required` then.
    static var beforeLogin: Bool { get }
    /// Whether a chat user may use it: not the account and connection commands (a bridge speaks for them).
    static var fromChat: Bool { get }
    /// What it touches.
    var touches: Touches { get }
    /// The reply of a command that touches only the ``Touches/session`` (and may change it); `server` for what the
    /// server knows of itself.
    func answer(_ session: inout Session, server: Pipeline) -> Reply
    /// The reply of a command that only shows the user's game (``Touches/view``).
    func view(of state: GameState, now: Date) -> Reply
    /// Carries out a command that touches more (``Touches/run``, ``Touches/account``).
    func run(_ context: inout CommandContext) async throws -> Reply
}

/// What a command touches, and so where it runs.
public enum Touches: Sendable, Equatable {
    /// Nothing: its reply is this, whatever the session holds (`yes` with no question waiting).
    case say(Reply)
    /// The connection alone (`help`, `mode json`, `quit`): ``HabitatCommand/answer(_:)``, as the line arrives.
    case session
    /// The user's game, only to show it (`status`, `store`): ``HabitatCommand/view(of:now:)``, as the line arrives
    /// when the game is in memory.
    case view
    /// The user's own file and nothing else: this action of the game, committed on the file's thread.
    case change(Action)
    /// A recording that may be of a room's shared habit (`did`): the user's own file alone when they are in no room.
    case record(Recording)
    /// Anything more (rooms, timers, the ledger, a question first): ``HabitatCommand/run(_:)``, in a task of its own.
    case run
    /// What makes a connection someone's (`register`, `login`, `bridge`): ``HabitatCommand/run(_:)``, before login.
    case account
}

extension HabitatCommand {
    public static var beforeLogin: Bool { false }
    public static var fromChat: Bool { true }

    public func answer(_ session: inout Session, server: Pipeline) -> Reply { Reply(error: Self.unhandled) }
    public func view(of state: GameState, now: Date) -> Reply { Reply(error: Self.unhandled) }
    public func run(_ context: inout CommandContext) async throws -> Reply { throw Self.unhandled }

    static var unhandled: HabitatError { HabitatError(.internal, "Unhandled command.") }

    /// Whether `other` is this very command.
    public func isSame(as other: any HabitatCommand) -> Bool {
        (other as? Self) == self
    }
}

/// What a command that runs in a task of its own runs with: the pipeline's services, the session (which it may
/// change), the time, and the delete a `yes` just confirmed.
public struct CommandContext {
    let pipeline: Pipeline
    public internal(set) var session: Session
    let now: Date
    /// The delete a `yes` just confirmed, carried out without asking again.
    let confirmed: PendingDelete?

    /// The account it runs as: every command but an ``Touches/account`` one runs only for someone logged in.
    var account: Account {
        get throws { try Pipeline.account(of: session) }
    }

    var users: any UserGames { pipeline.users }
    var directory: any StorageContract { pipeline.directory }
    var households: Households { pipeline.households }
    var accounts: Accounts { pipeline.accounts }
}

/// A command about one household room (`room status`, `room did dishes`): said in a chat channel, it is about the
/// channel's room.
protocol RoomCommand: HabitatCommand {}

/// A view of the user's own game (`today`, `habits`, `status`): asked in a chat channel, a long one is said to them
/// privately (the bridge reply says which view it is, `view`).
protocol PersonalView: HabitatCommand {}
