import Foundation
import HabitatCommands
import HabitatEngine
import HabitatStorage

/// A toast as a user's inbox keeps it while they are away: `{"symbol":"room","message":"…","details":[]}`.
struct InboxToast: Codable {
    var symbol: String
    var message: String
    var details: [String]

    /// `toasts` as the inbox keeps them: a JSON array.
    static func text(of toasts: [Toast]) -> String {
        let kept = toasts.map { InboxToast(symbol: $0.symbol.name, message: $0.message, details: $0.details) }
        return (try? JSONEncoder().encode(kept)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }

    /// The toasts an inbox kept as `text`; a marker no longer known is shown as information.
    static func toasts(of text: String) -> [Toast] {
        let kept = (try? JSONDecoder().decode([InboxToast].self, from: Data(text.utf8))) ?? []
        return kept.map { Toast(ToastSymbol.named($0.symbol) ?? .info, $0.message, details: $0.details) }
    }
}

extension InboxItem {
    /// `event`, kept at `now` for a user who is not told it live.
    init(_ event: Event, at now: Date) {
        self.init(kind: event.kind, toasts: InboxToast.text(of: event.toasts), created: now)
    }
}
