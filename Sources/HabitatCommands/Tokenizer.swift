/// A word of a request line. Quoted text (`"Run 5k"`) is one word.
public struct Token: Sendable, Equatable {
    public var text: String {
        didSet { lower = text.lowercased() }
    }
    public var quoted: Bool

    /// The word as matched against keywords (lowercased once: the parsers look at it many times).
    public private(set) var lower: String

    public init(_ text: String, quoted: Bool = false) {
        self.text = text
        self.quoted = quoted
        self.lower = text.lowercased()
    }
}

/// Splits a line into words on white space, keeping quoted runs (`"…"`, `'…'`, `“…”`) together.
public func tokenize(_ line: String) -> [Token] {
    // Most lines are ASCII: split their bytes, without grapheme breaking or Unicode property look-ups.
    if let tokens = line.utf8.withContiguousStorageIfAvailable(tokenizeASCII) ?? nil { return tokens }
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

/// `tokenize` for a line of ASCII bytes, word for word the same; `nil` if the line is not all ASCII.
private func tokenizeASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> [Token]? {
    guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
    func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
    var tokens: [Token] = []
    var word: Int?  // where the unquoted word being read starts
    var quote: (mark: UInt8, start: Int)?
    for (index, byte) in bytes.enumerated() {
        if let open = quote {
            if byte == open.mark {
                tokens.append(Token(text(open.start..<index), quoted: true))
                quote = nil
            }
        } else if byte == 0x20 || (0x09...0x0D).contains(byte) {
            if let start = word { tokens.append(Token(text(start..<index))) }
            word = nil
        } else if word == nil {
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = (byte, index + 1)
            } else {
                word = index
            }
        }
    }
    if let open = quote {
        tokens.append(Token(text(open.start..<bytes.count), quoted: true))
    } else if let start = word {
        tokens.append(Token(text(start..<bytes.count)))
    }
    return tokens
}

extension Collection where Element == Token {
    /// The words joined with single spaces.
    var phrase: String {
        if count == 1, let only = first { return only.text }
        return map(\.text).joined(separator: " ")
    }
}
