import Crypto
import Foundation
import _CryptoExtras

/// Salted scrypt password hashes, compared in constant time.
///
/// Stored as `scrypt$N$r$p$<salt base64>$<hash base64>` so the cost can rise later without breaking old hashes.
public struct PasswordHasher: Sendable {
    public var rounds: Int
    public var blockSize: Int
    public var parallelism: Int

    /// Interactive-login strength: about 16 MiB and tens of milliseconds per hash.
    public static let standard = PasswordHasher(rounds: 1 << 14, blockSize: 8, parallelism: 1)

    public init(rounds: Int, blockSize: Int, parallelism: Int) {
        self.rounds = rounds
        self.blockSize = blockSize
        self.parallelism = parallelism
    }

    public func hash(_ password: String) throws -> String {
        var salt = [UInt8](repeating: 0, count: 16)
        var generator = SystemRandomNumberGenerator()
        for index in salt.indices { salt[index] = generator.next() }
        let key = try derive(password, salt: salt, rounds: rounds, blockSize: blockSize, parallelism: parallelism)
        return ["scrypt", "\(rounds)", "\(blockSize)", "\(parallelism)", Data(salt).base64EncodedString(), Data(key).base64EncodedString()]
            .joined(separator: "$")
    }

    /// Whether `password` matches `stored`; a malformed hash never matches.
    public func verify(_ password: String, against stored: String) -> Bool {
        let parts = stored.split(separator: "$").map(String.init)
        guard parts.count == 6, parts[0] == "scrypt", let n = Int(parts[1]), let r = Int(parts[2]), let p = Int(parts[3]),
            let salt = Data(base64Encoded: parts[4]), let expected = Data(base64Encoded: parts[5]),
            let actual = try? derive(password, salt: Array(salt), rounds: n, blockSize: r, parallelism: p)
        else { return false }
        return constantTimeEqual(actual, Array(expected))
    }

    private func derive(_ password: String, salt: [UInt8], rounds: Int, blockSize: Int, parallelism: Int) throws -> [UInt8] {
        let key = try KDF.Scrypt.deriveKey(
            from: Array(password.utf8), salt: salt, outputByteCount: 32, rounds: rounds, blockSize: blockSize,
            parallelism: parallelism)
        return key.withUnsafeBytes { Array($0) }
    }
}

/// Compares every byte whatever the first difference, so timing reveals nothing.
func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for index in a.indices { difference |= a[index] ^ b[index] }
    return difference == 0
}
