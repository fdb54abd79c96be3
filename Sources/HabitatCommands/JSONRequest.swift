/// What a request line that is a JSON object says: its `id`, exactly as sent, and the string values of the keys
/// asked for. The values of other keys are checked to be JSON and skipped, never built, at any depth.
public struct JSONRequest: Sendable {
    /// The first `id`, as ``JSON/verbatim(_:)``: its JSON text as sent, less the white space between its tokens.
    public var id: JSON?
    /// The first value of each key asked for, when it is a string.
    public var strings: [String?]
    /// For each key asked for, whether its first value was something other than a string or `null`.
    public var notStrings: [Bool]
    /// For each key asked for, whether its first value was `true`.
    public var trues: [Bool]
    /// Whether the line is exactly one JSON object. When it is not, `id` and `strings` hold what was read
    /// before the fault.
    public var wellFormed = false

    /// Reads `line`, keeping the string values of `keys`.
    public init(_ line: String, strings keys: [String]) {
        strings = Array(repeating: nil, count: keys.count)
        notStrings = Array(repeating: false, count: keys.count)
        trues = Array(repeating: false, count: keys.count)
        var parser = JSONScanner(bytes: Array(line.utf8))
        var seen = Array(repeating: false, count: keys.count)
        parser.skipSpace()
        guard parser.take(UInt8(ascii: "{")) else { return }
        parser.skipSpace()
        if !parser.take(UInt8(ascii: "}")) {
            while true {
                parser.skipSpace()
                guard parser.peek(UInt8(ascii: "\"")), let key = parser.parseString() else { return }
                parser.skipSpace()
                guard parser.take(UInt8(ascii: ":")) else { return }
                parser.skipSpace()
                let start = parser.index
                if let slot = keys.firstIndex(of: key), !seen[slot] {
                    seen[slot] = true
                    if parser.peek(UInt8(ascii: "\"")) {
                        guard let value = parser.parseString() else { return }
                        strings[slot] = value
                    } else {
                        notStrings[slot] = !parser.peek(UInt8(ascii: "n"))
                        trues[slot] = parser.peek(UInt8(ascii: "t"))
                        guard parser.skipValue() else { return }
                    }
                } else {
                    guard parser.skipValue() else { return }
                    // Kept only once what follows shows the value ended there (`01` is no `0`).
                    let end = parser.index
                    parser.skipSpace()
                    guard parser.peek(UInt8(ascii: "}")) || parser.peek(UInt8(ascii: ",")) else { return }
                    if key == "id", id == nil { id = .verbatim(parser.compactText(start..<end)) }
                }
                parser.skipSpace()
                if parser.take(UInt8(ascii: "}")) { break }
                guard parser.take(UInt8(ascii: ",")) else { return }
            }
        }
        parser.skipSpace()
        wellFormed = parser.index == parser.bytes.count
    }
}

/// Steps through JSON text byte by byte, strictly by RFC 8259: what a request line needs, the values of the
/// keys it reads and a check that all else is well formed, without building values it skips.
struct JSONScanner {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func skipSpace() {
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    /// Steps over `byte` if it is next.
    mutating func take(_ byte: UInt8) -> Bool {
        guard peek(byte) else { return false }
        index += 1
        return true
    }

    /// Steps over one well-formed JSON value without building it. Any depth: the containers it is inside are
    /// counted on a list, not on the stack.
    mutating func skipValue() -> Bool {
        var closers: [UInt8] = []
        while true {
            skipSpace()
            guard index < bytes.count else { return false }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                skipSpace()
                if !take(UInt8(ascii: "}")) {
                    closers.append(UInt8(ascii: "}"))
                    guard skipKey() else { return false }
                    continue
                }
            case UInt8(ascii: "["):
                index += 1
                skipSpace()
                if !take(UInt8(ascii: "]")) {
                    closers.append(UInt8(ascii: "]"))
                    continue
                }
            case UInt8(ascii: "\""):
                guard skipString() else { return false }
            case UInt8(ascii: "t"): guard skipLiteral("true") else { return false }
            case UInt8(ascii: "f"): guard skipLiteral("false") else { return false }
            case UInt8(ascii: "n"): guard skipLiteral("null") else { return false }
            default:
                guard scanNumber() != nil else { return false }
            }
            // A value ended: close the containers it ends, up to the next value.
            while let closer = closers.last {
                skipSpace()
                if take(UInt8(ascii: ",")) {
                    if closer == UInt8(ascii: "}") { guard skipKey() else { return false } }
                    break
                }
                guard take(closer) else { return false }
                closers.removeLast()
            }
            if closers.isEmpty { return true }
        }
    }

    /// Steps over `word` (`true`, `false`, `null`) if it is next.
    mutating func skipLiteral(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
    }

    /// Steps over `"key":` inside an object.
    private mutating func skipKey() -> Bool {
        skipSpace()
        guard peek(UInt8(ascii: "\"")), skipString() else { return false }
        skipSpace()
        return take(UInt8(ascii: ":"))
    }

    /// Steps over a well-formed string (at its opening quote) without building it.
    mutating func skipString() -> Bool {
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") { return true }
            if byte < 0x20 { return false }
            if byte == UInt8(ascii: "\\") {
                guard index < bytes.count else { return false }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    continue
                case UInt8(ascii: "u"):
                    guard hex4() != nil else { return false }
                default: return false
                }
            }
        }
        return false
    }

    /// The JSON text at `range` without the white space between tokens (strings are kept as they are).
    func compactText(_ range: Range<Int>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var inString = false
        var escaped = false
        for byte in bytes[range] {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if Self.isSpace(byte) {
                continue
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            }
            out.append(byte)
        }
        return String(decoding: out, as: UTF8.self)
    }

    mutating func parseString() -> String? {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run = index
        func flush(_ end: Int) -> Bool {
            guard run < end else { return true }
            guard let text = String(validating: bytes[run..<end], as: UTF8.self) else { return false }
            scalars.append(contentsOf: text.unicodeScalars)
            return true
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                guard flush(index) else { return nil }
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { return nil }
            if byte == UInt8(ascii: "\\") {
                guard flush(index), index + 1 < bytes.count else { return nil }
                let escape = bytes[index + 1]
                index += 2
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    guard var code = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        else { return nil }
                        index += 2
                        guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { return nil }
                    scalars.append(scalar)
                default: return nil
                }
                run = index
                continue
            }
            index += 1
        }
        return nil
    }

    mutating func hex4() -> UInt32? {
        guard bytes.count - index >= 4 else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Character(Unicode.Scalar(bytes[index])).hexDigitValue else { return nil }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        return value
    }

    /// Steps over a number; whether it is an integer, or `nil` if there is no well-formed number here.
    mutating func scanNumber() -> Bool? {
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        func peek(_ character: Unicode.Scalar) -> Bool { index < bytes.count && bytes[index] == UInt8(ascii: character) }
        if peek("-") { index += 1 }
        if peek("0") {
            index += 1
        } else if digits() == 0 {
            return nil
        }
        var isInteger = true
        if peek(".") {
            index += 1
            isInteger = false
            guard digits() > 0 else { return nil }
        }
        if peek("e") || peek("E") {
            index += 1
            isInteger = false
            if peek("+") || peek("-") { index += 1 }
            guard digits() > 0 else { return nil }
        }
        return isInteger
    }
}
