import Foundation
import NIOCore
import NIOSSL
import HabitatApp
import HabitatServer
import TestSupport
import Testing

/// `--tls-cert` and `--tls-key`: the line protocol over TLS, so passwords need not cross a network in clear.
@Suite("TLS on the listening port")
struct TLSTests {
    @Test func aUserRegistersAndPlaysOverTLS() async throws {
        try await TestServer.with(configure: { $0.tls = TestCertificate.files }) { server in
            let client = try await LineClient.registered("tess", port: server.port, tls: TestCertificate.clientContext())
            try await client.expectReply(to: "add habit Exercise", startsWith: "✅")
            try await client.expectReply(to: "did exercise", startsWith: "✅ Exercise completed! +10 XP, +5 coins")
            await client.close()
        }
    }

    @Test func aPlainConnectionToTheTLSPortIsToldInOnePlainLineAndTheServerKeepsServing() async throws {
        try await TestServer.with(configure: { $0.tls = TestCertificate.files }) { server in
            let plain = try await LineClient.connect(port: server.port, readGreeting: false)
            try await plain.send("register eve correct-horse")
            // One plain line, never a greeting or a reply, and the connection is closed.
            var received: [String] = []
            while let line = try await plain.readLine() { received.append(line) }
            #expect(
                received == [
                    "⚠️ This port speaks TLS. Connect with a TLS client (openssl s_client -connect host:port, or --habitat-tls for a bridge)."
                ])
            let client = try await LineClient.registered("tess", port: server.port, tls: TestCertificate.clientContext())
            await client.close()
        }
    }

    @Test func tls12IsTheOldestVersionTheServerSpeaks() async throws {
        @Sendable func client(_ newest: TLSVersion) throws -> NIOSSLContext {
            var configuration = TLSConfiguration.makeClientConfiguration()
            configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(TestCertificate.files.certificateChain))
            configuration.minimumTLSVersion = .tlsv1
            configuration.maximumTLSVersion = newest
            return try NIOSSLContext(configuration: configuration)
        }
        try await TestServer.with(configure: { $0.tls = TestCertificate.files }) { server in
            await #expect(throws: (any Error).self) {
                _ = try await LineClient.connect(port: server.port, tls: try client(.tlsv11))
            }
            let twelve = try await LineClient.connect(port: server.port, tls: try client(.tlsv12))
            try await twelve.expectReply(to: "help buy", startsWith: "ℹ️ buy [N] <item>")
            await twelve.close()
        }
    }

    @Test func missingOrMismatchedFilesAreRefusedAtStartWithTheirName() async throws {
        let files = TestCertificate.files
        let missing = TLSFiles(certificateChain: TestCertificate.folder.appendingPathComponent("none.pem").path, privateKey: files.privateKey)
        await #expect(throws: TLSSetupError.self) {
            try await TestServer.with(configure: { $0.tls = missing }) { _ in }
        }
        let swapped = TLSFiles(certificateChain: files.privateKey, privateKey: files.certificateChain)
        let error = await #expect(throws: TLSSetupError.self) {
            try await TestServer.with(configure: { $0.tls = swapped }) { _ in }
        }
        #expect(error?.description.contains(files.privateKey) == true)
    }

    @Test func theToolWantsTheKeyWithTheCertificate() async throws {
        let result = try await habitat(["serve", "--tls-cert", "/nonexistent/cert.pem", "--port", "0"])
        #expect(result.status != 0)
        #expect(result.output.contains("Error: TLS needs both --tls-cert and --tls-key."))
    }
}
