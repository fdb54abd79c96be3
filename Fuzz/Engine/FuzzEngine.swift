import Foundation
import FuzzSupport
import HabitatEngine

/// The engine over any sequence of actions: after each, health within 0…max, coins never negative, XP below what the
/// level needs (the player's and every area's; a curve made steeper or flatter keeps level and XP as they are, so
/// there until XP is next gained), and a refused action changes nothing. The bytes first shape the
/// catalog (habits, areas, rewards, routines, settings: actions the ledger does not keep), then record, slip, buy and
/// run (actions it keeps); undoing those, newest first, gives back each state before them, and at last the start.
func check(_ data: [UInt8]) {
    var reader = ByteReader(data)
    var state = GameState(profile: start(&reader))
    var now = Date(timeIntervalSince1970: 1_795_176_000)
    var ids = Ids()
    var reshaped: Set<String> = []
    for _ in 0..<reader.pick(24) {
        apply(catalogAction(&reader), to: &state, at: now, reshaped: &reshaped)
        ids.assign(to: &state)
        now += TimeInterval(reader.pick(200) * 600)
    }
    let beforeLedger = state
    var done: [(entry: LedgerEntry, before: GameState)] = []
    while !reader.isEmpty {
        let before = state
        if var entry = apply(ledgerAction(&reader, in: state), to: &state, at: now, reshaped: &reshaped)?.entry {
            entry.id = ids.next()
            done.append((entry, before))
        }
        now += TimeInterval(reader.pick(200) * 600)
    }
    while let last = done.popLast() {
        now += 60
        apply(.undo(latest: last.entry), to: &state, at: now, reshaped: &reshaped)
        require(state == last.before, "undoing \(last.entry.kind) \(last.entry.subject) did not give back the state before it")
    }
    require(state == beforeLedger, "undoing everything did not give back the start")
}

/// Applies `action`, checks the invariants, and returns its outcome; a refused one must have changed nothing.
@discardableResult
func apply(_ action: Action, to state: inout GameState, at now: Date, reshaped: inout Set<String>) -> Outcome? {
    let before = state
    do {
        let outcome = try state.apply(action, at: now)
        if case .configure(.curve, let area) = action { reshaped.insert(area?.lowercased() ?? "") }
        if case .configure(.multiplier, let area) = action { reshaped.insert(area?.lowercased() ?? "") }
        if case .configure(.xpPerLevel, let area) = action { reshaped.insert(area?.lowercased() ?? "") }
        holds(state, after: action, from: before, reshaped: reshaped)
        return outcome
    } catch {
        require(error is HabitatError, "\(action) failed with \(error)")
        require(state == before, "refusing \(action) changed the state")
        return nil
    }
}

/// The invariants of any game, after `action` took it from `before`.
/// `reshaped` names whose curve has been changed (`""` the player's), lowercased.
func holds(_ state: GameState, after action: Action, from before: GameState, reshaped: Set<String>) {
    let profile = state.profile
    require((0...profile.maxHealth).contains(profile.health), "health \(profile.health) of \(profile.maxHealth) after \(action)")
    require(profile.coins >= 0, "\(profile.coins) coins after \(action)")
    let earlier = Dictionary([("", before.profile.progress)] + before.areas.map { ($0.name, $0.progress) }, uniquingKeysWith: { first, _ in first })
    for (name, progress, curve) in [("", profile.progress, state.settings.curve)] + state.areas.map({ ($0.name, $0.progress, $0.curve) }) {
        let who = name.isEmpty ? "the player" : name
        require(progress.level >= 1 && progress.xp >= 0, "\(who) at level \(progress.level) with \(progress.xp) XP after \(action)")
        // XP at or past the need is left only by a curve change, until the next gain levels it up.
        let gained = earlier[name].map { (progress.level, progress.xp) > ($0.level, $0.xp) } ?? true
        require(progress.xp < curve.need(at: progress.level) || (reshaped.contains(name.lowercased()) && !gained), "\(who) has \(progress.xp) XP of \(curve.need(at: progress.level)) needed after \(action)")
    }
}

/// A player partway through the game: level, XP, coins and health from the bytes, sometimes at game over.
func start(_ reader: inout ByteReader) -> Profile {
    let level = 1 + reader.pick(12)
    let xp = reader.pick(Settings.default.curve.need(at: level) % 256)
    let gameOver = reader.pick(8) == 0
    return Profile(
        progress: Progress(level: level, xp: xp), coins: reader.pick(256) * 4, health: gameOver ? 0 : 1 + reader.pick(250) * 4,
        maxHealth: 1000, state: gameOver ? .gameOver : .active, challenge: nil)
}

let habitNames = ["Exercise", "Smoking", "Read", "Pushups", "Junk food", "Café", "Run 5k", "exercise", "Ex"]
let areaNames = ["Fitness", "Mind", "Home", "fitness"]
let rewardNames = ["Movie night", "Coffee", "Potion", "movie"]

/// An action on the catalog or the settings.
func catalogAction(_ reader: inout ByteReader) -> Action {
    switch reader.pick(12) {
    case 0, 1, 2:
        let kind: HabitKind = reader.pick(3) == 0 ? .bad : .good
        let amount = { (reader: inout ByteReader) -> Int? in reader.pick(3) == 0 ? nil : reader.pick(256) - 8 }
        return .addHabit(
            HabitDraft(
                name: reader.pick(habitNames), kind: kind, xp: amount(&reader), coins: amount(&reader), life: amount(&reader),
                area: reader.pick(2) == 0 ? nil : reader.pick(areaNames)))
    case 3: return .addArea(reader.pick(areaNames))
    case 4: return .addReward(name: reader.pick(rewardNames), price: reader.pick(256) - 8)
    case 5: return .archive(reader.pick(habitNames))
    case 6: return .unarchive(reader.pick(habitNames))
    case 7: return .rename(reader.pick(habitNames), to: reader.pick(habitNames))
    case 8: return .addRoutine(name: "Morning", habits: [reader.pick(habitNames), reader.pick(habitNames)])
    case 9: return .useTemplate(reader.pick(["fitness", "mind", "health", "nothing"]))
    case 10: return .edit(reader.pick(habitNames), HabitEdit(xp: reader.pick(256) - 8, coins: reader.pick(64)))
    default:
        let setting = reader.pick([
            Setting.curve(reader.pick(LevelCurve.Kind.allCases)), .multiplier(Double(reader.pick(40)) / 10),
            .xpPerLevel(reader.pick(256) * 4 - 8), .runningTarget(km: Double(reader.pick(100)) / 4),
            .dayStart(hour: reader.pick(30)), .timeZone(reader.pick(["UTC", "Europe/Berlin", "Pacific/Kiritimati", "Mars/Base"])),
        ])
        return .configure(setting, area: reader.pick(3) == 0 ? reader.pick(areaNames) : nil)
    }
}

/// An action the ledger keeps: a completion, a slip, a purchase, a run, a routine.
func ledgerAction(_ reader: inout ByteReader, in state: GameState) -> Action {
    let today = state.settings.day(of: Date(timeIntervalSince1970: 1_795_176_000))
    let when: Recording.When =
        switch reader.pick(6) {
        case 0: .daysAgo(reader.pick(35))
        case 1: .on(today + reader.pick(40) - 34)
        default: .today
        }
    switch reader.pick(8) {
    case 0, 1, 2:
        return .record(Recording(habit: reader.pick(habitNames + ["Morning"]), times: reader.pick(5), when: when, timeOfDay: reader.pick(2) == 0 ? nil : reader.pick(256) * 6))
    case 3:
        return .record(Recording(habit: reader.pick(habitNames), times: 1 + reader.pick(3), when: when, slipped: true))
    case 4, 5:
        return .buy(item: reader.pick(rewardNames + ["potion", "potions"]), quantity: reader.pick(5))
    case 6:
        return .run(km: Double(reader.pick(64)) / 4)
    default:
        return .startChallenge
    }
}

/// Ids as a user's file would give them: each new habit, area, reward and routine, and each ledger entry.
struct Ids {
    private var last: Int64 = 100

    mutating func next() -> Int64 {
        last += 1
        return last
    }

    mutating func assign(to state: inout GameState) {
        for index in state.habits.indices where state.habits[index].id == nil { state.habits[index].id = next() }
        for index in state.areas.indices where state.areas[index].id == nil { state.areas[index].id = next() }
        for index in state.rewards.indices where state.rewards[index].id == nil { state.rewards[index].id = next() }
        for index in state.routines.indices where state.routines[index].id == nil { state.routines[index].id = next() }
    }
}

@main
struct Fuzzer {
    static func main() { fuzzMain(check) }
}
