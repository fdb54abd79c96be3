import Foundation
import HabitatApp
import NIOSSL

extension HabitatServer {
    /// Reads the TLS certificate chain and key again (SIGHUP): connections from now on are served with them, open
    /// ones keep theirs. Files that can't be used change nothing. Returns the new certificate, for the log.
    public func reloadTLS(_ files: TLSFiles) throws -> ServedCertificate {
        guard let tls else { throw TLSSetupError("This server was started without TLS; serving TLS needs a restart.") }
        let (context, certificate) = try Self.tlsContext(files)
        tls.withLockedValue { $0 = context }
        return certificate
    }

    /// The TLS context for `files`: TLS 1.2 or later, and the certificate it serves.
    static func tlsContext(_ files: TLSFiles) throws -> (context: NIOSSLContext, certificate: ServedCertificate) {
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
            return (try NIOSSLContext(configuration: configuration), ServedCertificate(chain[0]))
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

/// The certificate a server serves, as its log names it.
public struct ServedCertificate: Sendable, Equatable {
    /// The serial number, in hex (as `openssl x509 -serial` prints it).
    public let serial: String
    public let notValidAfter: Date

    init(_ certificate: NIOSSLCertificate) {
        serial = certificate.serialNumber.map { String(format: "%02X", $0) }.joined()
        notValidAfter = Date(timeIntervalSince1970: TimeInterval(certificate.notValidAfter))
    }
}
