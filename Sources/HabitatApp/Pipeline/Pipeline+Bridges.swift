import Foundation
import HabitatCommands
import HabitatEngine
import HabitatHousehold
import HabitatStorage

/// Chat bridges: a bridge's connection speaks for many chat users, each with a session of their own; `link` makes a
/// chat user and a terminal account one player.
extension Pipeline {
    func connectBridge(_ name: String, token: String, session: inout Session) async throws -> Reply {
        guard session.account == nil, session.bridge == nil else {
            throw HabitatError(.invalidArgument, "This connection is already in use; a bridge needs a connection of its own.")
        }
        session.bridgeTokenHash = try await authenticateBridge(
            name, token: token, connection: session.id, address: session.address, now: configuration.clock())
        session.bridge = name
        session.mode = .json
        session.chatUsers = RecentTable(capacity: configuration.chatUsersPerBridge)
        logger.info("bridge connected", metadata: session.logged.merging(["bridge": "\(name)"]) { $1 })
        return Reply(.success, "Bridge \(name) ready.", data: ["bridge": .string(name)])
    }

    /// Checks a bridge's name and token; returns the token's hash, as stored.
    func authenticateBridge(_ name: String, token: String, connection: String, address: String? = nil, now: Date) async throws -> String {
        let keys = ["bridge:" + name, "connection:" + connection]
        if let wait = keys.compactMap({ accounts.throttle.wait(for: $0, now: now) }).max() {
            throw HabitatError(.rateLimited, "Too many failed attempts. Wait \(Int(wait.rounded(.up))) seconds and try again.")
        }
        guard let bridge = try await directory.bridge(named: name), BridgeToken.matches(token, bridge.tokenHash) else {
            keys.forEach { accounts.throttle.recordFailure(for: $0, now: now) }
            logger.notice(
                "bridge login failed", metadata: ["bridge": Self.logged(name), "connection": "\(connection)", "address": "\(address ?? "-")"])
            throw HabitatError(.badCredentials, "That bridge name and token don't match.")
        }
        return bridge.tokenHash
    }

    /// Whether a chat line is `link …`, which runs before the speaker joins the channel's room.
    static func isLink(_ text: String) -> Bool {
        if ((try? Commands.parse(text)) ?? nil) is Link { return true }
        return false
    }

    /// A bridge's request: `{"id", "user", "room"?, "text", "command_only"?}`, run as `<bridge>:<user>`; taken up at
    /// `since` (when requests are timed). With `"command_only": true` (a chat line that only started with the bot's
    /// name), a line that selects no command is `unknown_command` without being read any further.
    func respond(asBridge bridge: String, to line: String, session: inout Session, since: ContinuousClock.Instant?) async -> [UInt8] {
        let now = configuration.clock()
        let request = JSONRequest(line, strings: ["user", "text", "room", "command_only"])
        let id = request.id
        guard request.wellFormed else {
            let problem = HabitatError(.invalidArgument, #"A bridge sends JSON objects: {"id": 1, "user": "alice", "text": "status"}."#)
            return render(Reply(error: problem), to: Request(text: ""), id: id, since: since)
        }
        guard let user = request.strings[0], Self.validChatName(user), let text = request.strings[1] else {
            let problem = HabitatError(.invalidArgument, #"A bridge request needs "user" (1–64 characters) and "text" strings."#)
            return render(Reply(error: problem), to: Request(text: ""), id: id, since: since)
        }
        let channel = request.strings[2]
        var extra: [(String, JSON)] = [("user", .string(user))]
        if let channel { extra.append(("room", .string(channel))) }
        var chat = session.chatUsers[user] ?? Session(id: "\(session.id)/\(user)", rateLimit: 0, now: now)
        let reply: Reply
        var kind: String?
        var view = false
        do {
            // A removed bridge loses access at its next request, and so does one whose token was replaced.
            guard let current = try await directory.bridge(named: bridge) else {
                throw HabitatError(.forbidden, "The bridge \(bridge) has been removed.")
            }
            guard current.tokenHash == session.bridgeTokenHash else {
                throw HabitatError(.forbidden, "The bridge \(bridge) has a new token: connect again with it.")
            }
            try Self.checkChannel(channel, notAString: request.notStrings[2])
            if request.trues[3], !Commands.table.selectsCommand(text) {
                throw HabitatError(.unknownCommand, "That's not a command, so it was left to the chat.")
            }
            let account = try await directory.identity("\(bridge):\(user)", at: now)
            if account.isLocked { throw HabitatError(.forbidden, "Your account is locked. Ask whoever runs this server.") }
            presence.register(account.id, bridge: bridge, user: user)
            chat.account = account
            chat.chatUser = "\(bridge):\(user)"
            chat.mode = .json
            // A private message is about no channel in particular; linking happens before the (not yet
            // linked) identity joins the channel's room.
            chat.room = nil
            chat.roomless = false
            var spokenIn: Room?
            if let channel, !Self.isLink(text) {
                spokenIn = try await enterChannel("\(bridge):\(channel)", text: text, account: account, session: &chat, now: now)
            }
            var said = chat
            (reply, kind, view) = await Households.$spokenIn.withValue(spokenIn?.id) {
                var request = Request(text: text)
                let plan = Plan.make(for: &request, session: &said, now: now, facts: self)
                return (await answer(request, plan, session: &said), request.kind, plan.showsPersonalView)
            }
            chat = said
            if let kept = try? await presence.offlineDelivery(for: account.id) {
                try? await presence.deliver(kept, to: account.id, at: now)
            }
            // A chat user has no login: today's reminders that reached no one are told after their next request.
            if let missed = try? await missedReminders(for: account, now: now) {
                try? await presence.deliver(missed, to: account.id, at: now)
            }
        } catch {
            reply = failure(error, session: chat)
        }
        session.chatUsers.set(chat, for: user)
        // A personal view says which it is, so a bridge can say a long one privately rather than in a channel.
        if view, reply.ok, let kind { extra.append(("view", .string(kind))) }
        return render(reply, to: Request(text: text, kind: kind), id: id, plain: chat.plain, extra: extra, since: since)
    }

    /// A reply to a bridge's request, for the chat user's `text`, as the JSON line the bridge reads (counted and timed
    /// as ``render(_:to:_:since:)`` does for a terminal's).
    private func render(
        _ reply: Reply, to request: Request, id: JSON?, plain: Bool = false, extra: [(String, JSON)] = [],
        since: ContinuousClock.Instant?
    ) -> [UInt8] {
        metrics?.answered(request, with: reply, since: since)
        return reply.jsonLine(id: id, plain: plain, extra: extra)
    }

    static func validChatName(_ name: String) -> Bool {
        (1...64).contains(name.count) && !name.containsControlCharacters
    }

    func link(_ code: String?, session: inout Session, account: Account, now: Date) async throws -> Reply {
        switch (code, session.chatUser) {
        case (nil, nil):
            let code = try await directory.createLinkCode(for: account.id, at: now)
            return Reply(.success, "Your link code is \(code). Say 'link \(code)' to the Habitat bot in chat within 10 minutes.", data: ["code": .string(code)])
        case (let code?, let identity?):
            let key = "link:" + identity
            if let wait = accounts.throttle.wait(for: key, now: now) {
                throw HabitatError(.rateLimited, "Too many wrong link codes. Wait \(Int(wait.rounded(.up))) seconds and try again.")
            }
            guard let linked = try await directory.redeemLinkCode(code, identity: identity, at: now) else {
                accounts.throttle.recordFailure(for: key, now: now)
                throw HabitatError(.notFound, "That link code didn't work. Codes work once, for 10 minutes; type 'link' in Habitat for a new one.")
            }
            accounts.throttle.reset(key)
            session.account = linked
            households.forget([linked.id])
            return Reply(.success, "Linked! From now on you play as \(linked.name) here too.")
        case (nil, _?):
            throw HabitatError(.invalidArgument, "Type 'link' in a Habitat terminal first; it gives you a code to say here.")
        case (_?, nil):
            throw HabitatError(.invalidArgument, "Say 'link <code>' in chat, to the Habitat bot; here, 'link' alone gives you a code.")
        }
    }

    /// The `room` of a bridge request, if it has one: a string of 1–64 characters, no control characters,
    /// and no `:` (which would make it look like another bridge's channel).
    static func checkChannel(_ channel: String?, notAString: Bool) throws {
        guard !notAString else {
            throw HabitatError(.invalidArgument, #"A bridge request's "room" is the channel's name, a string."#)
        }
        guard let channel else { return }
        if channel.containsControlCharacters {
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
