import HabitatBridgeKit
import HabitatIRC
import Testing

/// A session that has sent its opening lines, and a way to feed it server lines and read back what it says.
private struct Conversation {
    var session: IRCSession
    var opening: [String] = []

    init(password: String? = nil, channels: [String] = ["#smiths"], sasl: IRCSession.SASLCredentials? = nil) {
        session = IRCSession(nick: "habitat", password: password, channels: channels, sasl: sasl)
        opening = Self.lines(session.start())
    }

    /// The lines sent in answer to `line` from the server.
    mutating func hear(_ line: String) -> [String] {
        Self.lines(actions(line))
    }

    mutating func actions(_ line: String) -> [IRCSession.Action] {
        session.receive(IRCMessage(line: line)!)
    }

    static func lines(_ actions: [IRCSession.Action]) -> [String] {
        actions.compactMap { if case .send(let message) = $0 { message.line } else { nil } }
    }
}

@Test func registrationOpensWithCapabilitiesThenNickAndUser() {
    #expect(Conversation().opening == ["CAP LS 302", "NICK habitat", "USER habitat 0 * :Habitat bridge"])
    #expect(
        Conversation(password: "s3cret").opening
            == ["CAP LS 302", "PASS s3cret", "NICK habitat", "USER habitat 0 * :Habitat bridge"])
}

@Test func offeredCapabilitiesAreRequestedThenNegotiationEnds() {
    var conversation = Conversation()
    #expect(
        conversation.hear(":irc.test CAP * LS :multi-prefix account-tag sasl=PLAIN,EXTERNAL message-tags")
            == ["CAP REQ :account-tag message-tags"])
    #expect(conversation.hear(":irc.test CAP habitat ACK :account-tag message-tags") == ["CAP END"])
    #expect(conversation.session.capabilities == ["account-tag", "message-tags"])
}

@Test func onlyWhatIsOfferedIsRequested() {
    var conversation = Conversation()
    #expect(conversation.hear(":irc.test CAP * LS :account-tag away-notify") == ["CAP REQ account-tag"])
    #expect(conversation.hear(":irc.test CAP * NAK :account-tag") == ["CAP END"])
    #expect(conversation.session.capabilities.isEmpty)
}

@Test func nothingWantedMeansCapEndAtOnce() {
    var conversation = Conversation()
    #expect(conversation.hear(":irc.test CAP * LS :multi-prefix") == ["CAP END"])
    #expect(conversation.hear(":irc.test CAP * ACK :multi-prefix") == [])
}

@Test func aCapabilityListOverSeveralLinesIsReadToTheEnd() {
    var conversation = Conversation()
    #expect(conversation.hear(":irc.test CAP * LS * :multi-prefix account-tag") == [])
    #expect(conversation.hear(":irc.test CAP * LS :message-tags batch") == ["CAP REQ :account-tag message-tags"])
}

@Test func nickCollisionsTryUnderscores() {
    var conversation = Conversation()
    #expect(conversation.hear(":irc.test 433 * habitat :Nickname already in use") == ["NICK habitat_"])
    #expect(conversation.hear(":irc.test 436 * habitat_ :Nickname collision") == ["NICK habitat__"])
    #expect(conversation.session.nick == "habitat__")
    #expect(
        conversation.actions(":irc.test 001 habitat__ :Welcome")
            == [.registered(nick: "habitat__"), .send(IRCMessage(command: "JOIN", parameters: ["#smiths"]))])
    #expect(conversation.hear(":irc.test 433 habitat__ habitat :Nickname already in use") == [])
}

@Test func underscoresThatMakeTheNickTooLongShortenItInstead() {
    var conversation = Conversation()
    #expect(conversation.hear(":irc.test 433 * habitat :in use") == ["NICK habitat_"])
    #expect(conversation.hear(":irc.test 433 * habitat_ :in use") == ["NICK habitat__"])
    #expect(conversation.hear(":irc.test 433 * habitat__ :in use") == ["NICK habitat___"])
    #expect(conversation.hear(":irc.test 432 * habitat___ :Erroneous nickname") == ["NICK habita___"])
    #expect(conversation.hear(":irc.test 433 * habita___ :in use") == ["NICK habit____"])
}

@Test func anErroneousNickWithoutACollisionIsLeftToTheOperatorWhoIsTold() {
    var conversation = Conversation()
    #expect(
        conversation.actions(":irc.test 432 * habitat :Erroneous nickname")
            == [.nickRefused(nick: "habitat", reason: "Erroneous nickname")])
}

@Test func theWelcomeJoinsEveryChannel() {
    var conversation = Conversation(channels: ["#smiths", "#jones"])
    _ = conversation.hear(":irc.test CAP * LS :multi-prefix")
    #expect(conversation.hear(":irc.test 001 habitat :Welcome") == ["JOIN #smiths", "JOIN #jones"])
    #expect(conversation.session.isRegistered)
}

@Test func pingIsAnsweredWithTheSameToken() {
    var conversation = Conversation()
    #expect(conversation.hear("PING :irc.test") == ["PONG irc.test"])
    #expect(conversation.hear("PING :token with spaces") == ["PONG :token with spaces"])
    #expect(conversation.hear("PING") == ["PONG"])
}

@Test func aKickFromAConfiguredChannelIsFollowedByARejoin() {
    var conversation = Conversation()
    _ = conversation.hear(":irc.test 001 habitat :Welcome")
    #expect(conversation.hear(":op!o@h KICK #Smiths habitat :out") == ["JOIN #smiths"])
    #expect(conversation.hear(":op!o@h KICK #smiths alice :out") == [])
    #expect(conversation.hear(":op!o@h KICK #elsewhere habitat :out") == [])
}

@Test func aChannelWithAKeyIsJoinedWithItAgainAfterAKick() {
    var conversation = Conversation(channels: ["#smiths s3cret", "#jones"])
    #expect(conversation.hear(":irc.test 001 habitat :Welcome") == ["JOIN #smiths s3cret", "JOIN #jones"])
    #expect(conversation.hear(":op!o@h KICK #Smiths habitat :out") == ["JOIN #smiths s3cret"])
}

@Test func aRefusedJoinIsReportedWithoutTheKey() {
    var conversation = Conversation(channels: ["#smiths s3cret", "#jones"])
    _ = conversation.hear(":irc.test 001 habitat :Welcome")
    #expect(
        conversation.actions(":irc.test 475 habitat #Smiths :Cannot join channel (+k) -- Wrong channel key")
            == [.joinFailed(channel: "#smiths", reason: "Cannot join channel (+k) -- Wrong channel key")])
    #expect(
        conversation.actions(":irc.test 474 habitat #jones :Cannot join channel (+b) -- You are banned")
            == [.joinFailed(channel: "#jones", reason: "Cannot join channel (+b) -- You are banned")])
    #expect(conversation.actions(":irc.test 403 habitat #elsewhere :No such channel").isEmpty)
}

@Test func aNickChangeByTheServerIsFollowed() {
    var conversation = Conversation()
    _ = conversation.hear(":irc.test 001 habitat :Welcome")
    #expect(conversation.actions(":habitat!h@host NICK :Guest42") == [.renamed(nick: "Guest42")])
    #expect(conversation.session.nick == "Guest42")
    #expect(conversation.actions(":alice!a@host NICK :alicia") == [])
}

@Test func theOwnNickIsAskedBackWhenItsHolderLeavesOrRenames() {
    var conversation = Conversation()
    _ = conversation.hear(":irc.test 433 * habitat :Nickname already in use")
    _ = conversation.hear(":irc.test 001 habitat_ :Welcome")
    #expect(conversation.hear(":alice!a@host QUIT :bye") == [])
    #expect(conversation.hear(":Habitat!x@host QUIT :bye") == ["NICK habitat"])
    #expect(conversation.hear(":habitat!x@host NICK :someone") == ["NICK habitat"])
    // Still taken: the refusal after registration changes nothing.
    #expect(conversation.hear(":irc.test 433 habitat_ habitat :Nickname already in use") == [])
    #expect(conversation.actions(":habitat_!h@host NICK :habitat") == [.renamed(nick: "habitat")])
    #expect(conversation.hear(":habitat!x@host QUIT :bye") == [])
}

@Test func aQuietLinksPongRetriesTheOwnNickOnlyWhileUnderAnother() {
    var conversation = Conversation()
    _ = conversation.hear(":irc.test 001 habitat :Welcome")
    #expect(conversation.hear(":irc.test PONG irc.test :habitat") == [])
    var fallback = Conversation()
    _ = fallback.hear(":irc.test 433 * habitat :Nickname already in use")
    _ = fallback.hear(":irc.test 001 habitat_ :Welcome")
    #expect(fallback.hear(":irc.test PONG irc.test :habitat") == ["NICK habitat"])
}

// MARK: - SASL

private let credentials = IRCSession.SASLCredentials(account: "habitat-bot", password: "hunter2")

@Test func withCredentialsTheBotLogsInWithSASLPlainBeforeRegistering() {
    var conversation = Conversation(sasl: credentials)
    #expect(conversation.hear(":irc.test CAP * LS :account-tag sasl=PLAIN,EXTERNAL") == ["CAP REQ :account-tag sasl"])
    #expect(conversation.hear(":irc.test CAP * ACK :account-tag sasl") == ["AUTHENTICATE PLAIN"])
    // base64 of "habitat-bot\0habitat-bot\0hunter2"
    #expect(conversation.hear("AUTHENTICATE +") == ["AUTHENTICATE aGFiaXRhdC1ib3QAaGFiaXRhdC1ib3QAaHVudGVyMg=="])
    #expect(conversation.hear(":irc.test 900 * habitat!h@host habitat-bot :You are now logged in as habitat-bot") == [])
    #expect(conversation.hear(":irc.test 903 * :SASL authentication successful") == ["CAP END"])
    #expect(conversation.actions(":irc.test 001 habitat :Welcome").first == .registered(nick: "habitat"))
}

@Test func aRefusedLoginIsReportedAndRegistrationGoesOn() {
    var conversation = Conversation(sasl: credentials)
    _ = conversation.hear(":irc.test CAP * LS :sasl")
    _ = conversation.hear(":irc.test CAP * ACK :sasl")
    _ = conversation.hear("AUTHENTICATE +")
    #expect(
        conversation.actions(":irc.test 904 * :SASL authentication failed")
            == [.saslFailed("SASL authentication failed"), .send(IRCMessage(command: "CAP", parameters: ["END"]))])
}

@Test func aServerWithoutSASLIsReportedAndTheOtherCapabilitiesStillAsked() {
    var conversation = Conversation(sasl: credentials)
    #expect(
        conversation.actions(":irc.test CAP * LS :account-tag")
            == [.saslFailed("The server does not offer SASL."), .send(IRCMessage(command: "CAP", parameters: ["REQ", "account-tag"]))])
    #expect(conversation.hear(":irc.test CAP * ACK :account-tag") == ["CAP END"])
}

@Test func aLongSASLResponseIsSentIn400BytePieces() {
    // 297 bytes of PLAIN response make 396 base64 characters; 300 make exactly 400, so a lone "+" follows.
    for (password, pieces) in [(String(repeating: "p", count: 297 - 24), 1), (String(repeating: "p", count: 300 - 24), 2)] {
        var conversation = Conversation(sasl: .init(account: "habitat-bot", password: password))
        _ = conversation.hear(":irc.test CAP * LS :sasl")
        _ = conversation.hear(":irc.test CAP * ACK :sasl")
        let sent = conversation.hear("AUTHENTICATE +")
        #expect(sent.count == pieces)
        if pieces == 2 { #expect(sent.last == "AUTHENTICATE +") }
        #expect(sent.allSatisfy { $0.count <= "AUTHENTICATE ".count + 400 })
    }
}
