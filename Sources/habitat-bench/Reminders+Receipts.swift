import ArgumentParser
import Foundation
import Histogram
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#endif

/// When each connection's reminder came (wall-clock nanoseconds, 0: not yet), written from the event loops.
final class Receipts: Sendable {
    struct State {
        var at: [Int64]
        var received = 0
        var duplicates = 0
        var others = 0
        /// Events before this are left out (a login's line of reminders missed earlier today).
        var armed = false
    }

    private let state: NIOLockedValueBox<State>
    private static let reminder = Array(#""event":"reminder""#.utf8)
    private static let exercise = Array(#""habit":"Exercise""#.utf8)

    init(count: Int) { state = NIOLockedValueBox(State(at: Array(repeating: 0, count: count))) }

    func received(_ line: ByteBuffer, on index: Int, at now: Int64) {
        let isReminder = line.withUnsafeReadableBytes { bytes in
            ReplyScan.find(Self.reminder, in: bytes, limit: bytes.count) != nil
                && ReplyScan.find(Self.exercise, in: bytes, limit: bytes.count) != nil
        }
        state.withLockedValue { state in
            if !state.armed {
                return
            } else if !isReminder {
                state.others += 1
            } else if state.at[index] != 0 {
                state.duplicates += 1
            } else {
                state.at[index] = now
                state.received += 1
            }
        }
    }

    /// A chat user's event through a bridge: counted for the user numbered after `prefix` (`"user":"b`) in it.
    func received(_ line: ByteBuffer, user prefix: [UInt8], at now: Int64) {
        let index = line.withUnsafeReadableBytes { bytes -> Int? in
            guard let start = ReplyScan.find(prefix, in: bytes, limit: bytes.count) else { return nil }
            var number = 0
            var end = start + prefix.count
            while end < bytes.count, (48...57).contains(bytes[end]) {
                number = number * 10 + Int(bytes[end] - 48)
                end += 1
            }
            return end > start + prefix.count && end < bytes.count && bytes[end] == UInt8(ascii: "\"") ? number : nil
        }
        guard let index, index < state.withLockedValue({ $0.at.count }) else {
            state.withLockedValue { if $0.armed { $0.others += 1 } }
            return
        }
        received(line, on: index, at: now)
    }

    /// From now on, events count.
    func arm() { state.withLockedValue { $0.armed = true } }

    var count: Int { state.withLockedValue { $0.received } }
    var snapshot: State { state.withLockedValue { $0 } }
}

/// The load's replies: when each came (wall clock) and how long it took.
final class LoadSamples: Sendable {
    struct Figures {
        var histogram = makeHistogram()

        var text: String {
            histogram.totalCount == 0
                ? "no replies"
                : "p50 \(ms(histogram, 50)) ms, p99 \(ms(histogram, 99)) ms, max \(fmt(Double(histogram.max) / 1e6, 2)) ms (\(histogram.totalCount))"
        }

        var json: [String: Any] {
            [
                "requests": Int(histogram.totalCount), "p50_ms": msValue(histogram, 50), "p99_ms": msValue(histogram, 99),
                "p999_ms": msValue(histogram, 99.9), "max_ms": Double(histogram.max) / 1e6,
            ]
        }
    }

    private let samples = NIOLockedValueBox<[(at: Int64, latency: UInt64)]>([])
    private let failures = Counter()

    /// Sends `status` on `connection` one at a time, every `interval` seconds (starting `phase` of one in), until `stop`.
    func drive(_ connection: Connection, interval: Double, phase: Double, stop: Counter) async {
        let request = jsonRequest("status")
        let step = UInt64(interval * 1e9)
        var next = nowNanos() + UInt64(Double(step) * phase)
        while stop.current == 0 {
            let now = nowNanos()
            if next > now { try? await Task.sleep(for: .nanoseconds(Int64(next - now))) }
            guard stop.current == 0 else { break }
            do {
                let (line, latency) = try await connection.timedRequest(request)
                if ReplyScan.ok(line) != true { failures.add(1) }
                let at = wallNanos()
                samples.withLockedValue { $0.append((at, latency)) }
            } catch {
                failures.add(1)
                return
            }
            next += step
            let after = nowNanos()
            if next < after { next = after }
        }
    }

    /// The replies before `minute`, and from it until `end` (wall-clock nanoseconds).
    func split(at minute: Int64, until end: Int64) -> (before: Figures, during: Figures, errors: Int) {
        var before = Figures()
        var during = Figures()
        for sample in samples.withLockedValue({ $0 }) {
            if sample.at < minute {
                before.histogram.record(min(sample.latency, 100_000_000_000))
            } else if sample.at <= end {
                during.histogram.record(min(sample.latency, 100_000_000_000))
            }
        }
        return (before, during, failures.current)
    }
}
