import Foundation
import HabitatCommands
import HabitatEngine
import Testing

@testable import HabitatApp

/// What the server understands from one typed line.
func parse(_ line: String) throws -> (any HabitatCommand)? {
    try Commands.parse(line)
}

/// Whether a line was read as `expected`: a command of its type, with the same values.
func == <C: HabitatCommand>(read: (any HabitatCommand)?, expected: C) -> Bool {
    (read as? C) == expected
}

func != <C: HabitatCommand>(read: (any HabitatCommand)?, expected: C) -> Bool {
    !(read == expected)
}

/// The error a typed line is answered with, or `nil` when it parses.
///
/// A line read in the user's own words (``Recording/loose``) gives the error it gets when none of their habits goes by
/// those words: what a player without habits is told.
func parseError(_ line: String) -> HabitatError? {
    do {
        if let did = try Commands.parse(line) as? Did, let loose = did.recording.loose { return loose.unknown }
        return nil
    } catch let error as HabitatError {
        return error
    } catch {
        Issue.record("'\(line)' threw \(error), not a HabitatError")
        return nil
    }
}

/// What a line records, whether it finds the habit as a command does or only by a whole name or its words' forms (a
/// line in the user's own words, `exercise done`: ``Recording/loose``); anything else as `parse` reads it.
func parseRecording(_ line: String) throws -> (any HabitatCommand)? {
    guard var did = try parse(line) as? Did else { return try parse(line) }
    did.recording.loose = nil
    return did
}

/// What a line in the user's own words records (`exercise done`), which finds the habit only by a whole name or its
/// words' forms, never by a prefix (``Recording/loose``).
func parseOwnWords(_ line: String) throws -> (any HabitatCommand)? {
    let did = try parse(line) as? Did
    #expect(did?.recording.loose != nil, "'\(line)' is read as a command, not in the user's own words")
    return try parseRecording(line)
}

/// `.record(...)` with the defaults a plain `did <habit>` has.
func record(
    _ habit: String, times: Int = 1, when: Recording.When = .today, note: String? = nil, at minutes: Int? = nil,
    slipped: Bool = false
) -> Did {
    Did(Recording(habit: habit, times: times, when: when, note: note, timeOfDay: minutes, slipped: slipped))
}

/// A `YYYY-MM-DD` day known to be valid.
func day(_ iso: String) -> Day {
    guard let day = Day(iso: iso) else { fatalError("bad test date \(iso)") }
    return day
}

/// The keys of a JSON object, in order (empty for anything else).
func keys(_ value: JSON?) -> [String] {
    guard case .object(let pairs)? = value else { return [] }
    return pairs.map(\.0)
}

/// The elements of a JSON array (empty for anything else).
func elements(_ value: JSON?) -> [JSON] {
    guard case .array(let values)? = value else { return [] }
    return values
}

/// A fixed player for the view tests.
enum Sample {
    /// Friday 2026-11-20.
    static let today = day("2026-11-20")
    /// 2026-11-20 12:00 UTC.
    static let now = Date(timeIntervalSince1970: TimeInterval(today.ordinal * 86_400 + 12 * 3600))

    static let fitness = Area(id: 7, name: "Fitness", progress: Progress(level: 2, xp: 30))

    static let exercise = Habit(
        id: 1, name: "Exercise", kind: .good, xp: 15, coins: 3, life: 0, areaID: 7, created: today - 20,
        stats: HabitStats(streak: 4, best: 6, lastDay: today - 1, total: 12))

    /// How many times each sample habit was recorded on each day: Exercise six days in a row two weeks ago, then the
    /// last four days up to yesterday (streak 4, best 6, as its stats say).
    static let days: [Int64: [Day: Quantity]] = [1: Dictionary(uniqueKeysWithValues: (Array(9...14) + Array(1...4)).map { (today - $0, 1) })]

    static let smoking = Habit(id: 2, name: "Smoking", kind: .bad, xp: 0, coins: 0, life: 25, created: today - 10)

    static let wakeUp = Habit(id: 3, name: "Wake up", kind: .good, life: 0, tracksTime: true, created: today - 3)

    static let flossing = Habit(id: 4, name: "Flossing", kind: .good, life: 0, archived: true, created: today - 30)

    static let movieNight = Reward(id: 1, name: "Movie night", price: 100)

    static func state(
        level: Int = 3, xp: Int = 40, coins: Int = 12, health: Int = 870, life: LifeState = .active,
        challenge: Challenge? = nil, habits: [Habit] = [exercise, smoking], areas: [Area] = [fitness],
        rewards: [Reward] = [movieNight]
    ) -> GameState {
        var profile = Profile.start
        profile.progress = Progress(level: level, xp: xp)
        profile.coins = coins
        profile.health = health
        profile.state = life
        profile.challenge = challenge
        return GameState(profile: profile, habits: habits, areas: areas, rewards: rewards)
    }
}

/// Whether a line was read as `expected`, whichever command it is.
func == (read: (any HabitatCommand)?, expected: any HabitatCommand) -> Bool {
    read.map(expected.isSame) ?? false
}
