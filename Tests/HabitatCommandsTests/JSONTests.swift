import HabitatCommands
import Testing

@testable import HabitatApp

@Suite("Writing JSON")
struct JSONSerializationTests {
    @Test func quotesAndBackslashesAreEscaped() {
        #expect(JSON.string(#"say "hi""#).serialized == #""say \"hi\"""#)
        #expect(JSON.string(#"C:\habits"#).serialized == #""C:\\habits""#)
    }

    @Test func lineBreaksAndTabsUseShortEscapes() {
        #expect(JSON.string("a\nb\rc\td").serialized == #""a\nb\rc\td""#)
    }

    @Test func otherControlCharactersAreUnicodeEscapes() {
        #expect(JSON.string("\u{01}").serialized == #""\u0001""#)
        #expect(JSON.string("\u{08}\u{0C}").serialized == #""\u0008\u000c""#)
        #expect(JSON.string("\u{1F}").serialized == #""\u001f""#)
        #expect(JSON.string("\u{00}").serialized == #""\u0000""#)
    }

    /// Long strings are checked eight bytes at a time: a character that needs escaping is found wherever it
    /// stands, and bytes near it (0x1F and 0x20, 0x21 and 0x23, UTF-8 bytes from 0x80 up) are left alone.
    @Test(arguments: ["\"", "\\", "\n", "\u{01}", "\u{1F}", "\u{00}"])
    func aCharacterToEscapeIsFoundAnywhereInALongString(special: String) {
        let escaped = ["\"": #"\""#, "\\": #"\\"#, "\n": #"\n"#, "\u{01}": #"\u0001"#, "\u{1F}": #"\u001f"#, "\u{00}": #"\u0000"#][special]!
        let filler = Array(" !#[]~é✅ab")
        for length in [7, 8, 9, 15, 16, 17, 40] {
            let plain = String((0..<length).map { filler[$0 % filler.count] })
            #expect(JSON.string(plain).serialized == "\"" + plain + "\"")
            for position in 0...length {
                let text = String(plain.prefix(position)) + special + String(plain.dropFirst(position))
                let expected = "\"" + String(plain.prefix(position)) + escaped + String(plain.dropFirst(position)) + "\""
                #expect(JSON.string(text).serialized == expected, "\(special.debugDescription) at \(position) of \(length)")
            }
        }
    }

    @Test func emojiAndOtherTextStayAsTheyAre() {
        #expect(JSON.string("✅ Exercise completed! 😀 café ⚠️").serialized == "\"✅ Exercise completed! 😀 café ⚠️\"")
        #expect(JSON.string("a/b").serialized == #""a/b""#)
    }

    @Test func objectsKeepTheirKeyOrder() {
        let value: JSON = ["zebra": 1, "apple": 2, "mango": 3]
        #expect(value.serialized == #"{"zebra":1,"apple":2,"mango":3}"#)
    }

    @Test func everyKindOfValue() {
        let value: JSON = [
            "null": .null, "yes": true, "no": false, "int": -42, "text": "hi",
            "list": [1, "two", [3]], "empty": [], "nested": ["a": [:]],
        ]
        #expect(
            value.serialized
                == #"{"null":null,"yes":true,"no":false,"int":-42,"text":"hi","list":[1,"two",[3]],"empty":[],"nested":{"a":{}}}"#
        )
    }

    @Test func wholeDoublesPrintWithoutAFraction() {
        #expect(JSON.double(5).serialized == "5")
        #expect(JSON.double(-3).serialized == "-3")
        #expect(JSON.double(0).serialized == "0")
    }

    @Test func otherDoublesPrintAsNumbers() {
        #expect(JSON.double(2.5).serialized == "2.5")
        #expect(JSON.double(0.1).serialized == "0.1")
        #expect(JSON.parse(JSON.double(1e20).serialized) == .double(1e20))
        #expect(JSON.parse(JSON.double(1e-7).serialized) == .double(1e-7))
    }

    @Test func numbersJSONCannotHoldBecomeNull() {
        #expect(JSON.double(.nan).serialized == "null")
        #expect(JSON.double(.infinity).serialized == "null")
        #expect(JSON.double(-.infinity).serialized == "null")
    }

    @Test func extremeIntegers() {
        #expect(JSON.int(Int.min).serialized == String(Int.min))
        #expect(JSON.int(Int.max).serialized == String(Int.max))
    }

    @Test(arguments: [0, 7, -7, 9, 10, -10, 99, 100, 1000, 14025, -40, 1_000_000_007])
    func integersAreWrittenInDecimal(value: Int) {
        #expect(JSON.int(value).serialized == String(value))
        #expect(JSON.array([.int(value), .int(value)]).serialized == "[\(value),\(value)]")
    }

    @Test func lookingUpValues() {
        let value: JSON = ["id": 7, "text": "did exercise"]
        #expect(value["text"]?.stringValue == "did exercise")
        #expect(value["id"] == .int(7))
        #expect(value["id"]?.stringValue == nil)
        #expect(value["missing"] == nil)
        #expect(JSON.array([1])["id"] == nil)
    }
}

@Suite("Reading JSON")
struct JSONParsingTests {
    @Test func aRequestLine() {
        #expect(JSON.parse(#"{"id": 7, "text": "did exercise"}"#) == ["id": 7, "text": "did exercise"])
    }

    @Test func objectsArraysAndNesting() {
        #expect(JSON.parse("{}") == [:])
        #expect(JSON.parse("[]") == [])
        #expect(JSON.parse(#" { "a" : [ 1 , { "b" : [ ] } ] } "#) == ["a": [1, ["b": []]]])
        #expect(JSON.parse("\n\t[1,\r\n2]\n") == [1, 2])
    }

    @Test func keyOrderIsKept() {
        let text = #"{"zebra":1,"apple":{"y":2,"x":3},"mango":[true,null]}"#
        #expect(keys(JSON.parse(text)) == ["zebra", "apple", "mango"])
        #expect(JSON.parse(text)?.serialized == text)
    }

    @Test func literals() {
        #expect(JSON.parse("true") == .bool(true))
        #expect(JSON.parse("false") == .bool(false))
        #expect(JSON.parse("null") == .null)
    }

    @Test func integersAndDoubles() {
        #expect(JSON.parse("42") == .int(42))
        #expect(JSON.parse("-7") == .int(-7))
        #expect(JSON.parse("0") == .int(0))
        #expect(JSON.parse("2.5") == .double(2.5))
        #expect(JSON.parse("-0.5") == .double(-0.5))
        #expect(JSON.parse("1e3") == .double(1000))
        #expect(JSON.parse("1E+2") == .double(100))
        #expect(JSON.parse("2.0") == .double(2))
        #expect(JSON.parse("99999999999999999999") == .double(1e20))
    }

    @Test func stringEscapes() {
        #expect(JSON.parse(#""a\"b\\c\/d""#) == .string(#"a"b\c/d"#))
        #expect(JSON.parse(#""\b\f\n\r\t""#) == .string("\u{08}\u{0C}\n\r\t"))
        #expect(JSON.parse(#""caf\u00e9 \u00E9""#) == .string("café é"))
        #expect(JSON.parse(#""\u0000""#) == .string("\u{00}"))
    }

    @Test func surrogatePairs() {
        #expect(JSON.parse(#""\ud83d\ude00""#) == .string("😀"))
        #expect(JSON.parse(#""\uD83C\uDFC3 ran""#) == .string("🏃 ran"))
    }

    @Test func rawUTF8() {
        #expect(JSON.parse(#"{"text": "did 🏃 café"}"#) == ["text": "did 🏃 café"])
    }

    @Test func writingThenReadingGivesTheSameValue() {
        let value: JSON = [
            "id": "req-1", "ok": true, "text": "⚠️ \"quoted\"\n\\ \u{01} 😀", "n": [0, -1, .double(2.5), .null],
        ]
        #expect(JSON.parse(value.serialized) == value)
    }

    @Test(arguments: [
        "", "   ", "{} x", "[1] [2]", "1 2", "{}}", "[", "{", "]", "}",
        #"{"a": 1,}"#, "[1,]", "[,1]", "{a: 1}", "{'a': 1}", #"{"a" 1}"#, #"{"a":}"#, #"{1: 2}"#,
        "tru", "nul", "falsey", "True", "NaN", "Infinity", "-", "1e400", "1.2.3", "--1",
    ])
    func notJSON(text: String) {
        #expect(JSON.parse(text) == nil)
    }

    @Test(arguments: [#""abc"#, #"{"a": "b}"#, #""abc\"#, #""abc\""#])
    func unterminatedStrings(text: String) {
        #expect(JSON.parse(text) == nil)
    }

    @Test(arguments: [#""\x""#, #""\a""#, #""\'""#, #""\u12""#, #""\u12G4""#, #""\U0041""#])
    func invalidEscapes(text: String) {
        #expect(JSON.parse(text) == nil)
    }

    @Test(arguments: [#""\ud83d""#, #""\ud83d ""#, #""\ud83d\u0041""#, #""\ude00""#, #""\ud83d\ud83d""#])
    func unpairedSurrogates(text: String) {
        #expect(JSON.parse(text) == nil)
    }

    @Test func rawControlCharactersInStrings() {
        #expect(JSON.parse("\"a\nb\"") == nil)
        #expect(JSON.parse("\"a\tb\"") == nil)
        #expect(JSON.parse("\"a\u{01}b\"") == nil)
    }

    @Test func depthUpTo32IsFine() {
        let arrays = String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
        #expect(JSON.parse(arrays) != nil)
        let objects = String(repeating: #"{"a":"#, count: 31) + "1" + String(repeating: "}", count: 31)
        #expect(JSON.parse(objects) != nil)
    }

    @Test func depthBeyond32IsRefused() {
        let arrays = String(repeating: "[", count: 33) + String(repeating: "]", count: 33)
        #expect(JSON.parse(arrays) == nil)
        let objects = String(repeating: #"{"a":"#, count: 33) + "1" + String(repeating: "}", count: 33)
        #expect(JSON.parse(objects) == nil)
    }

    @Test func aVeryDeepDocumentIsRefusedWithoutExhaustingTheStack() {
        let deep = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        #expect(JSON.parse(deep) == nil)
    }

    @Test(arguments: ["01", "-01", "+1", ".5", "1.", "-.5", "1.e3"])
    func numbersRFC8259Forbids(text: String) {
        #expect(JSON.parse(text) == nil)
    }
}
