import Foundation

/// The bridge's decisions, with no sockets: which IRC lines are Habitat commands, and where Habitat's replies and
/// events are said. Tests drive it message by message.
///
/// - In a channel only lines addressed to the bot count: `habitat: did dishes`, `habitat, did dishes`,
///   `!did dishes` (the nick without case). Any private message is a personal command.
/// - A request speaks for the IRCv3 `account` tag when there is one, else for the nick; `room` is the channel.
///   Someone known by nick who changes nick (`/nick bob_away`) stays the same user until they quit.
/// - A reply to a channel command goes to the channel, each toast as `nick: <toast>`; help and errors
///   (`ok: false`) go privately. A private command is answered privately. "Privately" is always a PRIVMSG to
///   the nick (NOTICE is never used, and NOTICEs are never answered).
/// - An event with `room` is posted in that channel; one with `user` goes privately to the last nick seen for
///   that user (or to the user id itself, which is the nick when the server has no accounts).
/// - What it remembers is bounded: at most ``pendingLimit`` requests await their replies (past it, a request is
///   refused privately as busy, ``busy(_:)``), and at most ``rememberedLimit`` users' nicks and nick changes are
///   kept (past it, an arbitrary one is forgotten for each new one: events go to their user id, and someone known
///   by nick who had changed it becomes their new nick).
public struct IRCBridge: Sendable {
    /// Someone waiting for a reply.
    struct Pending: Sendable {
        var nick: String
        var channel: String?
        var isHelp: Bool
        /// What they asked.
        var text: String
    }

    /// The nick the bot was configured with; lines addressed to it count even when the server gave us another.
    public let configuredNick: String
    /// The bot's nick on the server now.
    public var nick: String
    /// A line starting with this is a command in a channel (`!did dishes`); `nil` turns it off.
    public let commandPrefix: String?
    public let splitter: IRCLineSplitter
    /// The most requests awaiting their replies.
    public let pendingLimit: Int
    /// The most users whose nick is remembered, and the most nick changes followed.
    public let rememberedLimit: Int
    private var nextID = 1
    private var pending: [Int: Pending] = [:]
    private var nicks: [String: String] = [:]
    /// The user each nick (lowercased) speaks for when it isn't their own: the nick they had when first seen.
    private var speakers: [String: String] = [:]

    public init(
        nick: String, commandPrefix: String? = "!", splitter: IRCLineSplitter = IRCLineSplitter(),
        pendingLimit: Int = 1000, rememberedLimit: Int = 10_000
    ) {
        self.configuredNick = nick
        self.nick = nick
        self.commandPrefix = commandPrefix
        self.splitter = splitter
        self.pendingLimit = pendingLimit
        self.rememberedLimit = max(1, rememberedLimit)
    }

    /// The request for Habitat in an IRC message, if it has one. Also remembers who each user is (PRIVMSG, NICK).
    public mutating func request(for message: IRCMessage) -> BridgeRequest? {
        guard let speaker = message.source?.nick, !isBot(speaker) else { return nil }
        if message.command == "NICK", let newNick = message.parameters.first {
            followNickChange(from: speaker, to: newNick)
            return nil
        }
        if message.command == "QUIT" { speakers[speaker.lowercased()] = nil }
        guard message.command == "PRIVMSG", message.parameters.count >= 2, !message.parameters[1].hasPrefix("\u{1}")
        else { return nil }
        let target = message.parameters[0]
        let channel = target.first.map { "#&+!".contains($0) } == true ? target : nil
        let said = Self.strippingFormatting(message.parameters[1]).trimmingCharacters(in: .whitespaces)
        guard let text = addressedCommand(in: said) ?? (channel == nil ? said : nil), !text.isEmpty else { return nil }
        let account = message.tags["account"].flatMap { $0.isEmpty || $0 == "*" ? nil : $0 }
        let user = account ?? speakers[speaker.lowercased()] ?? speaker
        Self.remember(speaker, for: user, in: &nicks, limit: rememberedLimit)
        let id = nextID
        nextID += 1
        let isHelp = text.split(separator: " ").first.map { Self.helpWords.contains($0.lowercased()) } ?? false
        pending[id] = Pending(nick: speaker, channel: channel, isHelp: isHelp, text: text)
        return BridgeRequest(id: id, user: user, room: channel, text: text)
    }

    /// Someone changed nick: what they asked is answered under the new one, their events go there, and someone
    /// known by nick stays the same user (until they quit, or the bot's connection ends).
    private mutating func followNickChange(from old: String, to new: String) {
        for (user, nick) in nicks where nick.lowercased() == old.lowercased() { nicks[user] = new }
        for (id, asker) in pending where asker.nick.lowercased() == old.lowercased() { pending[id]?.nick = new }
        let user = speakers.removeValue(forKey: old.lowercased()) ?? old
        if user.lowercased() != new.lowercased() {
            Self.remember(user, for: new.lowercased(), in: &speakers, limit: rememberedLimit)
        }
    }

    /// Sets `table[key]`, first forgetting an arbitrary other entry when `limit` are kept already.
    private static func remember(_ value: String, for key: String, in table: inout [String: String], limit: Int) {
        if table[key] == nil, table.count >= limit { table.remove(at: table.startIndex) }
        table[key] = value
    }

    /// The IRC connection ended: quits and nick changes made meanwhile can't be seen, so every nick is its own
    /// user again.
    public mutating func forgetNickChanges() {
        speakers = [:]
    }

    /// The IRC lines answering a reply, matched to its request by `id`; none for an unknown `id`.
    public mutating func messages(for reply: BridgeReply) -> [IRCMessage] {
        guard let id = reply.id, let asker = pending.removeValue(forKey: id) else { return [] }
        let toasts = reply.toasts.isEmpty ? [BridgeToast(text: reply.text)] : reply.toasts
        if let channel = asker.channel, reply.ok, !asker.isHelp {
            return say(toasts, to: channel, addressing: asker.nick)
        }
        return say(toasts, to: asker.nick)
    }

    /// The IRC lines for an event: in its channel, or privately to its user.
    public func messages(for event: BridgeEvent) -> [IRCMessage] {
        let toasts = event.toasts.isEmpty ? [BridgeToast(text: event.text)] : event.toasts
        if let room = event.room { return say(toasts, to: room) }
        if let user = event.user { return say(toasts, to: nicks[user] ?? user) }
        return []
    }

    /// A request that could not be sent: tell its asker privately.
    public mutating func unsent(_ request: BridgeRequest) -> [IRCMessage] {
        refuse(request, Self.unreachable)
    }

    /// Whether more requests await their replies than ``pendingLimit``: Habitat is behind, and the newest
    /// request is to be refused with ``busy(_:)`` rather than sent.
    public var isOverloaded: Bool { pending.count > pendingLimit }

    /// A request not sent because Habitat is behind: tell its asker privately.
    public mutating func busy(_ request: BridgeRequest) -> [IRCMessage] {
        refuse(request, Self.busy)
    }

    private mutating func refuse(_ request: BridgeRequest, _ toast: BridgeToast) -> [IRCMessage] {
        guard let asker = pending.removeValue(forKey: request.id) else { return [] }
        return say([toast], to: asker.nick)
    }

    /// The connection to Habitat ended: everyone still waiting is told privately that their request got no
    /// answer, and that it may have been carried out all the same (so saying it again could count it twice).
    public mutating func abandonPending() -> [IRCMessage] {
        let askers = pending.sorted { $0.key < $1.key }.map(\.value)
        pending = [:]
        return askers.flatMap { asker in
            let text = "❌ Habitat went away before answering '\(asker.text)', so it may or may not have been done. "
                + "Have a look ('today', 'history') before saying it again."
            return say([BridgeToast(type: "error", text: text)], to: asker.nick)
        }
    }

    /// The words that ask Habitat for help (its command table's `help`, `?` and `commands`).
    static let helpWords: Set<String> = ["help", "?", "commands"]

    static let unreachable = BridgeToast(
        type: "error", text: "❌ Habitat is not reachable right now. Please try again in a minute.")

    static let busy = BridgeToast(type: "error", text: "❌ Habitat is busy right now. Please try again in a minute.")

    /// The command in a line addressed to the bot (`habitat: …`, `habitat, …`, `!…`), or `nil`.
    func addressedCommand(in text: String) -> String? {
        if let commandPrefix, !commandPrefix.isEmpty, text.hasPrefix(commandPrefix) {
            return text.dropFirst(commandPrefix.count).trimmingCharacters(in: .whitespaces)
        }
        for name in Set([nick, configuredNick]) where text.count > name.count {
            let rest = text.dropFirst(name.count)
            if text.prefix(name.count).lowercased() == name.lowercased(), rest.first == ":" || rest.first == "," {
                return rest.dropFirst().trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    private func isBot(_ name: String) -> Bool {
        name.lowercased() == nick.lowercased()
    }

    /// PRIVMSGs saying `toasts` to `target`, each toast after `nick: ` when addressing someone.
    private func say(_ toasts: [BridgeToast], to target: String, addressing nick: String? = nil) -> [IRCMessage] {
        let address = nick.map { "\($0): " } ?? ""
        return toasts.flatMap { toast in
            splitter.split(address + toast.text, target: target).map { IRCMessage.privmsg(target, $0) }
        }
    }

    /// The text without mIRC formatting codes (bold, colours, italics, underline, reverse, reset).
    static func strippingFormatting(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\u{02}", "\u{0F}", "\u{11}", "\u{16}", "\u{1D}", "\u{1E}", "\u{1F}":
                continue
            case "\u{03}":
                scalars = skipColour(scalars)
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Drops the `NN[,NN]` after a colour code.
    private static func skipColour(_ scalars: Substring.UnicodeScalarView) -> Substring.UnicodeScalarView {
        func digits(_ rest: Substring.UnicodeScalarView) -> Int {
            rest.prefix(2).prefix { ("0"..."9").contains($0) }.count
        }
        let foreground = digits(scalars)
        guard foreground > 0 else { return scalars }
        var rest = scalars.dropFirst(foreground)
        if rest.first == ",", case let background = digits(rest.dropFirst()), background > 0 {
            rest = rest.dropFirst(1 + background)
        }
        return rest
    }
}
