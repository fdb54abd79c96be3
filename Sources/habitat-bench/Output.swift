import ArgumentParser
import Foundation
import Histogram
import NIOCore
import NIOPosix

/// Progress and notes on stderr.
struct Log: Sendable {
    let quiet: Bool

    func line(_ text: String) {
        guard !quiet else { return }
        always(text)
    }

    func always(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Prints `text(elapsed seconds)` once a second until cancelled.
    func every(second text: @escaping @Sendable (Double) -> String) -> Task<Void, Never> {
        let start = nowNanos()
        let quiet = self.quiet
        return Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                if Task.isCancelled || quiet { break }
                Log(quiet: false).always(text(Double(nowNanos() - start) / 1e9))
            }
        }
    }

    /// Elapsed time, replies so far and the rate over the last second, once a second.
    func progress(workers: [Worker], start: UInt64, measureStart: UInt64) -> Task<Void, Never> {
        let quiet = self.quiet
        return Task {
            var last = 0
            var lastTime = start
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                if Task.isCancelled || quiet { break }
                let now = nowNanos()
                let total = workers.reduce(0) { $0 + $1.progress.current }
                let rate = Double(total - last) / (Double(now - lastTime) / 1e9)
                let phase = now < measureStart ? "warm-up" : "measuring"
                Log(quiet: false).always(
                    "\(fmt(Double(now - start) / 1e9, 1)) s \(phase): \(total) commands, \(fmt(rate, 0)) cmd/s")
                last = total
                lastTime = now
            }
        }
    }
}

struct Report {
    let target: Target
    let plan: Plan
    let clients: Int
    let users: Int
    let pipeline: Int
    let threads: Int
    let duration: Double
    let warmup: Double
    let setUpSeconds: Double
    let prefillLedger: Int
    let stats: WorkerStats
    /// The client's own CPU time (user and system) from the start of the load to its end, warm-up included.
    let clientCPUSeconds: Double

    var overall: Histogram<UInt64> {
        var merged = makeHistogram()
        for histogram in stats.histograms.values { merged.add(histogram) }
        return merged
    }

    var commands: Int { stats.completed.values.reduce(0, +) }
    var refused: Int { stats.refused.values.reduce(0, +) }
    var errors: Int { stats.errors.values.reduce(0, +) + stats.connectionErrors + stats.timedOut }

    var summary: String {
        let histogram = overall
        return "\(plan.name): \(clients) clients, \(fmt(duration, 1)) s, \(fmt(Double(commands) / duration, 0)) cmd/s, "
            + "p50 \(ms(histogram, 50)) ms, p99 \(ms(histogram, 99)) ms, p99.9 \(ms(histogram, 99.9)) ms, "
            + "errors \(errors), refused \(refused)"
    }

    func kindLines() -> [String] {
        plan.kinds.map { kind in
            let histogram = stats.histograms[kind.rawValue] ?? makeHistogram()
            let count = stats.completed[kind.rawValue] ?? 0
            return "  \(kind.label): \(fmt(Double(count) / duration, 0)) cmd/s, p50 \(ms(histogram, 50)) ms, "
                + "p99 \(ms(histogram, 99)) ms, refused \(stats.refused[kind.rawValue] ?? 0), errors \(stats.errors[kind.rawValue] ?? 0)"
        }
    }

    var json: String {
        func latency(_ histogram: Histogram<UInt64>) -> [String: Any] {
            [
                "p50_ms": msValue(histogram, 50), "p90_ms": msValue(histogram, 90), "p99_ms": msValue(histogram, 99),
                "p999_ms": msValue(histogram, 99.9), "max_ms": Double(histogram.max) / 1e6, "mean_ms": histogram.mean / 1e6,
            ]
        }
        var kinds: [String: Any] = [:]
        for kind in plan.kinds {
            let histogram = stats.histograms[kind.rawValue] ?? makeHistogram()
            let count = stats.completed[kind.rawValue] ?? 0
            var entry = latency(histogram)
            entry["commands"] = count
            entry["commands_per_s"] = Double(count) / duration
            entry["refused"] = stats.refused[kind.rawValue] ?? 0
            entry["errors"] = stats.errors[kind.rawValue] ?? 0
            kinds[kind.label] = entry
        }
        var object = latency(overall)
        object.merge([
            "target": target == .redis ? "redis" : "habitat", "mode": plan.name, "clients": clients, "users": users, "pipeline": pipeline, "threads": threads,
            "duration_s": duration, "warmup_s": warmup, "setup_s": setUpSeconds, "prefill_ledger": prefillLedger,
            "commands": commands, "commands_per_s": Double(commands) / duration, "errors": errors, "refused": refused,
            "client_cpu_s": clientCPUSeconds,
            "error_codes": stats.errorCodes, "refusal_codes": stats.refusalCodes, "kinds": kinds,
        ]) { $1 }
        return jsonLine(object)
    }
}

func jsonLine(_ object: [String: Any]) -> String {
    guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
}

func msValue(_ histogram: Histogram<UInt64>, _ percentile: Double) -> Double {
    histogram.totalCount == 0 ? 0 : Double(histogram.valueAtPercentile(percentile)) / 1e6
}

func ms(_ histogram: Histogram<UInt64>, _ percentile: Double) -> String {
    fmt(msValue(histogram, percentile), 2)
}

func fmt(_ value: Double, _ digits: Int = 1) -> String {
    String(format: "%.\(digits)f", value)
}

func describe(_ codes: [String: Int]) -> String {
    codes.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
}

/// This process's CPU time so far, user and system, in seconds.
func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// Resident memory of a process in KiB (VmRSS in /proc/<pid>/status).
func residentKiB(_ pid: Int) -> Int? { statusKiB(pid, "VmRSS:") }

/// The most resident memory the process has had, in KiB (VmHWM), or `nil` if it can't be read.
func peakResidentKiB(_ pid: Int) -> Int? { statusKiB(pid, "VmHWM:") }

/// A figure in KiB from /proc/<pid>/status.
private func statusKiB(_ pid: Int, _ key: String) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix(key) {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }
    return nil
}

func mib(_ kib: Int) -> String {
    fmt(Double(kib) / 1024, 1) + " MiB"
}
