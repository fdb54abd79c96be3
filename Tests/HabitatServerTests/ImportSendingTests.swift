import Foundation
import TestSupport
import Testing

/// A file sent for `import` over the connection: its `import data` lines come as fast as they are sent, whatever the
/// rate limit, and the server takes in at most eight files at once, a place given back when a file is dropped or its
/// connection goes.
@Suite("Files being sent to the server")
struct ImportSendingTests {
    @Test func aFilesDataLinesAreNotRateLimitedButTheOtherLinesAre() async throws {
        try await TestServer.with(configure: { $0.rateLimit = 4 }) { server in
            // The server's clock stands still here: no token comes back.
            let alice = try await server.user("alice")
            try await alice.expectReply(to: "import notes.txt", startsWith: "ℹ️ Ready for notes.txt")
            let line = Data(repeating: UInt8(ascii: "a"), count: 300).base64EncodedString()
            for number in 1...30 {
                #expect(try await alice.reply(to: "import data \(line)") == ["ℹ️ notes.txt: \(300 * number) bytes so far."])
            }
            #expect(try await alice.reply(to: "import cancel") == ["ℹ️ Dropped notes.txt; nothing was imported."])
            try await alice.expectReply(to: "habits", startsWith: "ℹ️")
            // With no file being sent, `import data` counts as any line does.
            #expect(try await alice.reply(to: "import data \(line)") == ["❌ Slow down a little: at most 4 commands a second."])
        }
    }

    @Test func atMostEightFilesAreSentAtOnce() async throws {
        try await TestServer.with { server in
            var clients: [LineClient] = []
            for number in 1...10 { clients.append(try await server.user("user\(number)")) }
            for client in clients.prefix(8) { try await client.expectReply(to: "import a.json", startsWith: "ℹ️ Ready for a.json") }
            let busy = ["❌ The server is taking in other people's files just now; please send a.json again in a minute."]
            #expect(try await clients[8].reply(to: "import a.json") == busy)

            // A file dropped gives its place back.
            _ = try await clients[0].reply(to: "import cancel")
            try await clients[8].expectReply(to: "import a.json", startsWith: "ℹ️ Ready for a.json")
            #expect(try await clients[9].reply(to: "import a.json") == busy)

            // So does a connection that goes with its file half sent.
            await clients[1].close()
            try await eventually("the place of a closed connection's file") {
                try await clients[9].reply(to: "import a.json").first?.hasPrefix("ℹ️ Ready for a.json") == true
            }
            for client in clients { await client.close() }
        }
    }
}
