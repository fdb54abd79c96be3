import ArgumentParser
import Foundation
import HabitatBridgeKit
import HabitatSettings
import Logging
import NIOSSL
import ServiceLifecycle

/// What every chat bridge command takes for its Habitat side and its settings, and how it starts.
struct BridgeOptions: ParsableArguments {
    @OptionGroup var settingsFile: SettingsFileOptions

    @Option(help: "The Habitat server, host:port. (default: 127.0.0.1:7878)")
    var habitat: String?

    @Option(help: ArgumentHelp(
        "The bridge's token (from 'habitat bridge add'). Anyone on this machine can read a command line: prefer --token-file or HABITAT_TOKEN."))
    var token: String?

    @Option(help: ArgumentHelp("A file holding the bridge's token.", valueName: "file"))
    var tokenFile: String?

    @Flag(help: "Connect to Habitat with TLS (a server started with --tls-cert).")
    var habitatTLS = false

    @Option(help: "PEM file of the certificates to trust for TLS, instead of the system's (e.g. a self-signed one).")
    var tlsCA: String?

    @OptionGroup var logging: LogOptions

    static let settingNames = ["habitat", "token", "token-file", "habitat-tls", "tls-ca"] + LogOptions.settingNames

    /// The Habitat side's settings, settled.
    struct Settled {
        var habitat: (host: String, port: Int)
        var token: String
        var habitatTLS: Bool
        var tlsCA: String?
        var log: LogSettings
        var tokenOnCommandLine: Bool
    }

    /// The sources of a bridge whose own settings are `known`.
    func sources(known: [String]) async throws -> SettingSources {
        do {
            return try await SettingSources(file: settingsFile.config, known: Self.settingNames + known)
        } catch let error as SettingError {
            throw CommandFailure(error.description)
        }
    }

    /// The Habitat side's settings from `sources`.
    func settled(_ sources: inout SettingSources) throws -> Settled {
        let habitat = try sources.value("habitat", flag: self.habitat, standard: "127.0.0.1:7878")
        guard let token = try sources.secret("token", flag: token, fileFlag: tokenFile) else {
            throw CommandFailure(
                "The bridge needs its token (from 'habitat bridge add'): give --token-file, HABITAT_TOKEN, or token-file in the settings file.")
        }
        return Settled(
            habitat: try Self.address(habitat, option: sources.naming("habitat")),
            token: token,
            habitatTLS: try sources.value("habitat-tls", flag: habitatTLS ? true : nil, standard: false),
            tlsCA: try sources.value("tls-ca", flag: tlsCA),
            log: try logging.settled(&sources),
            tokenOnCommandLine: self.token != nil)
    }

    /// Prints the settings when asked to (then the command stops), or starts logging; returns the bridge's logger.
    func start(_ settled: Settled, sources: SettingSources, command: String, label: String) -> Logger? {
        if settingsFile.printConfig {
            print(sources.printed(command: command), terminator: "")
            return nil
        }
        settled.log.bootstrap()
        let logger = Logger(label: label)
        if settled.tokenOnCommandLine {
            logger.warning("the token was given with --token, where anyone on this machine can read it (ps); give it with --token-file or HABITAT_TOKEN instead")
        }
        return logger
    }

    /// The Habitat side's configuration for bridge `bridge`.
    func habitatConfiguration(_ settled: Settled, bridge: String) throws -> HabitatClient.Configuration {
        HabitatClient.Configuration(
            host: settled.habitat.host, port: settled.habitat.port, bridge: bridge, token: settled.token,
            tls: settled.habitatTLS ? try ClientTLS.context(trusting: settled.tlsCA) : nil)
    }

    static func address(_ text: String, option: String) throws -> (host: String, port: Int) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
            (1...65535).contains(port)
        else {
            throw CommandFailure("\(option) takes host:port, e.g. 127.0.0.1:6667, not '\(text)'.")
        }
        return (String(text[..<colon]), port)
    }
}

/// A bridge as a service: SIGTERM or Ctrl-C cancels it, and it says goodbye.
struct BridgeRunner: Service {
    let bridge: @Sendable () async throws -> Void

    func run() async throws {
        try await cancelWhenGracefulShutdown { try await bridge() }
    }

    /// Runs `bridge` until SIGTERM or Ctrl-C.
    static func serve(logger: Logger, _ bridge: @escaping @Sendable () async throws -> Void) async throws {
        let group = ServiceGroup(
            configuration: .init(
                services: [BridgeRunner(bridge: bridge)], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
    }
}
