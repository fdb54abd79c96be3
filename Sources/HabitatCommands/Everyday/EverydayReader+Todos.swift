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

/// Things for a list: the room's, or their own.
extension Reader {
    /// The to-do the words from `start` say is for a list (`cat food to the shopping list`, `to my list: ring the gas
    /// board`): the room's when the list is said as the household's (`the shopping list`, `our list`) and they speak in a
    /// room, theirs otherwise.
    func listed(from start: Int) -> Understanding? {
        var start = start
        while start > 0, ["to", "onto"].contains(words[start - 1].text) { start -= 1 }
        // (`and` and commas kept: `bread and eggs` may be two things.)
        let tokens = words[start...].filter { !$0.stop || ["and", ","].contains($0.text) }.map { Token($0.typed) }
        guard let thing = HabitDraftParser.listSaid(in: tokens) else { return nil }
        let said = words[start...].map(\.text)
        let mine = said.contains("my") || said.contains("todo") || said.contains("to-do") || said.contains("todos")
        guard !thing.isEmpty else { return nil }
        let add = addToList(mine: mine)
        // `put school shoes on the list, we need them by tuesday`: the day it is needed by, said after the list.
        var by = ""
        if let list = said.lastIndex(where: { ["list", "todos", "to-dos", "todo", "to-do"].contains($0) }),
            ((try? TodoParser.due(of: thing.map(\.lower))) ?? nil)?.0 == nil
        {
            let after = words[(start + list + 1)...].filter { !$0.stop }.map(\.text)
            if let (due, taken) = try? TodoParser.due(of: after), due != nil { by = " " + after.suffix(taken).joined(separator: " ") }
        }
        // `add bread and eggs to the shopping list`: two things, asked about (`fish and chips` may be one).
        let items = thing.split { $0.text.lowercased() == "and" || $0.text == "," }.map { $0.map(\.text).joined(separator: " ") }
        if items.count > 1, items.allSatisfy({ !$0.isEmpty && $0.split(separator: " ").count <= 3 }) {
            return EverydayReader.didYouMean(items.map { "\(add) \($0)\(by)" }, after: "Type 'yes' to add them.")
        }
        return .commands(["\(add) \(thing.map(\.text).joined(separator: " "))\(by)"])
    }

    /// `we need loo roll`, `we're out of bin bags`: what the household may need, said in a room, for its list. Something
    /// of theirs, or to do (`we need to hoover`), is not a thing to get.
    func householdNeeds() -> [String]? {
        guard vocabulary.inRoom, !line.question else { return nil }
        let leads: [[String]] = [["we", "need"], ["we", "are", "out", "of"], ["we", "ran", "out", "of"], ["we", "have", "run", "out", "of"], ["out", "of"]]
        guard let lead = leads.first(where: { lead in lead.count < words.count && lead.indices.allSatisfy { words[$0].text == lead[$0] } })
        else { return nil }
        // (`we need diaper cream and paper towels`: each thing, to the end of the sentence.)
        let end = words[lead.count...].firstIndex { $0.stop && [".", "!", ";", ":"].contains($0.text) } ?? words.count
        var things: [String] = []
        for clause in line.clauses where clause.upperBound > lead.count && clause.upperBound <= end {
            let part = max(clause.lowerBound, lead.count)..<clause.upperBound
            let thing = words[part].filter { !["some", "more", "the", "any", "new", "again"].contains($0.text) }
            // (A thing that is one of theirs by all its words, `we need more water`, is that one.)
            guard (1...4).contains(thing.count), !["to", "a", "an"].contains(thing[0].text), !thing.contains(where: { $0.text == "list" }),
                !mentions(in: part).contains(where: { $0.range == part || thing.count == 1 })
            else { return nil }
            things.append(thing.map(\.typed).joined(separator: " "))
        }
        return things.isEmpty || things.count > 4 ? nil : things
    }

    /// The command that puts something on a list: the room's, when they speak in one and don't say it is theirs (`my
    /// list`).
    func addToList(mine: Bool = false) -> String { vocabulary.inRoom && !mine ? "room add todo" : "add todo" }
}
