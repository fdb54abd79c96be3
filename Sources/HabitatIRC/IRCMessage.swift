/// A line of the IRC protocol (RFC 1459/2812, with IRCv3 message tags), without its CRLF.
///
/// `IRCMessage(line: "@account=alice :alice!a@host PRIVMSG #smiths :did dishes")` parses a line;
/// ``line`` serializes one. Commands are kept in upper case; numeric replies stay three-digit strings.
public struct IRCMessage: Sendable, Equatable {
    public var tags: [String: String]
    public var prefix: String?
    public var command: String
    public var parameters: [String]

    public init(tags: [String: String] = [:], prefix: String? = nil, command: String, parameters: [String] = []) {
        self.tags = tags
        self.prefix = prefix
        self.command = command
        self.parameters = parameters
    }

    /// A `PRIVMSG` to a channel or nick.
    public static func privmsg(_ target: String, _ text: String) -> IRCMessage {
        IRCMessage(command: "PRIVMSG", parameters: [target, text])
    }

    /// Parses one line (a trailing CR or LF is ignored); `nil` when it has no command.
    /// Runs of spaces between parts are accepted, as many servers and clients send them.
    public init?(line: String) {
        var rest = Substring(line).unicodeScalars
        while let last = rest.last, last == "\r" || last == "\n" { rest.removeLast() }
        rest = rest.drop { $0 == " " }
        var tags: [String: String] = [:]
        var prefix: String?
        if rest.first == "@" {
            tags = Self.parseTags(Self.word(&rest).dropFirst())
        }
        if rest.first == ":" {
            prefix = String(Self.word(&rest).dropFirst())
        }
        let command = String(Self.word(&rest))
        guard !command.isEmpty else { return nil }
        var parameters: [String] = []
        while !rest.isEmpty {
            if rest.first == ":" {
                parameters.append(String(rest.dropFirst()))
                break
            }
            parameters.append(String(Self.word(&rest)))
        }
        self.init(tags: tags, prefix: prefix, command: command.uppercased(), parameters: parameters)
    }

    /// The line to send, without CRLF. CR, LF and NUL, which would end or corrupt the line, become spaces.
    public var line: String {
        var parts: [String] = []
        if !tags.isEmpty {
            let pairs = tags.sorted { $0.key < $1.key }.map { key, value in
                value.isEmpty ? key : key + "=" + Self.escapeTagValue(value)
            }
            parts.append("@" + pairs.joined(separator: ";"))
        }
        if let prefix { parts.append(":" + prefix) }
        parts.append(command)
        for (index, parameter) in parameters.enumerated() {
            let needsColon = parameter.isEmpty || parameter.contains(" ") || parameter.hasPrefix(":")
            parts.append(index == parameters.count - 1 && needsColon ? ":" + parameter : parameter)
        }
        let line = parts.joined(separator: " ").unicodeScalars.map { "\r\n\0".unicodeScalars.contains($0) ? " " : $0 }
        return String(String.UnicodeScalarView(line))
    }

    /// Who sent the message, from its prefix.
    public var source: IRCSource? { prefix.map(IRCSource.init) }

    /// The number of a numeric reply (`001`, `433`, ...), or `nil` for a named command.
    public var numeric: Int? {
        command.count == 3 && command.allSatisfy(\.isASCII) ? Int(command) : nil
    }

    /// Takes the next space-separated word off the front of `rest`, and the spaces after it.
    private static func word(_ rest: inout Substring.UnicodeScalarView) -> Substring.UnicodeScalarView {
        let end = rest.firstIndex(of: " ") ?? rest.endIndex
        let word = rest[..<end]
        rest = rest[end...].drop { $0 == " " }
        return word
    }

    private static func parseTags(_ text: Substring.UnicodeScalarView) -> [String: String] {
        var tags: [String: String] = [:]
        for pair in text.split(separator: ";") {
            let key = pair.prefix { $0 != "=" }
            guard !key.isEmpty else { continue }
            tags[String(String.UnicodeScalarView(key))] = unescapeTagValue(pair.dropFirst(key.count + 1))
        }
        return tags
    }

    private static let escapes: [(Unicode.Scalar, Unicode.Scalar)] = [
        (";", ":"), (" ", "s"), ("\\", "\\"), ("\r", "r"), ("\n", "n"),
    ]

    /// IRCv3 tag-value escaping: `;` `\:`, space `\s`, `\` `\\`, CR `\r`, LF `\n`.
    static func escapeTagValue(_ value: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            if let (_, code) = escapes.first(where: { $0.0 == scalar }) {
                escaped.append(contentsOf: ["\\", code])
            } else {
                escaped.append(scalar)
            }
        }
        return String(escaped)
    }

    /// The inverse of ``escapeTagValue(_:)``; an unknown escape stands for its character, a lone final `\` for nothing.
    static func unescapeTagValue(_ value: some Sequence<Unicode.Scalar>) -> String {
        var result = String.UnicodeScalarView()
        var escaping = false
        for scalar in value {
            if escaping {
                result.append(escapes.first { $0.1 == scalar }?.0 ?? scalar)
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
