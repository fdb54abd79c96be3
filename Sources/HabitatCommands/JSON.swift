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


extension JSON {
    /// An amount as a number: whole as before (`3`), a part as a decimal (`2.5`).
    static func number(_ amount: Quantity) -> JSON {
        amount.isWhole ? .int(amount.thousandths / 1000) : .double(amount.double)
    }
}
