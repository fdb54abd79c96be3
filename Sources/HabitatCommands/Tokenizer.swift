/// A word of a request line. Quoted text (`"Run 5k"`) is one word.
public struct Token: Sendable, Equatable {
    public var text: String
    public var quoted: Bool

    /// The word as matched against keywords.
    public var lower: String { text.lowercased() }

    public init(_ text: String, quoted: Bool = false) {
        self.text = text
        self.quoted = quoted
    }
}

/// Splits a line into words on white space, keeping quoted runs (`"…"`, `'…'`, `“…”`) together.
public func tokenize(_ line: String) -> [Token] {
    let closing: [Character: Character] = ["\"": "\"", "'": "'", "“": "”", "‘": "’"]
    var tokens: [Token] = []
    var current = ""
    var quote: Character?
    var quotedToken = false
    for character in line {
        if let open = quote {
            if character == closing[open] {
                tokens.append(Token(current, quoted: true))
                current = ""
                quote = nil
                quotedToken = false
            } else {
                current.append(character)
            }
        } else if character.isWhitespace {
            if !current.isEmpty { tokens.append(Token(current)) }
            current = ""
        } else if current.isEmpty, closing[character] != nil {
            quote = character
            quotedToken = true
        } else {
            current.append(character)
        }
    }
    if quotedToken || !current.isEmpty { tokens.append(Token(current, quoted: quotedToken)) }
    return tokens
}

extension Collection where Element == Token {
    /// The words joined with single spaces.
    var phrase: String { map(\.text).joined(separator: " ") }
}
