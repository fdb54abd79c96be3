import Foundation
import ArgumentParser
import HabitatBridgeKit
import HabitatIRC
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

    @Option(help: "The bridge's name, as created with 'habitat bridge add'.")
    var bridge = "irc"

    @Option(help: "The IRC server, host:port.")
    var irc = "127.0.0.1:6667"

    @Option(help: "The bot's nick.")
    var nick = "habitat"

    @Option(name: .customLong("channel"), help: "A channel to join, with its key after a space if it has one: '#smiths s3cret' (repeat for more).")
    var channels: [String] = []

    @Flag(help: "Connect to IRC with TLS (usually port 6697).")
    var ircTLS = false

    @Option(help: "The bot's IRC account, logged in with SASL PLAIN (use TLS: the password goes with it).")
    var saslAccount: String?

    @Option(help: "The password of --sasl-account (or the HABITAT_SASL_PASSWORD environment variable).")
    var saslPassword: String?

    func run() async throws {
        let logger = try options.startLogging(label: "habitat-irc")
        let (ircHost, ircPort) = try BridgeOptions.address(irc, option: "--irc")
        var sasl: IRCSession.SASLCredentials?
        if let saslAccount {
            guard let password = saslPassword ?? ProcessInfo.processInfo.environment["HABITAT_SASL_PASSWORD"] else {
                throw ValidationError("--sasl-account needs --sasl-password (or HABITAT_SASL_PASSWORD).")
            }
            sasl = IRCSession.SASLCredentials(account: saslAccount, password: password)
        }
        let service = IRCBridgeService(
            configuration: .init(
                habitat: try options.habitatConfiguration(bridge: bridge),
                irc: IRCClient.Configuration(
                    host: ircHost, port: ircPort, nick: nick, channels: channels,
                    tls: ircTLS ? try options.tlsContext() : nil, sasl: sasl)),
            logger: logger)
        try await BridgeRunner.serve(logger: logger) { try await service.run() }
    }
}
