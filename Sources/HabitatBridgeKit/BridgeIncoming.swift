import Foundation

/// A line from Habitat to the bridge: a reply (it has `ok`) or an event (it has `event`).
public enum BridgeIncoming: Sendable, Equatable, Decodable {
    case reply(BridgeReply)
    case event(BridgeEvent)

    /// Parses one JSON line; `nil` when it is neither a reply nor an event.
    public init?(jsonLine: String) {
        guard let incoming = try? JSONDecoder().decode(Self.self, from: Data(jsonLine.utf8)) else { return nil }
        self = incoming
    }

    private enum CodingKeys: String, CodingKey {
        case ok, event
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.event) {
            self = .event(try BridgeEvent(from: decoder))
        } else if container.contains(.ok) {
            self = .reply(try BridgeReply(from: decoder))
        } else {
            throw DecodingError.keyNotFound(
                CodingKeys.ok, .init(codingPath: [], debugDescription: "neither ok nor event"))
        }
    }
}
