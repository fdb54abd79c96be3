import HabitatPictures
import Foundation

extension MatrixClient {
    /// Who an access token belongs to.
    public struct Login: Sendable, Decodable, Equatable {
        public var userID: String
        public var accessToken: String?
        public var deviceID: String?

        private enum CodingKeys: String, CodingKey {
            case userID = "user_id"
            case accessToken = "access_token"
            case deviceID = "device_id"
        }
    }

    /// Logs in with a password, as `deviceID` when given (the same device again after a restart), and keeps the
    /// access token for the calls after it.
    public func login(user: String, password: String, deviceID: String?) async throws -> Login {
        struct Identifier: Encodable, Sendable {
            var type = "m.id.user"
            var user: String
        }
        struct Body: Encodable, Sendable {
            var type = "m.login.password"
            var identifier: Identifier
            var password: String
            var device_id: String?
            var initial_device_display_name = "Habitat bridge"
        }
        let body = Body(identifier: Identifier(user: user), password: password, device_id: deviceID)
        let login: Login = try await call(.POST, "/login", body: body)
        use(accessToken: login.accessToken)
        return login
    }

    /// The user and device of the access token in use.
    public func whoami() async throws -> Login {
        try await call(.GET, "/account/whoami")
    }

    /// Long-polls for what happened since `since` (everything, when `nil`), waiting at most `timeout` for news.
    public func sync(since: String?, timeout: Duration) async throws -> MatrixSync {
        var query = ["timeout": "\(timeout.components.seconds * 1000)", "filter": Self.syncFilter]
        if let since { query["since"] = since }
        return try await call(.GET, "/sync", query: query, timeout: timeout + .seconds(30))
    }

    /// Rooms' messages and members only, with each sender's member event (for display names) beside them.
    static let syncFilter = """
        {"presence":{"types":[]},"account_data":{"types":[]},"room":{"ephemeral":{"types":[]},\
        "account_data":{"types":[]},"state":{"lazy_load_members":true,"include_redundant_members":true},\
        "timeline":{"limit":100,"types":["m.room.message","m.room.member","m.room.name","m.room.encryption"]}}}
        """

    public func join(_ room: String) async throws {
        struct Empty: Encodable, Sendable {}
        try await send(.POST, "/rooms/\(Self.escaped(room))/join", body: Empty())
    }

    /// Sends a message to a room; returns its event id.
    @discardableResult
    public func say(_ message: MatrixMessage, in room: String) async throws -> String {
        struct Sent: Decodable { var event_id: String }
        let path = "/rooms/\(Self.escaped(room))/send/m.room.message/\(Self.escaped(transactionID()))"
        let sent: Sent = try await call(.PUT, path, body: message)
        return sent.event_id
    }

    /// Uploads a file to the homeserver's media store; returns its `mxc://` address.
    public func upload(_ bytes: [UInt8], contentType: String, filename: String) async throws -> String {
        struct Uploaded: Decodable { var content_uri: String }
        let data = try await callBytes(
            .POST, "/_matrix/media/v3/upload", query: ["filename": filename], bytes: bytes, contentType: contentType)
        return try JSONDecoder().decode(Uploaded.self, from: data).content_uri
    }

    /// Downloads a file of the homeserver's media store by its `mxc://server/id` address (authenticated media).
    public func download(_ address: String) async throws -> [UInt8] {
        guard address.hasPrefix("mxc://"), case let parts = address.dropFirst(6).split(separator: "/"), parts.count == 2 else {
            throw MatrixError(status: 0, code: "M_INVALID_PARAM", message: "Not an mxc:// address: \(address)")
        }
        let path = "/_matrix/client/v1/media/download/\(Self.escaped(String(parts[0])))/\(Self.escaped(String(parts[1])))"
        return Array(try await callBytes(.GET, path))
    }

    /// Sends a picture to a room: uploaded first, then an `m.image` message whose `body` is `caption`'s text (what
    /// clients without images show, and the others show as its caption); returns its event id.
    @discardableResult
    public func show(_ picture: Picture, named filename: String, caption: MatrixMessage, in room: String) async throws -> String {
        let address = try await upload(picture.png, contentType: "image/png", filename: filename)
        struct Info: Encodable, Sendable {
            var mimetype = "image/png"
            var w: Int
            var h: Int
            var size: Int
        }
        struct Image: Encodable, Sendable {
            var msgtype = "m.image"
            var body: String
            var format: String?
            var formatted_body: String?
            var filename: String
            var url: String
            var info: Info
        }
        let image = Image(
            body: caption.body, format: caption.format, formatted_body: caption.formattedBody, filename: filename, url: address,
            info: Info(w: picture.width, h: picture.height, size: picture.png.count))
        struct Sent: Decodable { var event_id: String }
        let path = "/rooms/\(Self.escaped(room))/send/m.room.message/\(Self.escaped(transactionID()))"
        let sent: Sent = try await call(.PUT, path, body: image)
        return sent.event_id
    }

    /// Opens a direct chat with `user` (invited to a private room marked as direct); returns the room's id.
    public func openDirectChat(with user: String) async throws -> String {
        struct Body: Encodable, Sendable {
            var is_direct = true
            var preset = "trusted_private_chat"
            var invite: [String]
        }
        struct Created: Decodable { var room_id: String }
        let created: Created = try await call(.POST, "/createRoom", body: Body(invite: [user]))
        return created.room_id
    }

    /// A user's display name on their profile, or `nil` when they have none.
    public func displayName(of user: String) async throws -> String? {
        struct Profile: Decodable { var displayname: String? }
        let profile: Profile = try await call(.GET, "/profile/\(Self.escaped(user))/displayname")
        return profile.displayname
    }
}
