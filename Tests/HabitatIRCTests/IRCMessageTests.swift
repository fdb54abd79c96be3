import HabitatIRC
import Testing

@Test func aMessageKeepsItsParts() {
    let message = IRCMessage(command: "PING", parameters: ["irc.example"])
    #expect(message.command == "PING")
    #expect(message.parameters == ["irc.example"])
}
