/// The rest of a command's form while it is typed, as a terminal client shows it dimmed after the cursor: with
/// `did ` typed, `<habit> [xN] [yesterday]`.
public enum UsageHint {
    /// What remains of the one form in `usages` (`did <habit> [xN] [yesterday]`) that the line typed so far begins,
    /// or `nil` when no form or several fit. The command's own words must be typed whole; each word typed after them
    /// takes one part of the form away. A line not ending in a space gets the rest after a space.
    public static func remaining(typed: String, usages: [String]) -> String? {
        let words = typed.lowercased().split(separator: " ").map(String.init)
        guard !words.isEmpty else { return nil }
        let spaced = typed.hasSuffix(" ")
        var fits: [[String]] = []
        for usage in usages {
            let parts = Self.parts(of: usage)
            let named = parts.prefix { !$0.hasPrefix("<") && !$0.hasPrefix("[") }
            // The command's words typed whole, the first of its arguments begun at most.
            guard words.count >= named.count, zip(named, words).allSatisfy({ $0.lowercased() == $1 }) else { continue }
            let arguments = words.count - named.count
            guard arguments < parts.count - named.count || (arguments == parts.count - named.count && !spaced) else { continue }
            fits.append(Array(parts.dropFirst(named.count + arguments)))
        }
        guard fits.count == 1, let rest = fits.first, !rest.isEmpty else { return nil }
        return (spaced ? "" : " ") + rest.joined(separator: " ")
    }

    /// A form's parts: its words, and each `<…>` or `[…]` whole, spaces and all (`[yesterday | on YYYY-MM-DD]`).
    public static func parts(of usage: String) -> [String] {
        var parts: [String] = []
        var part = ""
        var depth = 0
        for character in usage {
            if character == " ", depth == 0 {
                if !part.isEmpty { parts.append(part) }
                part = ""
                continue
            }
            if character == "<" || character == "[" { depth += 1 }
            if character == ">" || character == "]" { depth = max(0, depth - 1) }
            part.append(character)
        }
        if !part.isEmpty { parts.append(part) }
        return parts
    }
}
