@testable import HabitatApp
import Testing

@Suite("Names typed at login, as the log shows them")
struct LoggedNameTests {
    @Test func aNameThatCouldBeOneIsLoggedAsItIs() {
        #expect(Pipeline.logged("alice").description == "alice")
        #expect(Pipeline.logged("Alice_2").description == "alice_2")
    }

    @Test func anythingElseIsQuotedWithItsQuotesAndControlCharactersEscaped() {
        #expect(Pipeline.logged("\u{1B}[2Jevil").description == #""\u{1B}[2Jevil""#)
        #expect(Pipeline.logged(#"alice" connection="c9"#).description == #""alice\" connection=\"c9""#)
        #expect(Pipeline.logged("a\\b\n\u{202E}c").description == #""a\\b\u{A}\u{202E}c""#)
        #expect(Pipeline.logged(String(repeating: "é", count: 100)).description == "\"" + String(repeating: "é", count: 64) + "\"")
    }
}
