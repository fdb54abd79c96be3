import Foundation
import NIOCore
import NIOSSL
import HabitatServer
import Testing

/// `--tls-cert` and `--tls-key`: the line protocol over TLS, so passwords need not cross a network in clear.
@Suite("TLS on the listening port")
struct TLSTests {
    /// A self-signed certificate for `localhost` and 127.0.0.1 (P-256, valid until 2126), and its key.
    /// For these tests only.
    static let certificate = """
        -----BEGIN CERTIFICATE-----
        MIIBnDCCAUGgAwIBAgIUEOjlc7kV8JczJ0Kar8QlQTrwDwYwCgYIKoZIzj0EAwIw
        FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyMTE2MzgzMFoYDzIxMjYxMDI4
        MTYzODMwWjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
        PQMBBwNCAASlS5bqzSSVX8PQ3QQGY98+WIqWWCFz2zaMYHXXm68YJOo27vWfrQqN
        JSN7HoQKyRay2TalMBgmeqUH/qT48IGXo28wbTAdBgNVHQ4EFgQUb9qKOjaBHbLu
        rjTIeSe+zhPBLDIwHwYDVR0jBBgwFoAUb9qKOjaBHbLurjTIeSe+zhPBLDIwDwYD
        VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARgglsb2NhbGhvc3SHBH8AAAEwCgYIKoZI
        zj0EAwIDSQAwRgIhAK0l1jyWMA8WFJ784mnCR0+ZuvHgRGgXnM8rtTdJ2AL7AiEA
        1lZD1acotA1UB34oqiBQu4ZcalkRxWPgLd3BHcRxnfs=
        -----END CERTIFICATE-----
        """
    static let privateKey = """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg/FwYGVoRHJNApqQk
        raBg/nYPSx78K1LLKOibSI4lqr+hRANCAASlS5bqzSSVX8PQ3QQGY98+WIqWWCFz
        2zaMYHXXm68YJOo27vWfrQqNJSN7HoQKyRay2TalMBgmeqUH/qT48IGX
        -----END PRIVATE KEY-----
        """

    /// The certificate and key written to files in `directory`, as the server takes them.
    static func files(in directory: URL) throws -> TLSFiles {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let files = TLSFiles(
            certificateChain: directory.appendingPathComponent("cert.pem").path,
            privateKey: directory.appendingPathComponent("key.pem").path)
        try certificate.write(toFile: files.certificateChain, atomically: true, encoding: .utf8)
        try privateKey.write(toFile: files.privateKey, atomically: true, encoding: .utf8)
        return files
    }

    /// A client context that trusts only the test certificate.
    static func clientContext() throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = .certificates([try NIOSSLCertificate(bytes: Array(certificate.utf8), format: .pem)])
        return try NIOSSLContext(configuration: configuration)
    }

    @Test func aUserRegistersAndPlaysOverTLS() async throws {
        let keys = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: keys) }
        let files = try Self.files(in: keys)
        try await TestServer.with(configure: { $0.tls = files }) { server in
            let client = try await LineClient.connect(port: server.port, tls: Self.clientContext())
            try await client.expectReply(to: "register tess correct-horse", startsWith: "✅ Welcome to Habitat, tess!")
            try await client.expectReply(to: "add habit Exercise", startsWith: "✅")
            try await client.expectReply(to: "did exercise", startsWith: "✅ Exercise completed! +10 XP, +5 coins")
            await client.close()
        }
    }

    @Test func aPlainConnectionToTheTLSPortGetsNoGameAndTheServerKeepsServing() async throws {
        let keys = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: keys) }
        let files = try Self.files(in: keys)
        try await TestServer.with(configure: { $0.tls = files }) { server in
            let plain = try await LineClient.connect(port: server.port, readGreeting: false)
            try await plain.send("register eve correct-horse")
            // The server's TLS handshake fails on a plain line: at most a TLS alert comes back, never a
            // greeting or a reply, and the connection is closed.
            var received: [String] = []
            while let line = try await plain.readLine() { received.append(line) }
            #expect(!received.contains { $0.contains("Habitat") || $0.contains("Welcome") })
            #expect(received.count <= 1)
            let client = try await LineClient.connect(port: server.port, tls: Self.clientContext())
            try await client.expectReply(to: "register tess correct-horse", startsWith: "✅ Welcome to Habitat, tess!")
            await client.close()
        }
    }

    @Test func missingOrMismatchedFilesAreRefusedAtStartWithTheirName() async throws {
        let keys = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: keys) }
        let files = try Self.files(in: keys)
        let missing = TLSFiles(certificateChain: keys.appendingPathComponent("none.pem").path, privateKey: files.privateKey)
        await #expect(throws: TLSSetupError.self) {
            try await TestServer.with(configure: { $0.tls = missing }) { _ in }
        }
        let swapped = TLSFiles(certificateChain: files.privateKey, privateKey: files.certificateChain)
        let error = await #expect(throws: TLSSetupError.self) {
            try await TestServer.with(configure: { $0.tls = swapped }) { _ in }
        }
        #expect(error?.description.contains(files.privateKey) == true)
    }

    @Test func theToolWantsTheKeyWithTheCertificate() throws {
        let result = try habitat(["serve", "--tls-cert", "/nonexistent/cert.pem", "--port", "0"])
        #expect(result.status != 0)
        #expect(result.output.contains("Error: TLS needs both --tls-cert and --tls-key."))
    }
}
