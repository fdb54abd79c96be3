import Foundation
import TestSupport
import Testing

@testable import HabitatApp
@testable import HabitatServer

@Suite("Passwords and the server's safe defaults")
struct SecurityTests {
    @Test func aPasswordIsKeptAsASaltedScryptHashAtTheStandardCost() throws {
        let hasher = PasswordHasher.standard
        let first = try hasher.hash("correct-horse")
        let second = try hasher.hash("correct-horse")
        let parts = first.split(separator: "$").map(String.init)
        #expect(parts.count == 6)
        #expect(Array(parts.prefix(4)) == ["scrypt", "16384", "8", "1"])
        #expect(Data(base64Encoded: parts[4])?.count == 16)
        #expect(Data(base64Encoded: parts[5])?.count == 32)
        // A salt of its own each time: the same password never hashes the same.
        #expect(first != second)
        #expect(!first.contains("correct-horse"))
        #expect(hasher.verify("correct-horse", against: first))
        #expect(hasher.verify("correct-horse", against: second))
        #expect(!hasher.verify("correct-horsE", against: first))
        #expect(!hasher.verify("correct-horse", against: "scrypt$16384$8$1$not base64$x"))
        #expect(!hasher.verify("", against: ""))
    }

    @Test func hashesAreComparedWholeWhereverTheyDiffer() {
        #expect(constantTimeEqual([1, 2, 3], [1, 2, 3]))
        #expect(!constantTimeEqual([1, 2, 3], [0, 2, 3]))
        #expect(!constantTimeEqual([1, 2, 3], [1, 2, 4]))
        #expect(!constantTimeEqual([1, 2, 3], [1, 2]))
    }

    @Test func thePasswordTypedAtRegisterIsStoredNowhere() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await TestServer.with(dataDirectory: directory) { server in
            let client = try await server.user("wren", password: "unmistakable-secret")
            try await client.expectReply(to: "passwd unmistakable-secret another-long-secret", startsWith: "✅ Password changed.")
        }
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        #expect(files.contains { $0.lastPathComponent == "directory.sqlite" })
        for file in files where !file.hasDirectoryPath {
            let bytes = try Data(contentsOf: file)
            #expect(bytes.range(of: Data("unmistakable-secret".utf8)) == nil, "\(file.lastPathComponent)")
            #expect(bytes.range(of: Data("another-long-secret".utf8)) == nil, "\(file.lastPathComponent)")
        }
    }

    @Test func theServerListensOnThisMachineOnlyUnlessToldOtherwise() async throws {
        let configuration = ServerConfiguration()
        #expect(configuration.host == "127.0.0.1")
        #expect(configuration.port == 7878)
        #expect(configuration.tls == nil)
        #expect(configuration.maxLineLength == 4096)
        #expect(configuration.maxConnections == 10_000)
        #expect(configuration.rateLimit == 1000)
        #expect(configuration.unauthenticatedTimeout == 120)
        let help = try await habitat(["serve", "--help"]).output
        #expect(help.contains("--host <host>"))
        #expect(help.contains("(default: 127.0.0.1)"))
    }
}
