import Foundation
import TestSupport

/// Debian's `ngircd`, started on a free loopback port with a temporary configuration, for integration tests.
final class Ngircd: Sendable {
    static let path = "/usr/sbin/ngircd"
    static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: path) }

    let port: Int
    /// The TLS port, when started with a certificate.
    let tlsPort: Int?
    private let peer: PeerProcess

    private init(port: Int, tlsPort: Int?, peer: PeerProcess) {
        self.port = port
        self.tlsPort = tlsPort
        self.peer = peer
    }

    /// Starts the server and returns once it accepts connections. ngircd's lowest ping timeouts are 5 s; by default they
    /// are long, since a test's IRC clients answer PING only while they read, and a loaded machine can keep one from
    /// reading for minutes.
    /// With `tls` (certificate and key PEM files) it also listens with TLS on ``tlsPort``.
    ///
    /// A free port can be taken by someone else between finding it and ngircd binding it (the tests run side by side):
    /// ngircd then exits, and is started again on other ports. One that neither exits nor listens within 30 s is
    /// stopped and started again the same way.
    static func start(
        pingTimeout: Int = 900, pongTimeout: Int = 120, tls: (certificate: String, key: String)? = nil
    ) async throws -> Ngircd {
        for _ in 1..<5 {
            if let server = try await startOnce(pingTimeout: pingTimeout, pongTimeout: pongTimeout, tls: tls) { return server }
        }
        guard let server = try await startOnce(pingTimeout: pingTimeout, pongTimeout: pongTimeout, tls: tls) else {
            throw TestFailure("ngircd did not start listening in five tries: are its ports being taken?")
        }
        return server
    }

    /// Starts the server on free ports; `nil` when it exited, or did not listen in time.
    private static func startOnce(
        pingTimeout: Int, pongTimeout: Int, tls: (certificate: String, key: String)?
    ) async throws -> Ngircd? {
        let port = try await Loopback.freePort()
        let tlsPort = tls == nil ? nil : try await Loopback.freePort()
        let tlsSection = tls.map { "[SSL]\nCertFile = \($0.certificate)\nKeyFile = \($0.key)\nPorts = \(tlsPort!)\n" } ?? ""
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ngircd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("ngircd.conf")
        try """
        [Global]
        Name = irc.test
        Info = Habitat test server
        Ports = \(port)
        Listen = 127.0.0.1
        MotdPhrase = Habitat test
        PidFile = \(directory.path)/ngircd.pid
        [Limits]
        PingTimeout = \(pingTimeout)
        PongTimeout = \(pongTimeout)
        MaxConnectionsIP = 0
        [Options]
        PAM = no
        Ident = no
        DNS = no
        \(tlsSection)
        """.write(to: config, atomically: true, encoding: .utf8)
        let peer = try await PeerProcess(path, ["-n", "-f", config.path], in: directory)
        let ports = [port] + (tlsPort.map { [$0] } ?? [])
        let listening = ports.map { port in { @Sendable in await Loopback.accepts(port: port) } }
        guard await peer.becomesReady("ngircd to listen on \(ports)", timeout: .seconds(30), checks: listening) else {
            return nil
        }
        return Ngircd(port: port, tlsPort: tlsPort, peer: peer)
    }

    func stop() {
        peer.stop()
    }
}
