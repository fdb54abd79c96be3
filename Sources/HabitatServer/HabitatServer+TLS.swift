import HabitatApp
import NIOSSL

extension HabitatServer {
    /// The TLS context for `files`: TLS 1.2 or later, the certificate chain and key read once, at start-up.
    static func tlsContext(_ files: TLSFiles) throws -> NIOSSLContext {
        let chain: [NIOSSLCertificate]
        let key: NIOSSLPrivateKey
        do {
            chain = try NIOSSLCertificate.fromPEMFile(files.certificateChain)
        } catch {
            throw TLSSetupError("Could not read a PEM certificate chain from \(files.certificateChain): \(error)")
        }
        guard !chain.isEmpty else { throw TLSSetupError("\(files.certificateChain) holds no certificate.") }
        do {
            key = try NIOSSLPrivateKey(file: files.privateKey, format: .pem)
        } catch {
            throw TLSSetupError("Could not read a PEM private key from \(files.privateKey): \(error)")
        }
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        configuration.minimumTLSVersion = .tlsv12
        do {
            return try NIOSSLContext(configuration: configuration)
        } catch {
            throw TLSSetupError("The certificate in \(files.certificateChain) and the key in \(files.privateKey) don't work together: \(error)")
        }
    }
}

/// The TLS files could not be used; the message says which and why.
public struct TLSSetupError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
