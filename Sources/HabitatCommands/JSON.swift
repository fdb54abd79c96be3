import Foundation
import HabitatEngine

/// A JSON value with object keys kept in order, so replies read the same every time.
public enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])
    /// JSON text written exactly as it is: a value a client sent (a request's `id`), echoed unchanged.
    case verbatim(String)

    public static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case (.verbatim(let a), .verbatim(let b)): a == b
        default: false
        }
    }

    /// The value of `key` in an object.
    public subscript(key: String) -> JSON? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// Compact JSON text on one line.
    public var serialized: String {
        var out: [UInt8] = []
        out.reserveCapacity(512)
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends compact JSON text to `out` as UTF-8: byte copies, no `String` in between.
    func write(to out: inout [UInt8]) {
        switch self {
        case .null: out.append(literal: "null")
        case .bool(let value): out.append(literal: value ? "true" : "false")
        case .int(let value): out.appendDecimal(value)
        case .double(let value):
            if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
                out.appendDecimal(Int(value))
            } else if value.isFinite {
                out.append(contentsOf: String(value).utf8)
            } else {
                out.append(literal: "null")
            }
        case .string(let value): Self.writeString(value, to: &out)
        case .verbatim(let text): out.append(contentsOf: text.utf8)
        case .array(let values):
            out.append(UInt8(ascii: "["))
            var first = true
            for value in values {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                value.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let pairs):
            var object = ObjectWriter(&out)
            for (key, value) in pairs { object.field(key, value, to: &out) }
            object.end(&out)
        }
    }

    /// Writes a JSON object's fields one at a time, so a caller can write an object without first building
    /// it as a `JSON` value.
    struct ObjectWriter {
        private var empty = true

        init(_ out: inout [UInt8]) { out.append(UInt8(ascii: "{")) }

        mutating func field(_ key: String, _ value: JSON, to out: inout [UInt8]) {
            self.key(key, to: &out)
            value.write(to: &out)
        }

        /// Starts a field whose value the caller writes next.
        mutating func key(_ key: String, to out: inout [UInt8]) {
            if !empty { out.append(UInt8(ascii: ",")) }
            empty = false
            JSON.writeString(key, to: &out)
            out.append(UInt8(ascii: ":"))
        }

        func end(_ out: inout [UInt8]) { out.append(UInt8(ascii: "}")) }
    }

    static func writeString(_ value: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        writeEscaped(value, to: &out)
        out.append(UInt8(ascii: "\""))
    }

    /// `value`'s characters as they go between a JSON string's quotes.
    static func writeEscaped(_ value: String, to out: inout [UInt8]) {
        let copied: Void? = value.utf8.withContiguousStorageIfAvailable { bytes in writeEscaped(bytes, to: &out) }
        if copied == nil {
            var value = value
            value.withUTF8 { bytes in writeEscaped(bytes, to: &out) }
        }
    }

    private static func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        // Most strings need no escaping: copy them whole.
        guard bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            out.append(contentsOf: bytes)
            return
        }
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""): out.append(literal: #"\""#)
            case UInt8(ascii: "\\"): out.append(literal: #"\\"#)
            case UInt8(ascii: "\n"): out.append(literal: #"\n"#)
            case UInt8(ascii: "\r"): out.append(literal: #"\r"#)
            case UInt8(ascii: "\t"): out.append(literal: #"\t"#)
            case ..<0x20:
                let hex = String(byte, radix: 16)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default: out.append(byte)
            }
        }
    }

    /// Parses JSON text; `nil` when it is not valid JSON.
    public static func parse(_ text: String) -> JSON? {
        var parser = JSONParser(bytes: Array(text.utf8))
        return parser.parseDocument()
    }
}

/// What a request line that is a JSON object says: its `id`, exactly as sent, and the string values of the keys
/// asked for. The values of other keys are checked to be JSON and skipped, never built, at any depth.
public struct JSONRequest: Sendable {
    /// The first `id`, as ``JSON/verbatim(_:)``: its JSON text as sent, less the white space between its tokens.
    public var id: JSON?
    /// The first value of each key asked for, when it is a string.
    public var strings: [String?]
    /// For each key asked for, whether its first value was something other than a string or `null`.
    public var notStrings: [Bool]
    /// Whether the line is exactly one JSON object. When it is not, `id` and `strings` hold what was read
    /// before the fault.
    public var wellFormed = false

    /// Reads `line`, keeping the string values of `keys`.
    public init(_ line: String, strings keys: [String]) {
        strings = Array(repeating: nil, count: keys.count)
        notStrings = Array(repeating: false, count: keys.count)
        var parser = JSONParser(bytes: Array(line.utf8))
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

/// A strict RFC 8259 parser, bounded in depth so no input can exhaust the stack.
struct JSONParser {
    let bytes: [UInt8]
    var index = 0
    static let maxDepth = 32

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func parseDocument() -> JSON? {
        guard let value = parseValue(depth: 0) else { return nil }
        skipSpace()
        return index == bytes.count ? value : nil
    }

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
            case UInt8(ascii: "t"): guard literal("true", .null) != nil else { return false }
            case UInt8(ascii: "f"): guard literal("false", .null) != nil else { return false }
            case UInt8(ascii: "n"): guard literal("null", .null) != nil else { return false }
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

    mutating func parseValue(depth: Int) -> JSON? {
        guard depth < Self.maxDepth else { return nil }
        skipSpace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return parseObject(depth: depth)
        case UInt8(ascii: "["): return parseArray(depth: depth)
        case UInt8(ascii: "\""): return parseString().map(JSON.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return parseNumber()
        }
    }

    mutating func literal(_ word: String, _ value: JSON) -> JSON? {
        let utf8 = Array(word.utf8)
        guard bytes.count - index >= utf8.count, Array(bytes[index..<index + utf8.count]) == utf8 else { return nil }
        index += utf8.count
        return value
    }

    mutating func parseObject(depth: Int) -> JSON? {
        index += 1
        var pairs: [(String, JSON)] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(pairs)
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = parseString() else { return nil }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            guard let value = parseValue(depth: depth + 1) else { return nil }
            pairs.append((key, value))
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(pairs)
            } else {
                return nil
            }
        }
    }

    mutating func parseArray(depth: Int) -> JSON? {
        index += 1
        var values: [JSON] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(values)
        }
        while true {
            guard let value = parseValue(depth: depth + 1) else { return nil }
            values.append(value)
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(values)
            } else {
                return nil
            }
        }
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

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, nothing looser.
    mutating func parseNumber() -> JSON? {
        let start = index
        guard let isInteger = scanNumber() else { return nil }
        guard let text = String(validating: bytes[start..<index], as: UTF8.self) else { return nil }
        if isInteger, let value = Int(text) { return .int(value) }
        guard let value = Double(text), value.isFinite else { return nil }
        return .double(value)
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

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSON)...) { self = .object(elements) }
}
