/// How long Habitat has been away, for the chat's sake: a short absence (a restart) goes unsaid, and once it has
/// been away longer than ``notable`` the channels hear ``back`` when it returns.
public struct Absence: Sendable {
    /// How long an absence must last to be worth a line in the channels.
    public var notable: Duration
    /// When the connection to Habitat ended, while it is away.
    private var since: ContinuousClock.Instant?

    public init(notable: Duration = .seconds(60)) {
        self.notable = notable
    }

    /// The connection to Habitat ended (again, while reconnecting: the absence began the first time).
    public mutating func left(at now: ContinuousClock.Instant) {
        if since == nil { since = now }
    }

    /// The connection to Habitat is open again: whether it was away long enough for the channels to hear ``back``.
    public mutating func returned(at now: ContinuousClock.Instant) -> Bool {
        defer { since = nil }
        guard let since else { return false }
        return now - since > notable
    }

    /// What the channels hear when Habitat returns after a notable absence.
    public static let back = BridgeToast(type: "info", text: "✅ Habitat is back.")
}
