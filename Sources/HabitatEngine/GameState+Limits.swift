/// The most of each thing one player can have: far more than any household uses, so that no script can make a
/// game too big to keep in memory and to show whole (`habits`, `store`, `areas`, `routines`). At a limit only
/// adding is refused (`limit_reached`): a game that has more, from before there were limits, keeps all of it.
public enum CatalogLimit {
    /// Habits, archived ones included: they stay in the game, and `archive` lists them.
    public static let habits = 1_000
    public static let rewards = 1_000
    public static let areas = 100
    public static let routines = 100
    /// Habits in one routine: `routines` shows each routine with all of its habits.
    public static let habitsPerRoutine = 50
}

extension GameState {
    /// Refuses a new habit when the player has as many as one can have.
    func requireRoomForHabit() throws {
        guard habits.count >= CatalogLimit.habits else { return }
        throw HabitatError(
            .limitReached,
            Self.reached(habits.count, CatalogLimit.habits, "habits")
                + " To add another, delete one you no longer need with 'delete habit <name>' (archived habits count too).")
    }

    func requireRoomForReward() throws {
        guard rewards.count >= CatalogLimit.rewards else { return }
        throw HabitatError(
            .limitReached,
            Self.reached(rewards.count, CatalogLimit.rewards, "rewards")
                + " To add another, delete one you no longer need with 'delete reward <name>'.")
    }

    func requireRoomForArea() throws {
        guard areas.count >= CatalogLimit.areas else { return }
        throw HabitatError(
            .limitReached,
            Self.reached(areas.count, CatalogLimit.areas, "areas")
                + " To add another, delete one you no longer need with 'delete area <name>'.")
    }

    func requireRoomForRoutine() throws {
        guard routines.count >= CatalogLimit.routines else { return }
        throw HabitatError(
            .limitReached,
            Self.reached(routines.count, CatalogLimit.routines, "routines")
                + " To add another, delete one you no longer need with 'delete routine <name>'.")
    }

    /// Refuses a template whose new habits (and area, if new) don't all fit: a template is added whole or not at all.
    func requireRoom(for template: Template, adding fresh: Int, newArea: Bool) throws {
        let excess = habits.count + fresh - CatalogLimit.habits
        if excess > 0 {
            throw HabitatError(
                .limitReached,
                "The \(template.name) template adds \(fresh == 1 ? "1 habit" : "\(fresh) habits"), and one player can have at most "
                    + "\(CatalogLimit.habits); you have \(habits.count). Delete \(excess == 1 ? "one" : "\(excess)") you no longer need "
                    + "with 'delete habit <name>' (archived habits count too), then try again.")
        }
        if newArea, areas.count >= CatalogLimit.areas {
            throw HabitatError(
                .limitReached,
                "The \(template.name) template adds the area \(template.area). \(Self.reached(areas.count, CatalogLimit.areas, "areas")) "
                    + "Delete one you no longer need with 'delete area <name>', then try again.")
        }
    }

    /// `You have 1000 habits, the most one player can have.`; a game from before the limits may have more.
    static func reached(_ count: Int, _ limit: Int, _ things: String) -> String {
        count == limit
            ? "You have \(count) \(things), the most one player can have."
            : "You have \(count) \(things); one player can have at most \(limit)."
    }
}
