import Foundation
import ArgumentParser
import HabitatIRC
import Logging
import NIOSSL
import ServiceLifecycle

/// The bridge as a service: SIGTERM or Ctrl-C cancels it, and it says goodbye to IRC.
struct IRCBridgeRunner: Service {
    let bridge: IRCBridgeService

    func run() async throws {
        try await cancelWhenGracefulShutdown { try await bridge.run() }
    }
}

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

    @Option(help: "The Habitat server, host:port.")
    var habitat = "127.0.0.1:7878"

    @Option(help: "The bridge's name, as created with 'habitat bridge add'.")
    var bridge = "irc"

    @Option(help: "The bridge's token.")
    var token: String

    @Option(help: "The IRC server, host:port.")
    var irc = "127.0.0.1:6667"

    @Option(help: "The bot's nick.")
    var nick = "habitat"

    @Option(name: .customLong("channel"), help: "A channel to join, with its key after a space if it has one: '#smiths s3cret' (repeat for more).")
    var channels: [String] = []

    @Flag(help: "Connect to Habitat with TLS (a server started with --tls-cert).")
    var habitatTLS = false

    @Flag(help: "Connect to IRC with TLS (usually port 6697).")
    var ircTLS = false

    @Option(help: "PEM file of the certificates to trust for TLS, instead of the system's (e.g. a self-signed one).")
    var tlsCA: String?

    @Option(help: "The bot's IRC account, logged in with SASL PLAIN (use TLS: the password goes with it).")
    var saslAccount: String?

    @Option(help: "The password of --sasl-account (or the HABITAT_SASL_PASSWORD environment variable).")
    var saslPassword: String?

    @Option(help: "Log level: trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    func run() async throws {
        guard let level = Logger.Level(rawValue: logLevel) else { throw ValidationError("Unknown log level '\(logLevel)'.") }
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "habitat-irc")
        let (habitatHost, habitatPort) = try Self.address(habitat, option: "--habitat")
        let (ircHost, ircPort) = try Self.address(irc, option: "--irc")
        let tls = habitatTLS || ircTLS ? try tlsContext() : nil
        var sasl: IRCSession.SASLCredentials?
        if let saslAccount {
            guard let password = saslPassword ?? ProcessInfo.processInfo.environment["HABITAT_SASL_PASSWORD"] else {
                throw ValidationError("--sasl-account needs --sasl-password (or HABITAT_SASL_PASSWORD).")
            }
            sasl = IRCSession.SASLCredentials(account: saslAccount, password: password)
        }
        let service = IRCBridgeService(
            configuration: .init(
                habitatHost: habitatHost, habitatPort: habitatPort, bridge: bridge, token: token, ircHost: ircHost,
                ircPort: ircPort, nick: nick, channels: channels, habitatTLS: habitatTLS ? tls : nil,
                ircTLS: ircTLS ? tls : nil, ircSASL: sasl),
            logger: logger)
        let group = ServiceGroup(
            configuration: .init(services: [IRCBridgeRunner(bridge: service)], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
    }

    /// Verifies servers' certificates against the system's roots, or only those in `--tls-ca`.
    func tlsContext() throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.minimumTLSVersion = .tlsv12
        if let tlsCA {
            do {
                configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(tlsCA))
            } catch {
                throw CommandFailure("Could not read PEM certificates from \(tlsCA): \(error)")
            }
        }
        return try NIOSSLContext(configuration: configuration)
    }

    static func address(_ text: String, option: String) throws -> (String, Int) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (1...65535).contains(port) else {
            throw ValidationError("\(option) takes host:port, e.g. 127.0.0.1:6667.")
        }
        return (String(text[..<colon]), port)
    }
}
