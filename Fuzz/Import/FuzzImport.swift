import Foundation
import FuzzSupport
import HabitatEngine
import HabitatStorage

/// The importers' readers over any bytes, as a file from anywhere may hold them: Habitica's user data (JSON) and a
/// habit's `Checkmarks.csv` from Loop Habit Tracker's CSV export. No fault; the same answer twice; a refusal is a
/// `HabitatError` that shows no control character raw; the days a plan keeps through a day are none after it.
func check(_ data: [UInt8]) {
    let bytes = Data(data)
    if HabiticaExport.isExport(bytes) {
        switch Result(catching: { try HabiticaExport.read(bytes) }) {
        case .success(let plan):
            let kept = plan.keepingDays(through: last)
            require(kept.habits.allSatisfy { $0.days.allSatisfy { $0.day <= last && $0.day.ordinal >= 0 } }, "a day after \(last) kept")
            require(kept.dayCount <= plan.dayCount, "keeping days added some")
        case .failure(let error):
            refusal(error, of: "Habitica's user data")
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
