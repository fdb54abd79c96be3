import Foundation

/// File descriptors: a connection takes one; users' open files share a pool of them, two for a file in use (the
/// database and its log), which files not used lately give up between commands when others need theirs and
/// open again when next used (descriptor_pool.c); the server keeps some for itself (the directory database, event
/// loops, timers, the data tools' socket). The soft limit is raised as far as the hard one allows. The pool gets
/// two for every open file when they fit, otherwise what the connections leave, and at least a quarter of what is
/// available: fewer connections are served then, so a client over the limit is told the server is busy instead of
/// never being accepted.
public struct DescriptorBudget: Sendable, Equatable {
    public var limit: Int
    public var connections: Int
    /// Descriptors users' files may hold at once.
    public var fileDescriptors: Int

    public init(limit: Int, connections: Int, fileDescriptors: Int) {
        (self.limit, self.connections, self.fileDescriptors) = (limit, connections, fileDescriptors)
    }

    public static let reserved = 128
    public static let perOpenFile = 2
    /// The fewest the pool gets: a call holds one descriptor, and each storage thread makes one call at a time.
    public static let minimumPool = 16

    public static func needed(connections: Int, openFiles: Int) -> Int {
        connections + perOpenFile * openFiles + reserved
    }

    public static func make(connections: Int, openFiles: Int) -> DescriptorBudget {
        let needed = needed(connections: connections, openFiles: openFiles)
        var limits = rlimit()
        guard getrlimit(RLIMIT_NOFILE_RESOURCE, &limits) == 0 else {
            return DescriptorBudget(limit: needed, connections: connections, fileDescriptors: perOpenFile * openFiles)
        }
        if limits.rlim_cur != rlim_t.max, limits.rlim_cur < rlim_t(needed) {
            var raised = limits
            raised.rlim_cur = limits.rlim_max == rlim_t.max ? rlim_t(needed) : min(limits.rlim_max, rlim_t(needed))
            if setrlimit(RLIMIT_NOFILE_RESOURCE, &raised) == 0 { limits = raised }
        }
        let limit = limits.rlim_cur == rlim_t.max ? needed : Int(clamping: limits.rlim_cur)
        return fitting(limit: limit, connections: connections, openFiles: openFiles)
    }

    /// The connections that fit in `limit` descriptors beside the pool's least (a quarter of what is available, at
    /// least ``minimumPool``), and the pool the rest makes.
    public static func fitting(limit: Int, connections: Int, openFiles: Int) -> DescriptorBudget {
        let available = max(0, limit - reserved)
        let served = max(1, min(connections, available - max(minimumPool, available / 4)))
        let pool = max(minimumPool, min(perOpenFile * openFiles, available - served))
        return DescriptorBudget(limit: limit, connections: served, fileDescriptors: pool)
    }
}
