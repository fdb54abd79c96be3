import HabitatEngine

/// `add reward <name> <price> [coins]`.
public enum RewardParser {
    public static let usage = "add reward <name> <price> coins"

    public static func parse(_ words: [Token]) throws -> (name: String, price: Int) {
        var words = words
        var price: Int?
        // `2.5 coins`, or a bare `2.5`: a price, but not one that can be used.
        let bare = words.last.flatMap { last in
            !last.quoted && Int(last.text) == nil && last.text.contains(where: \.isNumber)
                && last.text.allSatisfy { $0.isNumber || $0 == "." || $0 == "," } ? last.text : nil
        }
        if let typed = words.indices.suffix(2).lazy.compactMap({ Amount.unreadable(words, at: $0) }).first ?? bare {
            throw HabitatError(.invalidArgument, "'\(typed)' isn't a price I can use: a reward costs a whole number of coins from 1 to 1000000.")
        }
        if words.count >= 2, let (amount, unit, used) = Amount.read(words, at: words.count - 2), used == 2, unit == .coins {
            price = amount
            words.removeLast(2)
        } else if !words.isEmpty, let (amount, unit, _) = Amount.read(words, at: words.count - 1), unit == .coins {
            price = amount
            words.removeLast()
        } else if let last = words.last, !last.quoted, let amount = Int(last.text) {
            price = amount
            words.removeLast()
        }
        guard let price else { throw HabitatError.usage(usage, "How many coins does it cost?") }
        guard price >= 0 else {
            throw HabitatError(.invalidArgument, "A price can't be negative: a reward costs 1–1000000 coins.")
        }
        // `add a reward called Pizza for 50 coins`
        if words.count > 1, let last = words.last, !last.quoted, ["for", "at", "costing"].contains(last.lower) { words.removeLast() }
        if words.count > 1, !words[0].quoted, ["called", "named"].contains(words[0].lower) { words.removeFirst() }
        // `add a reward of a new jigsaw`
        if words.count > 1, !words[0].quoted, words[0].lower == "of" {
            words.removeFirst()
            if words.count > 1, !words[0].quoted, ["a", "an", "the"].contains(words[0].lower) { words.removeFirst() }
        }
        // `add a reward: a new notebook for 50 coins`: an article typed before the name is no part of it.
        if words.count > 1, !words[0].quoted, ["a", "an"].contains(words[0].text) { words.removeFirst() }
        // `add reward: bubble bath, 50 coins`: the comma only ends the name.
        words = words.withoutTrailingMark(",;")
        guard !words.isEmpty else { throw HabitatError.usage(usage, "Give the reward a name.") }
        return (words.phrase, price)
    }
}
