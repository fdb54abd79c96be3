import Foundation
import HabitatStorage
import Synchronization
import Testing

/// The real `habitat` executable, run as its own process so it can be killed.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    let port: Int

    static var executable: URL {
        // Swift's test runner lives in the same build folder as the products.
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = exe.deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("habitat")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                return candidate
            }
            folder.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: "habitat")
    }

    init(data: URL, extraArguments: [String] = [], environment: [String: String] = [:]) throws {
        process.executableURL = Self.executable
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.arguments = ["serve", "--port", "0", "--data", data.path, "--rate-limit", "0"] + extraArguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // The first log line says where it listens: `... port=43121 ... listening`.
        var seen = ""
        let handle = errors.fileHandleForReading
        while !seen.contains("listening") {
            let chunk = handle.availableData
            guard !chunk.isEmpty else { throw TestFailure("the server exited: \(seen)") }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        guard let match = seen.firstMatch(of: /port=(\d+)/), let port = Int(match.1) else {
            throw TestFailure("no port in: \(seen)")
        }
        self.port = port
    }

    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Waits for the process to end by itself (a planned crash).
    func waitForExit() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }

    func terminate() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

@Suite("Durability: acknowledged writes survive kill -9", .serialized)
struct CrashTests {
    @Test func everyAcknowledgedActionSurvivesSIGKILLUnderLoad() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let names = (1...6).map { "runner\($0)" }
        let first = try ServerProcess(data: data)
        // Each client records as fast as the server answers; the count of acknowledged
        // completions is what must be there after the kill.
        let warmedUp = Counter()
        let acknowledged = try await withThrowingTaskGroup(of: (String, Int, Int).self) { group in
            for name in names {
                group.addTask {
                    let client = try await LineClient.connect(port: first.port)
                    try await client.expectReply(to: "register \(name) correct-horse", startsWith: "✅")
                    try await client.expectReply(to: "add habit Run", startsWith: "✅")
                    try await client.send("mode json")
                    _ = try await client.readReply()
                    var sent = 0
                    var acked = 0
                    while true {
                        try? await client.send("did run")
                        sent += 1
                        guard let line = try? await client.readLine() else { break }
                        guard (try? JSONReply(line))?.ok == true else { break }
                        acked += 1
                        if acked == 20 { warmedUp.increment() }
                    }
                    return (name, acked, sent)
                }
            }
            // Kill while every client has writes in flight.
            while warmedUp.value < names.count { try await Task.sleep(for: .milliseconds(20)) }
            try await Task.sleep(for: .milliseconds(300))
            first.kill()
            var results: [(String, Int, Int)] = []
            for try await result in group { results.append(result) }
            return results
        }
        #expect(acknowledged.allSatisfy { $0.1 > 0 })

        for file in try userFiles(in: data) + [data.appendingPathComponent("directory.sqlite").path] {
            #expect(try integrityCheck(ofDatabaseAt: file) == ["ok"], "\(file)")
        }

        let second = try ServerProcess(data: data)
        for (name, acked, sent) in acknowledged {
            let client = try await LineClient.connect(port: second.port)
            try await client.expectReply(to: "login \(name) correct-horse", startsWith: "✅ Welcome back")
            let habits = try await client.json("{\"text\": \"habits\"}")
            let rows = try #require(habits.data?["habits"] as? [[String: Any]])
            let total = try #require(rows.first?["streak"] as? Int)
            #expect(total == 1)
            let status = try await client.json("{\"text\": \"status\"}")
            let xp = try #require(status.int("xp")) + xpOfEarlierLevels(try #require(status.int("level")))
            // Every acknowledged completion is there; at most the one in flight at the kill is extra.
            #expect(xp >= acked * 10, "\(name): \(acked) acknowledged, \(xp / 10) found")
            #expect(xp <= sent * 10)
            await client.close()
        }
        #expect(second.terminate() == 0)
    }

    @Test func sigtermFinishesAndExitsCleanly() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let server = try ServerProcess(data: data)
        let client = try await LineClient.connect(port: server.port)
        try await client.expectReply(to: "register nora correct-horse", startsWith: "✅")
        try await client.expectReply(to: "add habit Stretch", startsWith: "✅")
        try await client.expectReply(to: "did stretch", startsWith: "✅")
        #expect(server.terminate() == 0)
        #expect(try await client.readLine() == nil)
        let again = try ServerProcess(data: data)
        let back = try await LineClient.connect(port: again.port)
        try await back.expectReply(to: "login nora correct-horse", startsWith: "✅ Welcome back, nora! Level 1 · 10/100 XP")
        #expect(again.terminate() == 0)
    }

    func userFiles(in data: URL) throws -> [String] {
        let users = data.appendingPathComponent("users")
        let enumerator = FileManager.default.enumerator(at: users, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "sqlite" }.map(\.path)
    }
}

final class Counter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
}

@Suite("The server's event loops")
struct EventLoopsTests {
    @Test func theServerRunsOnTheEventLoopsItIsGiven() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let server = try ServerProcess(data: data, extraArguments: ["--event-loops", "3"])
        // More connections than loops, each with its own user and a change in hand.
        var clients: [LineClient] = []
        for index in 0..<6 {
            let client = try await LineClient.connect(port: server.port)
            try await client.expectReply(to: "register loop\(index) correct-horse", startsWith: "✅")
            try await client.expectReply(to: "add habit Stretch", startsWith: "✅")
            clients.append(client)
        }
        for client in clients {
            try await client.expectReply(to: "did stretch", startsWith: "✅ Stretch completed! +10 XP, +5 coins")
        }
        // NIO names its event-loop threads NIO-ELT-<group>-#<n> (a thread one of them starts may carry its name too).
        let tasks = "/proc/\(server.process.processIdentifier)/task"
        let names = try FileManager.default.contentsOfDirectory(atPath: tasks).compactMap {
            try? String(contentsOfFile: "\(tasks)/\($0)/comm", encoding: .utf8)
        }
        #expect(Set(names.filter { $0.hasPrefix("NIO-ELT-") }).count == 3)
        #expect(server.terminate() == 0)
    }

    @Test func atLeastOneEventLoop() throws {
        let result = try habitat(["serve", "--event-loops", "0", "--port", "0"])
        #expect(result.status != 0)
        #expect(result.output.contains("Error: --event-loops needs at least 1."))
    }
}
