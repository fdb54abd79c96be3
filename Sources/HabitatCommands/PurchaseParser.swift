import HabitatEngine

/// `buy [N] <item> [xN]`.
public enum PurchaseParser {
    public static func parse(_ words: [Token]) throws -> (item: String, quantity: Int) {
        var words = words
        var quantity = 1
        if let first = words.first, let count = EverydayWords.count(first), words.count > 1 {
            quantity = count
            words.removeFirst()
        } else if words.count > 1, EverydayWords.withoutArticle(words).count < words.count {
            words.removeFirst()
        } else if let last = words.last, let count = RecordingParser.repetitions(last), words.count > 1 {
            quantity = count
            words.removeLast()
        }
        guard !words.isEmpty else { throw HabitatError.usage("buy [N] <item>", "What would you like to buy?") }
        return (words.phrase, quantity)
    }
}
