import NIOCore
import NIOConcurrencyHelpers

/// The bench's users: `<prefix><index>`, all with one password.
struct UserNames: Sendable {
    let prefix: String
    let password: String

    func name(_ index: Int) -> String { prefix + String(index) }

    /// The default prefix gets a random suffix so repeated runs don't collide; an explicit one is kept
    /// as given, so a run can reuse the users a `setup` step made.
    static func resolve(prefix: String?, password: String) throws -> UserNames {
        if let prefix {
            guard isValidNamePart(prefix), prefix.count <= 24 else {
                throw BenchError.setUp("--users-prefix must be 1–24 of a-z 0-9 _ - (user names are the prefix plus a number).")
            }
            return UserNames(prefix: prefix, password: password)
        }
        var generator = SystemRandomNumberGenerator()
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        let suffix = String((0..<6).map { _ in letters[Int(generator.next() % UInt64(letters.count))] })
        return UserNames(prefix: "bench" + suffix + "-", password: password)
    }

    static func isValidNamePart(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
    }
}

/// What a user needs for the load: a good habit to record, a bad one to slip on.
enum Game {
    static let habits = ["add habit Exercise", "add bad habit Snacking 50 life"]
    /// Coins and some lost health, so potions can be bought.
    static let seed = ["did exercise x20", "slipped snacking x3"]
    /// What `--only buy` buys, and the coins for it: 20 × 100 completions × 5 coins.
    static let reward = "Sticker"
    static let rewardSeed = ["add reward Sticker 1 coins"] + Array(repeating: "did exercise x100", count: 20)
}

enum Registration: Sendable {
    case registered
    case loggedIn
    case existed
}

extension Connection {
    /// A set-up request that must succeed (or be refused only with one of `allowed`).
    @discardableResult
    func setUpRequest(_ text: String, allowing allowed: Set<String> = []) async throws -> SetUpReply {
        let reply = SetUpReply(try await request(jsonRequest(text)))
        if !reply.ok, !allowed.contains(reply.code ?? "") {
            let shown = text.hasPrefix("register") || text.hasPrefix("login") ? String(text.split(separator: " ").prefix(2).joined(separator: " ")) + " …" : text
            throw BenchError.setUp("'\(shown)' failed: \(reply.code ?? "?"): \(reply.text.prefix(300))")
        }
        return reply
    }

    /// Registers the user, or logs in when the name is taken (`loginIfTaken`); returns what happened.
    func registerOrLogin(_ name: String, password: String, loginIfTaken: Bool = true) async throws -> Registration {
        let reply = try await setUpRequest("register \(name) \(password)", allowing: ["name_taken"])
        if reply.ok { return .registered }
        guard loginIfTaken else { return .existed }
        try await setUpRequest("login \(name) \(password)")
        return .loggedIn
    }

    /// Adds the habits the load records (an existing habit is fine).
    func addHabits() async throws {
        for line in Game.habits { try await setUpRequest(line, allowing: ["name_taken"]) }
    }

    /// Records coins and a little lost health, so `buy potion` can succeed; with `rewards`, also a
    /// 1-coin reward and 10,000 coins to buy it with.
    func seedGame(rewards: Bool) async throws {
        for line in Game.seed { try await setUpRequest(line, allowing: ["game_over"]) }
        if rewards {
            for line in Game.rewardSeed { try await setUpRequest(line, allowing: ["name_taken"]) }
        }
    }

    /// Appends `rows` completions to the logged-in user's ledger, `window` requests in flight.
    /// Call after `mode json`.
    func prefillLedger(rows: Int, window: Int, progress: Counter?) async throws {
        var done = 0
        let chunk = 1_000
        while done < rows {
            let count = min(chunk, rows - done)
            let result = try await pipelined(count: count, window: window) { _ in
                var buffer = ByteBufferAllocator().buffer(capacity: 16)
                buffer.writeString("did exercise\n")
                return buffer
            }
            if !result.failed.isEmpty {
                throw BenchError.setUp("filling the ledger: \(result.failed.map { "\($0.key) ×\($0.value)" }.joined(separator: ", "))")
            }
            done += count
            progress?.add(count)
        }
    }
}

/// Appends `rows` completions to one user's ledger over `connections` connections of its own (the
/// server parses and renders them in parallel; the user's file takes the writes one at a time).
func fillLedger(
    host: String, port: Int, on loop: any EventLoop, user: String, password: String, rows: Int, connections: Int, window: Int,
    progress: Counter?
) async throws {
    guard rows > 0 else { return }
    let count = max(1, min(connections, rows))
    try await concurrently(count, limit: count) { index in
        let share = rows / count + (index < rows % count ? 1 : 0)
        let connection = try await Connection.connect(host: host, port: port, on: loop)
        try await connection.setUpRequest("login \(user) \(password)")
        try await connection.setUpRequest("mode json")
        try await connection.prefillLedger(rows: share, window: window, progress: progress)
        await connection.close()
    }
}

/// Runs `body(0..<count)` with at most `limit` running at once.
func concurrently(_ count: Int, limit: Int, _ body: @escaping @Sendable (Int) async throws -> Void) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
        var next = 0
        while next < min(count, max(1, limit)) {
            let index = next
            group.addTask { try await body(index) }
            next += 1
        }
        while try await group.next() != nil {
            if next < count {
                let index = next
                group.addTask { try await body(index) }
                next += 1
            }
        }
    }
}

/// Collects values by index from concurrent tasks.
final class Slots<Value: Sendable>: Sendable {
    private let values: NIOLockedValueBox<[Value?]>

    init(count: Int) { values = NIOLockedValueBox(Array(repeating: nil, count: count)) }

    func set(_ index: Int, _ value: Value) { values.withLockedValue { $0[index] = value } }

    var all: [Value?] { values.withLockedValue { $0 } }
}
