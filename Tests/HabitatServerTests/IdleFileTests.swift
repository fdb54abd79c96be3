import Foundation
import TestSupport
import Testing

/// A user who stays logged in but quiet keeps a connection, not an open file.
@Suite("Idle users' files are closed and reopened on their next command")
struct IdleFileTests {
    /// The files under the server's `users/` directory this process holds a descriptor to.
    static func openUserFiles(in data: URL) -> [String] {
        let users = data.appendingPathComponent("users").resolvingSymlinksInPath().path
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0) }
            .filter { $0.hasPrefix(users + "/") }
    }

    @Test func aQuietUsersFileIsClosedAndTheirGameIsThereWhenTheyComeBack() async throws {
        // Long enough that the file just used is still open when the test looks, even when the whole suite
        // and other work keep the machine busy (1 s was not always, nor 3 s on a busy host); short enough to wait for.
        try await TestServer.with(configure: { $0.idleFileTimeout = 6 }) { server in
            let client = try await server.user("quinn")
            try await client.expectReply(to: "add habit Read", startsWith: "✅")
            try await client.expectReply(to: "did read", startsWith: "✅ Read completed! +10 XP, +5 coins")
            #expect(!Self.openUserFiles(in: server.dataDirectory).isEmpty)
            let deadline = ContinuousClock.now + .seconds(20)
            while !Self.openUserFiles(in: server.dataDirectory).isEmpty, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(Self.openUserFiles(in: server.dataDirectory).isEmpty)
            try await client.expectReply(to: "status", startsWith: "ℹ️ Level 1 · 10/100 XP")
            #expect(!Self.openUserFiles(in: server.dataDirectory).isEmpty)
            await client.close()
        }
    }

    @Test func withNoTimeoutTheFileStaysOpen() async throws {
        try await TestServer.with(configure: { $0.idleFileTimeout = 0 }) { server in
            let client = try await server.user("rowan")
            try await client.expectReply(to: "add habit Read", startsWith: "✅")
            try await Task.sleep(for: .milliseconds(300))
            #expect(!Self.openUserFiles(in: server.dataDirectory).isEmpty)
            await client.close()
        }
    }
}
