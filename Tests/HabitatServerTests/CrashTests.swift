import Foundation
import HabitatStorage
import NIOConcurrencyHelpers
import TestSupport
import Testing

/// The servers a test starts, so that when the test fails it shows what each of them logged.
final class ServerLogs: Sendable {
    private let servers = NIOLockedValueBox<[ServerProcess]>([])

    func keep(_ server: ServerProcess) -> ServerProcess {
        servers.withLockedValue { $0.append(server) }
        return server
    }

    /// Runs `body`; if it throws, records the log of each server it kept before passing the error on.
    static func shown(_ body: (ServerLogs) async throws -> Void) async throws {
        let logs = ServerLogs()
        do {
            try await body(logs)
        } catch {
            for (index, server) in logs.servers.withLockedValue({ $0 }).enumerated() {
                Issue.record("server \(index + 1) of the test logged:\n\(server.log)")
            }
            throw error
        }
    }
}

@Suite("Durability: acknowledged writes survive kill -9", .serialized)
struct CrashTests {
    /// Where a server keeps what it acknowledged: its data directory's files, or a PostgreSQL database.
    enum Store: String, CaseIterable, Sendable {
        case sqlite, postgresql

        static var available: [Store] { TestPostgres.isAvailable ? allCases : [.sqlite] }
    }

    @Test(arguments: Store.available)
    func everyAcknowledgedActionSurvivesSIGKILLUnderLoad(store: Store) async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        switch store {
        case .sqlite:
            try await Self.everyAcknowledgedActionSurvivesSIGKILL(data: data)
        case .postgresql:
            try await TestPostgres.withDatabase { address in
                try await Self.everyAcknowledgedActionSurvivesSIGKILL(data: data, arguments: ["--database", address.description])
            }
        }
    }

    /// Six clients record as fast as the server answers until it is killed; a server started again on the same store
    /// has every completion acknowledged. `arguments` say where it keeps them (none: `data`'s files, checked too).
    static func everyAcknowledgedActionSurvivesSIGKILL(data: URL, arguments: [String] = []) async throws {
        let names = (1...6).map { "runner\($0)" }
        let first = try await ServerProcess(data: data, extraArguments: arguments)
        // Each client records as fast as the server answers; the count of acknowledged
        // completions is what must be there after the kill.
        let warmedUp = Counter()
        let acknowledged = try await withThrowingTaskGroup(of: (String, Int, Int).self) { group in
            for name in names {
                group.addTask {
                    var sent = 0
                    var acked = 0
                    // A client that stops before it is warmed up (its connection gone, on a very slow machine) counts as
                    // ready all the same: the kill must not wait for it forever. What it acknowledged is checked below.
                    defer { if acked < 20 { warmedUp.increment() } }
                    let client = try await LineClient.registered(name, port: first.port)
                    try await client.expectReply(to: "add habit Run", startsWith: "✅")
                    try await client.send("mode json")
                    _ = try await client.readReply()
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
            // Kill while every client has writes in flight (or after two minutes, whatever they did: then the checks
            // below say what went wrong, instead of the test waiting for ever).
            let deadline = ContinuousClock.now + .seconds(120)
            while warmedUp.value < names.count, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
            try await Task.sleep(for: .milliseconds(300))
            await first.kill()
            var results: [(String, Int, Int)] = []
            for try await result in group { results.append(result) }
            return results
        }
        #expect(acknowledged.allSatisfy { $0.1 > 0 })

        if arguments.isEmpty {
            for file in try userFiles(in: data) + [data.appendingPathComponent("directory.sqlite").path] {
                #expect(try integrityCheck(ofDatabaseAt: file) == ["ok"], "\(file)")
            }
        }

        let second = try await ServerProcess(data: data, extraArguments: arguments)
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
        #expect(await second.terminate() == 0)
    }

    @Test func sigtermFinishesAndExitsCleanly() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let server = try await ServerProcess(data: data)
        let client = try await LineClient.registered("nora", port: server.port)
        try await client.expectReply(to: "add habit Stretch", startsWith: "✅")
        try await client.expectReply(to: "did stretch", startsWith: "✅")
        let stranger = try await LineClient.connect(port: server.port)
        #expect(await server.terminate() == 0)
        // Each connection hears that the server is stopping, logged in or not, and then the end of the stream.
        let notice = "⚠️ Habitat is restarting — everything you did is saved. Reconnect in a minute."
        #expect(try await client.readReply() == [notice])
        #expect(try await client.readLine() == nil)
        #expect(try await stranger.readReply() == [notice])
        #expect(try await stranger.readLine() == nil)
        // Each file was closed cleanly: no shared-memory file beside any, the directory's log copied into it, and a
        // user's log left short (it is part of the file). A copy of the files with their logs is a complete copy.
        let files = try FileManager.default.subpathsOfDirectory(atPath: data.path)
        #expect(files.filter { $0.hasSuffix("-shm") || $0.hasPrefix("directory.sqlite-") } == [])
        let logs = files.filter { $0.hasSuffix(".sqlite-wal") }
        #expect(logs.count == 1)
        for log in logs {
            let size = try #require(try FileManager.default.attributesOfItem(atPath: data.appendingPathComponent(log).path)[.size] as? Int)
            #expect(size > 0 && size <= 256 * 1024)
        }
        let copy = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: copy) }
        for file in files where file.hasSuffix(".sqlite") || file.hasSuffix(".sqlite-wal") {
            let target = copy.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: data.appendingPathComponent(file), to: target)
        }
        let again = try await ServerProcess(data: copy)
        let back = try await LineClient.connect(port: again.port)
        try await back.expectReply(to: "login nora correct-horse", startsWith: "✅ Welcome back, nora! Level 1 · 10/100 XP")
        #expect(await again.terminate() == 0)
    }

    @Test func sigtermUnderPipelinedLoadLosesNoReplyOfAChangeItMade() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let names = (1...8).map { "piper\($0)" }
        let server = try await ServerProcess(data: data)
        for name in names {
            let client = try await LineClient.registered(name, port: server.port)
            try await client.expectReply(to: "add habit Run", startsWith: "✅")
            await client.close()
        }
        // Each client keeps 16 recordings in flight, sending one more for each reply, and reads what has
        // come only every 10 ms, so replies wait in its socket as they do for a client slow to read. It
        // stops at the end of the stream (or a reset).
        let clients = try names.map { name in try PipeliningClient(port: server.port, user: name) }
        let done = DispatchGroup()
        for client in clients {
            done.enter()
            Thread {
                client.run(window: 16)
                done.leave()
            }.start()
        }
        while clients.contains(where: { $0.recorded < 50 }) { try await Task.sleep(for: .milliseconds(10)) }
        #expect(await server.terminate() == 0)
        await withCheckedContinuation { finished in done.notify(queue: .global()) { finished.resume() } }

        let again = try await ServerProcess(data: data)
        for (name, client) in zip(names, clients) {
            let login = try await LineClient.connect(port: again.port)
            try await login.expectReply(to: "login \(name) correct-horse", startsWith: "✅ Welcome back")
            let status = try await login.json("{\"text\": \"status\"}")
            let xp = try #require(status.int("xp")) + xpOfEarlierLevels(try #require(status.int("level")))
            // Every change the server made, the client was told of: none more, none fewer.
            #expect(xp == client.recorded * 10, "\(name): told of \(client.recorded), found \(xp / 10)")
            // Lines sent after the shutdown began were dropped without resetting the connection.
            #expect(client.endedCleanly, "\(name)")
            await login.close()
        }
        #expect(await again.terminate() == 0)
    }

    static func userFiles(in data: URL) throws -> [String] {
        let users = data.appendingPathComponent("users")
        let enumerator = FileManager.default.enumerator(at: users, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "sqlite" }.map(\.path)
    }
}

final class Counter: Sendable {
    private let count = NIOLockedValueBox(0)
    var value: Int { count.withLockedValue { $0 } }
    func increment() { count.withLockedValue { $0 += 1 } }
}

@Suite("The server's event loops")
struct EventLoopsTests {
    @Test func theServerRunsOnTheEventLoopsItIsGiven() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let server = try await ServerProcess(data: data, extraArguments: ["--event-loops", "3"])
        // More connections than loops, each with its own user and a change in hand.
        var clients: [LineClient] = []
        for index in 0..<6 {
            let client = try await LineClient.registered("loop\(index)", port: server.port)
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
        #expect(await server.terminate() == 0)
    }

    @Test func atLeastOneEventLoop() async throws {
        let result = try await habitat(["serve", "--event-loops", "0", "--port", "0"])
        #expect(result.status != 0)
        #expect(result.output.contains("Error: --event-loops needs at least 1."))
    }

    @Test func withTooFewFilesAllowedTheServerSaysBusyBeforeTheSystemRefuses() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        // 300 descriptors: 128 kept back, a quarter of the rest (43) for users' open files to share, and 129
        // connections. The connections wait unauthenticated for as long as a loaded machine takes to open them all.
        let server = try await ServerProcess(data: data, extraArguments: ["--login-timeout", "3600"], fileLimit: 300)
        var clients: [LineClient] = []
        for _ in 0..<129 { clients.append(try await LineClient.connect(port: server.port)) }
        let over = try await LineClient.connect(port: server.port, readGreeting: false)
        #expect(try await over.readLine() == "❌ The server is full right now. Please try again in a minute.")
        try await clients[0].expectReply(to: "register fran correct-horse", startsWith: "✅")
        for client in clients { await client.close() }
        #expect(await server.terminate() == 0)
    }

    @Test func aPortInUseOrADataPathThatIsAFileIsExplained() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let server = try await ServerProcess(data: data)
        let second = try await habitat(["serve", "--port", "\(server.port)", "--data", data.appendingPathComponent("other").path])
        #expect(second.status == 1)
        #expect(second.output.contains("Error: Port \(server.port) on 127.0.0.1 is already in use by another program. Stop it, or choose another port with --port."))
        #expect(await server.terminate() == 0)

        let file = data.appendingPathComponent("not-a-directory")
        try Data("x".utf8).write(to: file)
        let third = try await habitat(["serve", "--port", "0", "--data", file.path])
        #expect(third.status == 1)
        #expect(third.output.contains("Error: Could not use \(file.path) as the data directory: "))
        #expect(!third.output.contains("NSCocoaErrorDomain") && !third.output.contains(".."))
    }

    @Test(arguments: [
        (["--port", "70000"], "Error: --port is a TCP port from 0 to 65535 (0 picks a free one), not 70000."),
        (["--max-connections", "0"], "Error: --max-connections needs at least 1 (with 0 every client would be turned away), not 0."),
        (["--max-line", "0"], "Error: --max-line needs at least 256 (shorter lines would refuse ordinary commands and logins), not 0."),
        (["--rate-limit=-5"], "Error: --rate-limit needs at least 0 (0 turns the limit off), not -5."),
        (["--open-files", "0"], "Error: --open-files needs at least 1 (every command needs its user's file open), not 0."),
    ])
    func aValueThatWouldMakeTheServerUselessIsRefused(arguments: [String], message: String) async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let result = try await habitat(["serve", "--data", data.path] + arguments)
        #expect(result.status == 1)
        #expect(result.output.contains(message))
        // Refused before anything is created.
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("directory.sqlite").path))
    }
}

/// A JSON-mode client on a blocking socket that keeps a window of `did run` in flight and reads in bursts.
final class PipeliningClient: @unchecked Sendable {
    private let socket: BlockingSocket
    private let count = NIOLockedValueBox(0)
    /// Replies saying a recording was made.
    var recorded: Int { count.withLockedValue { $0 } }
    /// Whether the server ended the connection with the end of its output (not a reset).
    var endedCleanly: Bool { socket.endedCleanly }

    init(port: Int, user: String) throws {
        socket = try BlockingSocket(port: port)
        try socket.write("mode json\nlogin \(user) correct-horse\n")
        socket.read(lines: 4)  // the greeting and its empty line, mode, login
        socket.clear()
    }

    func run(window: Int) {
        guard (try? socket.write(String(repeating: "did run\n", count: window))) != nil else { return }
        var partial: [UInt8] = []
        while true {
            usleep(10_000)
            guard let chunk = socket.receive() else { return }
            partial += chunk
            guard let last = partial.lastIndex(of: UInt8(ascii: "\n")) else { continue }
            let lines = String(decoding: partial[...last], as: UTF8.self).split(separator: "\n")
            partial.removeSubrange(...last)
            count.withLockedValue { $0 += lines.filter { $0.contains(#""text":"✅ Run completed!"#) }.count }
            guard (try? socket.write(String(repeating: "did run\n", count: lines.count))) != nil else { return }
        }
    }
}

/// A plain blocking TCP client.
final class BlockingSocket {
    let descriptor: Int32

    /// `receiveBuffer` sets the socket's receive buffer (which then does not grow), for a client that
    /// means to fall behind; `timeout` bounds each read.
    init(port: Int, receiveBuffer: Int32? = nil, timeout: Int? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        if let timeout {
            var limit = timeval(tv_sec: timeout, tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw TestFailure("could not connect: errno \(errno)") }
    }

    private var received: [UInt8] = []

    deinit { close(descriptor) }

    /// Reads until `lines` line ends have arrived.
    func read(lines: Int) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.count(where: { $0 == UInt8(ascii: "\n") }) < lines {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            received += buffer[..<count]
        }
    }

    func write(_ text: String) throws {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { throw TestFailure("send failed: errno \(errno)") }
            bytes = bytes.dropFirst(written)
        }
    }

    func clear() { received = [] }

    /// Whether the stream ended with the server's end of output rather than a reset.
    private(set) var endedCleanly = false

    /// The error of the read that ended the stream (`ECONNRESET` for a reset, `EAGAIN` for a read that timed out).
    private(set) var lastError: Int32 = 0

    /// What the next read brings, or `nil` at the end of the stream, a reset or a read that timed out.
    func receive() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count == 0 { endedCleanly = true }
        if count < 0 { lastError = errno }
        return count > 0 ? Array(buffer[..<count]) : nil
    }
}
