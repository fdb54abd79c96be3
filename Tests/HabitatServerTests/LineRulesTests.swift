import Foundation
import TestSupport
import Testing

/// The line protocol's rules for lines that are blank, unreadable or JSON, against a real server.
@Suite("Line rules: blank lines, unreadable lines, JSON requests")
struct LineRulesTests {
    static let blankLines: [[UInt8]] = [
        Array("\t\n".utf8), Array("   \n".utf8), [0xE2, 0x80, 0x8B, 0x0A], [0x0B, 0x0A], [0x0C, 0x0A], [0x0D, 0x0D, 0x0A],
        [0xC2, 0x85, 0x0A], [0xE2, 0x80, 0xA8, 0x0A], [0xEF, 0xBB, 0xBF, 0x20, 0x09, 0x0A],
    ]

    @Test(arguments: blankLines)
    func aBlankLookingLineGetsNoReplyInTextMode(bytes: [UInt8]) async throws {
        try await TestServer.with { server in
            let client = try await server.connect()
            try await client.sendRaw(bytes + Array("help buy\n".utf8))
            #expect(try await client.readReply().first == "ℹ️ buy [N] <item> — buy a potion or one of your rewards")
        }
    }

    @Test(arguments: blankLines)
    func aBlankLookingLineGetsNoReplyInJSONMode(bytes: [UInt8]) async throws {
        try await TestServer.with { server in
            let client = try await server.connect()
            _ = try await client.reply(to: "mode json")
            try await client.sendRaw(bytes + Array(#"{"id":"after","text":"help buy"}"#.utf8) + [10])
            let reply = try JSONReply(try await client.readReply()[0])
            #expect(reply.object["id"] as? String == "after")
        }
    }

    @Test func invisibleCharactersAroundACommandAreTrimmed() async throws {
        try await TestServer.with { server in
            let client = try await server.connect()
            try await client.sendRaw([0xE2, 0x80, 0x8B, 0x0B] + Array("help buy".utf8) + [0xC2, 0x85, 0x0D, 0x0A])
            #expect(try await client.readReply().first == "ℹ️ buy [N] <item> — buy a potion or one of your rewards")
        }
    }

    @Test func aTooLongJSONRequestIsAnsweredInJSON() async throws {
        try await TestServer.with { server in
            let client = try await server.connect()
            try await client.send(#"  {"id": 1, "text": "did "# + String(repeating: "x", count: 5000) + #""}"#)
            let reply = try await client.readReply()
            #expect(reply.count == 1)
            let json = try JSONReply(reply[0])
            #expect(json.line == #"{"ok":false,"type":"error","text":"❌ That line was longer than 4096 bytes and was dropped.","toasts":[{"type":"error","text":"❌ That line was longer than 4096 bytes and was dropped."}],"code":"line_too_long"}"#)
            // A long line that is not JSON is still answered in text.
            try await client.send("did " + String(repeating: "x", count: 5000))
            #expect(try await client.readReply() == ["❌ That line was longer than 4096 bytes and was dropped."])
        }
    }

    @Test func aJSONRequestWithInvalidUTF8IsAnsweredInJSON() async throws {
        try await TestServer.with { server in
            let client = try await server.connect()
            try await client.sendRaw(Array(#" {"id": 1, "text": "did "#.utf8) + [0xFF, 0xFE] + Array("\"}\n".utf8))
            let reply = try await client.readReply()
            #expect(reply == [#"{"ok":false,"type":"error","text":"❌ That line wasn't valid UTF-8 and was dropped.","toasts":[{"type":"error","text":"❌ That line wasn't valid UTF-8 and was dropped."}],"code":"invalid_utf8"}"#])
            try await client.expectReply(to: "help buy", startsWith: "ℹ️ buy [N] <item>")
        }
    }

    @Test(arguments: ["123456789012345678901234567890", "18446744073709551615", "1.0", "1e3", "-0", #""a\u00e9""#, "[1,2]"])
    func theIdIsEchoedAsSent(id: String) async throws {
        try await TestServer.with { server in
            let client = try await server.connect()
            let reply = try await client.reply(to: #"{"id":"# + id + #","text":"help buy"}"#)
            #expect(reply[0].hasPrefix(#"{"id":"# + id + #","ok":true,"#))
        }
    }

    @Test func theGreetingIsOneLineAndAnEmptyOneAndEveryLineEndsInASingleLF() async throws {
        try await TestServer.with { server in
            let socket = try BlockingSocket(port: server.port)
            func bytes(upTo end: String) -> String {
                var received: [UInt8] = []
                while !String(decoding: received, as: UTF8.self).hasSuffix(end), let chunk = socket.receive() { received += chunk }
                return String(decoding: received, as: UTF8.self)
            }
            #expect(bytes(upTo: "\n\n") == "👋 Habitat 0.1.0 — type 'help' for commands, or 'register <name> <password>' to begin.\n\n")
            // A request ending in CRLF is answered with LFs only: a text reply, then a JSON one.
            try socket.write("help buy\r\n")
            let text = bytes(upTo: "\n\n")
            #expect(text.hasPrefix("ℹ️ buy [N] <item> — buy a potion or one of your rewards\n  also: purchase, redeem\n"))
            #expect(!text.contains("\r"))
            try socket.write(#"{"id":1,"text":"help buy"}"# + "\r\n")
            let json = bytes(upTo: "\n")
            #expect(json.hasPrefix(#"{"id":1,"ok":true,"type":"info","text":"ℹ️ buy [N] <item>"#))
            #expect(json.hasSuffix("}}\n") && !json.contains("\r"))
        }
    }

    @Test(arguments: ["quit", "exit", "bye"])
    func quitSaysGoodbyeAndClosesTheConnection(word: String) async throws {
        try await TestServer.with { server in
            let client = try await server.connect()
            // Lines after it are not answered: the connection is gone.
            try await client.sendRaw(Array("\(word)\nhelp buy\n".utf8))
            #expect(try await client.readReply() == ["👋 Bye! Keep the streak going."])
            #expect(try await client.readLine() == nil)
            let json = try await server.connect()
            #expect(
                try await json.reply(to: #"{"id": 9, "text": "\#(word)"}"#)
                    == [#"{"id":9,"ok":true,"type":"info","text":"👋 Bye! Keep the streak going.","toasts":[{"type":"info","text":"👋 Bye! Keep the streak going."}]}"#])
            #expect(try await json.readLine() == nil)
        }
    }

    @Test func aJSONRequestIsNeverBlank() async throws {
        try await TestServer.with { server in
            let client = try await server.connect()
            #expect(
                try await client.reply(to: #"{"id": 1, "text": " "}"#)
                    == [#"{"id":1,"ok":true,"type":"info","text":"ℹ️ Type 'help' to see what I understand.","toasts":[{"type":"info","text":"ℹ️ Type 'help' to see what I understand."}]}"#])
        }
    }

    @Test func aKeySentTwiceCountsTheFirstTime() async throws {
        try await TestServer.with { server in
            let client = try await server.connect()
            let reply = try await client.json(#"{"id":1,"text":"help buy","id":2,"text":"help undo"}"#)
            #expect(reply.object["id"] as? Int == 1)
            #expect(reply.text?.hasPrefix("ℹ️ buy [N] <item> — buy a potion or one of your rewards\n") == true)
            // A first `text` that is no string is not made good by a second one.
            let refused = try await client.json(#"{"id":3,"text":7,"text":"help buy"}"#)
            #expect(refused.code == "invalid_argument")
            #expect(refused.object["id"] as? Int == 3)
        }
    }

    @Test func aDeepIdAndADeepUnknownKeyAreFine() async throws {
        try await TestServer.with { server in
            let client = try await server.connect()
            let id = String(repeating: "[", count: 32) + "1" + String(repeating: "]", count: 32)
            let deepID = try await client.reply(to: #"{"id":"# + id + #","text":"help buy"}"#)
            #expect(deepID[0].hasPrefix(#"{"id":"# + id + #","ok":true,"#))
            let extra = String(repeating: #"{"a":"#, count: 200) + "1" + String(repeating: "}", count: 200)
            let deepExtra = try await client.json(#"{"id":1,"extra":"# + extra + #","text":"help buy"}"#)
            #expect(deepExtra.ok == true)
            #expect(deepExtra.object["id"] as? Int == 1)
            let broken = try await client.json(#"{"id":1,"extra":[}"#)
            #expect(broken.code == "invalid_argument")
            #expect(broken.object["id"] as? Int == 1)
        }
    }

    @Test func aFailedBridgeCommandIsAnsweredInTheConnectionsMode() async throws {
        try await TestServer.with { server in
            let client = try await server.connect()
            #expect(try await client.reply(to: "bridge x y") == ["❌ That bridge name and token don't match."])
            #expect(try await client.reply(to: "BRIDGE foo bar baz") == ["❌ Usage: bridge <name> <token>"])
            #expect(try await client.reply(to: "bridge") == ["❌ Usage: bridge <name> <token>"])
            try await client.expectReply(to: "register nora correct-horse", startsWith: "✅ Welcome to Habitat, nora!")
            #expect(
                try await client.reply(to: "bridge x y")
                    == ["❌ This connection is already in use; a bridge needs a connection of its own."])
            _ = try await client.reply(to: "mode json")
            #expect(try await client.json("bridge x y").code == "invalid_argument")
        }
    }

    @Test(arguments: ["did", "add habit", "buy", "status extra", "undo now", "logout now", "config curve bogus", "room bogus", "did exercise"])
    func beforeLoginACommandIsAuthRequiredWhateverFollowsIt(line: String) async throws {
        try await TestServer.with { server in
            let client = try await server.connect()
            #expect(
                try await client.reply(to: line)
                    == ["❌ Log in first: 'login <name> <password>', or 'register <name> <password>' to start."])
            _ = try await client.reply(to: "mode json")
            #expect(try await client.json(line).code == "auth_required")
        }
    }

    @Test func anUnknownRoomSubcommandIsAnUnknownCommand() async throws {
        try await TestServer.with { server in
            let client = try await server.user("olga")
            let reply = try await client.json(#"{"text":"room bogus"}"#)
            #expect(reply.code == "unknown_command")
            #expect(reply.text?.hasPrefix("❓ I don't know 'room bogus'. The room commands are 'room create', ") == true)
        }
    }

    @Test func anOptionThatCantBeReadIsTheError() async throws {
        try await TestServer.with { server in
            let client = try await server.user("pia")
            _ = try await client.reply(to: "add habit Exercise")
            _ = try await client.reply(to: "add habit Wake up track time")
            #expect(try await client.reply(to: "did exercise tomorrow") == ["❌ You can't record a day that hasn't happened yet."])
            #expect(try await client.reply(to: "did exercise in 3 days") == ["❌ You can't record a day that hasn't happened yet."])
            #expect(try await client.reply(to: "did wake up at 25:00") == ["❌ 25:00 isn't a time: try 'at 6:45' or 'at 6:45pm'."])
            #expect(try await client.reply(to: "did wake up at 6.45") == ["❌ 6.45 isn't a time: try 'at 6:45' or 'at 6:45pm'."])
            #expect(try await client.json(#"{"text":"did exercise tomorrow"}"#).code == "invalid_argument")
            #expect(try await client.reply(to: "did nothing") == ["❓ No habit 'nothing'. Type 'habits' to see yours."])
            try await client.expectReply(to: "did wake up at 7", startsWith: "✅ Wake up completed!")
            #expect(try await client.reply(to: "today").contains("    ✓ Wake up 7:00 AM · streak 1 (best 1) · 5%"))
        }
    }

    @Test func aRoutineCanBeBackdated() async throws {
        try await TestServer.with { server in
            let client = try await server.user("quinn")
            _ = try await client.reply(to: "add habit Stretch")
            _ = try await client.reply(to: "add routine Morning: stretch")
            #expect(try await client.reply(to: "did morning yesterday") == ["✅ Morning routine done! 1 habit, +10 XP, +5 coins"])
            let history = try await client.reply(to: "history")
            #expect(history.contains { $0.hasPrefix("  2026-11-19") && $0.contains("Stretch") })
        }
    }

    @Test func aNoteIsStoredAsTypedAndControlCharactersAreRefused() async throws {
        try await TestServer.with { server in
            let client = try await server.user("rita")
            _ = try await client.reply(to: "add habit Read")
            try await client.expectReply(to: #"did read: he said "hi" and 'bye'"#, startsWith: "✅ Read completed!")
            #expect(try await client.reply(to: "history read").contains { $0.hasSuffix(#": he said "hi" and 'bye'"#) })
            let refused = try await client.json(#"{"text":"did read: note\u001b[2Jx\u0007"}"#)
            #expect(refused.code == "invalid_argument")
            #expect(refused.text == "❌ A note can't contain control characters (like escape sequences or line breaks).")
            try await client.sendRaw([0x1B] + Array("[2J".utf8) + [0x07, 0x0A])
            #expect(try await client.readReply() == [#"❓ I don't know '\u{1B}[2J\u{7}'. Type 'help' to see what I understand."#])
        }
    }

    /// A habit, area or room name that matched nothing is quoted back with its control characters escaped, in
    /// text and in JSON: an escape sequence or a direction override never reaches the terminal raw.
    @Test func anUnknownNameIsQuotedBackWithItsControlCharactersEscaped() async throws {
        try await TestServer.with { server in
            let client = try await server.user("rita")
            try await client.sendRaw(Array("did a".utf8) + [0x1B] + Array("[2Jb\n".utf8))
            #expect(try await client.readReply() == [#"❓ No habit 'a\u{1B}[2Jb'. Add one with 'add habit a\u{1B}[2Jb'."#])
            #expect(try await client.reply(to: "room use a\u{202E}b") == [#"❌ You're not a member of a room called a\u{202E}b."#])
            let area = try await client.json(#"{"text":"delete area a\u202eb"}"#)
            #expect(area.text == #"❓ No area called a\u{202E}b. Type 'areas' to see yours."#)
        }
    }
}
