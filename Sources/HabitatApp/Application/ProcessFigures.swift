import CoreMetrics
import Foundation
import HabitatCommands

#if canImport(Glibc)
import Glibc
#endif

/// The process's own figures in the scrape, under the names Prometheus' client libraries give them
/// (`process_cpu_seconds_total`, `process_resident_memory_bytes`, `process_open_fds`, `process_max_fds`,
/// `process_start_time_seconds`), and `habitat_build_info{version,commit}` at 1. Read when the metrics are read, from the
/// kernel (`getrusage`, `/proc/self`): nothing there waits on a disk.
struct ProcessFigures: Sendable {
    private let cpu: Meter
    private let memory: Meter
    private let descriptors: Meter
    private let descriptorLimit: Meter
    private let started: Meter

    init(factory: any MetricsFactory) {
        cpu = Meter(label: "process_cpu_seconds_total", factory: factory)
        memory = Meter(label: "process_resident_memory_bytes", factory: factory)
        descriptors = Meter(label: "process_open_fds", factory: factory)
        descriptorLimit = Meter(label: "process_max_fds", factory: factory)
        started = Meter(label: "process_start_time_seconds", factory: factory)
        Meter(label: "habitat_build_info", dimensions: [("version", Pipeline.version), ("commit", BuildInfo.commit)], factory: factory).set(1)
        started.set(Self.startTime ?? Date().timeIntervalSince1970)
    }

    static let help: [String: String] = [
        "process_cpu_seconds_total": "CPU time the server has used, user and system, in seconds.",
        "process_resident_memory_bytes": "Memory the server holds in RAM.",
        "process_open_fds": "File descriptors the server has open: connections, files, sockets.",
        "process_max_fds": "The most file descriptors the server may open (its soft limit).",
        "process_start_time_seconds": "When the server started, in seconds since 1970.",
        "habitat_build_info": "Always 1; its version and commit labels say which Habitat this is.",
    ]

    func refresh() {
        var usage = rusage()
        if getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 {
            let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
            cpu.set(seconds(usage.ru_utime) + seconds(usage.ru_stime))
        }
        // `statm`'s second field: resident pages.
        if let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
            let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        {
            memory.set(pages * Int(sysconf(Int32(_SC_PAGESIZE))))
        }
        if let open = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") { descriptors.set(open.count) }
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 { descriptorLimit.set(Int(limit.rlim_cur)) }
    }

    /// When the process started: the 22nd field of `/proc/self/stat` (clock ticks after boot) and the boot time.
    static var startTime: Double? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")"),
            let ticks = stat[stat.index(after: close)...].split(separator: " ").dropFirst(19).first.flatMap({ Double($0) }),
            let boot = try? String(contentsOfFile: "/proc/stat", encoding: .utf8)
                .split(separator: "\n").first(where: { $0.hasPrefix("btime ") })?.split(separator: " ").last.flatMap({ Double($0) })
        else { return nil }
        return boot + ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
