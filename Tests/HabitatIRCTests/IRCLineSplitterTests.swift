import Testing

@testable import HabitatIRC
import HabitatBridgeKit

/// The whole line as the server relays it: reserved prefix, command, target, text, CRLF.
private func relayedBytes(_ piece: String, target: String) -> Int {
    IRCLineSplitter().prefixReserve + "PRIVMSG \(target) :\(piece)\r\n".utf8.count
}

private func expectWellFormed(_ pieces: [String], target: String, original: String) {
    for piece in pieces {
        #expect(relayedBytes(piece, target: target) <= 512)
        #expect(!piece.isEmpty)
        #expect(String(validating: Array(piece.utf8), as: UTF8.self) == piece)
    }
    let words = original.split(whereSeparator: { $0 == " " || $0.isNewline }).joined()
    #expect(pieces.joined().split(separator: " ").joined() == words)
}

@Test func theBudgetLeavesRoomForCommandTargetAndPrefix() {
    // 512 - CRLF - 100 reserved - "PRIVMSG " - "#habitat" - " :"
    #expect(IRCLineSplitter().budget(target: "#habitat") == 392)
}

@Test func shortTextIsOnePiece() {
    #expect(
        IRCLineSplitter().split("alice: ✅ Dishes completed! +10 XP", target: "#smiths")
            == ["alice: ✅ Dishes completed! +10 XP"])
}

@Test func longASCIIIsCutAtSpaces() {
    let words = (1...200).map { "word\($0)" }
    let text = words.joined(separator: " ")
    let pieces = IRCLineSplitter().split(text, target: "#smiths")
    #expect(pieces.count > 1)
    expectWellFormed(pieces, target: "#smiths", original: text)
    for piece in pieces {
        #expect(!piece.hasPrefix(" ") && !piece.hasSuffix(" "))
        #expect(piece.split(separator: " ").allSatisfy { words.contains(String($0)) })
    }
}

@Test func textWithoutSpacesIsCutAtTheBudget() {
    let text = String(repeating: "x", count: 1000)
    let pieces = IRCLineSplitter().split(text, target: "#habitat")
    #expect(pieces.map(\.utf8.count) == [392, 392, 216])
}

@Test func emojiExactlyAtTheLimitStayOneLine() {
    let fits = String(repeating: "🏠", count: 98)  // 98 × 4 bytes = 392
    #expect(IRCLineSplitter().split(fits, target: "#habitat") == [fits])
    #expect(relayedBytes(fits, target: "#habitat") == 512)
    let oneMore = fits + "🏠"
    #expect(IRCLineSplitter().split(oneMore, target: "#habitat") == [fits, "🏠"])
}

@Test func multibyteTextIsNeverCutInsideACharacter() {
    for offset in 0..<4 {
        let text = String(repeating: "a", count: offset) + String(repeating: "é🎉ü€", count: 150)
        let pieces = IRCLineSplitter().split(text, target: "#habitat")
        expectWellFormed(pieces, target: "#habitat", original: text)
        #expect(pieces.joined() == text)
    }
}

@Test func graphemeClustersStayWhole() {
    let family = "👨‍👩‍👧‍👦"  // 25 bytes, one character
    let text = String(repeating: family, count: 40)
    let pieces = IRCLineSplitter().split(text, target: "#habitat")
    #expect(pieces.count == 3)
    #expect(pieces.allSatisfy { $0.unicodeScalars.count % 7 == 0 && $0.allSatisfy { $0 == Character(family) } })
    #expect(pieces.joined() == text)
}

@Test func aCharacterLargerThanTheBudgetIsCutBetweenScalars() {
    let zalgo = "a" + String(repeating: "\u{301}", count: 300)  // one character, 601 bytes
    let pieces = IRCLineSplitter().split(zalgo, target: "#habitat")
    #expect(pieces.count == 2)
    expectWellFormed(pieces, target: "#habitat", original: zalgo)
    #expect(pieces.joined() == zalgo)
}

@Test func detailLinesBecomeLinesOfTheirOwn() {
    let toast = "ℹ️ Your habits (2)\n  + Exercise: +10 XP, +5 coins · streak 3 (best 5)\n  - Smoking: -25 life\n"
    #expect(
        IRCLineSplitter().split(toast, target: "alice") == [
            "ℹ️ Your habits (2)", "  + Exercise: +10 XP, +5 coins · streak 3 (best 5)", "  - Smoking: -25 life",
        ])
    #expect(IRCLineSplitter().split("one\r\ntwo\rthree\n\n", target: "alice") == ["one", "two", "three"])
}

@Test func aLongToastWithDetailLinesIsSplitEverywhereItMustBe() {
    var toast = "ℹ️ Commands"
    for index in 1...40 { toast += "\n  habit\(index) 🏋️ — " + String(repeating: "détail ", count: index % 9 + 1) }
    toast += "\n" + String(repeating: "long 🎉 line ", count: 60)
    #expect(toast.utf8.count > 2000)
    let pieces = IRCLineSplitter().split(toast, target: "#smiths")
    #expect(pieces.count > 41)
    expectWellFormed(pieces, target: "#smiths", original: toast)
}
