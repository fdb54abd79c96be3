import Foundation
import HabitatCommands
import HabitatEngine

/// What a command that only shows the user's game shows: answered from the game in memory when it is there.
public enum GameView: Sendable, Equatable {
    case status, store, areas, config, routines, templates
    case figure(Figure)

    /// The view `command` shows, if it only shows the user's game.
    init?(_ command: Command) {
        switch command {
        case .status: self = .status
        case .store: self = .store
        case .areas: self = .areas
        case .showConfig: self = .config
        case .routines: self = .routines
        case .templates: self = .templates
        case .figure(let figure): self = .figure(figure)
        // Changes (``Plan/action(for:)``), reads of the ledger (`habits`, `streaks` and `archive` count streaks from it), and commands about more than the user's game.
        case .addHabit, .addReward, .deleteReward, .buy, .addArea, .renameArea, .deleteArea, .configure, .startChallenge, .ran,
.archive, .unarchive, .edit, .rename, .delete, .addRoutine, .deleteRoutine, .useTemplate, .today, .history,
            .heatmap, .habits, .streaks, .help, .hello, .thanks, .whoami, .register, .login, .logout, .passwd, .mode, .plain, .quit, .confirm, .cancel, .startTimer, .timers,
            .stopTimer, .rooms, .room, .record, .undo, .bridge, .link, .pause, .resume, .remind,
            .reminders, .stopReminding, .snooze:
            return nil
        }
    }

    /// The reply showing this view of `state`.
    func reply(of state: GameState, now: Date) -> Reply {
        switch self {
        case .status: Views.status(state, today: state.settings.day(of: now))
        case .store: Views.store(state)
        case .areas: Views.areas(state)
        case .config: Views.config(state)
        case .routines: Views.routines(state)
        case .templates: Views.templates()
        case .figure(let figure): Views.figure(figure, of: state)
        }
    }
}
