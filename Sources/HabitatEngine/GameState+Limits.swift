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

/// What one player may have only so many of (``CatalogLimit``).
enum Catalog: String {
    case habits, rewards, areas, routines

    var limit: Int {
        switch self {
        case .habits: CatalogLimit.habits
        case .rewards: CatalogLimit.rewards
        case .areas: CatalogLimit.areas
        case .routines: CatalogLimit.routines
        }
    }

    /// How one of them is deleted, to make space for another.
    var deleteHint: String {
        switch self {
        case .habits: "'delete habit <name>' (archived habits count too)."
        case .rewards: "'delete reward <name>'."
        case .areas: "'delete area <name>'."
        case .routines: "'delete routine <name>'."
        }
    }
}

extension GameState {
    /// How many of `catalog` the player has.
    func count(of catalog: Catalog) -> Int {
        switch catalog {
        case .habits: habits.count
        case .rewards: rewards.count
        case .areas: areas.count
        case .routines: routines.count
        }
    }

    /// Refuses one more of `catalog` when the player has as many as one can have.
    func requireSpace(for catalog: Catalog) throws {
        let count = count(of: catalog)
        guard count >= catalog.limit else { return }
        throw HabitatError(
            .limitReached,
            Self.reached(count, catalog.limit, catalog.rawValue) + " To add another, delete one you no longer need with \(catalog.deleteHint)")
    }

    /// Refuses a template whose new habits (and area, if new) don't all fit: a template is added whole or not at all.
    func requireSpace(for template: Template, adding fresh: Int, newArea: Bool) throws {
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
