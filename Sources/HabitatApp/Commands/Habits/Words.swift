import HabitatCommands
import HabitatEngine

/// `call exercise gym`: the player's own word for a habit, after which `did gym` (or just `gym`) records it.
struct CallHabit: HabitatCommand {
    static let usage = "call <habit> <word>"

    static let spec = Spec(
        "call", usage: usage, summary: "your own word for a habit: after 'call exercise gym', 'did gym' records Exercise",
        examples: ["call exercise gym", "call meditate sit"], triggers: [["call"]]
    ) { rest in
        guard rest.count >= 2, let word = rest.last else {
            throw HabitatError.usage(usage, "Which habit, and your word for it? e.g. 'call exercise gym'.")
        }
        // A word that is a command would never reach the habit.
        if ![Commands.unknownKind, Did.spec.name].contains(Commands.table.kind(of: word.text)) {
            throw HabitatError(.invalidArgument, "'\(word.text)' is a command of its own, so it can't name a habit: pick another word.")
        }
        return CallHabit(name: rest.dropLast().phrase, word: word.text)
    }

    let name: String
    let word: String

    var touches: Touches { .change(.call(name, word: word)) }
}

/// `forget gym`: a word of the player's no longer names a habit.
struct ForgetWord: HabitatCommand {
    static let spec = Spec(
        "forget", usage: "forget <word>", summary: "a word of yours no longer names its habit", examples: ["forget gym"],
        triggers: [["forget"]]
    ) { rest in
        guard !rest.isEmpty else { throw HabitatError.usage("forget <word>", "Which word? 'habits' lists yours with each habit.") }
        return ForgetWord(word: rest.phrase)
    }

    let word: String

    var touches: Touches { .change(.forget(word: word)) }
}
