import Foundation
import HabitatEngine
import SeededRandom
import Testing

@testable import HabitatStorage

/// Habitat's JSON export read back by `habitat import`: an account exported and imported into an empty one is, in all
/// the import carries, the same account (its export the same document), over accounts played at random.
@Suite struct ExportRoundTripTests {
    static let seeds: [UInt64] = Array(1...100)

    @Test(arguments: seeds)
    func anAccountExportedAndImportedIsTheSame(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        try await withTemporaryDirectory { folder in
            let first = UserDatabase(path: folder.appendingPathComponent("a.sqlite").path, durability: .normal)
            let second = UserDatabase(path: folder.appendingPathComponent("b.sqlite").path, durability: .normal)
            defer { first.close(); second.close() }
            try await Self.play(first, &random)
            let exported = try await UserExport.load(user: "alice", from: first, at: Fixture.now).json()
            let plan = try UserExport.read(exported, name: "alice.json")
            _ = try await second.importing(plan, options: ImportOptions(withCharacter: true), at: Fixture.now)
            let again = try await UserExport.load(user: "alice", from: second, at: Fixture.now).json()
            let (before, after) = (try Self.carried(exported), try Self.carried(again))
            for key in before.keys.sorted() {
                #expect(after[key] == before[key], "seed \(seed), \(key)")
            }
        }
    }

    /// What an import carries of an export, each part as sorted-keys JSON text: the settings, the character (level,
    /// XP, coins, life), the areas' names, the habits without their ids (and without when their bite began: an imported
    /// habit's bites from the day after the import), rewards, routines, pauses, to-dos without their ids.
    static func carried(_ export: Data) throws -> [String: String] {
        let document = try #require(try JSONSerialization.jsonObject(with: export) as? [String: Any])
        func text(_ value: Any) throws -> String {
            String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
        }
        func without(_ keys: Set<String>, _ rows: Any?) -> [[String: Any]] {
            (rows as? [[String: Any]] ?? []).map { $0.filter { !keys.contains($0.key) } }
        }
        let profile = try #require(document["profile"] as? [String: Any])
        var parts = [
            "settings": try text(document["settings"] ?? NSNull()),
            "character": try text(["level": profile["level"], "xp": profile["xp"], "coins": profile["coins"], "life": profile["life"]]),
            "areas": try text((document["areas"] as? [[String: Any]] ?? []).map { $0["name"] ?? NSNull() }),
            "rewards": try text(without(["id"], document["rewards"])),
            "routines": try text(without(["id"], document["routines"])),
            "pauses": try text(document["pauses"] ?? NSNull()),
            "todos": try text(without(["id"], document["todos"])),
        ]
        for habit in without(["id", "bites_from"], document["habits"]) {
            parts["habit \(habit["name"] ?? "")"] = try text(habit)
        }
        return parts
    }

    /// Plays an account at random: settings, areas, habits of every kind and schedule, own words, steps, recordings
    /// today and backdated with notes, undos, rewards, purchases, routines, pauses, to-dos done and open. A refused
    /// action (a name taken, nothing to undo) is passed over, as a person would go on.
    static func play(_ database: UserDatabase, _ random: inout SplitMix64) async throws {
        func attempt(_ action: Action, minutes: Int = 0) async {
            _ = try? await database.apply(action, at: Fixture.now + Double(minutes * 60))
        }
        let zones = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Tokyo", "Australia/Adelaide"]
        await attempt(.configure(.timeZone(zones[random.below(zones.count)]), area: nil))
        if random.below(3) == 0 { await attempt(.configure(.weekStart(6), area: nil)) }
        if random.below(3) == 0 { await attempt(.configure(.dayStart(hour: random.below(5)), area: nil)) }
        if random.below(4) == 0 { await attempt(.configure(.curve(.exponential), area: nil)) }
        let areas = ["Fitness", "Mind", "Home"].filter { _ in random.below(2) == 0 }
        for area in areas { await attempt(.addArea(area)) }
        let schedules: [Schedule] = [.daily, .weekdays([0, 2, 4]), .weekdays([5, 6]), .interval(3), .quota(3, .week), .quota(2, .month)]
        var names: [String] = []
        for number in 1...(1 + random.below(5)) {
            let name = ["Walk", "Read", "Water", "Coffee", "Stretch", "Journal"][random.below(6)] + " \(number)"
            let bad = random.below(4) == 0
            var draft = HabitDraft(name: name, kind: bad ? .bad : .good, area: areas.isEmpty || random.below(2) == 0 ? nil : areas[random.below(areas.count)])
            if random.below(3) == 0 { draft.xp = 5 + random.below(30) }
            if random.below(3) == 0 { draft.coins = random.below(10) }
            if bad, random.below(2) == 0 { draft.life = 1 + random.below(20) }
            if !bad { draft.schedule = schedules[random.below(schedules.count)] }
            if random.below(3) == 0 { draft.amount = bad ? DailyAmount(2, unit: "cups") : DailyAmount(8, unit: "glasses") }
            if !bad, draft.amount == nil, random.below(4) == 0 { draft.bite = 5 }
            await attempt(.addHabit(draft))
            names.append(name)
            if random.below(4) == 0 { await attempt(.call(name, word: "word\(number)")) }
            if !bad, draft.amount == nil, random.below(4) == 0 {
                await attempt(.addChecklistItem(to: name, item: "first step"))
                await attempt(.addChecklistItem(to: name, item: "second step"))
            }
        }
        if random.below(2) == 0 { await attempt(.addRoutine(name: "Morning", habits: Array(names.prefix(2)))) }
        if random.below(2) == 0 { await attempt(.addReward(name: "Movie night", price: 50 + random.below(100))) }
        for step in 0..<random.below(40) {
            let name = names[random.below(names.count)]
            switch random.below(10) {
            case 0: await attempt(.undo(latest: try await database.read { try $0.latestUndoable() }), minutes: step)
            case 1: await attempt(.buy(item: "potion", quantity: 1), minutes: step)
            case 2: await attempt(.addTodo(name: "Todo \(step)", due: nil), minutes: step)
            case 3: await attempt(.completeTodo("todo \(random.below(step + 1))"), minutes: step)
            case 4: await attempt(.archive(name), minutes: step)
            default:
                let note = random.below(4) == 0 ? "note \(step)" : nil
                let when: Recording.When = random.below(2) == 0 ? .today : .daysAgo(random.below(30))
                await attempt(.record(Recording(habit: name, times: 1 + random.below(3), when: when, note: note)), minutes: step)
            }
        }
        if random.below(3) == 0 { await attempt(.pause(names.first, .days(3))) }
        if random.below(4) == 0 { await attempt(.pause(nil, .days(2))) }
    }
}
