/// What a store shared by several servers carries between them: events for the users of other servers, and who can
/// be told something on each. The PostgreSQL store of a server carries it (`habitat serve --database`); SQLite's, kept
/// by one server alone, does not.
public protocol ServerRelay: Sendable {
    /// Whether this store carries events between servers.
    var relaying: Bool { get }

    /// Starts carrying: what other servers send comes to `receive`, in the order it was sent. Whose events this
    /// server can hand on now is read from `listeningHere` (one user) and `listenersHere` (all of them) when the
    /// store tells the others, and again whenever it has had to connect again.
    func relay(
        receive: @escaping @Sendable (String) -> Void, listeningHere: @escaping @Sendable (Int64) -> Bool,
        listenersHere: @escaping @Sendable () -> [Int64])

    /// Sends `body` to every other server, after what this server sent before it. Never waits.
    func send(_ body: String)

    /// Whether these users can be told something here has changed: the others are told, in order with what is sent.
    /// `nil`: perhaps anyone's has (a bridge came or went).
    func listenersChanged(_ accountIDs: [Int64]?)

    /// Those of `accountIDs` whom another server, still running, can tell something now.
    func listeningElsewhere(_ accountIDs: [Int64]) async throws -> Set<Int64>
}
