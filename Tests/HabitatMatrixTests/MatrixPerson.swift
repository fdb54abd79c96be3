import AsyncHTTPClient
import Foundation
import HabitatMatrix
import NIOCore
import NIOFoundationCompat
import TestSupport

/// Someone using Matrix in a test, as Element would for them: registered on the homeserver, making rooms, inviting,
/// saying things and reading what the bot says. Speaks through the bridge's own ``MatrixClient``.
actor MatrixPerson {
    let userID: String
    let client: MatrixClient
    private var since: String?

    private init(userID: String, client: MatrixClient) {
        self.userID = userID
        self.client = client
    }

    /// Registers `name` (open registration, no verification) and logs them in.
    static func register(_ name: String, password: String, on homeserver: String) async throws -> MatrixPerson {
        struct Auth: Encodable, Sendable { var type = "m.login.dummy" }
        struct Body: Encodable, Sendable {
            var username: String
            var password: String
            var auth = Auth()
        }
        let client = MatrixClient(homeserver: homeserver)
        let login: MatrixClient.Login = try await client.call(
            .POST, "/register", body: Body(username: name, password: password))
        await client.use(accessToken: login.accessToken)
        return MatrixPerson(userID: login.userID, client: client)
    }

    func setDisplayName(_ name: String) async throws {
        struct Body: Encodable, Sendable { var displayname: String }
        try await client.send(
            .PUT, "/profile/\(MatrixClient.escaped(userID))/displayname", body: Body(displayname: name))
    }

    /// Makes a room and invites `people` to it; a direct chat when `direct`.
    func createRoom(
        name: String? = nil, inviting people: [String], direct: Bool = false, encrypted: Bool = false
    ) async throws -> String {
        struct Encryption: Encodable, Sendable { var algorithm = "m.megolm.v1.aes-sha2" }
        struct State: Encodable, Sendable {
            var type = "m.room.encryption"
            var state_key = ""
            var content = Encryption()
        }
        struct Body: Encodable, Sendable {
            var name: String?
            var invite: [String]
            var is_direct: Bool
            var preset: String
            var initial_state: [State]
        }
        struct Created: Decodable { var room_id: String }
        let body = Body(
            name: name, invite: people, is_direct: direct, preset: direct ? "trusted_private_chat" : "private_chat",
            initial_state: encrypted ? [State()] : [])
        let created: Created = try await client.call(.POST, "/createRoom", body: body)
        return created.room_id
    }

    func join(_ room: String) async throws {
        try await client.join(room)
    }

    /// Says `text` in `room` as a plain text message (with a mention pill's HTML when given).
    func say(_ text: String, in room: String, formattedBody: String? = nil, mentions: [String]? = nil) async throws {
        struct Mentions: Encodable, Sendable { var user_ids: [String] }
        struct Body: Encodable, Sendable {
            var msgtype = "m.text"
            var body: String
            var format: String?
            var formatted_body: String?
            var mentions: Mentions?
            enum CodingKeys: String, CodingKey {
                case msgtype, body, format, formatted_body
                case mentions = "m.mentions"
            }
        }
        let body = Body(
            body: text, format: formattedBody == nil ? nil : "org.matrix.custom.html", formatted_body: formattedBody,
            mentions: mentions.map { Mentions(user_ids: $0) })
        let transaction = await client.transactionID()
        let path = "/rooms/\(MatrixClient.escaped(room))/send/m.room.message/\(transaction)"
        try await client.send(.PUT, path, body: body)
    }

    /// Sends a file to `room` as Element does: uploaded to the media store, then an `m.file` message naming it.
    func send(file data: Data, named name: String, in room: String) async throws {
        let address = try await client.upload(Array(data), contentType: "application/octet-stream", filename: name)
        struct Info: Encodable, Sendable {
            var mimetype = "application/octet-stream"
            var size: Int
        }
        struct Body: Encodable, Sendable {
            var msgtype = "m.file"
            var body: String
            var filename: String
            var url: String
            var info: Info
        }
        let transaction = await client.transactionID()
        let path = "/rooms/\(MatrixClient.escaped(room))/send/m.room.message/\(transaction)"
        try await client.send(.PUT, path, body: Body(body: name, filename: name, url: address, info: Info(size: data.count)))
    }

    /// The messages of `room`, oldest first (the last hundred).
    func messages(in room: String) async throws -> [MatrixEvent] {
        struct Page: Decodable { var chunk: [MatrixEvent] }
        let page: Page = try await client.call(
            .GET, "/rooms/\(MatrixClient.escaped(room))/messages", query: ["dir": "b", "limit": "100"])
        return page.chunk.reversed().filter { $0.type == "m.room.message" }
    }

    /// An image message: its caption, address and size as its `info` says.
    struct Image: Decodable, Sendable {
        struct Info: Decodable, Sendable {
            var mimetype: String
            var w: Int
            var h: Int
            var size: Int
        }
        var body: String
        var filename: String?
        var url: String
        var info: Info
    }

    /// The images `sender` has sent to `room`, oldest first; waits for at least one.
    func images(from sender: String, in room: String) async throws -> [Image] {
        struct Event: Decodable {
            struct Content: Decodable { var msgtype: String? }
            var type: String
            var sender: String
            var content: Content
        }
        struct Page: Decodable { var chunk: [Event] }
        struct ImageEvent: Decodable {
            var content: Image?
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Key.self)
                content = try? container.decode(Image.self, forKey: .content)
            }
            enum Key: String, CodingKey { case content }
        }
        struct ImagePage: Decodable { var chunk: [ImageEvent] }
        var found: [Image] = []
        try await eventually("an image from \(sender) in \(room)") {
            let path = "/rooms/\(MatrixClient.escaped(room))/messages"
            let query = ["dir": "b", "limit": "100"]
            let page: Page = try await client.call(.GET, path, query: query)
            let images = page.chunk.map { $0.type == "m.room.message" && $0.sender == sender && $0.content.msgtype == "m.image" }
            let decoded: ImagePage = try await client.call(.GET, path, query: query)
            found = zip(images, decoded.chunk).compactMap { $0 ? $1.content : nil }.reversed()
            return !found.isEmpty
        }
        return found
    }

    /// Waits for the `number`th message (from 1) that `sender` says in `room`, and returns it.
    func message(_ number: Int, from sender: String, in room: String) async throws -> MatrixEvent {
        var found: MatrixEvent?
        try await eventually("message \(number) from \(sender) in \(room)") {
            let said = try await messages(in: room).filter { $0.sender == sender }
            found = said.count >= number ? said[number - 1] : nil
            return found != nil
        }
        return found!
    }

    /// The rooms this person is invited to from now on: waits for the first invitation not seen before.
    func nextInvitation() async throws -> String {
        var found: String?
        try await eventually("an invitation for \(userID)") {
            let sync = try await client.sync(since: since, timeout: .seconds(1))
            since = sync.nextBatch
            found = sync.rooms?.invite?.keys.first
            return found != nil
        }
        return found!
    }

    /// Starts following invitations from now (a first, full sync).
    func startFollowingInvitations() async throws {
        since = try await client.sync(since: nil, timeout: .zero).nextBatch
    }

    /// The members who have joined `room`.
    func joinedMembers(of room: String) async throws -> Set<String> {
        struct Members: Decodable { var joined: [String: Member] }
        struct Member: Decodable {}
        let members: Members = try await client.call(.GET, "/rooms/\(MatrixClient.escaped(room))/joined_members")
        return Set(members.joined.keys)
    }

    /// A plain GET, for `/health`.
    static func get(_ url: String) async throws -> String {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url), timeout: .seconds(5))
        return String(buffer: try await response.body.collect(upTo: 1 << 20))
    }
}
