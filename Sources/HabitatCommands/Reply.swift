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
        var pairs: [(String, JSON)] = []
        if let id { pairs.append(("id", id)) }
        pairs += extra
        pairs.append(("ok", .bool(ok)))
        pairs += Self.toastFields(toasts, plain: plain)
        if let code { pairs.append(("code", .string(code.rawValue))) }
        if let data { pairs.append(("data", data)) }
        return JSON.object(pairs).serialized + "\n"
    }

    /// A line the server sends on its own (timers, room activity, offline deliveries): never an `ok` key.
    public static func event(_ kind: String, toasts: [Toast], data: JSON? = nil, plain: Bool, extra: [(String, JSON)] = []) -> String {
        var pairs: [(String, JSON)] = [("event", .string(kind))]
        pairs += extra
        pairs += toastFields(toasts, plain: plain)
        if let data { pairs.append(("data", data)) }
        return JSON.object(pairs).serialized + "\n"
    }

    static func toastFields(_ toasts: [Toast], plain: Bool) -> [(String, JSON)] {
        let texts = toasts.map { $0.rendered(plain: plain) }
        return [
            ("type", .string((toasts.first?.type ?? .info).rawValue)),
            ("text", .string(texts.first ?? "")),
            ("toasts", .array(zip(toasts, texts).map { toast, text in .object([("type", .string(toast.type.rawValue)), ("text", .string(text))]) })),
        ]
    }
}
