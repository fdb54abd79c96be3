import Foundation
import TestSupport
import Testing

/// Views of a game in memory (`status`, `habits`, …) are answered as soon as their line arrives, on the
/// connection's event loop; everything else waits its turn. What a client sees must not tell the two apart.
@Suite("Views answered at once keep order, the rate limit and questions")
struct ImmediateRepliesTests {
    @Test func aPipelinedViewSeesEveryChangeSentBeforeIt() async throws {
        try await TestServer.with { server in
            let client = try await server.user("nia")
            try await client.expectReply(to: "add habit Read", startsWith: "✅ Added habit Read")
            let lines = ["status", "did read", "status", "did read", "undo", "status", "habits"]
            try await client.sendRaw(Array(lines.map { #"{"text": "\#($0)"}"# + "\n" }.joined().utf8))
            var replies: [JSONReply] = []
            for _ in lines { replies.append(try JSONReply(try await client.readReply()[0])) }
            #expect(replies.map(\.ok) == Array(repeating: true, count: lines.count))
            #expect([0, 2, 5].map { replies[$0].int("xp") } == [0, 10, 10])
            #expect([0, 2, 5].map { replies[$0].int("coins") } == [0, 5, 5])
            #expect(replies[4].text?.hasPrefix("↩️ Undid Read") == true)
        }
    }

    @Test func linesBehindAChangeAreAnsweredWhicheverWayTheyGo() async throws {
        try await TestServer.with { server in
            let client = try await server.user("sol")
            try await client.expectReply(to: "add habit Read", startsWith: "✅ Added habit Read")
            // A new habit and a `did` are changes of the user's own file, `history` goes through the
            // connection's task, `status` is a view. All in one write, answered in order.
            try await client.sendRaw(Array("add habit Walk\ndid read\nhistory\nstatus\nbuy potion\nstatus\n".utf8))
            try await #expect(client.readReply().first?.hasPrefix("✅ Added habit Walk") == true)
            try await #expect(client.readReply().first?.hasPrefix("✅ Read completed! +10 XP, +5 coins") == true)
            try await #expect(client.readReply().first?.hasPrefix("ℹ️ History") == true)
            try await #expect(client.readReply().first?.hasPrefix("ℹ️ Level 1 · 10/100 XP") == true)
            try await #expect(client.readReply().first?.hasPrefix("❌") == true)
            try await #expect(client.readReply().first?.hasPrefix("ℹ️ Level 1 · 10/100 XP") == true)
            try await client.sendRaw(Array("did walk\ndid read\nstatus\n".utf8))
            try await #expect(client.readReply().first?.hasPrefix("✅ Walk completed!") == true)
            try await #expect(client.readReply().first?.hasPrefix("✅ Read completed!") == true)
            try await #expect(client.readReply().first?.hasPrefix("ℹ️ Level 1 · 30/100 XP") == true)
        }
    }

    @Test func aJSONViewRequestGetsItsIDBackInTextMode() async throws {
        try await TestServer.with { server in
            let client = try await server.user("ora")
            _ = try await client.reply(to: "status")  // the game is in memory from here on
            let reply = try await client.json(#"{"id": "s-1", "text": "status"}"#)
            #expect(reply.object["id"] as? String == "s-1")
            #expect(reply.int("level") == 1)
            #expect(try await client.reply(to: "status").first?.hasPrefix("ℹ️ Level 1") == true)
        }
    }

    @Test func viewsCountAgainstTheRateLimit() async throws {
        try await TestServer.with(configure: { $0.rateLimit = 5 }) { server in
            // `register` takes one of the burst of 5, `mode json` another (the clock stands still in tests).
            let client = try await server.user("pia")
            try await client.send("mode json")
            _ = try await client.readReply()
            try await client.sendRaw(Array(String(repeating: "status\n", count: 10).utf8))
            var codes: [String?] = []
            for _ in 0..<10 { codes.append(try JSONReply(try await client.readReply()[0]).code) }
            #expect(codes == Array(repeating: nil, count: 3) + Array(repeating: "rate_limited", count: 7))
            server.clock.advance(by: 1)
            #expect(try await client.json("status").int("level") == 1)
        }
    }

    @Test func aViewAfterADeleteQuestionCancelsIt() async throws {
        try await TestServer.with { server in
            let client = try await server.user("quinn")
            try await client.expectReply(to: "add habit Read", startsWith: "✅ Added habit Read")
            try await client.expectReply(to: "delete read", startsWith: "❔ Delete Read for good?")
            let reply = try await client.reply(to: "status")
            #expect(reply.first == "ℹ️ Delete cancelled; Read is kept.")
            #expect(reply.dropFirst().first?.hasPrefix("ℹ️ Level 1") == true)
            try await client.expectReply(to: "habits", startsWith: "ℹ️ Your habits (1)")
            #expect(try await client.reply(to: "yes") == ["❌ There's no question waiting for an answer."])
        }
    }

    @Test func aViewAfterLogoutAsksToLogIn() async throws {
        try await TestServer.with { server in
            let client = try await server.user("rae")
            _ = try await client.reply(to: "status")
            try await client.sendRaw(Array("logout\nstatus\n".utf8))
            #expect(try await client.readReply() == ["👋 Logged out. See you soon, rae!"])
            #expect(try await client.readReply().first?.hasPrefix("❌ Log in first") == true)
        }
    }

    @Test func aClientThatStopsSendingStillGetsEveryReply() async throws {
        try await TestServer.with { server in
            let client = try await server.user("uma")
            // As `printf '…' | nc -N localhost 7878` does: the lines, then the end of the client's output.
            try await client.sendRaw(Array("add habit Read\ndid read\nstatus\n".utf8))
            try await client.channel.close(mode: .output)
            #expect(try await client.readReply().first?.hasPrefix("✅ Added habit Read") == true)
            #expect(try await client.readReply().first?.hasPrefix("✅ Read completed! +10 XP, +5 coins") == true)
            #expect(try await client.readReply().first?.hasPrefix("ℹ️ Level 1 · 10/100 XP") == true)
            #expect(try await client.readLine() == nil)
        }
    }

    /// With no grace at all the client still reads, so it is not taken for one that doesn't and cut off
    /// in the middle of a change.
    @Test(arguments: [Duration.seconds(5), .zero])
    func aServerShuttingDownAnswersEveryChangeItCommits(grace: Duration) async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Many recordings in one write; the server starts shutting down as soon as they are sent.
        let client = try await TestServer.with(dataDirectory: directory, configure: { $0.shutdownGrace = grace }) { server in
            let client = try await server.user("tove")
            try await client.expectReply(to: "add habit Read", startsWith: "✅ Added habit Read")
            try await client.expectReply(to: "did read", startsWith: "✅ Read completed!")
            try await client.expectReply(to: "mode json", startsWith: "{")
            try await client.sendRaw(Array(String(repeating: "did read\n", count: 200).utf8))
            return client
        }
        // Whatever it answered before closing, it answered after committing, and nothing it committed
        // went unanswered: the totals count exactly the replies.
        // The client hears once that the server is stopping (between two replies: the lines received still are).
        var answered = 1
        var told = 0
        while let line = try await client.readLine() {
            let reply = try JSONReply(line)
            if reply.object["event"] as? String == "shutdown" {
                #expect(reply.ok == nil && reply.text == "⚠️ Habitat is restarting — everything you did is saved. Reconnect in a minute.")
                told += 1
                continue
            }
            #expect(reply.ok == true && reply.text?.hasPrefix("✅ Read completed!") == true)
            answered += 1
        }
        #expect(told == 1)
        let replies = answered
        try await TestServer.with(dataDirectory: directory) { server in
            let client = try await server.connect()
            try await client.expectReply(to: "login tove correct-horse", startsWith: "✅ Welcome back, tove!")
            let status = try await client.json(#"{"text": "status"}"#)
            let xp = try #require(status.int("xp")) + xpOfEarlierLevels(try #require(status.int("level")))
            #expect(xp == 10 * replies)
        }
    }
}

