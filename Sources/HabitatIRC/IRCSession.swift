import Foundation

/// The protocol side of one IRC connection as a pure state machine: messages in, actions out. It negotiates
/// IRCv3 capabilities, logs in to the bot's account with SASL PLAIN when it has credentials, registers,
/// answers PING, dodges nick collisions (and takes its own nick back when it is freed), joins the channels
/// and rejoins after KICK.
public struct IRCSession: Sendable {
    /// What the connection must do about a message.
    public enum Action: Sendable, Equatable {
        /// Send this protocol line, ahead of chat lines.
        case send(IRCMessage)
        /// The server welcomed us (001) under this nick; chat lines may flow.
        case registered(nick: String)
        /// The server changed our nick after registration.
        case renamed(nick: String)
        /// SASL did not log us in; registration goes on without the account.
        case saslFailed(String)
        /// The server refused the configured nick as erroneous (too long, or characters it doesn't allow):
        /// registration can't go on until the operator picks another.
        case nickRefused(nick: String, reason: String)
        /// The server would not let us into one of our channels (banned, wrong key, invite only, full, ...).
        case joinFailed(channel: String, reason: String)
    }

    /// The bot's account for SASL PLAIN (services such as NickServ know it).
    public struct SASLCredentials: Sendable, Equatable {
        public var account: String
        public var password: String

        public init(account: String, password: String) {
            self.account = account
            self.password = password
        }
    }

    /// The capabilities requested when the server offers them.
    public static let wantedCapabilities = ["account-tag", "message-tags"]

    public let configuredNick: String
    public let user: String
    public let realName: String
    public let password: String?
    /// The channels to join, each with its key after a space when it has one (`#smiths s3cret`).
    public let channels: [String]
    public let sasl: SASLCredentials?
    /// The nick we have, or are asking for while registering.
    public private(set) var nick: String
    public private(set) var isRegistered = false
    /// The capabilities the server acknowledged.
    public private(set) var capabilities: Set<String> = []
    private var negotiating = false
    private var offered: Set<String> = []
    private var collisions = 0
    /// The longest nick the server took, learnt when a nick with underscores was refused as erroneous (432).
    private var nickLength = Int.max

    public init(
        nick: String, user: String? = nil, realName: String = "Habitat bridge", password: String? = nil,
        channels: [String], sasl: SASLCredentials? = nil
    ) {
        self.sasl = sasl
        self.configuredNick = nick
        self.nick = nick
        self.user = user ?? nick
        self.realName = realName
        self.password = password
        self.channels = channels
    }

    /// The lines that open a connection: `CAP LS 302`, `PASS` when there is a password, `NICK`, `USER`.
    public mutating func start() -> [Action] {
        negotiating = true
        var lines = [IRCMessage(command: "CAP", parameters: ["LS", "302"])]
        if let password { lines.append(IRCMessage(command: "PASS", parameters: [password])) }
        lines.append(IRCMessage(command: "NICK", parameters: [nick]))
        lines.append(IRCMessage(command: "USER", parameters: [user, "0", "*", realName]))
        return lines.map(Action.send)
    }

    /// What to do about one message from the server.
    public mutating func receive(_ message: IRCMessage) -> [Action] {
        switch message.command {
        case "PING":
            return [.send(IRCMessage(command: "PONG", parameters: message.parameters))]
        case "CAP":
            return capability(message.parameters.dropFirst())
        case "001":
            isRegistered = true
            negotiating = false
            if let name = message.parameters.first { nick = name }
            return [.registered(nick: nick)] + channels.map { .send(join($0)) }
        case "403", "405", "471", "473", "474", "475", "477":
            // Refusals of a JOIN (no such channel, too many, full, invite only, banned, bad key, registered only).
            guard message.parameters.count >= 2, let channel = configuredChannel(message.parameters[1]) else { return [] }
            let reason = message.parameters.dropFirst(2).last ?? message.command
            return [.joinFailed(channel: Self.name(of: channel), reason: reason)]
        case "433", "436":
            guard !isRegistered else { return [] }
            collisions += 1
            return [.send(nextNick())]
        case "432":
            guard !isRegistered else { return [] }
            guard collisions > 0 else {
                return [.nickRefused(nick: nick, reason: message.parameters.dropFirst(2).last ?? message.command)]
            }
            guard nick.count > collisions + 1 else { return [] }
            nickLength = nick.count - 1
            return [.send(nextNick())]
        case "NICK" where isRegistered && isMe(message.source?.nick):
            guard let name = message.parameters.first else { return [] }
            nick = name
            return [.renamed(nick: name)]
        case "QUIT" where isConfiguredNick(message.source?.nick), "NICK" where isConfiguredNick(message.source?.nick):
            // Whoever had our nick left or changed theirs: ask for it back.
            return reclaimNick()
        case "AUTHENTICATE" where message.parameters.first == "+":
            return authenticate()
        case "903":
            return negotiating ? endNegotiation() : []
        case "902", "904", "905", "906", "908":
            // Locked account, bad credentials, too long, aborted, mechanism refused: go on without the account.
            guard negotiating else { return [] }
            return [.saslFailed(message.parameters.last ?? message.command)] + endNegotiation()
        case "PONG":
            // The keep-alive's answer: a quiet moment to try for our own nick again (a refusal is ignored).
            return reclaimNick()
        case "KICK" where message.parameters.count >= 2 && isMe(message.parameters[1]):
            return configuredChannel(message.parameters[0]).map { [.send(join($0))] } ?? []
        default:
            return []
        }
    }

    /// `NICK <configured>` while registered under a fallback nick.
    private func reclaimNick() -> [Action] {
        guard isRegistered, !isConfiguredNick(nick) else { return [] }
        return [.send(IRCMessage(command: "NICK", parameters: [configuredNick]))]
    }

    private func isConfiguredNick(_ name: String?) -> Bool {
        name?.lowercased() == configuredNick.lowercased()
    }

    /// Whether `name` is our nick (IRC nicks compare without case).
    public func isMe(_ name: String?) -> Bool {
        name?.lowercased() == nick.lowercased()
    }

    /// `CAP <subcommand> ...` after the target: LS (maybe over several lines), ACK, NAK.
    private mutating func capability(_ parameters: ArraySlice<String>) -> [Action] {
        guard negotiating, let subcommand = parameters.first?.uppercased(), let list = parameters.last else {
            return []
        }
        let names = list.split(separator: " ").map { String($0.prefix { $0 != "=" }) }
        switch subcommand {
        case "LS":
            offered.formUnion(names)
            if parameters.count >= 3 && parameters[parameters.startIndex + 1] == "*" { return [] }
            let wanted = (Self.wantedCapabilities + (sasl == nil ? [] : ["sasl"])).filter(offered.contains)
            let unoffered: [Action] = sasl != nil && !offered.contains("sasl")
                ? [.saslFailed("The server does not offer SASL.")] : []
            if wanted.isEmpty { return unoffered + endNegotiation() }
            return unoffered + [.send(IRCMessage(command: "CAP", parameters: ["REQ", wanted.joined(separator: " ")]))]
        case "ACK":
            capabilities.formUnion(names.filter { !$0.hasPrefix("-") })
            if sasl != nil, capabilities.contains("sasl") {
                return [.send(IRCMessage(command: "AUTHENTICATE", parameters: ["PLAIN"]))]
            }
            return endNegotiation()
        case "NAK":
            return (sasl == nil ? [] : [.saslFailed("The server refused the capabilities asked for.")]) + endNegotiation()
        default:
            return []
        }
    }

    /// The PLAIN response, `account NUL account NUL password` in base64, in 400-byte pieces (and a lone `+`
    /// after a last piece of exactly 400), as IRCv3 SASL asks.
    private func authenticate() -> [Action] {
        guard negotiating, let sasl else { return [] }
        let encoded = Data("\(sasl.account)\0\(sasl.account)\0\(sasl.password)".utf8).base64EncodedString()
        var pieces = stride(from: 0, to: encoded.count, by: 400).map { start in
            String(encoded.dropFirst(start).prefix(400))
        }
        if encoded.count % 400 == 0 { pieces.append("+") }
        return pieces.map { .send(IRCMessage(command: "AUTHENTICATE", parameters: [$0])) }
    }

    private mutating func endNegotiation() -> [Action] {
        negotiating = false
        return [.send(IRCMessage(command: "CAP", parameters: ["END"]))]
    }

    /// The next nick to try after a collision: `nick_`, `nick__`, …, shortened to fit ``nickLength``.
    private mutating func nextNick() -> IRCMessage {
        let underscores = String(repeating: "_", count: collisions)
        nick = String(configuredNick.prefix(max(1, nickLength - collisions))) + underscores
        return IRCMessage(command: "NICK", parameters: [nick])
    }

    /// The entry of ``channels`` (with its key) for a channel named by the server, if it is one of ours.
    private func configuredChannel(_ name: String) -> String? {
        channels.first { Self.name(of: $0).lowercased() == name.lowercased() }
    }

    /// `#smiths` of `#smiths s3cret`.
    static func name(of channel: String) -> String {
        String(channel.prefix { $0 != " " })
    }

    /// `JOIN #smiths`, or `JOIN #smiths s3cret` for a channel with a key.
    private func join(_ channel: String) -> IRCMessage {
        IRCMessage(command: "JOIN", parameters: channel.split(separator: " ", maxSplits: 1).map(String.init))
    }
}
