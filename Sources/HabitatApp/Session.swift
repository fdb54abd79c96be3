import Foundation
import HabitatCommands
import HabitatHousehold
import HabitatStorage

/// What the server knows about one connection.
public struct Session: Sendable {
    /// A key for this connection (login throttling, logs).
    public let id: String
    public var mode = OutputMode.text
    public var plain = false
    public var account: Account?
    /// The password changes counted when `account` logged in here (``PasswordChanges``).
    var passwordEpoch = 0
    /// Set by `quit`: close after this reply.
    public var closing = false
    /// What a delete (`delete habit`, `room delete habit`, …) asked about; the next line confirms (`yes`) or cancels.
    public var pendingDelete: PendingDelete?
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

/// A delete waiting for its `yes`: what it deletes, named as the question gave it.
public enum PendingDelete: Sendable, Equatable {
    case habit(String)
    case area(String)
    case reward(String)
    /// A room's shared habit, in the room the question was about: `yes` deletes that very habit there, whichever
    /// room is current by then (a chat user's `yes` may come from another channel).
    case sharedHabit(SharedHabit, room: Room)

    /// The command that carries it out once confirmed.
    var command: Command {
        switch self {
        case .habit(let name): .delete(name)
        case .area(let name): .deleteArea(name)
        case .reward(let name): .deleteReward(name)
        case .sharedHabit(let habit, _): .room(.deleteHabit(habit.name))
        }
    }

    /// `Exercise`, `area Fitness`: what is kept when the delete is cancelled.
    var kept: String {
        switch self {
        case .habit(let name): name
        case .area(let name): "area \(name)"
        case .reward(let name): "reward \(name)"
        case .sharedHabit(let habit, _): "the shared habit \(habit.name)"
        }
    }
}

/// Allows `rate` commands a second on average, with a burst of one second's worth; rate 0 allows all.
struct TokenBucket: Sendable {
    let rate: Int
    private var tokens: Double
    private var last: Date

    init(rate: Int, now: Date) {
        self.rate = rate
        self.tokens = Double(rate)
        self.last = now
    }

    mutating func take(now: Date) -> Bool {
        guard rate > 0 else { return true }
        let elapsed = max(0, now.timeIntervalSince(last))
        last = now
        tokens = min(Double(rate), tokens + elapsed * Double(rate))
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
