import Foundation
import HabitatCommands
import HabitatEngine

/// `config`: the settings; `config timezone Europe/Berlin`, `config area Fitness curve flat`: one changed.
struct Config: HabitatCommand {
    static let spec = Spec(
        "config", usage: "config [setting value]", summary: "show your settings, or change one",
        examples: [
            "config", "config curve exponential", "config multiplier 2", "config xp per level 200",
            "config running target 3 km", "config timezone Europe/Berlin", "config day start 4",
            "config area Fitness curve flat",
        ],
        triggers: [["config"], ["settings"], ["set"]] + Spec.asked("settings").dropFirst() + [["show", "config"]]
    ) { rest in
        guard let (setting, area) = try SettingsParser.parse(rest) else { return Config(nil, area: nil) }
        return Config(setting, area: area)
    }

    /// `nil`: the settings shown.
    let setting: Setting?
    let area: String?

    init(_ setting: Setting?, area: String?) {
        (self.setting, self.area) = (setting, area)
    }

    var touches: Touches {
        switch (setting, area) {
        case (nil, _): .view
        // A new clock moves the user's reminders and day end to it, in the directory too.
        case (.timeZone?, nil), (.dayStart?, nil): .run
        case (let setting?, let area): .change(.configure(setting, area: area))
        }
    }

    func view(of state: GameState, now: Date) -> Reply { Views.config(state) }

    /// A new time zone or day start: the reminders come at their times on the new clock, and the next day end at the
    /// new midnight (both or neither).
    func run(_ context: inout CommandContext) async throws -> Reply {
        guard let setting else { throw Self.unhandled }
        let (account, now, directory, area) = (try context.account, context.now, context.directory, area)
        return try await context.users.with(account.fileID) { database in
            let (outcome, state) = try await database.apply(.configure(setting, area: area), at: now) { _, state in
                try directory.moveReminders(of: account.id, to: state.settings, after: now)
                if let due = state.nextDayEnd() { try directory.scheduleDayEnd(of: account.id, at: due) }
            }
            return Views.outcome(outcome, state)
        }
    }
}
