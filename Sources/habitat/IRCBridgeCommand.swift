import Foundation
import ArgumentParser
import HabitatBridgeKit
import HabitatIRC
import HabitatSettings
import Logging
import NIOSSL
import ServiceLifecycle

struct IRCBridgeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "irc-bridge",
        abstract: "Carry Habitat into IRC channels: a bot that answers 'habitat: did dishes' and '!did dishes'.",
        discussion: """
            Create the bridge first on the Habitat server's machine: 'habitat bridge add irc' prints its token.
            In a channel the bot answers lines addressed to it; private messages are personal commands;
            help and errors are sent privately; household activity is posted to the channel.
            """
    )

    @OptionGroup var options: BridgeOptions

    @Option(help: "The bridge's name, as created with 'habitat bridge add'. (default: irc)")
    var bridge: String?

    @Option(help: "The IRC server, host:port. (default: 127.0.0.1:6667)")
    var irc: String?

    @Option(help: "The bot's nick. (default: habitat)")
    var nick: String?

    @Option(name: .customLong("channel"), help: "A channel to join, with its key after a space if it has one: '#smiths s3cret' (repeat for more).")
    var channels: [String] = []

    @Flag(help: "Connect to IRC with TLS (usually port 6697).")
    var ircTLS = false

    @Option(help: "The bot's IRC account, logged in with SASL PLAIN (use TLS: the password goes with it).")
    var saslAccount: String?

    @Option(help: "The password of --sasl-account (better: --sasl-password-file or HABITAT_SASL_PASSWORD).")
    var saslPassword: String?

    @Option(help: ArgumentHelp("A file holding the password of --sasl-account.", valueName: "file"))
    var saslPasswordFile: String?

    static let settingNames = [
        "bridge", "irc", "nick", "channel", "irc-tls", "sasl-account", "sasl-password", "sasl-password-file",
    ]

    func run() async throws {
        var sources = try await options.sources(known: Self.settingNames)
        let habitat = try options.settled(&sources)
        let bridge = try sources.value("bridge", flag: self.bridge, standard: "irc")
        let irc = try sources.value("irc", flag: self.irc, standard: "127.0.0.1:6667")
        let nick = try sources.value("nick", flag: self.nick, standard: "habitat")
        let channels = try sources.value("channel", flag: self.channels.isEmpty ? nil : self.channels, standard: [])
        let ircTLS = try sources.value("irc-tls", flag: self.ircTLS ? true : nil, standard: false)
        let (ircHost, ircPort) = try BridgeOptions.address(irc, option: sources.naming("irc"))
        var sasl: IRCSession.SASLCredentials?
        if let saslAccount = try sources.value("sasl-account", flag: saslAccount) {
            guard let password = try sources.secret("sasl-password", flag: saslPassword, fileFlag: saslPasswordFile) else {
                throw CommandFailure("--sasl-account needs its password: --sasl-password-file, or HABITAT_SASL_PASSWORD.")
            }
            sasl = IRCSession.SASLCredentials(account: saslAccount, password: password)
        }
        guard let logger = options.start(habitat, sources: sources, command: "irc-bridge", label: "habitat-irc") else { return }
        let service = IRCBridgeService(
            configuration: .init(
                habitat: try options.habitatConfiguration(habitat, bridge: bridge),
                irc: IRCClient.Configuration(
                    host: ircHost, port: ircPort, nick: nick, channels: channels,
                    tls: ircTLS ? try ClientTLS.context(trusting: habitat.tlsCA) : nil, sasl: sasl)),
            logger: logger)
        try await BridgeRunner.serve(logger: logger) { try await service.run() }
    }
}
