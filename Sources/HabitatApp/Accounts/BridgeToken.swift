import Crypto
import Foundation

/// Bridge tokens: long random secrets shown once; only their SHA-256 is stored.
public enum BridgeToken {
    /// `hbt_` and 48 hex digits (192 random bits).
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        return "hbt_" + (0..<24).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    public static func hash(_ token: String) -> String {
        SHA256.hash(data: Array(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Whether `token` is the one whose hash is `stored`, compared in constant time.
    public static func matches(_ token: String, _ stored: String) -> Bool {
        constantTimeEqual(Array(hash(token).utf8), Array(stored.utf8))
    }
}
