extension String {
    /// This text as a reply may quote it back to the person who typed it: control characters (escape sequences,
    /// NUL, bell) and text-direction overrides written as `\u{1B}`, never raw, so quoting input can't clear a
    /// terminal or turn a line around.
    public var echoed: String {
        guard containsControlCharacters else { return self }
        var out = ""
        for scalar in unicodeScalars {
            if scalar.isUnsafeInText {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
