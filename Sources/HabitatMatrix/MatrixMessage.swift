import HabitatBridgeKit

/// A message the bot sends (`m.notice`, as bots do, so other bots don't answer it): the plain `body`, and beside it
/// for a reply of several lines an HTML `formatted_body`, the detail lines of each toast (a heatmap, `today`'s
/// groups) in `<pre>` so their columns stay aligned.
public struct MatrixMessage: Sendable, Equatable, Encodable {
    public var msgtype = "m.notice"
    public var body: String
    public var format: String?
    public var formattedBody: String?

    private enum CodingKeys: String, CodingKey {
        case msgtype, body, format
        case formattedBody = "formatted_body"
    }

    public init(body: String, formattedBody: String? = nil) {
        self.body = body
        self.formattedBody = formattedBody
        self.format = formattedBody == nil ? nil : "org.matrix.custom.html"
    }

    /// The message saying `toasts`, after `name: ` when addressing someone in a room.
    public init(_ toasts: [BridgeToast], addressing name: String? = nil) {
        let prefix = name.map { "\($0): " } ?? ""
        let lines = toasts.flatMap(\.lines)
        let body = prefix + lines.joined(separator: "\n")
        guard lines.count > 1 else {
            self.init(body: body)
            return
        }
        let html = toasts.enumerated().map { index, toast in
            var lines = toast.lines
            let headline = (index == 0 ? prefix : "") + lines.removeFirst()
            guard !lines.isEmpty else { return Self.escaped(headline) }
            return Self.escaped(headline) + "<pre>" + Self.escaped(lines.joined(separator: "\n")) + "</pre>"
        }
        self.init(body: body, formattedBody: html.joined(separator: "<br>"))
    }

    /// `text` with HTML's special characters escaped.
    static func escaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
