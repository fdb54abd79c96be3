/// A word of a request line. Quoted text (`"Run 5k"`) is one word.
public struct Token: Sendable, Equatable {
    public var text: String {
        didSet { lower = text.lowercased() }
    }
    public var quoted: Bool
    /// Where the word ends in its line, as a UTF-8 offset (after a closing quote): what follows it is
    /// `line.utf8.dropFirst(end)`. Not part of equality.
    public internal(set) var end: Int

    /// The word as matched against keywords (lowercased once: the parsers look at it many times).
    public private(set) var lower: String

    public init(_ text: String, quoted: Bool = false) {
        self.init(text, quoted: quoted, end: 0)
    }

    init(_ text: String, quoted: Bool, end: Int) {
        self.init(text, lower: text.lowercased(), quoted: quoted, end: end)
    }

    /// A word whose lowercased form is known already.
    init(_ text: String, lower: String, quoted: Bool, end: Int) {
        self.text = text
        self.quoted = quoted
        self.end = end
        self.lower = lower
    }

    public static func == (lhs: Token, rhs: Token) -> Bool { lhs.text == rhs.text && lhs.quoted == rhs.quoted }
}

/// Splits a line into words on white space, keeping quoted runs (`"…"`, `'…'`, `“…”`) together. Inside a
/// quoted run, a backslash before its closing quote or before another backslash keeps that character
/// (`"Quote\"d"` is `Quote"d`); any other backslash is just a backslash.
public func tokenize(_ line: String) -> [Token] {
    // Most lines are ASCII: split their bytes, without grapheme breaking or Unicode property look-ups.
    if let tokens = line.utf8.withContiguousStorageIfAvailable(tokenizeASCII) ?? nil { return tokens }
    let closing: [Character: Character] = ["\"": "\"", "'": "'", "“": "”", "‘": "’"]
    var tokens: [Token] = []
    var current = ""
    var quote: Character?
    var quotedToken = false
    var escaping = false
    var offset = 0
    var characters = line.makeIterator()
    var next = characters.next()
    while let character = next {
        next = characters.next()
        offset += character.utf8.count
        if let open = quote {
            if character == "\\", !escaping, let following = next, following == closing[open] || following == "\\" {
                escaping = true
            } else if character == closing[open], !escaping {
                tokens.append(Token(current, quoted: true, end: offset))
                current = ""
                quote = nil
                quotedToken = false
            } else {
                escaping = false
                current.append(character)
            }
        } else if character.isWhitespace {
            if !current.isEmpty { tokens.append(Token(current, quoted: false, end: offset - character.utf8.count)) }
            current = ""
        } else if current.isEmpty, closing[character] != nil {
            quote = character
            quotedToken = true
        } else {
            current.append(character)
        }
    }
    if quotedToken || !current.isEmpty { tokens.append(Token(current, quoted: quotedToken, end: offset)) }
    return tokens
}

/// `tokenize` for a line of ASCII bytes, word for word the same; `nil` if the line is not all ASCII.
private func tokenizeASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> [Token]? {
    guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
    let backslash = UInt8(ascii: "\\")
    func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
    /// The word typed at `range` as `text`, lowercased only when it holds a capital (most words hold none).
    func token(_ text: String, at range: Range<Int>, quoted: Bool, end: Int) -> Token {
        let capital = bytes[range].contains { $0 &- UInt8(ascii: "A") < 26 }
        return Token(text, lower: capital ? text.lowercased() : text, quoted: quoted, end: end)
    }
    /// A quoted run's text, its escapes taken out.
    func unescaped(_ range: Range<Int>, mark: UInt8) -> String {
        var out: [UInt8] = []
        var index = range.lowerBound
        while index < range.upperBound {
            if bytes[index] == backslash, index + 1 < range.upperBound, bytes[index + 1] == mark || bytes[index + 1] == backslash {
                index += 1
            }
            out.append(bytes[index])
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
    var tokens: [Token] = []
    var word: Int?  // where the unquoted word being read starts
    var quote: (mark: UInt8, start: Int, escaped: Bool)?
    var index = 0
    while index < bytes.count {
        let byte = bytes[index]
        if let open = quote {
            if byte == backslash, index + 1 < bytes.count, bytes[index + 1] == open.mark || bytes[index + 1] == backslash {
                quote?.escaped = true
                index += 1
            } else if byte == open.mark {
                let range = open.start..<index
                tokens.append(token(open.escaped ? unescaped(range, mark: open.mark) : text(range), at: range, quoted: true, end: index + 1))
                quote = nil
            }
        } else if byte == 0x20 || (0x09...0x0D).contains(byte) {
            if let start = word { tokens.append(token(text(start..<index), at: start..<index, quoted: false, end: index)) }
            word = nil
        } else if word == nil {
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = (byte, index + 1, false)
            } else {
                word = index
            }
        }
        index += 1
    }
    if let open = quote {
        let range = open.start..<bytes.count
        tokens.append(token(open.escaped ? unescaped(range, mark: open.mark) : text(range), at: range, quoted: true, end: bytes.count))
    } else if let start = word {
        tokens.append(token(text(start..<bytes.count), at: start..<bytes.count, quoted: false, end: bytes.count))
    }
    return tokens
}

extension Array where Element == Token {
    /// The words without one of `marks` typed after the last (`add habit Tea,`, `add todo Milk.`): it is no part of a
    /// name. A quoted word keeps it.
    public func withoutTrailingMark(_ marks: String = ",;:.") -> [Token] {
        guard let last, !last.quoted, last.text.count > 1, let mark = last.text.last, marks.contains(mark) else { return self }
        return dropLast() + [Token(String(last.text.dropLast()))]
    }
}

extension Collection where Element == Token {
    /// The words joined with single spaces.
    public var phrase: String {
        if count == 1, let only = first { return only.text }
        return map(\.text).joined(separator: " ")
    }
}
