import Foundation

/// An amount as people say it: whole (`3 glasses`) or with up to three decimals (`2.5 km`, `0.75 litres`), kept
/// exact. Sums and targets compare exactly (`0.7 + 0.1` is `0.8`), which a `Double` does not.
///
/// Encoded as a JSON number: a whole amount as before (`3`), a part as a decimal (`2.5`).
public struct Quantity: Sendable, Hashable, Comparable, Codable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// The amount in thousandths: 2.5 is 2500.
    public var thousandths: Int

    /// How many decimals an amount may have.
    public static let decimals = 3

    public init(thousandths: Int) {
        self.thousandths = thousandths
    }

    public init(_ whole: Int) {
        thousandths = whole.multipliedReportingOverflow(by: 1000).overflow ? (whole < 0 ? Int.min : Int.max) : whole * 1000
    }

    public init(integerLiteral value: Int) {
        self.init(value)
    }

    /// `value` when it has at most three decimals and is no larger than an amount may be; `nil` otherwise.
    public init?(exactly value: Double) {
        guard value.isFinite, value.magnitude < 1e12 else { return nil }
        let scaled = (value * 1000).rounded()
        guard (scaled / 1000 - value).magnitude < 1e-9 * max(1, value.magnitude) else { return nil }
        thousandths = Int(scaled)
    }

    /// The nearest amount with three decimals.
    public init(rounding value: Double) {
        thousandths = value.isFinite && value.magnitude < 1e12 ? Int((value * 1000).rounded()) : 0
    }

    /// Whether it has no part after the point.
    public var isWhole: Bool { thousandths % 1000 == 0 }

    /// The whole number it is, or the whole number nearest it.
    public var rounded: Int { Int((Double(thousandths) / 1000).rounded()) }

    public var double: Double { Double(thousandths) / 1000 }

    /// How many ones it reaches into, a part of one counted as one (`2.5` is 3); 0 for nothing or less.
    public var wholeOnesStarted: Int { thousandths <= 0 ? 0 : (thousandths + 999) / 1000 }

    /// `3`, `2.5`, `0.125`: no trailing zeros, a point before any part.
    public var description: String {
        let sign = thousandths < 0 ? "-" : ""
        let magnitude = thousandths.magnitude
        let whole = magnitude / 1000
        let part = magnitude % 1000
        guard part != 0 else { return "\(sign)\(whole)" }
        var digits = String(part)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(sign)\(whole).\(digits)"
    }

    public static func < (lhs: Quantity, rhs: Quantity) -> Bool { lhs.thousandths < rhs.thousandths }
    public static func + (lhs: Quantity, rhs: Quantity) -> Quantity { Quantity(thousandths: lhs.thousandths + rhs.thousandths) }
    public static func - (lhs: Quantity, rhs: Quantity) -> Quantity { Quantity(thousandths: lhs.thousandths - rhs.thousandths) }
    public static func += (lhs: inout Quantity, rhs: Quantity) { lhs = lhs + rhs }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let whole = try? container.decode(Int.self) {
            self.init(whole)
        } else {
            self.init(rounding: try container.decode(Double.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if isWhole {
            try container.encode(thousandths / 1000)
        } else {
            try container.encode(double)
        }
    }
}
