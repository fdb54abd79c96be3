import Foundation
import TestSupport
import Testing

@testable import HabitatApp

/// `GET /healthz` (the server answers) and `GET /readyz` (it serves well: its data directory there, its disk not full,
/// its storage answering, its port taking connections) beside `/metrics`, and the process's own figures in the scrape.
@Suite("Health for an operator")
struct HealthTests {
    @Test func aliveReadyAndTheProcessFiguresInTheScrape() async throws {
        try await TestServer.with(configure: MetricsTests.withMetrics) { server in
            let port = try #require(server.habitat.metricsPort)
            let alive = try await HTTPScrape.get("/healthz", port: port)
            #expect((alive.status, alive.body, alive.headers["content-type"]) == (200, "ok\n", "text/plain; charset=utf-8"))
            let ready = try await HTTPScrape.get("/readyz", port: port)
            #expect((ready.status, ready.body) == (200, "ready\n"))
            let wrong = try await HTTPScrape.get("/readyz", method: "POST", port: port)
            #expect((wrong.status, wrong.headers["allow"]) == (405, "GET"))

            let samples = try await HTTPScrape.get("/metrics", port: port).samples
            // The commit of the checkout it was built from.
            let head = try await runToEnd(URL(fileURLWithPath: "/usr/bin/git"), ["-C", SourceTree.url(".").path, "rev-parse", "--short=12", "HEAD"])
            let commit = head.status == 0 ? head.output.trimmingCharacters(in: .whitespacesAndNewlines) : "unknown"
            #expect(commit.count == 12 || commit == "unknown")
            #expect(samples[#"habitat_build_info{version="\#(Pipeline.version)",commit="\#(commit)"}"#] == 1, "\(samples.keys.filter { $0.hasPrefix("habitat_build") })")
            #expect((samples["process_open_fds"] ?? 0) > 3)
            #expect((samples["process_max_fds"] ?? 0) >= (samples["process_open_fds"] ?? 0))
            #expect((samples["process_resident_memory_bytes"] ?? 0) > 1_000_000)
            #expect((samples["process_cpu_seconds_total"] ?? 0) > 0)
            let started = try #require(samples["process_start_time_seconds"])
            #expect(abs(started - Date().timeIntervalSince1970) < 24 * 3600)
        }
    }

    @Test func readyzSaysWhatKeepsTheServerFromServing() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        try await TestServer.with(dataDirectory: data, configure: MetricsTests.withMetrics) { server in
            let port = try #require(server.habitat.metricsPort)
            #expect(try await HTTPScrape.get("/readyz", port: port).status == 200)
            // Its files stay open and answer; the directory they were in is gone.
            try FileManager.default.removeItem(at: data)
            let gone = try await HTTPScrape.get("/readyz", port: port)
            #expect(gone.status == 503)
            #expect(gone.body == "not ready:\n- the data directory \(data.path) is gone\n")
            #expect(try await HTTPScrape.get("/healthz", port: port).status == 200)
        }
    }
}

/// `/readyz` on a really full disk, and once there is space again.
@Suite("Readiness on a disk filled for real", .enabled(if: SmallFileSystem.canMount, "mounting a tmpfs needs root"))
struct ReadinessOnAFullDiskTests {
    @Test func aFullDiskIsNotReadyUntilThereIsSpace() async throws {
        try await SmallFileSystem.with(megabytes: 8) { disk in
            let data = disk.url.appendingPathComponent("data")
            try await TestServer.with(dataDirectory: data, configure: MetricsTests.withMetrics) { server in
                let port = try #require(server.habitat.metricsPort)
                #expect(try await HTTPScrape.get("/readyz", port: port).body == "ready\n")
                try disk.fill()
                let full = try await HTTPScrape.get("/readyz", port: port)
                #expect((full.status, full.body) == (503, "not ready:\n- the disk holding \(data.path) is full\n"))
                try disk.free()
                #expect(try await HTTPScrape.get("/readyz", port: port).body == "ready\n")
            }
        }
    }
}
