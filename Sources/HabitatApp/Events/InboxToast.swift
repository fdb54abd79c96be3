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
        (try? JSONEncoder().encode(toasts.map(InboxToast.init))).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }

    /// The toasts an inbox kept as `text`.
    static func toasts(of text: String) -> [Toast] {
        ((try? JSONDecoder().decode([InboxToast].self, from: Data(text.utf8))) ?? []).map(\.toast)
    }

    init(_ toast: Toast) {
        (symbol, message, details) = (toast.symbol.name, toast.message, toast.details)
    }

    /// The toast as it was kept; a marker no longer known is shown as information.
    var toast: Toast { Toast(ToastSymbol.named(symbol) ?? .info, message, details: details) }
}

extension InboxItem {
    /// `event`, kept at `now` for a user who is not told it live.
    init(_ event: Event, at now: Date) {
        self.init(kind: event.kind, toasts: InboxToast.text(of: event.toasts), created: now)
    }
}
