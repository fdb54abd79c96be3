import Foundation
import HabitatEngine

extension CommandTable {
    /// The longest trigger the line starts with; of equally long ones, the first in the table.
    func match(_ tokens: [Token]) -> (spec: CommandSpec<Command>, trigger: [String])? {
        lookUp(tokens).map { (all[$0.spec], $0.trigger) }
    }

    /// ``match(_:)`` with the command's index in ``all`` (no copy of it), and whether the line's first word is
    /// ``FirstWord/plain``.
    func lookUp(_ tokens: [Token]) -> (spec: Int, trigger: [String], plain: Bool)? {
        guard let first = tokens.first, !first.quoted, let word = triggersByFirstWord[first.lower] else { return nil }
        for candidate in word.candidates where candidate.trigger.count <= tokens.count {
            if zip(candidate.trigger, tokens).allSatisfy({ $0 == $1.lower && !$1.quoted }) {
                return (candidate.spec, candidate.trigger, word.plain)
            }
        }
        return nil
    }

    /// The triggers that start with one word, and what ``EverydayWords`` makes of a line starting with it.
    struct FirstWord {
        /// Longest first (table order among equals).
        let candidates: [(spec: Int, trigger: [String])]
        /// Neither a question's first word nor one ``EverydayWords/tidy(_:)`` sets aside at the start of a line: a
        /// line starting with it whose last word is kept too (``EverydayWords/keepsEnd(_:)``) is read as typed.
        let plain: Bool
    }

    /// Every trigger under its first word, so matching a line looks at a handful of triggers instead of the whole
    /// table.
    static func firstWords(_ all: [CommandSpec<Command>]) -> [String: FirstWord] {
        var table: [String: [(spec: Int, trigger: [String], order: Int)]] = [:]
        var order = 0
        for (index, spec) in all.enumerated() {
            for trigger in spec.triggers {
                guard let first = trigger.first else { continue }
                table[first, default: []].append((index, trigger, order))
                order += 1
            }
        }
        return table.mapValues { candidates in
            let word = candidates[0].trigger[0]
            return FirstWord(
                candidates: candidates
                    .sorted { ($0.trigger.count, -$0.order) > ($1.trigger.count, -$1.order) }
                    .map { ($0.spec, $0.trigger) },
                plain: EverydayWords.keepsStart(word) && !EverydayWords.mayAsk(word))
        }
    }

    /// The trigger of the same number of words that `typed` (a whole line, lowercased) most likely meant: one or two
    /// letters away (`list habit` → `list habits`), never the line itself.
    func closestTrigger(to typed: String) -> String? {
        let (words, length) = (typed.split(separator: " ").count, typed.count)
        var best: (phrase: String, distance: Int)?
        for (phrase, phraseWords, phraseLength) in phrases where phraseWords == words && abs(phraseLength - length) <= 2 {
            guard phrase != typed else { continue }
            let distance = editDistance(typed, phrase)
            guard distance <= min(2, max(1, phraseLength / 3)) else { continue }
            if let current = best, current.distance < distance || (current.distance == distance && current.phrase < phrase) { continue }
            best = (phrase, distance)
        }
        return best?.phrase
    }

    /// `unknown_command`, with the command the words most likely meant: `add habbit` → 'add habit',
    /// a bare `add` → its completions.
    func unknown(_ tokens: [Token]) -> HabitatError { reading(tokens).unknown }

    /// ``unknown(_:)``, and whether it suggests a command.
    func reading(_ tokens: [Token]) -> (unknown: HabitatError, hinted: Bool) {
        let words = tokens.map(\.lower)
        // `room bogus`: the first word starts several commands, and the suggestion is one of them.
        let family = all.map(\.name).filter { $0.hasPrefix(words[0] + " ") }
        let inFamily = words.count > 1 && family.count > 1 && !tokens[0].quoted
        let triggers = all.flatMap(\.triggers).filter {
            $0.allSatisfy { $0.allSatisfy(\.isLetter) } && (!inFamily || ($0.count > 1 && $0[0] == words[0]))
        }
        var hint = ""
        let completions = triggers.filter { $0.count > words.count && Array($0.prefix(words.count)) == words }
        if !completions.isEmpty {
            let names = completions.map { "'\($0.joined(separator: " "))'" }
            hint = "Did you mean \(GameState.either(names))? "
        } else {
            let scored = triggers.compactMap { trigger -> (String, Int)? in
                guard trigger.count <= words.count else { return nil }
                let typed = words.prefix(trigger.count).joined(separator: " ")
                let phrase = trigger.joined(separator: " ")
                // No suggestion is further than 2 edits away: a longer word (a line-long one) isn't measured.
                guard typed.count >= 3, abs(typed.count - phrase.count) <= 2 else { return nil }
                return (phrase, editDistance(typed, phrase))
            }
            if let best = scored.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }),
                best.1 > 0, best.1 <= min(2, max(1, best.0.count / 3))
            {
                hint = "Did you mean '\(best.0)'? "
            }
        }
        var typed = tokens[0].text
        var more = "Type 'help' to see what I understand."
        if inFamily {
            typed = tokens.prefix(2).phrase
            if hint.isEmpty { hint = "The \(words[0]) commands are \(family.map { "'\($0)'" }.joined(separator: ", ")). " }
            more = "Type 'help \(words[0])' to see them."
        }
        return (HabitatError(.unknownCommand, "I don't know '\(typed)'. \(hint)\(more)", symbol: .question), !hint.isEmpty)
    }
}
