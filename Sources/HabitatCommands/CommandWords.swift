import Foundation
import HabitatEngine

/// The words of every command, without what a line becomes: the one look-up of a line, the words it selects, its
/// kind, and what it most likely meant when it selects nothing. Not generic, so a line is read without the run-time
/// look-ups of type metadata a generic table's code needs when called from another module.
public struct CommandWords: Sendable {
    /// Each command's name, in the table's order.
    let names: [String]
    /// Each command's triggers.
    let triggers: [[[String]]]
    /// Whether each command is read as typed (``CommandSpec/verbatim``).
    let verbatim: [Bool]
    let beforeLogin: [Bool]
    let availableFromChat: [Bool]
    /// Every trigger under its first word (``FirstWord``).
    let triggersByFirstWord: [String: FirstWord]
    /// Every trigger as one phrase, with its number of words and of characters.
    let phrases: [(phrase: String, words: Int, length: Int)]

    init<Command>(_ all: [CommandSpec<Command>]) {
        names = all.map(\.name)
        triggers = all.map(\.triggers)
        verbatim = all.map(\.verbatim)
        beforeLogin = all.map(\.beforeLogin)
        availableFromChat = all.map(\.availableFromChat)
        triggersByFirstWord = Self.firstWords(triggers)
        phrases = triggers.joined().map {
            let phrase = $0.joined(separator: " ")
            return (phrase, $0.count, phrase.count)
        }
    }

    /// What a line's words select, in the order ``CommandTable/parse(_:)`` reads them.
    @usableFromInline
    enum Selection {
        /// A command of the table (its index), by `trigger`, in `words`: as typed for a command that keeps them
        /// verbatim, else tidied.
        case command(Int, trigger: [String], words: [Token])
        /// No command: the tidied words are the player's own (`exercise done`, `flossed`).
        case ownWords([Token])
    }

    /// What the `typed` words select: a command that keeps its words as typed (`login`, `passwd`) by them; any other
    /// line once tidied (``EverydayWords/tidy(_:)``), as a question first, then a command. `nil` for no words. A line
    /// that starts with a command's words and has nothing to tidy or ask (`status`, `did floss`) is the command at
    /// the one look-up of its first word.
    @usableFromInline
    func selection(_ typed: [Token]) -> Selection? {
        guard let last = typed.last else { return nil }
        let typedMatch = lookUp(typed)
        if let (spec, trigger, plain) = typedMatch, verbatim[spec] || (plain && EverydayWords.keepsEnd(last)) {
            // Most lines: nothing to tidy at either end, and no question, so the command is the one found.
            return .command(spec, trigger: trigger, words: typed)
        }
        let tokens = EverydayWords.tidy(typed)
        // A question is the command it asks for, as its own words say it (`how many coins do I have` is `coins`).
        if let asked = EverydayWords.question(tokens), let (spec, trigger, _) = lookUp([Token(asked)]) {
            return .command(spec, trigger: trigger, words: [Token(asked)])
        }
        if let (spec, trigger, _) = tokens == typed ? typedMatch : lookUp(tokens) {
            return .command(spec, trigger: trigger, words: tokens)
        }
        return .ownWords(tokens)
    }

    /// A line in the player's own words (`tokens`, tidied from `typed`) as the recording it most likely is:
    /// `<habit> done`, or a recording read loosely (``Recording/loose``), which is `unknown_command` when none of
    /// their habits goes by those words.
    @usableFromInline
    func recording(ownWords tokens: [Token], typed: [Token], line: String) throws -> Recording {
        // "exercise done", "meditation completed yesterday" (a word of the note is just a word)
        let beforeNote = tokens.firstIndex(where: RecordingParser.endsName) ?? tokens.endIndex
        if let done = tokens[..<beforeNote].indices.dropFirst().first(where: { ["done", "completed", "finished"].contains(tokens[$0].lower) && !tokens[$0].quoted }) {
            var words = tokens
            words.remove(at: done)
            // After `done` come when and how often, never more of the name: `read done book` is not "read book".
            var recording = try RecordingParser.parse(words, line: line)
            guard recording.habit == tokens[..<done].phrase else { throw unknown(tokens) }
            // Words of their own: the start of a name finds it (`duo done`), a later word's start doesn't (`workout done`
            // is not Brick workout).
            recording.loose = LooseReading(unknown: unknown(tokens), suggestsHabit: true, startOfName: true)
            return recording
        }
        let (unknown, hinted) = reading(tokens)
        guard var recording = try? RecordingParser.parse(tokens, line: line) else { throw unknown }
        // `gym on saturday` may be a plan: a day of the week is a day gone by only in a line that says it was done,
        // which the everyday reading knows.
        if case .weekday = recording.when { throw unknown }
        // A habit may be named with a word that is set aside elsewhere (Just dance): its whole name is looked for first.
        let asTyped = typed.count > tokens.count ? typed.phrase.trimmingCharacters(in: CharacterSet(charactersIn: ".!?")) : nil
        recording.loose = LooseReading(unknown: unknown, suggestsHabit: !hinted, asTyped: asTyped)
        return recording
    }

    /// What a command's parser threw, worded with what the table knows: words after a command that takes none are
    /// most likely a command a letter or two away, and words that are no command are `unknown_command`.
    @usableFromInline
    func explained(_ error: any Error) -> any Error {
        switch error {
        case let extra as TakesNothing:
            // `list habit`, `show streak`: most likely a command a letter or two away.
            let near = closestTrigger(to: extra.typed).map { " Did you mean '\($0)'?" } ?? ""
            return HabitatError(.invalidArgument, "'\(extra.name)' takes nothing after it.\(near)", symbol: near.isEmpty ? .error : .question)
        case let words as NotACommand:
            return unknown(words.words)
        default:
            return error
        }
    }

    /// The index of the command `line` asks for, however the rest of it is typed.
    func command(of line: String) -> Int? {
        lookUp(tokenize(line))?.spec
    }

    /// The longest trigger the line starts with (of equally long ones, the first in the table), with its command's
    /// index, and whether the line's first word is ``FirstWord/plain``.
    func lookUp(_ tokens: [Token]) -> (spec: Int, trigger: [String], plain: Bool)? {
        guard let first = tokens.first, !first.quoted, let word = triggersByFirstWord[first.lower] else { return nil }
        for candidate in word.candidates where candidate.trigger.count <= tokens.count {
            // (`add todo: call the vet`: a colon after the command's last word only ends it.)
            let last = candidate.trigger.count - 1
            if zip(candidate.trigger, tokens).enumerated().allSatisfy({ at, pair in
                !pair.1.quoted && (pair.0 == pair.1.lower || at == last && at > 0 && pair.1.lower == pair.0 + ":")
            }) {
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
    static func firstWords(_ triggers: [[[String]]]) -> [String: FirstWord] {
        var table: [String: [(spec: Int, trigger: [String], order: Int)]] = [:]
        var order = 0
        for (index, triggers) in triggers.enumerated() {
            for trigger in triggers {
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

    /// The trigger `words` start with but for a slip of a letter or two (`pasue` → `pause`), among `triggers`.
    static func closest(_ words: [String], among triggers: [[String]]) -> [String]? {
        let scored = triggers.compactMap { trigger -> ([String], Int)? in
            guard trigger.count <= words.count else { return nil }
            let typed = words.prefix(trigger.count).joined(separator: " ")
            let phrase = trigger.joined(separator: " ")
            // No suggestion is further than 2 edits away: a longer word (a line-long one) isn't measured.
            guard typed.count >= 3, abs(typed.count - phrase.count) <= 2 else { return nil }
            return (trigger, editDistance(typed, phrase))
        }
        guard let best = scored.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0.joined(separator: " ") < $1.0.joined(separator: " ")) }),
            best.1 > 0, best.1 <= min(2, max(1, best.0.joined(separator: " ").count / 3))
        else { return nil }
        return best.0
    }

    /// `pasue yoga 3 days` as `pause yoga 3 days`: the line with its command's words mended, and the words as typed
    /// (`pasue`), when a slip of a letter or two is all that kept it from being one; `nil` otherwise.
    func mended(_ tokens: [Token]) -> (line: String, typed: String)? {
        guard let first = tokens.first, !first.quoted, lookUp(tokens) == nil else { return nil }
        let words = tokens.map(\.lower)
        let triggers = triggers.joined().filter { $0.allSatisfy { $0.allSatisfy(\.isLetter) } }
        guard let best = Self.closest(words, among: triggers) else { return nil }
        return ((best + tokens.dropFirst(best.count).map(\.text)).joined(separator: " "), tokens.prefix(best.count).phrase)
    }

    /// `unknown_command`, with the command the words most likely meant: `add habbit` → 'add habit',
    /// a bare `add` → its completions.
    func unknown(_ tokens: [Token]) -> HabitatError { reading(tokens).unknown }

    /// ``unknown(_:)``, and whether it suggests a command.
    func reading(_ tokens: [Token]) -> (unknown: HabitatError, hinted: Bool) {
        let words = tokens.map(\.lower)
        // `room bogus`: the first word starts several commands, and the suggestion is one of them.
        let family = names.filter { $0.hasPrefix(words[0] + " ") }
        let inFamily = words.count > 1 && family.count > 1 && !tokens[0].quoted
        let triggers = triggers.joined().filter {
            $0.allSatisfy { $0.allSatisfy(\.isLetter) } && (!inFamily || ($0.count > 1 && $0[0] == words[0]))
        }
        var hint = ""
        let completions = triggers.filter { $0.count > words.count && Array($0.prefix(words.count)) == words }
        if !completions.isEmpty {
            let names = completions.map { "'\($0.joined(separator: " "))'" }
            hint = "Did you mean \(GameState.either(names))? "
        } else if let best = Self.closest(words, among: triggers) {
            hint = "Did you mean '\(best.joined(separator: " "))'? "
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

    /// What a line asks for, as one of a few names fit to count requests by (never the line's own words), read as
    /// ``parse(_:)`` reads it (``selection(_:)``): the name of the command it selects (`did`, `status`, `room did`),
    /// however the rest of it is typed; a question by the command it asks for (`how many coins` is `coins`); `unknown`
    /// for a line that selects nothing.
    ///
    /// A line in the player's own words (`flossed`, `exercise done`) is `did`: it is read as a recording, and is
    /// `unknown_command` only when none of their habits goes by those words, which only its reply can tell.
    public func kind(of line: String) -> String {
        kind(of: selection(tokenize(line)))
    }

    /// The kind of a line that selected `selection`.
    @usableFromInline
    func kind(of selection: Selection?) -> String {
        switch selection {
        case nil: Self.unknownKind
        case .command(let spec, _, _): names[spec]
        case .ownWords: "did"
        }
    }

    /// The kind of a line that selects no command.
    public static let unknownKind = "unknown"
}
