import Foundation
import HabitatBridgeKit

/// The Matrix bridge's decisions, with no HTTP: what a sync means (rooms to join, lines for Habitat, who is who),
/// and where Habitat's replies and events are said. Tests drive it sync by sync.
///
/// - The bot joins every room it is invited to. A room it was invited to as a direct chat (`is_direct`), or one it
///   opened itself, is that person's direct chat; every other room is a household room, its channel named after the
///   room when first heard and kept (`Smiths` → `#smiths`).
/// - In a household room only lines addressed to the bot count: `!did dishes`, `habitat: did dishes` (its user id,
///   localpart or display name, as a mention pill writes it), `@habitat did dishes`, and `habitat did dishes` when
///   Habitat reads a command in it (``Addressing``). In a direct chat every line is a personal command.
/// - A request speaks for the sender's Matrix user id (`@alice:example.org`); replies name them by their display name
///   in that room. Where replies and events go, the busy limit and what is remembered are ``BridgeRouter``'s rules;
///   "privately" is the person's direct chat, opened by the bot when there is none yet.
/// - Messages of the first sync ever are not answered (they were said before the bridge was there); after it, the
///   sync position is kept in ``state``, so a restart goes on where it stopped.
public struct MatrixBridge: Sendable {
    /// What a sync asks of the bridge.
    public enum Action: Sendable, Equatable {
        case join(room: String)
        case request(BridgeRequest)
        /// Say this in the room (that the bot can't read it, in an encrypted room).
        case say(MatrixMessage, room: String)
        /// A file someone sent to their direct chat with the bot: fetched from the homeserver, it goes to Habitat as
        /// their `import` (``importRequests(for:bytes:)``).
        case fetch(SentFile)
    }

    /// A file sent to the bot in a direct chat.
    public struct SentFile: Sendable, Equatable {
        public var user: String
        public var name: String
        /// Its `mxc://` address.
        public var address: String
        public var size: Int?
        public var room: String
    }

    /// The most bytes of a file the bridge fetches and sends: what Habitat's `import` takes.
    public static let mostFile = 8 << 20

    /// What the bot says once in an encrypted room it joins: it can't read what is said there.
    public static let cannotReadEncrypted = MatrixMessage(
        body: "🔒 This room is encrypted, and I can't read encrypted messages, so I won't hear what is said here. "
            + "Talk to me in a room without encryption; say '!help' there and I'll open a direct chat with you.")

    /// The bot's Matrix user id.
    public let userID: String
    /// The bridge's name on the Habitat server (`habitat bridge add matrix`), which names its people
    /// (`matrix:@alice:example.org`) in a room's news.
    public let bridgeName: String
    /// The bot's display name, which people address it by (mention pills write it).
    public var displayName: String?
    /// A line starting with this is a command in a room (`!did dishes`); `nil` turns it off.
    public let commandPrefix: String?
    /// What is kept across restarts.
    public internal(set) var state: MatrixBridgeState
    var router: BridgeRouter
    /// Display names: room id → user id → name.
    private var names: [String: [String: String]] = [:]
    /// Rooms' names (`m.room.name`), which their channels are named after when first heard.
    private var roomNames: [String: String] = [:]
    /// Encrypted rooms the bot has said it can't read.
    private var encrypted: Set<String> = []

    public init(
        userID: String, bridgeName: String = "matrix", displayName: String? = nil, commandPrefix: String? = "!",
        state: MatrixBridgeState = MatrixBridgeState(), pendingLimit: Int = 1000
    ) {
        self.userID = userID
        self.bridgeName = bridgeName
        self.displayName = displayName
        self.commandPrefix = commandPrefix
        self.state = state
        self.router = BridgeRouter(pendingLimit: pendingLimit)
    }

    /// Follows a sync (invites, members, names, direct chats) and says what to do: rooms to join and requests for
    /// Habitat, in the order they were said.
    public mutating func actions(for sync: MatrixSync) -> [Action] {
        let answering = state.nextBatch != nil
        defer { state.nextBatch = sync.nextBatch }
        var actions: [Action] = []
        for (room, invited) in (sync.rooms?.invite ?? [:]).sorted(by: { $0.key < $1.key }) {
            let invite = invited.inviteState?.events.last { $0.type == "m.room.member" && $0.stateKey == userID }
            if invite?.content.isDirect == true, let inviter = invite?.sender { state.directChats[inviter] = room }
            actions.append(.join(room: room))
        }
        for room in (sync.rooms?.leave ?? [:]).keys { forget(room) }
        for (room, joined) in (sync.rooms?.join ?? [:]).sorted(by: { $0.key < $1.key }) {
            for event in joined.state?.events ?? [] { follow(event, in: room) }
            for event in joined.timeline?.events ?? [] {
                follow(event, in: room)
                if answering, let file = sentFile(event, in: room) { actions.append(.fetch(file)) }
                if answering, let request = request(for: event, in: room) { actions.append(.request(request)) }
            }
            let events = (joined.state?.events ?? []) + (joined.timeline?.events ?? [])
            if events.contains(where: { $0.type == "m.room.encryption" }), encrypted.insert(room).inserted {
                // Private words can't go to a direct chat the bot can't read; it opens another when it must.
                state.directChats = state.directChats.filter { $0.value != room }
                if answering { actions.append(.say(Self.cannotReadEncrypted, room: room)) }
            }
        }
        return actions
    }

    /// Notes who joined or left a room, and under which name; and the room's own name.
    private mutating func follow(_ event: MatrixEvent, in room: String) {
        if event.type == "m.room.name" { roomNames[room] = event.content.name }
        guard event.type == "m.room.member", let user = event.stateKey else { return }
        switch event.content.membership {
        case "join":
            names[room, default: [:]][user] = event.content.displayname
        case "leave", "ban":
            if user == userID { return forget(room) }
            names[room]?[user] = nil
            if state.directChats[user] == room { state.directChats[user] = nil }
        default:
            break
        }
    }

    /// The bot is no longer in `room`.
    private mutating func forget(_ room: String) {
        names[room] = nil
        roomNames[room] = nil
        encrypted.remove(room)
        state.directChats = state.directChats.filter { $0.value != room }
        state.channels = state.channels.filter { $0.value != room }
    }

    /// The file in a message sent to a direct chat, if it is one.
    private func sentFile(_ event: MatrixEvent, in room: String) -> SentFile? {
        guard event.type == "m.room.message", event.sender != userID, event.content.msgtype == "m.file", let address = event.content.url,
            state.directChats.values.contains(room)
        else { return nil }
        // Its name as a file's name: the last part of a path, without control characters.
        let said = event.content.filename ?? event.content.body ?? "file"
        let name = String(said.split(separator: "/").last ?? "file").filter { !$0.isNewline && !($0.asciiValue.map { $0 < 32 } ?? false) }
        return SentFile(user: event.sender, name: name.isEmpty ? "file" : name, address: address, size: event.content.info?.size, room: room)
    }

    /// The requests that send `file` (`bytes`) to Habitat as its sender's import, its preview last: the preview is
    /// said to them, and a refusal of the file, but not each of its `import data` lines.
    public mutating func importRequests(for file: SentFile, bytes: Data) -> [BridgeRequest] {
        let name = names[file.room]?[file.user] ?? Self.localpart(of: file.user)
        // 3,000 base64 characters a line leave room in Habitat's 4,096 bytes for the request around them.
        let lines = FileLines.lines(name: file.name, data: bytes, last: "import preview", chunk: 3000)
        return lines.enumerated().map { index, line in
            let hearing: BridgeRouter.Hearing = index == 0 ? .refusals : index == lines.count - 1 ? .all : .nothing
            return router.request(user: file.user, address: file.user, name: name, channel: nil, text: line, hearing: hearing)
        }
    }

    /// The request in a message, if it is one for Habitat.
    private mutating func request(for event: MatrixEvent, in room: String) -> BridgeRequest? {
        guard event.type == "m.room.message", event.sender != userID, event.content.msgtype == "m.text",
            event.content.relatesTo?.relType != "m.replace",
            let body = event.content.body?.trimmingCharacters(in: .whitespacesAndNewlines), !body.isEmpty
        else { return nil }
        let user = event.sender
        let name = names[room]?[user] ?? Self.localpart(of: user)
        if state.directChats.values.contains(room) {
            let text = addressing(for: event).command(in: body) ?? body
            guard !text.isEmpty else { return nil }
            return router.request(user: user, address: user, name: name, channel: nil, text: text)
        }
        guard let asked = addressing(for: event).addressed(in: body), !asked.text.isEmpty else { return nil }
        let channel = self.channel(of: room)
        return router.request(
            user: user, address: user, name: name, channel: channel, text: asked.text, onlyIfCommand: asked.onlyIfCommand)
    }

    /// The names a line may start with to address the bot: its user id, localpart, display name, and the text of a
    /// mention pill of it at the start of the line.
    private func addressing(for event: MatrixEvent) -> Addressing {
        var names = [userID, Self.localpart(of: userID)] + (displayName.map { [$0] } ?? [])
        if let pill = Self.leadingPill(in: event.content.formattedBody, of: userID) { names.append(pill) }
        return Addressing(commandPrefix: commandPrefix, names: names)
    }

    /// The text of a mention pill of `user` that starts an HTML body:
    /// `<a href="https://matrix.to/#/@habitat:…">Habitat</a>: …` → `Habitat`.
    static func leadingPill(in html: String?, of user: String) -> String? {
        guard let html, html.hasPrefix("<a href=\""), let close = html.firstIndex(of: ">"),
            html[..<close].contains(user) || html[..<close].contains(MatrixClient.escaped(user)),
            let end = html.range(of: "</a>")
        else { return nil }
        return String(html[html.index(after: close)..<end.lowerBound])
    }

    /// The channel a household room is known by to Habitat, named once when first heard and kept: `#` and the
    /// room's name in lower case with dashes for spaces (`Smith family` → `#smith-family`, then `#smith-family-2`
    /// for another room of that name), or the room's id when it has no name (Habitat's channels have no `:`).
    private mutating func channel(of room: String) -> String {
        if let known = state.channels.first(where: { $0.value == room }) { return known.key }
        let base = roomNames[room].flatMap(Self.channelName(for:)) ?? String(room.prefix { $0 != ":" }.prefix(64))
        var channel = base
        var number = 2
        while state.channels[channel] != nil {
            channel = "\(base.prefix(60))-\(number)"
            number += 1
        }
        state.channels[channel] = room
        return channel
    }

    /// `#smith-family` for a room named `Smith family`; `nil` when nothing of the name is left.
    static func channelName(for roomName: String) -> String? {
        let words = roomName.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
        let name = words.joined(separator: "-").prefix(56)
        return name.isEmpty ? nil : "#" + name
    }

    /// `text` with the people of `room` it names by their Habitat name (`matrix:@alice:example.org`) named by
    /// their display name there instead (`Alice Smith`), as the room shows them.
    func withDisplayNames(_ text: String, in room: String) -> String {
        guard text.contains(bridgeName + ":@") else { return text }
        return (names[room] ?? [:]).reduce(text) { text, member in
            text.replacingOccurrences(of: "\(bridgeName):\(member.key)", with: member.value)
        }
    }

    /// `alice` of `@alice:example.org`.
    public static func localpart(of user: String) -> String {
        String(user.dropFirst(user.hasPrefix("@") ? 1 : 0).prefix { $0 != ":" })
    }
}
