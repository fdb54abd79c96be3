extension Array where Element == UInt8 {
    /// Appends `value` in decimal ASCII digits, written in place: no `String` per number. JSON replies and
    /// stored snapshots write many small numbers.
    public mutating func appendDecimal(_ value: Int) {
        if value >= 0, value < 10 {
            append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        // Digits from the last, into a buffer on the stack (20 digits and a sign at most), then one copy.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var index = buffer.count
            var magnitude = value.magnitude
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                index -= 1
                buffer[index] = UInt8(ascii: "-")
            }
            append(contentsOf: UnsafeBufferPointer(rebasing: buffer[index...]))
        }
    }
}

extension Array where Element == UInt8 {
    /// Appends the UTF-8 of a literal.
    public mutating func append(literal text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }
}

/// Text put together from literals, other text and numbers by copying their UTF-8 once, then made a `String` in one
/// step: for the lines every recording and every `status` write, where each piece of a `String` interpolation costs
/// hundreds of instructions. `ByteText("\(name) completed! +\(xp) XP").string` is the same text as the interpolation.
public struct ByteText: ExpressibleByStringInterpolation {
    public let string: String

    public init(stringLiteral value: StaticString) {
        string = value.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
    }

    public init(stringInterpolation: Interpolation) {
        string = String(decoding: stringInterpolation.bytes, as: UTF8.self)
    }

    public struct Interpolation: StringInterpolationProtocol {
        var bytes: [UInt8] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            bytes.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        public mutating func appendLiteral(_ literal: StaticString) {
            bytes.append(literal: literal)
        }

        public mutating func appendInterpolation(_ text: String) {
            var text = text
            text.withUTF8 { bytes.append(contentsOf: $0) }
        }

        public mutating func appendInterpolation(_ number: Int) {
            bytes.appendDecimal(number)
        }
    }
}
