@testable import HabitatServer
import Testing

@Suite("Names typed at login, as the log shows them")
struct LoggedNameTests {
    @Test func aNameThatCouldBeOneIsLoggedAsItIs() {
        #expect(Responder.logged("alice").description == "alice")
        #expect(Responder.logged("Alice_2").description == "alice_2")
    }

    @Test func anythingElseIsQuotedWithItsQuotesAndControlCharactersEscaped() {
        #expect(Responder.logged("\u{1B}[2Jevil").description == #""\u{1B}[2Jevil""#)
        #expect(Responder.logged(#"alice" connection="c9"#).description == #""alice\" connection=\"c9""#)
        #expect(Responder.logged("a\\b\n\u{202E}c").description == #""a\\b\u{A}\u{202E}c""#)
        #expect(Responder.logged(String(repeating: "é", count: 100)).description == "\"" + String(repeating: "é", count: 64) + "\"")
    }
}
