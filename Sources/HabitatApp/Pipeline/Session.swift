import Foundation
import Logging
import HabitatCommands
import HabitatHousehold
import HabitatStorage

/// What the server knows about one connection.
public struct Session: Sendable {
    /// A key for this connection (login throttling, logs).
    public let id: String
    /// The client's IP address, as its failures are logged (a chat user's is their bridge's).
    public var address: String?
    public var mode = OutputMode.text
    public var plain = false
    public var account: Account?
    /// The password changes counted when `account` logged in here (``PasswordChanges``).
    var passwordEpoch = 0
    /// Set by `quit`: close after this reply.
    public var closing = false
    /// What a delete (`delete habit`, `room delete habit`, …) asked about; the next line confirms (`yes`) or cancels.
    public var pendingDelete: PendingDelete?
    /// What a line in everyday words was read as likely to mean, and asked about: the strict commands a `yes` runs.
    public var proposal: [String]?
    /// A file being sent for `import` on this connection (``ImportFile``): its name and what came of it so far.
    var upload: Upload?
    /// The room chosen with `room use` on this connection.
    public var room: Int64?
    /// Set for a chat user speaking in a channel whose room they left or were removed from: what they
    /// say there is about no room.
    var roomless = false
    /// Set once this connection authenticated as a chat bridge.
    public var bridge: String?
    /// For a bridge: the hash of the token it authenticated with. A bridge removed, or added again with a new
    /// token, loses access at its next request.
    var bridgeTokenHash: String?
    /// For a bridge: the session of each chat user it speaks for, the most recently heard ones
    /// (``ServerConfiguration/chatUsersPerBridge``). One who gives way loses only a delete waiting for its
    /// `yes` and `plain on`.
    var chatUsers = RecentTable<String, Session>(capacity: 1)
    /// For a chat user's session: who they are in chat.
    var chatUser: String?
    var bucket: TokenBucket

    public init(id: String, rateLimit: Int, now: Date) {
        self.id = id
        self.bucket = TokenBucket(rate: rateLimit, now: now)
    }
}

extension Session {
    /// Which connection, from where: on every event of a connection the log has (a failed login, a registration, a
    /// bridge, a command that failed), so an operator or fail2ban can act on the address.
    public var logged: Logger.Metadata {
        ["connection": "\(id)", "address": "\(address ?? "-")"]
    }
}
