import Foundation
import HabitatCommands
import HabitatEngine

/// `status`: level, XP, health and coins.
struct Status: PersonalView {
    static let spec = Spec(
        "status", summary: "your level, XP, health and coins", triggers: [["status"], ["stats"], ["me"]], command: Status())

    var touches: Touches { .view }

    func view(of state: GameState, now: Date) -> Reply {
        Views.status(state, today: state.settings.day(of: now))
    }
}

/// `level`, `coins`, `health`, `xp` (and the questions that ask for one): that figure alone.
struct OneFigure: HabitatCommand {
    static let level = Spec(
        "level", summary: "your level, and the XP to the next", triggers: Spec.asked("level") + [["lvl"]], command: OneFigure(.level))
    static let xp = Spec(
        "xp", summary: "your XP toward the next level", triggers: Spec.asked("xp") + [["exp"], ["experience"]], command: OneFigure(.xp))
    static let health = Spec(
        "health", summary: "your health", triggers: Spec.asked("health") + [["hp"], ["life"], ["my", "hp"], ["my", "life"]],
        command: OneFigure(.health))
    static let coins = Spec(
        "coins", summary: "how many coins you have",
        triggers: Spec.asked("coins") + [["gold"], ["money"], ["balance"], ["my", "balance"], ["my", "money"]], command: OneFigure(.coins))

    let figure: Figure

    init(_ figure: Figure) {
        self.figure = figure
    }

    var touches: Touches { .view }

    func view(of state: GameState, now: Date) -> Reply {
        Views.figure(figure, of: state)
    }
}
