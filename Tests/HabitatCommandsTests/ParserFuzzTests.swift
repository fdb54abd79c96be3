import HabitatEngine
import SeededRandom
import Testing

@testable import HabitatApp

@testable import HabitatCommands

/// Many generated lines, the same every run: the command table's own words mixed with hostile ones (huge and
/// negative numbers, `1e308`, `nan`, `0x10`, decimal commas, lone combining marks, emoji sequences,
/// right-to-left text, control characters, long words, quotes left open). Whatever is typed, the parser answers
/// with a command or a `HabitatError`, never a trap, and an error that quotes the line never quotes a control
/// character raw.
///
/// The loops are long for a debug build, so each gives way now and then (`Task.yield()`): on a machine of two cores
/// they would otherwise hold every thread of the test's task pool, and tests that wait on a real clock would starve.
@Suite struct ParserFuzzTests {
    /// How many lines each run reads: enough to reach every parser many times, few enough for a debug build.
    static let lines = 6_000

    @Test func generatedLinesParseOrAreRefusedWithAnError() async {
        var rng = SplitMix64(seed: 0x4861_6269_7461_7421)
        var commands = 0
        var errors = 0
        for index in 0..<Self.lines {
            if index.isMultiple(of: 100) { await Task.yield() }
            let line = Self.line(using: &rng)
            switch Self.outcome(of: line) {
            case .command: commands += 1
            case .error(let error):
                errors += 1
                #expect(!error.message.containsControlCharacters, "line \(index) \(line.debugDescription): \(error.message.debugDescription)")
            case .blank:
                #expect(tokenize(line).isEmpty, "line \(index) \(line.debugDescription) read as blank")
            case .other(let error):
                Issue.record("line \(index) \(line.debugDescription) threw \(error), not a HabitatError")
            }
            // What the server asks of a line before it parses it, or after a name matched nothing.
            _ = Commands.table.needsLogin(line)
            _ = Commands.table.refusedFromChat(line)
            _ = Commands.table.commandName(line)
            _ = Commands.table.helpTopic(line)
        }
        // Both kinds of answer are well represented, so the lines reach past the first checks of each parser.
        #expect(commands > Self.lines / 10)
        #expect(errors > Self.lines / 10)
    }

    /// Every command the table names, followed by hostile words: each spec's parser sees them all.
    @Test func everyTriggerFollowedByHostileWords() async {
        var rng = SplitMix64(seed: 7)
        for spec in Commands.all {
            for trigger in spec.triggers {
                await Task.yield()
                for (index, piece) in Self.hostile.enumerated() {
                    let after = Self.words(2, using: &rng)
                    let forms = [trigger + [piece], trigger + ["walk", piece] + after, trigger + after + [piece]]
                    let line = forms[index % forms.count].joined(separator: " ")
                    switch Self.outcome(of: line) {
                    case .error(let error):
                        #expect(!error.message.containsControlCharacters, "\(line.debugDescription): \(error.message.debugDescription)")
                    case .other(let error):
                        Issue.record("\(line.debugDescription) threw \(error), not a HabitatError")
                    case .command, .blank:
                        break
                    }
                }
            }
        }
    }

    /// Lines as long as the server takes (4096 bytes), of one thing over and over: each is read in one pass
    /// or close to it, so reading them all many times over is quick.
    @Test func longLinesOfOneThingRepeated() async {
        let pieces = [
            "a", "é", "\u{301}", "👨‍👩‍👧", "no ", "don't ", "x3 ", "5 xp ", "1,000", "on friday ", "at ", "in ", "\"", "' ", "to ",
            "track ", "9", ": ", "on 2", "ago days ", "1.5 ",
        ]
        let commands = ["", "did ", "add habit a ", "edit a ", "rename a ", "ran ", "config area ", "start timer a ", "buy ", "room join "]
        for command in commands {
            for piece in pieces {
                await Task.yield()
                var line = command
                while line.utf8.count + piece.utf8.count <= 4096 { line += piece }
                do {
                    if case .other(let error) = Self.outcome(of: line) { Issue.record("\(line.prefix(40)) threw \(error)") }
                }
            }
        }
    }

    enum Outcome {
        case command(any HabitatCommand)
        case blank
        case error(HabitatError)
        case other(any Error)
    }

    /// What a line parses to; a recording's name is also checked the way the server does when it matched
    /// nothing (`did exercise tomorrow`).
    static func outcome(of line: String) -> Outcome {
        do {
            guard let command = try Commands.table.parse(line) else { return .blank }
            if let did = command as? Did, let error = did.recording.unreadOption { return .error(error) }
            if let did = command as? RoomDid, let error = did.recording.unreadOption { return .error(error) }
            if let help = command as? Help, let topic = help.topic { _ = Commands.table.helpTopic(topic) }
            return .command(command)
        } catch let error as HabitatError {
            return .error(error)
        } catch {
            return .other(error)
        }
    }

    // MARK: Generating lines

    /// The command table's own words, each trigger's words one by one.
    static let keywords: [String] = Array(Set(Commands.all.flatMap { $0.triggers.flatMap { $0 } })).sorted()

    /// Words the parsers look for after the trigger.
    static let options = [
        "x", "×", "*", "times", "xp", "coins", "coin", "life", "hp", "health", "in", "area", "none", "track", "time",
        "no", "don't", "stop", "tracking", "timed", "untimed", "on", "off", "to", "for", "yesterday", "today", "tomorrow",
        "ago", "day", "days", "week", "at", "am", "pm", "last", "friday", "fri", "nov", "november", "km", "k", "m", "mi",
        "miles", "metres", "min", "mins", "minutes", "h", "hour", "hours", "per", "level", "curve", "multiplier",
        "running", "target", "timezone", "start", "flat", "linear", "exponential", "json", "text", "yes", "potion",
        "6:45", "6:45am", "12pm", "25:00", "7:60", "2026-11-19", "2026-02-30", "0000-01-01", "99999-99-99", "2026-1-1",
        "note:", ":", "::", "a:b", "Europe/Berlin", "K7P-2QX", "smiths",
    ]

    /// Numbers no parser should trust.
    static let numbers = [
        "0", "1", "-1", "+3", "10000", "10001", "99999999999999999999", "-99999999999999999999", "9223372036854775807",
        "-9223372036854775808", "9223372036854775808", "1,000,000.5", "1,000", "1,0000", "2,5", "-2,5", ",5", "5,", ",",
        ".", "..", "1..5", "1,,5", "1.5", ".5", "5.", "-0", "-0.0", "1e308", "-1e308", "1.0e300", "-1.0e300", "1e-308",
        "nan", "NaN", "-nan", "inf", "-inf", "infinity", "0x10", "0x1p3", "-0x10", "١٢", "½", "²", "𝟓", "٣,٥", "1_000",
        "1,000.5,000.5", "000,000", "1.5e2", "4.2e1",
    ]

    /// Text no parser should trip on.
    static let hostile: [String] = [
        "\u{301}", "\u{301}\u{301}\u{301}", "e\u{301}", "Café", "CAFÉ", "cafe\u{301}", "👨‍👩‍👧‍👦", "🏳️‍🌈", "👍🏽", "שלום", "مرحبا",
        "\u{202E}evil", "\u{2066}x", "\u{200F}", "\u{1}", "\u{1B}[2J", "\u{7F}", "\u{85}", "\u{9}", "\u{B}", "\u{C}",
        "\r", "\n", "\u{2028}", "\u{FEFF}", "\u{200B}", "ß", "SS", "ǅ", "İ", "ﬁ", "ΟΔΟΣ", "οδός", "\"open", "'open",
        "“open", "‘open", "\"", "'", "”", "\\", "\"a\\\"b\"", "\"\\\\\"", "\"\"", "''", "\"Run 5k\"", "x3", "×3", "3x",
        "x-1", "x99999999999999999999", "×٣", "*0", "10xp", "-5xp", "1.5xp", "2,5coins", "99999999999999999999life",
        "2.5km", "2,5km", "1e308km", "nankm", "0x10km", "90m", "1.5h", "1,5hours", "-1.0e300", "1e308min",
        String(repeating: "a", count: 300), String(repeating: "9", count: 300), String(repeating: "é", count: 100),
        String(repeating: "👨‍👩‍👧", count: 30), String(repeating: "x", count: 50) + "3",
    ] + numbers

    static func word(using rng: inout SplitMix64) -> String {
        switch rng.below(10) {
        case 0, 1: return keywords[rng.below(keywords.count)]
        case 2, 3: return options[rng.below(options.count)]
        case 4: return numbers[rng.below(numbers.count)]
        case 5: return hostile[rng.below(hostile.count)]
        case 6:
            // A number with a unit glued on.
            let units = ["xp", "coins", "life", "km", "m", "k", "mi", "min", "h", "x", "am", "pm"]
            return numbers[rng.below(numbers.count)] + units[rng.below(units.count)]
        case 7:
            let names = ["exercise", "Run", "Café au lait", "wake up", "Maison Café", "Straße", "Fitness", "Health Potion"]
            return names[rng.below(names.count)]
        case 8:
            // A few random scalars, any kind but NUL and surrogates.
            return String(String.UnicodeScalarView((0..<(1 + rng.below(4))).map { _ in rng.scalar() }))
        default:
            // Pieces glued together.
            let pieces = [hostile, options, numbers]
            return (0..<2).map { _ in
                let kind = pieces[rng.below(pieces.count)]
                return kind[rng.below(kind.count)]
            }.joined()
        }
    }

    static func words(_ count: Int, using rng: inout SplitMix64) -> [String] {
        (0..<count).map { _ in word(using: &rng) }
    }

    static func line(using rng: inout SplitMix64) -> String {
        var words: [String] = []
        // Most lines start with a command's trigger, as typed.
        if rng.below(5) != 0 {
            let spec = Commands.all[rng.below(Commands.all.count)]
            let trigger = spec.triggers[rng.below(spec.triggers.count)]
            words += rng.below(4) == 0 ? trigger.map { $0.uppercased() } : trigger
        }
        words += self.words(rng.below(9), using: &rng)
        let separators = [" ", " ", " ", "  ", "\t", "", "\u{A0}", " \u{3000} "]
        var line = ""
        for (index, word) in words.enumerated() {
            if index > 0 { line += separators[rng.below(separators.count)] }
            line += word
        }
        return line
    }
}

extension SplitMix64 {
    /// A Unicode scalar, not NUL: mostly ASCII and Latin, sometimes anywhere in the planes in use.
    mutating func scalar() -> Unicode.Scalar {
        let ranges: [ClosedRange<UInt32>] = [0x01...0x7F, 0x80...0x2FF, 0x300...0x36F, 0x590...0x6FF, 0x2000...0x206F, 0x1F300...0x1FAFF, 0x01...0x10FFFF]
        while true {
            let range = ranges[below(ranges.count)]
            let value = range.lowerBound + UInt32(next() % UInt64(range.upperBound - range.lowerBound + 1))
            if let scalar = Unicode.Scalar(value) { return scalar }
        }
    }
}
