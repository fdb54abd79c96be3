/// An error of a store kept on a server of its own (PostgreSQL) that says whether the store could not be reached at
/// all: the database restarting, its connection dropped. Nothing about the request was wrong, and the same request
/// works again once the store is back (the store reconnects by itself).
public protocol StoreFailure: Error {
    /// The store could not be reached (as opposed to refusing what was asked).
    var unreachable: Bool { get }
    /// What went wrong, for the operator's log.
    var logged: String { get }
}

extension Error {
    /// Whether this error says the store could not be reached (``StoreFailure``).
    public var isUnreachableStore: Bool { (self as? any StoreFailure)?.unreachable == true }
}
