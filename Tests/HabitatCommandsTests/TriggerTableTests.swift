import Testing

@testable import HabitatApp

@testable import HabitatCommands

/// The trigger table finds commands the way a walk over every spec would: the longest trigger the
/// line starts with, the first in the table among equally long ones.
@Suite struct TriggerTableTests {
    /// The walk the table stands in for.
    func walk(_ tokens: [Token]) -> (name: String, length: Int)? {
        guard let first = tokens.first, !first.quoted else { return nil }
        var best: (name: String, length: Int)?
        for spec in Commands.all {
            for trigger in spec.triggers where trigger.count <= tokens.count && trigger.count > (best?.length ?? 0) {
                if zip(trigger, tokens).allSatisfy({ $0 == $1.lower && !$1.quoted }) { best = (spec.name, trigger.count) }
            }
        }
        return best
    }

    @Test func everyTriggerAndItsLongerLinesMatchAsTheWalkWould() {
        let lines = Commands.all.flatMap(\.triggers).flatMap { trigger -> [String] in
            let words = trigger.joined(separator: " ")
            return [words, words + " exercise", words.uppercased() + " 2 times", "\"\(words)\"", words + " habit dishes"]
        }
        #expect(lines.count > 100)
        var mismatches: [String] = []
        for line in lines {
            let tokens = tokenize(line)
            let table = Commands.table.match(tokens).map { ($0.spec.name, $0.trigger.count) }
            let expected = walk(tokens)
            if table?.0 != expected?.name || table?.1 != expected?.length { mismatches.append(line) }
        }
        #expect(mismatches.isEmpty)
    }

    @Test func unknownFirstWordsMatchNothing() {
        #expect(Commands.table.match(tokenize("flibber exercise")) == nil)
        #expect(Commands.table.match(tokenize("\"did\" exercise")) == nil)
    }
}
