import HabitatCommands
import HabitatEngine

/// Something the server tells a user on its own: a timer ended, a housemate did a chore.
public struct Event: Sendable {
    /// `timer`, `room`, `offline`, ...
    public var kind: String
    public var toasts: [Toast]
    public var data: JSON?
    /// Top-level keys after `event` (for bridges: `room` or `user`).
    public var fields: [(String, JSON)] = []

    public init(kind: String, toasts: [Toast], data: JSON? = nil) {
        self.kind = kind
        self.toasts = toasts
        self.data = data
    }

    /// The same event with a top-level key added.
    func with(_ key: String, _ value: String) -> Event {
        var event = self
        event.fields.append((key, .string(value)))
        return event
    }

    /// Text mode: toast lines and an empty line; JSON mode: one line with `event` and never `ok`.
    func rendered(mode: OutputMode, plain: Bool) -> String {
        mode == .json
            ? Reply.event(kind, toasts: toasts, data: data, plain: plain, extra: fields)
            : Reply(toasts: toasts).text(plain: plain)
    }
}
