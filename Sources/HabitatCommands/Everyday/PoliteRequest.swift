import Foundation

/// A request said politely (`could you pause my morning walk for five days?`, `I would like to archive the French habit`,
/// `I have a cold; please pause yoga`): the command it asks for, without the words that only ask nicely. What comes
/// before it, up to a `;` or a `.`, only says why.
public struct PoliteRequest: Sendable, Equatable {
    /// The request as a command would say it: `pause my morning walk for five days`.
    public var text: String
    /// Said of what the person will do (`I'll take a potion`, `let me type slr for leg raises`): a command that changes
    /// something of theirs, never a record of something done, which is yet to be.
    public var ahead: Bool

    /// Words that only ask, in the order they come (`could you please`, `please could you kindly`).
    static let asking: [[String]] = [
        ["please"], ["pls"], ["kindly"], ["could", "you"], ["can", "you"], ["would", "you"], ["will", "you"],
        ["would", "you", "mind"],
    ]

    /// Words that say what the person wants or is about to do: the request is theirs, a record of it is not yet (`I'd
    /// like to read 40 pages a day` changes the target).
    static let saying: [[String]] = [
        ["i'll"], ["i", "will"], ["i", "shall"], ["let", "me"], ["i", "would", "like", "to"], ["i'd", "like", "to"], ["i", "would", "love", "to"], ["i'd", "love", "to"], ["i", "wish", "to"],
        ["i", "should", "like", "to"], ["i'd", "love", "to"], ["might", "i"], ["may", "i"], ["could", "i"], ["can", "i"],
    ]

    /// Both, the longest first: `would you mind` before `would you`.
    static let leads = (asking + saying).sorted { $0.count > $1.count }

    /// Whether `word` is one of the words that ask or say what is next (`could`, `you`, `i'd`, `like`, `to`).
    static func isLead(_ word: String) -> Bool { leadWords.contains(word) }

    static let leadWords = Set(leads.joined()).union(["would", "like", "to", "i"])

    /// Small words after the lead that add nothing (`let me just type …`).
    static let softeners: Set<String> = ["just", "quickly", "also", "now"]

    public init(text: String, ahead: Bool) {
        (self.text, self.ahead) = (text, ahead)
    }

    public init?(_ line: String) {
        var text = Substring(line.replacingOccurrences(of: "’", with: "'"))
        // `I have a dreadful cold; could you …`: the request is the last sentence that asks.
        if let mark = text.lastIndex(where: { ";.".contains($0) }), mark < text.index(before: text.endIndex),
            Self.lead(of: text[text.index(after: mark)...]) != nil
        {
            text = text[text.index(after: mark)...]
        }
        // `I'd like a new habit: a letter to my sister`: a new thing wanted is one to add.
        if let wanted = text.firstMatch(of: /^(?i)(?:i'd|i would|i want|i'd love|i would love)(?: like)? (?:a|an|another) new ((?:bad )?habit|reward|todo|area)\b:?/) {
            self.text = "add \(wanted.1.lowercased())\(text[wanted.range.upperBound...])"
            while let last = self.text.last, "?!.".contains(last) { self.text.removeLast() }
            ahead = true
            return
        }
        // `Move meditation into the Writing area, would you?`: the asking said after the request.
        var askedAfter = false
        if let tail = text.firstMatch(of: /(?i),?\s+(?:would|could|will|can) you(?: please)?\s*[?.!]*\s*$/), tail.range.lowerBound > text.startIndex {
            text = text[..<tail.range.lowerBound]
            askedAfter = true
        }
        guard let (rest, ahead) = Self.lead(of: text) ?? (askedAfter ? (String(text), false) : nil) else { return nil }
        // `I'll buy the potion tomorrow`, `I'd like to pause yoga next week`: a plan for later, not a request now.
        let later: Set<String> = ["tomorrow", "tonight", "later", "next", "soon", "when", "if", "after", "weekend", "eventually", "someday", "maybe"]
        if ahead, rest.lowercased().split(separator: " ").contains(where: { later.contains($0.trimmingCharacters(in: .punctuationCharacters)) }) {
            return nil
        }
        var words = rest.split(separator: " ")
        while let last = words.last, ["please", "pls", "thanks", "thank", "you", "x"].contains(last.lowercased().trimmingCharacters(in: .punctuationCharacters)) {
            // (`… for me, thank you`)
            words.removeLast()
        }
        var said = words.joined(separator: " ")
        while let last = said.last, "?!.,".contains(last) { said.removeLast() }
        guard !said.isEmpty else { return nil }
        self.text = said
        self.ahead = ahead
    }

    /// What follows the words that ask or say what is next at the start of `text`, and whether they said what is next;
    /// `nil` when it starts with none.
    static func lead(of text: Substring) -> (String, ahead: Bool)? {
        var words = text.split(separator: " ").map(String.init)
        var (asked, ahead) = (false, false)
        var stripped = true
        while stripped {
            stripped = false
            let lower = words.map { $0.lowercased().trimmingCharacters(in: .punctuationCharacters.subtracting(["'"])) }
            for phrase in leads
            where phrase.count < words.count && Array(lower.prefix(phrase.count)) == phrase {
                words.removeFirst(phrase.count)
                if saying.contains(phrase) { ahead = true } else { asked = true }
                stripped = true
                break
            }
            if !stripped, asked || ahead, let first = lower.first, softeners.contains(first), words.count > 1 {
                words.removeFirst()
                stripped = true
            }
        }
        guard asked || ahead else { return nil }
        return (words.joined(separator: " "), ahead)
    }
}
