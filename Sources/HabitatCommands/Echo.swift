import HabitatEngine

extension String {
    /// This text as a reply may quote it back to the person who typed it: control characters (escape sequences,
    /// NUL, bell) and text-direction overrides written as `\u{1B}`, never raw, so quoting input can't clear a
    /// terminal or turn a line around.
    public var echoed: String {
        guard unicodeScalars.contains(where: Self.unsafeToEcho) else { return self }
        var out = ""
        for scalar in unicodeScalars {
            if Self.unsafeToEcho(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func unsafeToEcho(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isControl || (0x202A...0x202E).contains(scalar.value)
            || (0x2066...0x2069).contains(scalar.value)
    }
}
