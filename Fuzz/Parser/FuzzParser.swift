import Foundation
import FuzzSupport
import HabitatApp
import HabitatCommands
import HabitatEngine

/// The command parser over any line of text: no fault, the same answer twice, every word a command carries (a name,
/// a password, a topic) taken from the line as typed (what makes a name valid, its spaces and characters, is the
/// engine's rule, not the parser's), and an error that quotes the line shows its control characters escaped, never raw.
func check(_ data: [UInt8]) {
    let line = String(decoding: data, as: UTF8.self)
    let first = Result { try Commands.parse(line) }
    let second = Result { try Commands.parse(line) }
    switch (first, second) {
    case (.success(let a), .success(let b)):
        require(a.map { a in b.map(a.isSame) ?? false } ?? (b == nil), "\(line.debugDescription) parsed as \(String(describing: a)), then \(String(describing: b))")
        for word in words(in: a) {
            require(taken(bare(word), from: bare(line)), "\(line.debugDescription) parsed with \(word.debugDescription), not in the line")
        }
        // A line in the user's own words carries the answer it gets when no habit goes by them: it quotes the line.
        if case .record(let recording)? = a?.touches, let loose = recording.loose {
            require(loose.unknown.code.rawValue == "unknown_command", "\(line.debugDescription) read loosely, with \(loose.unknown.code)")
            require(!loose.unknown.message.containsControlCharacters, "\(line.debugDescription) read loosely shows a control character raw")
        }
    case (.failure(let a as HabitatError), .failure(let b as HabitatError)):
        require(a == b, "\(line.debugDescription) refused as \(a.code), then \(b.code)")
        require(!a.message.containsControlCharacters, "\(a.code) for \(line.debugDescription) shows a control character raw")
    default:
        require(false, "\(line.debugDescription): \(first) then \(second)")
    }
    _ = Commands.table.needsLogin(line)
    _ = Commands.table.refusedFromChat(line)
    _ = Commands.table.commandName(line)
    // The same line in a person's own words: no fault, and the same reading twice.
    let reading = EverydayReader.read(line, vocabulary)
    require(reading == EverydayReader.read(line, vocabulary), "\(line.debugDescription) read in everyday words two ways")
}

/// Someone's names, for reading lines in their own words: habits with and without amounts and units, names of several
/// words (one with `after` in it), a bad habit with a limit, a shared chore, a German name, a reward and an area.
let vocabulary = Vocabulary(
    habits: [
        .init(name: "Running", amount: DailyAmount(5, unit: "km")), .init(name: "Water", amount: DailyAmount(8, unit: "glasses")),
        .init(name: "Push-ups", amount: DailyAmount(50)), .init(name: "Call mum"), .init(name: "Yoga", quota: true),
        .init(name: "Coffee", amount: DailyAmount(2, unit: "cups"), bad: true), .init(name: "Snacks after midnight", bad: true),
        .init(name: "Zähne putzen", amount: DailyAmount(2)), .init(name: "Dishes", shared: true),
    ],
    rewards: ["Bubble tea"], areas: ["Fitness"], inRoom: true, today: Day(iso: "2026-11-20")!)

/// Whether `word` is a run of `line`'s scalars, letter case aside.
func taken(_ word: String, from line: String) -> Bool {
    let (word, line) = (Array(word.lowercased().unicodeScalars), Array(line.lowercased().unicodeScalars))
    guard !word.isEmpty else { return true }
    guard word.count <= line.count else { return false }
    return (0...(line.count - word.count)).contains { line[$0..<($0 + word.count)].elementsEqual(word) }
}

/// Text as compared for "taken from the line": without quote marks and backslashes (a quoted run loses its quotes and
/// escapes) and without white space (words are joined by one space, and a quoted run ends a word), scalar by scalar
/// and without combining marks (a space and the mark after it are one character, which the tokenizer takes as a space).
func bare(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.filter { !"\"'“”‘’\\".unicodeScalars.contains($0) && !$0.properties.isWhitespace && !marks.contains($0.properties.generalCategory) }))
}

let marks: Set<Unicode.GeneralCategory> = [.nonspacingMark, .spacingMark, .enclosingMark]

/// Every string inside a parsed command (a loose reading's answer, which is no word of the command, aside).
func words(in value: Any) -> [String] {
    if let string = value as? String { return [string] }
    return Mirror(reflecting: value).children.filter { $0.label != "loose" }.flatMap { words(in: $0.value) }
}

@main
struct Fuzzer {
    static func main() { fuzzMain(check) }
}
