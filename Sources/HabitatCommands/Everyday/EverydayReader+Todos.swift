import HabitatEngine

/// To-dos said in everyday words.
extension Reader {
    /// `need to restring the cello by next friday`, `have to renew my passport before the 3rd`, `need someone to clean
    /// the oven by sunday`: something to do once, by a day. One that names a habit of theirs is asked about (`need to
    /// run by friday` is more likely a plan than a to-do).
    func needsDoing() -> Understanding? {
        guard !line.question else { return nil }
        var index = 0
        while index < words.count, ["i", "we", "still", "really", "also", "and", "so", "ok", "oh"].contains(words[index].text) { index += 1 }
        // (`need dot physical by dec 10`: a thing needed, by a day, is a to-do too.)
        let leads: [[String]] = [
            ["need"], ["need", "to"], ["needs", "to"], ["have", "to"], ["has", "to"], ["must"], ["gotta"], ["got", "to"],
            ["need", "someone", "to"], ["need", "somebody", "to"], ["someone", "needs", "to"], ["somebody", "needs", "to"],
            ["someone", "has", "to"], ["someone", "must"],
        ]
        guard let lead = leads.last(where: { lead in
            index + lead.count < words.count && lead.indices.allSatisfy { words[index + $0].text == lead[$0] }
        }) else { return nil }
        let someone = lead.contains("someone") || lead.contains("somebody")
        guard !someone || vocabulary.inRoom, !line.has(["not", "never"]) else { return nil }
        let start = index + lead.count
        var rest = Self.ordinalsJoined(words[start...].filter { !$0.stop || $0.text == "'" })
        // (`need to do my geography project for thursday`: the project, by thursday.)
        if rest.count > 3, rest[0].text == "do", ["my", "the", "our"].contains(rest[1].text) { rest.removeFirst(2) }
        if let at = rest.lastIndex(where: { $0.text == "for" }), at > 0, (try? TodoParser.day(rest[(at + 1)...].map(\.text))) != nil {
            rest[at] = Word("by")
        }
        guard let (due, taken) = try? TodoParser.due(of: rest.map(\.text)), due != nil, taken > 0, taken < rest.count else { return nil }
        let name = rest.dropLast(taken).map(\.typed)
        let by = rest.suffix(taken).map(\.text).joined(separator: " ")
        guard name.first.map({ $0.first?.isLetter == true }) ?? false else { return nil }
        let command = "\(someone ? "room add todo" : "add todo") \(name.joined(separator: " ")) \(by)"
        if !mentions(in: start..<words.count).isEmpty {
            return EverydayReader.didYouMean([command], after: "Type 'yes' to add it.")
        }
        return .commands([command])
    }
}

extension Reader {
    /// `push the piano tuner thing to december 1st`, `move the vet thing to next friday`, `put off the dentist till
    /// monday`: an open to-do of theirs given another day.
    func movingTodo() -> Understanding? {
        let leads: Set<String> = ["push", "move", "postpone", "shift", "put", "delay", "change", "changed", "moved", "pushed", "postponed"]
        guard !line.question, let lead = words.firstIndex(where: { leads.contains($0.text) }),
            let to = words[(lead + 1)...].lastIndex(where: { ["to", "till", "until", "til"].contains($0.text) }), to + 1 < words.count
        else { return nil }
        let said = Self.ordinalsJoined(words[(to + 1)...].filter { !$0.stop }).map(\.text)
        guard !said.isEmpty, (try? TodoParser.day(said)) != nil else { return nil }
        let idle: Set<String> = ["the", "my", "a", "that", "this", "thing", "one", "todo", "to-do", "task", "off", "back", "for"]
        var typed = words[(lead + 1)..<to].filter { !$0.stop && !idle.contains($0.text) }.map(\.text)
        // `neurologist appointment change to 2 december`: the to-do named before.
        if typed.isEmpty { typed = words[..<lead].filter { !$0.stop && !idle.contains($0.text) && !["is", "was", "been", "has"].contains($0.text) }.map(\.text) }
        guard !typed.isEmpty else { return nil }
        let todos = vocabulary.habits.filter { todo in
            let named = todo.name.lowercased().split(separator: " ").map(String.init)
            return todo.todo && typed.allSatisfy { word in named.contains { WordForms.isForm(word, of: $0) || $0.hasPrefix(word) && word.count >= 3 } }
        }
        guard todos.count == 1 else { return nil }
        return .commands(["edit todo \(Self.quoted(todos[0].name)) by \(said.joined(separator: " "))"])
    }
}

extension Reader {
    /// `words` with a number and its ending one word again (`december 1st`, `before the 1st`), as a day is read.
    static func ordinalsJoined(_ words: [EverydayLine.Word]) -> [EverydayLine.Word] {
        var joined: [EverydayLine.Word] = []
        for word in words {
            if ["st", "nd", "rd", "th"].contains(word.text), let last = joined.last, last.text.allSatisfy(\.isNumber) {
                joined[joined.count - 1] = EverydayLine.Word(last.text + word.text)
            } else {
                joined.append(word)
            }
        }
        return joined
    }
}
