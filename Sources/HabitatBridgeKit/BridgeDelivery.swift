/// Something a bridge is to say in its chat system: toasts for a channel, or privately for one person.
public struct BridgeDelivery: Sendable, Equatable {
    /// Where it is said.
    public enum Place: Sendable, Hashable {
        /// In a channel, for everyone there.
        case channel(String)
        /// Privately, at the chat address the bridge reaches that person by (an IRC nick, a Matrix user id).
        case person(String)
    }

    public var place: Place
    /// In a channel, the name of the person answered, to put first (`alice: ✅ Dishes completed!`).
    public var addressing: String?
    public var toasts: [BridgeToast]

    public init(place: Place, addressing: String? = nil, toasts: [BridgeToast]) {
        self.place = place
        self.addressing = addressing
        self.toasts = toasts
    }

    /// The toasts' lines as a chat shows them (``BridgeToast/lines``).
    public var lines: [String] { toasts.flatMap(\.lines) }
}
