import ArgumentParser
import Foundation
import HabitatBridgeKit
import Logging
import NIOSSL
import ServiceLifecycle

/// What every chat bridge command takes for its Habitat side, and how it starts.
struct BridgeOptions: ParsableArguments {
    @Option(help: "The Habitat server, host:port.")
    var habitat = "127.0.0.1:7878"

    @Option(help: "The bridge's token (from 'habitat bridge add').")
    var token: String

    @Flag(help: "Connect to Habitat with TLS (a server started with --tls-cert).")
    var habitatTLS = false

    @Option(help: "PEM file of the certificates to trust for TLS, instead of the system's (e.g. a self-signed one).")
    var tlsCA: String?

    @Option(help: "Log level: trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    /// Sends logs to standard error at `--log-level`; returns the bridge's logger.
    func startLogging(label: String) throws -> Logger {
        guard let level = Logger.Level(rawValue: logLevel) else {
            throw ValidationError("Unknown log level '\(logLevel)'.")
        }
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        return Logger(label: label)
    }

    /// The Habitat side's configuration for bridge `bridge`.
    func habitatConfiguration(bridge: String) throws -> HabitatClient.Configuration {
        let (host, port) = try Self.address(habitat, option: "--habitat")
        return HabitatClient.Configuration(
            host: host, port: port, bridge: bridge, token: token, tls: habitatTLS ? try tlsContext() : nil)
    }

    /// Verifies servers' certificates against the system's roots, or only those in `--tls-ca`.
    func tlsContext() throws -> NIOSSLContext {
        try ClientTLS.context(trusting: tlsCA)
    }

    static func address(_ text: String, option: String) throws -> (String, Int) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
            (1...65535).contains(port)
        else {
            throw ValidationError("\(option) takes host:port, e.g. 127.0.0.1:6667.")
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
