import Foundation
import FuzzSupport
import HabitatEngine
import HabitatStorage

/// The importers' readers over any bytes, as a file from anywhere may hold them: Habitica's user data (JSON),
/// Habitat's own export (JSON) and a habit's `Checkmarks.csv` from Loop Habit Tracker's CSV export; and the engine
/// taking in what they read. No fault; the same answer twice; a refusal is a `HabitatError` that shows no control
/// character raw; the days a plan keeps through a day are none after it.
func check(_ data: [UInt8]) {
    let bytes = Data(data)
    for (what, isIt, read) in readers where isIt(bytes) {
        switch Result(catching: { try read(bytes) }) {
        case .success(let plan):
            let kept = plan.keepingDays(through: last)
            require(kept.habits.allSatisfy { $0.days.allSatisfy { $0.day <= last && $0.day.ordinal >= 0 } }, "a day after \(last) kept")
            require(kept.dayCount <= plan.dayCount, "keeping days added some")
            taken(kept)
        case .failure(let error):
            refusal(error, of: what)
        }
    }
    let text = String(decoding: data, as: UTF8.self)
    let first = Result { try LoopCSV.days(in: text, file: "001 Read/Checkmarks.csv").map { "\($0)" } }
    let second = Result { try LoopCSV.days(in: text, file: "001 Read/Checkmarks.csv").map { "\($0)" } }
    switch (first, second) {
    case (.success(let a), .success(let b)): require(a == b, "\(text.debugDescription) read two ways")
    case (.failure(let a as HabitatError), .failure(let b as HabitatError)):
        require(a == b, "\(text.debugDescription) refused two ways")
        refusal(a, of: "a Checkmarks.csv")
    default: require(false, "\(text.debugDescription): \(first) then \(second)")
    }
}

let readers: [(String, @Sendable (Data) -> Bool, @Sendable (Data) throws -> ImportPlan)] = [
    ("Habitica's user data", HabiticaExport.isExport, { try HabiticaExport.read($0) }),
    ("Habitat's export", UserExport.isExport, { try UserExport.read($0, name: "alice.json") }),
]

/// What the engine makes of a plan, merged or not, with all it may bring: taken in, or refused with a `HabitatError`.
func taken(_ plan: ImportPlan) {
    for merging in [false, true] {
        var state = GameState(profile: .start)
        let now = Date(timeIntervalSince1970: 1_795_176_000)
        do {
            if merging { _ = try state.addImported(plan, at: now) }
            let into = try state.addImported(plan, at: now, merging: merging)
            // What saving does: each new habit gets its id.
            for index in state.habits.indices where state.habits[index].id == nil { state.habits[index].id = Int64(index + 1) }
            let added = into.compactMap { place in state.habits.first { $0.name == place.name } }
            require(added.count == plan.habits.count, "\(plan.habits.count) habits placed as \(into)")
            try state.addImportedRoutinesAndPauses(plan, added: added)
            _ = state.importedHistory(plan, added: added, options: ImportOptions(withRewards: true, withCharacter: true, merge: merging), at: now)
        } catch {
            refusal(error, of: "an import")
        }
    }
}

/// A reader's refusal: the one error type a user sees, said without a raw control character.
func refusal(_ error: any Error, of what: String) {
    guard let error = error as? HabitatError else { return require(false, "\(what) refused with \(error), not a HabitatError") }
    require(!error.message.containsControlCharacters, "\(what) refused showing a control character raw: \(error.message.debugDescription)")
}

let last = Day(iso: "2026-12-01")!

@main
struct Fuzzer {
    static func main() { fuzzMain(check) }
}
