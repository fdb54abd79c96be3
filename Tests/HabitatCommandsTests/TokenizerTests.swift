import HabitatCommands
import Testing

@testable import HabitatApp

@Suite("Splitting a line into words")
struct TokenizerTests {
    @Test func wordsAreSplitOnWhiteSpace() {
        #expect(tokenize("did exercise") == [Token("did"), Token("exercise")])
    }

    @Test func runsOfWhiteSpaceCountOnce() {
        #expect(tokenize("  did \t  exercise   ") == [Token("did"), Token("exercise")])
        #expect(tokenize("did\u{00A0}exercise") == [Token("did"), Token("exercise")])
    }

    @Test func aBlankLineHasNoWords() {
        #expect(tokenize("").isEmpty)
        #expect(tokenize(" \t ").isEmpty)
    }

    @Test func doubleQuotesMakeOneWord() {
        #expect(tokenize(#"add habit "Run 5k" 20 xp"#) == [
            Token("add"), Token("habit"), Token("Run 5k", quoted: true), Token("20"), Token("xp"),
        ])
    }

    @Test func singleAndCurlyQuotesToo() {
        #expect(tokenize("'Run 5k'") == [Token("Run 5k", quoted: true)])
        #expect(tokenize("“Run 5k”") == [Token("Run 5k", quoted: true)])
        #expect(tokenize("‘Run 5k’") == [Token("Run 5k", quoted: true)])
    }

    @Test func quotedTextKeepsItsSpacesAndOtherQuotes() {
        #expect(tokenize(#""  it's  fine  ""#) == [Token("  it's  fine  ", quoted: true)])
        #expect(tokenize(#"'say "hi"'"#) == [Token(#"say "hi""#, quoted: true)])
    }

    @Test func anApostropheInsideAWordIsJustALetter() {
        #expect(tokenize("call mom's phone") == [Token("call"), Token("mom's"), Token("phone")])
    }

    @Test func anUnterminatedQuoteRunsToTheEnd() {
        #expect(tokenize(#"did "Run 5k"#) == [Token("did"), Token("Run 5k", quoted: true)])
    }

    @Test func emptyQuotesAreAnEmptyWord() {
        #expect(tokenize(#"help """#) == [Token("help"), Token("", quoted: true)])
    }

    @Test func aWordRightAfterAClosingQuoteIsSeparate() {
        #expect(tokenize(#""Run 5k"x2"#) == [Token("Run 5k", quoted: true), Token("x2")])
    }

    @Test func emojiAndAccentsAreLetters() {
        #expect(tokenize("did 🏃 café") == [Token("did"), Token("🏃"), Token("café")])
    }

    @Test func keywordsAreMatchedLowercased() {
        #expect(Token("DiD").lower == "did")
        #expect(Token("DiD").text == "DiD")
        #expect(Token("x").quoted == false)
    }
}

@Suite("Plain ASCII lines split as any other")
struct ASCIITokenizerTests {
    @Test(arguments: [
        ("did exercise\r", ["did", "exercise"]),
        ("\u{0B}did\u{0C}exercise", ["did", "exercise"]),
        ("a\u{1F}b", ["a\u{1F}b"]),
        (#"x"y z"#, [#"x"y"#, "z"]),
    ])
    func controlCharactersSplitOnlyWhereUnicodeSaysWhiteSpace(line: String, words: [String]) {
        #expect(tokenize(line) == words.map { Token($0) })
    }

    @Test func aLoneQuoteIsAnEmptyQuotedWord() {
        #expect(tokenize(#"did ""#) == [Token("did"), Token("", quoted: true)])
        #expect(tokenize("'") == [Token("", quoted: true)])
    }

    @Test func asciiAndNonASCIILinesAgree() {
        // The same line with a non-ASCII word at the end takes the general path; the ASCII words agree.
        let line = #"  add habit "Run 5k"  20 xp 'a b'"c" mom's  "#
        #expect(tokenize(line) + [Token("é")] == tokenize(line + " é"))
    }
}
