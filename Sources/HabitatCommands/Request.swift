import HabitatEngine
import LineFraming

/// One request's text, with the id and JSON-ness a JSON request (`{"id": 1, "text": "status"}`) gives it.
public struct Request: Sendable, Equatable {
    public var text: String
    public var id: JSON?
    /// Whether it came as a JSON request: then its reply is JSON whatever the session's mode.
    public var asJSON: Bool
    /// The name of the command it asks for (``CommandTable/kind(of:)``), once reading it for its plan found it.
    public var kind: String?

    public init(text: String, id: JSON? = nil, asJSON: Bool = false, kind: String? = nil) {
        (self.text, self.id, self.asJSON, self.kind) = (text, id, asJSON, kind)
    }

}

/// A line, read: the request it makes, nothing (a blank line gets no reply), or what to say to a line that can't be
/// run (with what the reply needs of the line: whether it is JSON, and its id if it had one).
public enum Reading: Sendable, Equatable {
    case blank
    case request(Request)
    case unreadable(Request, HabitatError)

    /// Reads a line of a player's connection, or with `bridge` of a bridge's (whose lines are JSON of their own,
    /// read as bridge requests).
    public init(_ line: IncomingLine, bridge: Bool = false) {
        switch line {
        case .tooLong(let limit, let jsonLike):
            self = .unreadable(Request(text: "", asJSON: jsonLike), HabitatError(.lineTooLong, "That line was longer than \(limit) bytes and was dropped."))
        case .notUTF8(let jsonLike):
            self = .unreadable(Request(text: "", asJSON: jsonLike), HabitatError(.invalidUTF8, "That line wasn't valid UTF-8 and was dropped."))
        case .text(let line):
            let trimmed = Self.trimmed(line)
            guard !trimmed.isEmpty else {
                self = .blank
                return
            }
            guard trimmed.hasPrefix("{"), !bridge else {
                self = .request(Request(text: trimmed, asJSON: bridge))
                return
            }
            // A JSON request is always answered in JSON, whatever the mode.
            let request = JSONRequest(trimmed, strings: ["text"])
            guard request.wellFormed, let text = request.strings[0] else {
                let error = HabitatError(.invalidArgument, #"A JSON request is an object with a "text" string, e.g. {"id": 1, "text": "status"}."#)
                self = .unreadable(Request(text: "", id: request.id, asJSON: true), error)
                return
            }
            self = .request(Request(text: text, id: request.id, asJSON: true))
        }
    }

    /// `line` without what can't be seen around it: Unicode white space (tabs, vertical tabs, form feeds, CRs,
    /// NEL, line and paragraph separators, …) and invisible format characters (zero-width spaces and joiners,
    /// byte order marks). A line with nothing else is blank: it gets no reply. Most lines start and end with
    /// a printable ASCII byte, and are returned as they are.
    static func trimmed(_ line: String) -> String {
        func plain(_ byte: UInt8?) -> Bool { byte.map { $0 > 0x20 && $0 < 0x7F } ?? false }
        if plain(line.utf8.first), plain(line.utf8.last) { return line }
        func invisible(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isWhitespace || scalar.properties.generalCategory == .format
        }
        let scalars = line.unicodeScalars
        guard let start = scalars.firstIndex(where: { !invisible($0) }) else { return "" }
        let end = scalars.lastIndex(where: { !invisible($0) })!
        return String(scalars[start...end])
    }
}
