import HabitatEngine

/// The person's own words for their habits.
extension Reader {
    /// `gym means exercise`: the person's own word for a habit of theirs.
    func naming() -> Understanding? {
        // `when I say kicks I mean kick sets`
        // (`When I say "BP", I mean my blood pressure check.`)
        // (`When I write BP it mean blood pressure`, `when i say agua its water`)
        if words.count >= 6, words[0].text == "when", words[1].text == "i", ["say", "write", "type", "put"].contains(words[2].text) {
            let after = words[4].stop ? 5 : 4
            let joins: [[String]] = [["i", "mean"], ["it", "means"], ["it", "mean"], ["that", "means"], ["this", "means"], ["it", "is"], ["that", "is"]]
            guard let join = joins.first(where: { join in
                after + join.count < words.count && join.indices.allSatisfy { words[after + $0].text == join[$0] }
            }) else { return nil }
            let named = mentions(in: (after + join.count)..<words.count)
            guard named.count == 1 else { return nil }
            return .commands(["call \(name(named[0])) \(words[3].typed)"])
        }
        // `type slr for straight leg raises`, `write vc for cello` (after `let me`, `I'll`)
        if words.count >= 4, ["type", "write", "use", "say", "put"].contains(words[0].text), words[2].text == "for",
            words[1].number == nil, !words[1].stop
        {
            let named = mentions(in: 3..<words.count)
            guard named.count == 1, (3..<words.count).allSatisfy({ named[0].range.contains($0) || Self.fillers.contains(words[$0].text) || words[$0].stop })
            else { return nil }
            return .commands(["call \(name(named[0])) \(words[1].typed)"])
        }
        // `can 'drafting' count as writing from now on?`: their word, then the habit it counts as.
        if let count = words.firstIndex(where: { ["count", "counts"].contains($0.text) }), count >= 1, count + 2 < words.count,
            words[count + 1].text == "as", !words[count - 1].stop, words[count - 1].number == nil,
            words[..<(count - 1)].allSatisfy({ ["can", "could", "should", "let", "make", "please", "so"].contains($0.text) })
        {
            let named = mentions(in: (count + 2)..<words.count)
            guard named.count == 1 else { return nil }
            return .commands(["call \(name(named[0])) \(words[count - 1].typed)"])
        }
        // `I'd like to call my walks 'strolls'`: their word for it after its name.
        if let call = words.firstIndex(where: { $0.text == "call" }), words[..<call].allSatisfy({ PoliteRequest.isLead($0.text) }) {
            let idle: Set<String> = ["from", "now", "on", "please", "instead", "thanks", "thing", "habit", "one"]
            let said = words[(call + 1)...].indices.filter { !words[$0].stop && !idle.contains(words[$0].text) }
            guard let word = said.last, said.count >= 2 else { return nil }
            // (`I shall call the orchids "plants"`: a word of its name is enough, and is asked about.)
            var named = mentions(in: (call + 1)..<word)
            if named.isEmpty, let part = partly(in: (call + 1)..<word) { named = [part] }
            guard named.count == 1, said.dropLast().allSatisfy({ named[0].range.contains($0) || Self.fillers.contains(words[$0].text) }),
                words[word].number == nil, vocabulary.habits[named[0].habit].name.lowercased() != words[word].text
            else { return nil }
            let command = "call \(name(named[0])) \(words[word].typed)"
            return named[0].certain ? .commands([command]) : EverydayReader.didYouMean([command], after: "Type 'yes' to call it that.")
        }
        // `Let the word "pressure" mean my BP check.`, `let gym stand for exercise`
        if words.first?.text == "let" {
            var at = 1
            if at + 1 < words.count, words[at].text == "the", words[at + 1].text == "word" { at += 2 }
            let joins: [[String]] = [["mean"], ["stand", "for"], ["be"]]
            guard at + 2 < words.count, !words[at].stop, words[at].number == nil,
                let join = joins.first(where: { join in at + 1 + join.count < words.count && join.indices.allSatisfy { words[at + 1 + $0].text == join[$0] } })
            else { return nil }
            let rest = (at + 1 + join.count)..<words.count
            let named = mentions(in: rest)
            guard named.count == 1, rest.allSatisfy({ named[0].range.contains($0) || Self.fillers.contains(words[$0].text) || words[$0].stop }) else { return nil }
            return .commands(["call \(name(named[0])) \(words[at].typed)"])
        }
        // `gym means exercise`, `from now on spin means turbo`
        let leading: Set<String> = ["from", "now", "on", "ok", "okay", "so", "and", "also", "btw", "fyi", "just", "note", "remember", "please", "pls"]
        guard let means = words.firstIndex(where: { $0.text == "means" }), means >= 1, means + 1 < words.count,
            words[..<(means - 1)].allSatisfy({ leading.contains($0.text) || $0.stop })
        else { return nil }
        let named = mentions(in: (means + 1)..<words.count)
        guard named.count == 1 else { return nil }
        return .commands(["call \(name(named[0])) \(words[means - 1].typed)"])
    }
}
