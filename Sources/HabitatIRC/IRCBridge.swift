import Foundation
import HabitatBridgeKit

/// The bridge's decisions, with no sockets: which IRC lines are Habitat commands, and where Habitat's replies and
/// events are said. Tests drive it message by message.
///
/// - In a channel only lines addressed to the bot count: `habitat: did dishes`, `habitat, did dishes`,
///   `@habitat did dishes`, `!did dishes` (the nick without case, the configured one or the one the server gave),
///   and `habitat did dishes` when Habitat reads a command in it (``Addressing``). Any private message is a
///   personal command.
/// - A request speaks for the IRCv3 `account` tag when there is one, else for the nick; `room` is the channel.
///   Someone known by nick who changes nick (`/nick bob_away`) stays the same user until they quit.
/// - A reply to a channel command goes to the channel, each toast as `nick: <toast>`; help, errors (`ok: false`)
///   and long personal views (`today`) go privately. A private command is answered privately. "Privately" is always a PRIVMSG to
///   the nick (NOTICE is never used, and NOTICEs are never answered).
/// - An event with `room` is posted in that channel; one with `user` goes privately to the last nick seen for
///   that user (or to the user id itself, which is the nick when the server has no accounts).
/// - Requests, replies, the busy limit and where each is said are ``BridgeRouter``'s rules (the bridge kit's).
/// - What it remembers is bounded: at most ``pendingLimit`` requests await their replies (past it, a request is
///   refused privately as busy, ``busy(_:)``), and at most ``rememberedLimit`` users' nicks and nick changes are
///   kept (past it, an arbitrary one is forgotten for each new one: events go to their user id, and someone known
///   by nick who had changed it becomes their new nick).
public struct IRCBridge: Sendable {
    /// The nick the bot was configured with; lines addressed to it count even when the server gave us another.
    public let configuredNick: String
    /// The bot's nick on the server now.
    public var nick: String
    /// A line starting with this is a command in a channel (`!did dishes`); `nil` turns it off.
    public let commandPrefix: String?
    public let splitter: IRCLineSplitter
    /// Requests and replies, the busy limit, and each user's nick: the bridge kit's rules.
    private var router: BridgeRouter
    /// The user each nick (lowercased) speaks for when it isn't their own: the nick they had when first seen.
    private var speakers: [String: String] = [:]

    /// The most requests awaiting their replies.
    public var pendingLimit: Int { router.pendingLimit }
    /// The most users whose nick is remembered, and the most nick changes followed.
    public var rememberedLimit: Int { router.rememberedLimit }

    public init(
        nick: String, commandPrefix: String? = "!", splitter: IRCLineSplitter = IRCLineSplitter(),
        pendingLimit: Int = 1000, rememberedLimit: Int = 10_000
    ) {
        self.configuredNick = nick
        self.nick = nick
        self.commandPrefix = commandPrefix
        self.splitter = splitter
        self.router = BridgeRouter(pendingLimit: pendingLimit, rememberedLimit: rememberedLimit)
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
        // Privately, every line is for the bot (`habitat status` there is `status`).
        guard let asked = addressed(in: said).map({ channel == nil ? Addressing.Addressed($0.text) : $0 })
            ?? (channel == nil ? Addressing.Addressed(said) : nil), !asked.text.isEmpty
        else { return nil }
        let account = message.tags["account"].flatMap { $0.isEmpty || $0 == "*" ? nil : $0 }
        let user = account ?? speakers[speaker.lowercased()] ?? speaker
        return router.request(
            user: user, address: speaker, name: speaker, channel: channel, text: asked.text, onlyIfCommand: asked.onlyIfCommand)
    }

    /// Someone changed nick: what they asked is answered under the new one, their events go there, and someone
    /// known by nick stays the same user (until they quit, or the bot's connection ends).
    private mutating func followNickChange(from old: String, to new: String) {
        router.readdress(from: old, to: new)
        let user = speakers.removeValue(forKey: old.lowercased()) ?? old
        if user.lowercased() != new.lowercased() {
            BridgeRouter.remember(user, for: new.lowercased(), in: &speakers, limit: rememberedLimit)
        }
    }

    /// The IRC connection ended: quits and nick changes made meanwhile can't be seen, so every nick is its own
    /// user again.
    public mutating func forgetNickChanges() {
        speakers = [:]
    }

    /// The IRC lines answering a reply, matched to its request by `id`; none for an unknown `id`.
    public mutating func messages(for reply: BridgeReply) -> [IRCMessage] {
        router.deliveries(for: reply).flatMap { say($0) }
    }

    /// The IRC lines for an event: in its channel, or privately to its user.
    public func messages(for event: BridgeEvent) -> [IRCMessage] {
        say(router.delivery(for: event))
    }

    /// Sends a request with `send` unless Habitat is behind; what to tell its asker when it was not sent
    /// (``BridgeRouter/submit(_:isolation:send:)``).
    public mutating func submit(
        _ request: BridgeRequest, isolation: isolated (any Actor)? = #isolation,
        send: (BridgeRequest) async -> Bool
    ) async -> [IRCMessage] {
        say(await router.submit(request, send: send))
    }

    /// A request that could not be sent: tell its asker privately.
    public mutating func unsent(_ request: BridgeRequest) -> [IRCMessage] {
        say(router.unsent(request))
    }

    /// Whether more requests await their replies than ``pendingLimit``: Habitat is behind, and the newest
    /// request is to be refused with ``busy(_:)`` rather than sent.
    public var isOverloaded: Bool { router.isOverloaded }

    /// A request not sent because Habitat is behind: tell its asker privately.
    public mutating func busy(_ request: BridgeRequest) -> [IRCMessage] {
        say(router.busy(request))
    }

    /// The connection to Habitat ended: everyone still waiting is told privately that their request got no
    /// answer, and that it may have been carried out all the same (so saying it again could count it twice).
    public mutating func abandonPending() -> [IRCMessage] {
        router.abandonPending().flatMap { say($0) }
    }

    /// The words that ask Habitat for help (its command table's `help`, `?` and `commands`).
    static let helpWords = BridgeRouter.helpWords

    /// What a line addressed to the bot asks (`habitat: …`, `habitat, …`, `@habitat …`, `!…`, and `habitat …` if it
    /// is a command), or `nil`. The nick the server gave (`habitat_`) and the configured one both count.
    func addressed(in text: String) -> Addressing.Addressed? {
        Addressing(commandPrefix: commandPrefix, names: [nick, configuredNick]).addressed(in: text)
    }

    private func isBot(_ name: String) -> Bool {
        name.lowercased() == nick.lowercased()
    }

    /// PRIVMSGs saying a delivery: in a channel, after `nick: ` when addressing someone; privately, to the nick.
    /// Toasts of one line each are joined into one IRC line, ` · ` between them, while it fits (`✅ Exercise
    /// completed! +10 XP, +5 coins · 🎉 Level up!`); a toast with detail lines keeps a line for each. Lines are
    /// split at IRC's line limit, never inside a character.
    private func say(_ delivery: BridgeDelivery?) -> [IRCMessage] {
        guard let delivery else { return [] }
        let target: String
        switch delivery.place {
        case .channel(let channel): target = channel
        case .person(let nick): target = nick
        }
        let address = delivery.addressing.map { "\($0): " } ?? ""
        let budget = splitter.budget(target: target)
        var texts: [String] = []
        var joining: String?
        for toast in delivery.toasts {
            let single = !toast.text.contains(where: \.isNewline)
            if single, let joined = joining, (joined + Self.joint + toast.text).utf8.count <= budget {
                joining = joined + Self.joint + toast.text
                continue
            }
            if let joined = joining { texts.append(joined) }
            joining = single ? address + toast.text : nil
            if !single { texts.append(address + toast.text) }
        }
        if let joined = joining { texts.append(joined) }
        return texts.flatMap { text in splitter.split(text, target: target).map { IRCMessage.privmsg(target, $0) } }
    }

    /// What joins the toasts said in one IRC line.
    static let joint = " · "

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
