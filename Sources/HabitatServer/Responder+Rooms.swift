import Foundation
import HabitatCommands
import HabitatEngine
import HabitatStorage

extension Responder {
    /// The `room` of a bridge request, if it has one: a string of 1–64 characters, no control characters,
    /// and no `:` (which would make it look like another bridge's channel).
    static func checkChannel(_ value: JSON?) throws {
        guard let value, value != .null else { return }
        guard let channel = value.stringValue else {
            throw HabitatError(.invalidArgument, #"A bridge request's "room" is the channel's name, a string."#)
        }
        if channel.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw HabitatError(.invalidArgument, "A room (channel) name can't contain control characters.")
        }
        guard (1...64).contains(channel.count) else {
            throw HabitatError(.invalidArgument, "A room (channel) name is 1–64 characters.")
        }
        guard !channel.contains(":") else {
            throw HabitatError(.invalidArgument, "A room (channel) name can't contain ':'.")
        }
    }
}
