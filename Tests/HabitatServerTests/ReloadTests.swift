import Foundation
import NIOSSL
import TestSupport
import Testing

/// SIGHUP reads the settings file and the TLS certificate and key again: new connections get the renewed
/// certificate, open ones are kept, the log says what changed and what waits for a restart; under systemd the
/// server says `RELOADING=1`, then `READY=1`.
@Suite("Reloading a running server with SIGHUP")
struct ReloadTests {
    static let tls = TestCertificate.folder
    static let firstSerial = "serial=10E8E573B915F0973327429AAFC425413AF00F06"
    static let renewedSerial = "serial=497F154E6B00951100F0761D606D3EC980ED5C8C"

    /// The serial of the certificate a new TLS connection to `port` is served, as `openssl x509 -serial` says it.
    static func servedSerial(port: Int) async throws -> String {
        let run = try await runToEnd(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "openssl s_client -connect 127.0.0.1:\(port) -servername localhost </dev/null 2>/dev/null | openssl x509 -noout -serial"])
        return run.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Puts the certificate and key `named` (`localhost`, `renewed`) where the server reads them, as a renewal does.
    static func install(_ named: String, in folder: URL) throws {
        for part in ["cert", "key"] {
            let text = try String(contentsOf: tls.appendingPathComponent("\(named)-\(part).pem"), encoding: .utf8)
            try text.write(to: folder.appendingPathComponent("\(part).pem"), atomically: true, encoding: .utf8)
        }
    }

    @Test func aRenewedCertificateIsServedToNewConnectionsAndOpenOnesAreKept() async throws {
        let folder = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.install("localhost", in: folder)
        let settings = folder.appendingPathComponent("habitat.toml")
        let (cert, key) = (folder.appendingPathComponent("cert.pem").path, folder.appendingPathComponent("key.pem").path)
        try "tls-cert = \"\(cert)\"\ntls-key = \"\(key)\"\n".write(to: settings, atomically: true, encoding: .utf8)
        let server = try await ServerProcess(data: folder.appendingPathComponent("data"), extraArguments: ["--config", settings.path])
        #expect(try await Self.servedSerial(port: server.port) == Self.firstSerial)
        let open = try await LineClient.registered("tess", port: server.port, tls: TestCertificate.clientContext())

        try Self.install("renewed", in: folder)
        try "tls-cert = \"\(cert)\"\ntls-key = \"\(key)\"\nlog-level = \"debug\"\nmax-line = 8192\n"
            .write(to: settings, atomically: true, encoding: .utf8)
        kill(server.serverPID, SIGHUP)
        try await eventually("the server to say it reloaded") { server.log.contains("] reloaded") }
        #expect(try await Self.servedSerial(port: server.port) == Self.renewedSerial)
        #expect(try await open.reply(to: "status") == ["ℹ️ Level 1 · 0/100 XP · 1000/1000 health · 0 coins"])
        let log = server.log
        #expect(log.contains("certificate_serial=\(Self.renewedSerial.dropFirst("serial=".count))"))
        #expect(log.contains("changed=log-level"))
        #expect(log.contains("settings=max-line [habitat] reload: these settings changed, and take effect when the server restarts"))

        // A certificate that can't be used changes nothing.
        try "not a certificate".write(to: URL(fileURLWithPath: cert), atomically: true, encoding: .utf8)
        kill(server.serverPID, SIGHUP)
        try await eventually("the server to say it kept the certificate") {
            server.log.contains("reload: the TLS certificate and key can't be used, so connections keep the ones they had")
        }
        #expect(try await Self.servedSerial(port: server.port) == Self.renewedSerial)
        // A settings file that can't be read changes nothing either.
        try "max-line = \"x\"\n".write(to: settings, atomically: true, encoding: .utf8)
        kill(server.serverPID, SIGHUP)
        try await eventually("the server to say the settings can't be used") {
            server.log.contains("reload: the settings can't be used, so nothing changed: max-line in \(settings.path) is \"x\", but it takes a whole number.")
        }
        #expect(try await open.reply(to: "status") == ["ℹ️ Level 1 · 0/100 XP · 1000/1000 health · 0 coins"])
        #expect(await server.terminate() == 0)
    }

    @Test func underSystemdAReloadIsSaidAsReloadingThenReady() async throws {
        let folder = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let socket = folder.appendingPathComponent("notify").path
        let heard = folder.appendingPathComponent("heard")
        async let listened = SystemdTests.listen(at: socket, for: 3, into: heard)
        try await eventually("the notify socket to be there") { FileManager.default.fileExists(atPath: socket) }
        let server = try await ServerProcess(data: folder.appendingPathComponent("data"), environment: ["NOTIFY_SOCKET": socket])
        // It says it is ready once it listens and serves; then the reload.
        try await eventually("the server to say it is ready") { SystemdTests.said(in: heard) == ["READY=1 STATUS=serving"] }
        kill(server.serverPID, SIGHUP)
        let ended = try await listened
        #expect(await server.terminate() == 0)
        let said = SystemdTests.said(in: heard)
        #expect(said.count == 3, "\(ended.errors)")
        #expect(said.first == "READY=1 STATUS=serving")
        #expect(said.dropFirst().first?.hasPrefix("RELOADING=1 MONOTONIC_USEC=") == true)
        #expect(said.last == "READY=1 STATUS=serving")
    }
}
