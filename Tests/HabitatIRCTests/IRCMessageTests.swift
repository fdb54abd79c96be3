import HabitatBridgeKit
import HabitatIRC
import Testing

@Test func aPrivmsgWithTagsAndPrefixIsParsed() throws {
    let message = try #require(
        IRCMessage(
            line: "@account=alice;time=2026-11-20T10:00:00.000Z :alice!al@host.example PRIVMSG #smiths :did dishes"))
    #expect(message.tags == ["account": "alice", "time": "2026-11-20T10:00:00.000Z"])
    #expect(message.prefix == "alice!al@host.example")
    #expect(message.command == "PRIVMSG")
    #expect(message.parameters == ["#smiths", "did dishes"])
    #expect(message.source == IRCSource(nick: "alice", user: "al", host: "host.example"))
}

@Test func tagValuesAreUnescaped() throws {
    let message = try #require(IRCMessage(line: #"@a=one\:two\sthree\\four\r\nfive;b;c=;d=x\yz\ PING"#))
    #expect(message.tags["a"] == "one;two three\\four\r\nfive")
    #expect(message.tags["b"] == "")
    #expect(message.tags["c"] == "")
    #expect(message.tags["d"] == "xyz")
}

@Test func tagValuesAreEscapedAndSurviveARoundTrip() throws {
    let original = IRCMessage(
        tags: ["+example.com/note": "semi;colon back\\slash\r\nline", "flag": ""], command: "TAGMSG", parameters: ["#a"]
    )
    #expect(original.line == #"@+example.com/note=semi\:colon\sback\\slash\r\nline;flag TAGMSG #a"#)
    #expect(IRCMessage(line: original.line) == original)
}

@Test func numericRepliesKeepTheirDigits() throws {
    let message = try #require(IRCMessage(line: ":irc.test 433 * habitat :Nickname already in use"))
    #expect(message.command == "433")
    #expect(message.numeric == 433)
    #expect(message.parameters == ["*", "habitat", "Nickname already in use"])
    #expect(IRCMessage(command: "PRIVMSG").numeric == nil)
    #expect(message.source == IRCSource(nick: "irc.test"))
}

@Test func oddWhitespaceIsTolerated() throws {
    let message = try #require(IRCMessage(line: "  :srv   PING   one  two   :  trailing  with  spaces  \r\n"))
    #expect(message.prefix == "srv")
    #expect(message.parameters == ["one", "two", "  trailing  with  spaces  "])
    #expect(IRCMessage(line: "PING irc.test   ")?.parameters == ["irc.test"])
    #expect(IRCMessage(line: "ping :x")?.command == "PING")
}

@Test func linesWithoutACommandAreRejected() {
    #expect(IRCMessage(line: "") == nil)
    #expect(IRCMessage(line: "   ") == nil)
    #expect(IRCMessage(line: ":prefix.only") == nil)
    #expect(IRCMessage(line: "@tag=1") == nil)
}

@Test func anEmptyTrailingParameterIsKept() throws {
    #expect(try #require(IRCMessage(line: "PRIVMSG #a :")).parameters == ["#a", ""])
    #expect(IRCMessage(command: "PRIVMSG", parameters: ["#a", ""]).line == "PRIVMSG #a :")
}

@Test func theLastParameterGetsAColonOnlyWhenItNeedsOne() {
    #expect(IRCMessage.privmsg("#a", "hello").line == "PRIVMSG #a hello")
    #expect(IRCMessage.privmsg("#a", "hello there").line == "PRIVMSG #a :hello there")
    #expect(IRCMessage.privmsg("#a", ":-)").line == "PRIVMSG #a ::-)")
    #expect(
        IRCMessage(prefix: "bot!b@h", command: "USER", parameters: ["bot", "0", "*", "Habitat bridge"]).line
            == ":bot!b@h USER bot 0 * :Habitat bridge")
}

@Test func lineBreaksCannotSmuggleACommand() {
    let message = IRCMessage.privmsg("#a", "hi\r\nQUIT :bye\u{0}")
    #expect(message.line == "PRIVMSG #a :hi  QUIT :bye ")
    #expect(!message.line.unicodeScalars.contains { $0 == "\r" || $0 == "\n" })
}

@Test func parsingThenSerializingGivesTheLineBack() {
    let lines = [
        ":alice!a@h PRIVMSG #smiths :habitat: did dishes",
        "@account=bob :bob!b@h PRIVMSG habitat :show status",
        ":irc.test 001 habitat :Welcome to the Internet Relay Network habitat!~habitat@127.0.0.1",
        "CAP * LS :multi-prefix account-tag message-tags",
        "PING irc.test",
        "PRIVMSG #ünïcode :🏠 bob did Dishes (+10 XP)",
    ]
    for line in lines { #expect(IRCMessage(line: line)?.line == line) }
}

@Test func prefixesOfEveryShapeGiveANick() {
    #expect(IRCSource("alice!al@example.org") == IRCSource(nick: "alice", user: "al", host: "example.org"))
    #expect(IRCSource("alice@example.org") == IRCSource(nick: "alice", host: "example.org"))
    #expect(IRCSource("alice") == IRCSource(nick: "alice"))
    #expect(IRCSource("irc.example.org").nick == "irc.example.org")
}
