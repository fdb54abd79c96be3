import Foundation

/// What the machine gives the server, read at start: its memory (a container's limit when that is lower) and how many
/// descriptors the process may open. The defaults that depend on the machine are worked out from it, and said in
/// the log at start.
public struct MachineSize: Sendable, Equatable {
    /// Memory the server may use, in bytes.
    public var memory: UInt64
    /// Descriptors the process may open (the hard limit, to which the soft one is raised).
    public var descriptors: Int

    public init(memory: UInt64, descriptors: Int) {
        self.memory = memory
        self.descriptors = descriptors
    }

    /// What an open user's file may keep in memory: about 130 KiB open (its statements, schema and game, measured
    /// with 10,000 users logged in), plus at most 256 KiB of pages once a long history was read
    /// (`UserDatabase.pageCacheKiB`), rounded up (README, "How many files to keep open").
    public static let bytesPerOpenFile: UInt64 = 512 << 10
    /// The fewest and the most users' files kept open by default.
    public static let openFilesRange = 256...100_000

    /// Users' files kept open when `--open-files` is not given: as many as a quarter of the memory holds. Past them
    /// every command of a user whose file was closed opens it again (SQLite reads its schema and log: about 1.9 million
    /// instructions, against 141,000 for a `did`), and with the old fixed 1,024 2,000 users taking turns ran at a
    /// tenth of the speed of 100. Descriptors do not bound it: open files share what the connections leave.
    public var defaultOpenFiles: Int {
        let fit = memory / 4 / Self.bytesPerOpenFile
        return Int(min(UInt64(Self.openFilesRange.upperBound), max(UInt64(Self.openFilesRange.lowerBound), fit)))
    }

    /// This machine, as this process sees it.
    public static func current() -> MachineSize {
        var memory = ProcessInfo.processInfo.physicalMemory
        if let limit = cgroupMemoryLimit(), limit < memory { memory = limit }
        var limits = rlimit()
        let descriptors: Int
        if getrlimit(RLIMIT_NOFILE_RESOURCE, &limits) == 0 {
            descriptors = limits.rlim_max == rlim_t.max ? Int.max : Int(clamping: limits.rlim_max)
        } else {
            descriptors = 1024
        }
        return MachineSize(memory: memory, descriptors: descriptors)
    }

    /// A container's memory limit (cgroup v2, then v1), when one is set.
    static func cgroupMemoryLimit() -> UInt64? {
        for path in ["/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"] {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            if let limit = UInt64(text.trimmingCharacters(in: .whitespacesAndNewlines)) { return limit }
        }
        return nil
    }

    /// How the log says it: `23.4 GiB of memory, 20000 descriptors`.
    public var described: String {
        let gib = Double(memory) / Double(1 << 30)
        let limit = descriptors == Int.max ? "unlimited" : "\(descriptors)"
        return String(format: "%.1f", gib) + " GiB of memory, \(limit) descriptors"
    }
}

#if canImport(Glibc)
let RLIMIT_NOFILE_RESOURCE = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
#else
let RLIMIT_NOFILE_RESOURCE = RLIMIT_NOFILE
#endif
