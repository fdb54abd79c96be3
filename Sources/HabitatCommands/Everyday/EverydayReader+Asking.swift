import HabitatEngine

/// Questions, answered by the view that answers them.
extension Reader {
    // MARK: - Questions

    static let asks: Set<String> = [
        "what", "how", "which", "who", "whose", "when", "where", "any", "anything", "show", "list", "see", "tell", "qual",
        "quanto", "quantos", "quantas", "como",
    ]

    /// `how long is my yoga streak`, `yoga streak?`, `have I stretched today?`, `what did I do on monday`, `anything
    /// left?`, `what does a potion cost`, `who's up for the bins`, `show the ranking`: the view that answers it.
    func asking() -> Understanding? {
        // `status check 👀`, `habits pls`: a view's own word, and nothing else but asking.
        let views: Set<String> = ["status", "habits", "todos", "coins", "level", "health", "streaks", "reminders", "store", "xp"]
        // `shopping list`, in a room: its list.
        if vocabulary.inRoom, [["shopping", "list"], ["the", "list"]].contains(words.filter({ !$0.stop }).map(\.text)) {
            return .commands(["room list"])
        }
        if let first = words.first, views.contains(first.text),
            words.dropFirst().allSatisfy({ ["check", "update", "please", "pls", "plz", "now", "again", "real", "quick", "?"].contains($0.text) })
        {
            return .commands([first.text])
        }
        // `reading history`, `gym strength pls`: a habit's name, then the view of it.
        if let at = words.firstIndex(where: { ["history", "strength"].contains($0.text) }), at > 0, let named = onlyMention(),
            named.range == 0..<at, words[(at + 1)...].allSatisfy({ ["please", "pls", "plz", "?"].contains($0.text) })
        {
            return .commands(["\(words[at].text) \(name(named))"])
        }
        // `history of my screen time pls`, `strength of swim habit`: the view's word, then the habit's name.
        if let view = words.first?.text, ["history", "strength"].contains(view), let named = onlyMention(),
            words[1..<named.range.lowerBound].allSatisfy({ ["of", "my", "for", "the"].contains($0.text) }),
            words[named.range.upperBound...].allSatisfy({ ["please", "pls", "plz", "habit", "?"].contains($0.text) })
        {
            return .commands(["\(view) \(name(named))"])
        }
        // A line ending in `?`, or starting with a word that only asks (`what`, `how`, `show`): `have I…` without
        // its mark may be a statement (`haven't smoked in 3 days`), and `should I…?` is no view's question.
        // (`please show me …`: the asking word after the polite one.)
        // (`Is Amara doing more than me? be honest`: a question first, then more said.)
        let asked = line.question || words.dropLast().contains { $0.stop && $0.text == "?" }
        // (`weekly report for the house pls`: the room's week, asked for by its name.)
        if vocabulary.inRoom, line.has("report"), ["weekly", "week", "the", "room", "house", "our", "report"].contains(words[0].text),
            !words.contains(where: { $0.number != nil || $0.minute != nil })
        {
            return .commands(["room report"])
        }
        guard let first = words.first(where: { !["please", "pls", "plz", "can", "could", "you"].contains($0.text) }),
            asked || Self.asks.contains(first.text), !line.has("should")
        else { return nil }
        func view(_ command: String) -> Understanding { .commands([command]) }
        // (`how long have I been walking now without missing a day?`)
        if line.has(["streak", "streaks", "sequência", "consecutive", "consecutively"]) || line.has(phrase: ["in", "a", "row"])
            || line.has(phrase: ["days", "straight"]) || line.has(phrase: ["without", "missing"])
        {
            return view("streaks")
        }
        if line.has(["heatmap", "heat"]) { return view("heatmap") }
        if line.has(["reminder", "reminders"]) { return view("reminders") }
        if vocabulary.inRoom {
            // `what do we still need from the store`: the room's list; `show me the weekly report`: its week.
            if line.has("need") && line.has(["we", "store", "shop", "shops"]) { return view("room list") }
            if line.has("report") { return view("room report") }
            // `how did the family do this week`: the room's week.
            if line.has(["week", "weekly"]), line.has(["family", "house", "household", "flat", "home", "room"]),
                line.has(["how", "hows"]), !line.has(["who", "whose", "ranking", "winning"])
            {
                return view("room report")
            }
            // `who's winning this week`, `show the ranking`: the week's XP of each member; chores are fair shares.
            if line.has(["ranking", "leaderboard", "winning", "top", "leading", "scores", "score"]) && !line.has(["chores", "chore"]) {
                return view("room status")
            }
            if line.has(["ranking", "leaderboard", "fair", "fairness", "weight", "winning", "most", "least"])
                || line.has("who") && line.has(["more", "less", "fewer"]) || line.has(phrase: ["more", "than", "me"])
            {
                return view("room fairness")
            }
            if line.has(["everyone", "everybody", "family", "household"]) && line.has(["doing", "done", "been", "log", "activity"]) {
                return view("room log")
            }
            if line.has(["who", "whose", "chores", "chore", "turn", "everyone", "family"]) { return view("room today") }
        }
        // `how do I see my points`, `am I doing well?`: the whole of their game.
        // (`what is my current level and health?`: more than one of its parts, asked together.)
        let parts = [["level", "nível", "nivel"], ["health", "life", "hp", "vida"], ["coins", "coin", "gold", "money"], ["xp", "experience"]]
        if line.has("points") || line.has(phrase: ["am", "i", "doing"]) || parts.filter({ line.has(Set($0)) }).count > 1 { return view("status") }
        if line.has(["level", "nível", "nivel"]) {
            if line.has(["area", "areas"]) || vocabulary.areas.contains(where: { line.has($0.lowercased()) }) { return view("areas") }
            // (`what level am I?`: where they stand, which the whole of their game says.)
            return view("status")
        }
        if line.has(["health", "life", "hp", "vida"]) { return view("health") }
        // `what can I buy with my coins`, `what rewards can i buy`
        if line.has(["buy", "afford", "rewards"]) && line.has(["what", "which", "show", "see"]) { return view("store") }
        // `show me the shopping list`, `show my todos`
        // (`have I any jobs on my list still to be done?`)
        if line.has(["jobs", "errands"]) && !vocabulary.inRoom
            || line.has(["todos", "to-dos", "todo", "to-do", "tasks"]) || line.has(phrase: ["things", "to", "do"])
        {
            return view("todos")
        }
        if line.has("list"), line.has(["shopping", "grocery", "the", "our"]), !line.has(["habits", "reminders", "rewards"]) {
            return view(vocabulary.inRoom ? "room list" : "todos")
        }
        if line.has(["coins", "coin", "gold", "money", "balance", "moedas"]) { return view("coins") }
        if line.has(["xp", "experience"]) { return view("xp") }
        let aReward = vocabulary.rewards.contains { reward in
            reward.lowercased().split(separator: " ").contains { word in word.count > 3 && words.contains { WordForms.isForm($0.text, of: String(word)) } }
        }
        if line.has(["cost", "costs", "price", "store", "shop", "custa", "preço", "loja"]) || line.has(phrase: ["how", "much", "is"])
            || line.has(phrase: ["how", "much", "cost"]) || (line.has(phrase: ["how", "much"]) && aReward)
        {
            return view("store")
        }
        if line.has(["habits", "hábitos", "habitos"]) { return view("habits") }
        if line.has(["areas", "area"]) { return view("areas") }
        // `how strong is my fiddle habit`
        if line.has(["strong", "strength", "stronger"]), let named = onlyMention() ?? partly(in: 0..<words.count) { return view("strength \(name(named))") }
        // `show history of savings`: of one habit.
        if line.has("history"), let named = onlyMention() { return view("history \(name(named))") }
        // `show me the last few times I walked`, `when did I last floss`: the days it was done.
        // (`please show me how I have done with my pills`: the days of the one habit named.)
        if first.text == "show", let named = onlyMention() ?? partly(in: 0..<words.count) ?? likelyByNoun(in: 0..<words.count) {
            return view("history \(name(named))")
        }
        // `how many days gym this week?`: the days of the one habit named.
        if line.has(phrase: ["how", "many"]), line.has(["days", "times"]), let named = onlyMention() { return view("history \(name(named))") }
        if line.has(["times", "last", "lately", "recently"]), ["show", "when"].contains(first.text),
            let named = onlyMention() ?? partly(in: 0..<words.count) ?? byItsVerb(in: 0..<words.count)
        {
            return view("history \(name(named))")
        }
        if line.has(["history", "yesterday", "ontem", "week"]) || line.has(phrase: ["did", "i", "do"]) || line.has(phrase: ["i", "did"])
            || words.contains(where: { Self.weekdays[$0.text] != nil })
        {
            return view("history")
        }
        if line.has(["left", "today", "due", "far", "many", "much", "remaining", "hoje", "falta", "next"]) || !mentions(in: 0..<words.count).isEmpty {
            return view("today")
        }
        return nil
    }
}

extension Reader {
    /// `Can you tell me how to delete a reminder?`, `how do I pause a habit`: how to change something, which its help
    /// topic says.
    func howTo() -> Understanding? {
        guard line.has(phrase: ["how", "to"]) || line.has(phrase: ["how", "do", "i"]) || line.has(phrase: ["how", "can", "i"])
            || line.has(phrase: ["how", "does"]),
            line.has([
                "delete", "remove", "stop", "add", "change", "edit", "set", "make", "create", "pause", "undo", "buy", "invite", "join", "leave",
                "rename", "turn", "cancel", "put", "record", "work", "works", "use", "get", "log", "enter",
            ])
        else { return nil }
        guard let topic = words.lazy.compactMap({ Self.helpTopics[$0.text] }).first else { return nil }
        return .commands(["help \(topic)"])
    }

    /// Words of a thing to change, by the `help` topic that says how.
    static let helpTopics: [String: String] = [
        "reminder": "reminders", "reminders": "reminders", "pause": "pauses", "holiday": "pauses", "room": "rooms", "household": "rooms",
        "chore": "chores", "chores": "chores", "reward": "store", "rewards": "store", "potion": "store", "habit": "habits", "habits": "habits",
        "target": "amounts", "limit": "amounts", "amount": "amounts", "amounts": "amounts", "schedule": "schedules", "password": "account",
        "account": "account",
    ]
}
