@testable import HabitatCommands

extension JSON {
    /// Parses JSON text, keys in order; `nil` when it is not valid JSON. For tests, which read replies back.
    static func parse(_ text: String) -> JSON? {
        var scanner = JSONScanner(bytes: Array(text.utf8))
        return scanner.parseDocument()
    }
}

/// A strict RFC 8259 parser, bounded in depth so no input can exhaust the stack, on the scanner the server reads
/// requests with.
extension JSONScanner {
    static let maxDepth = 32

    mutating func parseDocument() -> JSON? {
        guard let value = parseValue(depth: 0) else { return nil }
        skipSpace()
        return index == bytes.count ? value : nil
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

    mutating func literal(_ word: StaticString, _ value: JSON) -> JSON? {
        skipLiteral(word) ? value : nil
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

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, nothing looser.
    mutating func parseNumber() -> JSON? {
        let start = index
        guard let isInteger = scanNumber() else { return nil }
        guard let text = String(validating: bytes[start..<index], as: UTF8.self) else { return nil }
        if isInteger, let value = Int(text) { return .int(value) }
        guard let value = Double(text), value.isFinite else { return nil }
        return .double(value)
    }
}
