extension Array where Element == UInt8 {
    /// Appends `value` in decimal ASCII digits, written in place: no `String` per number. JSON replies and
    /// stored snapshots write many small numbers.
    public mutating func appendDecimal(_ value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits = 1
        var rest = magnitude
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        let end = count + digits
        append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
        withUnsafeMutableBufferPointer { bytes in
            var index = end
            repeat {
                index -= 1
                bytes[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
        }
    }
}
