import HabitatEngine

/// What the server answers to one request line: toasts for people, a code and data for programs.
public struct Reply: Sendable, Equatable {
    /// Whether the command was carried out (recording a bad habit is `ok` with an error-coloured toast).
    public var ok: Bool
    public var toasts: [Toast]
    public var code: ErrorCode?
    public var data: JSON?

    public init(ok: Bool = true, toasts: [Toast], code: ErrorCode? = nil, data: JSON? = nil) {
        self.ok = ok
        self.toasts = toasts
        self.code = code
        self.data = data
    }

    public init(_ symbol: ToastSymbol, _ message: String, details: [String] = [], data: JSON? = nil) {
        self.init(toasts: [Toast(symbol, message, details: details)], data: data)
    }

    public init(error: HabitatError) {
        self.init(ok: false, toasts: [error.toast], code: error.code)
    }

    /// The colour of the first toast.
    public var type: ToastType { toasts.first?.type ?? .info }
}

/// How a connection wants its replies.
public enum OutputMode: String, Sendable {
    case text, json
}

extension Reply {
    /// Text mode: each toast on its own line(s), then one empty line that ends the reply.
    public func text(plain: Bool) -> String {
        var out = ""
        for toast in toasts {
            out += toast.rendered(plain: plain)
            out += "\n"
        }
        out += "\n"
        return out
    }

    /// JSON mode: exactly one line. `id` is echoed from a JSON request; `extra` keys (a bridge's
    /// `user` and `room`) follow it.
    public func json(id: JSON? = nil, plain: Bool, extra: [(String, JSON)] = []) -> String {
        String(decoding: jsonLine(id: id, plain: plain, extra: extra), as: UTF8.self)
    }

    /// `json(id:plain:extra:)` as UTF-8 bytes, newline included, for writing to a socket.
    public func jsonLine(id: JSON? = nil, plain: Bool, extra: [(String, JSON)] = []) -> [UInt8] {
        Self.line { object, out in
            if let id { object.field("id", id, to: &out) }
            for (key, value) in extra { object.field(key, value, to: &out) }
            object.field("ok", .bool(ok), to: &out)
            Self.writeToastFields(toasts, plain: plain, to: &object, &out)
            if let code { object.field("code", .string(code.rawValue), to: &out) }
            if let data { object.field("data", data, to: &out) }
        }
    }

    /// A line the server sends on its own (timers, room activity, offline deliveries): never an `ok` key.
    public static func event(_ kind: String, toasts: [Toast], data: JSON? = nil, plain: Bool, extra: [(String, JSON)] = []) -> String {
        let bytes = line { object, out in
            object.field("event", .string(kind), to: &out)
            for (key, value) in extra { object.field(key, value, to: &out) }
            writeToastFields(toasts, plain: plain, to: &object, &out)
            if let data { object.field("data", data, to: &out) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// One JSON object and a newline, as UTF-8; `fields` writes its fields.
    private static func line(_ fields: (inout JSON.ObjectWriter, inout [UInt8]) -> Void) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(512)
        var object = JSON.ObjectWriter(&out)
        fields(&object, &out)
        object.end(&out)
        out.append(UInt8(ascii: "\n"))
        return out
    }

    /// `type` and `text` of the first toast, then every toast. Each toast's text is written and escaped
    /// once, straight into the line; the first one's bytes are copied for its second appearance.
    static func writeToastFields(_ toasts: [Toast], plain: Bool, to object: inout JSON.ObjectWriter, _ out: inout [UInt8]) {
        object.key("type", to: &out)
        writeType(toasts.first?.type ?? .info, to: &out)
        object.key("text", to: &out)
        let firstStart = out.count
        if let first = toasts.first { writeText(first, plain: plain, to: &out) } else { out.append(literal: #""""#) }
        let firstEnd = out.count
        object.key("toasts", to: &out)
        out.append(UInt8(ascii: "["))
        for (index, toast) in toasts.enumerated() {
            out.append(literal: index > 0 ? #",{"type":"# : #"{"type":"#)
            writeType(toast.type, to: &out)
            out.append(literal: #","text":"#)
            if index == 0 { out.appendCopy(of: firstStart..<firstEnd) } else { writeText(toast, plain: plain, to: &out) }
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
    }

    /// The type's name as a JSON string (names are plain words: nothing to escape).
    private static func writeType(_ type: ToastType, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        out.append(contentsOf: type.rawValue.utf8)
        out.append(UInt8(ascii: "\""))
    }

    /// A toast as `Toast.rendered(plain:)` has it, as a JSON string, escaped as it is written. Its marker, message
    /// and details are escaped; the space and line breaks between them are written as they are, already escaped.
    static func writeText(_ toast: Toast, plain: Bool, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        toast.render(plain: plain) { piece in
            switch piece {
            case .text(let text): JSON.writeEscaped(text, to: &out)
            case .space: out.append(UInt8(ascii: " "))
            case .detailBreak: out.append(literal: #"\n  "#)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

extension [UInt8] {
    /// Appends a copy of the bytes at `range` of this array.
    fileprivate mutating func appendCopy(of range: Range<Int>) {
        let start = count
        append(contentsOf: repeatElement(0, count: range.count))
        withUnsafeMutableBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            (base + start).update(from: base + range.lowerBound, count: range.count)
        }
    }
}
