import Foundation
import HabitatCommands
import HabitatEngine

/// An event as one server hands it to the others (``Presence``): for a user's connections (`to`), or for a bridge to
/// post in a room's channel (`bridge`, `room`). JSON text; its data is carried as the JSON it is written as.
struct RelayedEvent: Codable {
    var to: Int64?
    var readingChannelOf: String?
    var bridge: String?
    var room: String?
    var kind: String
    var toasts: [InboxToast]
    var data: String?
    /// The top-level keys after `event`, each `[key, value]`.
    var fields: [[String]]

    init(_ event: Event, to accountID: Int64? = nil, readingChannelOf: String? = nil, bridge: String? = nil, room: String? = nil) {
        (to, self.readingChannelOf, self.bridge, self.room) = (accountID, readingChannelOf, bridge, room)
        kind = event.kind
        toasts = event.toasts.map(InboxToast.init)
        data = event.data?.serialized
        fields = event.fields.map { [$0.0, $0.1.stringValue ?? $0.1.serialized] }
    }

    init?(body: String) {
        guard let decoded = try? JSONDecoder().decode(Self.self, from: Data(body.utf8)) else { return nil }
        self = decoded
    }

    var body: String {
        (try? JSONEncoder().encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The event as its server made it.
    var event: Event {
        var event = Event(kind: kind, toasts: toasts.map(\.toast), data: data.map { .verbatim($0) })
        event.fields = fields.compactMap { $0.count == 2 ? ($0[0], .string($0[1])) : nil }
        return event
    }
}
