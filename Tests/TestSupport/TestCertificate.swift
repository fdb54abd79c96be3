import Foundation
import HabitatApp
import NIOSSL

/// The test certificate for `localhost` and 127.0.0.1 and its key (see Tests/Fixtures/README.md).
public enum TestCertificate {
    /// Tests/Fixtures/tls, where they are.
    public static let folder = SourceTree.url("Tests/Fixtures/tls")
    public static let files = TLSFiles(
        certificateChain: folder.appendingPathComponent("localhost-cert.pem").path,
        privateKey: folder.appendingPathComponent("localhost-key.pem").path)

    /// A client context that trusts only the test certificate.
    public static func clientContext() throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(files.certificateChain))
        return try NIOSSLContext(configuration: configuration)
    }
}
