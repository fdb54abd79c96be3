@testable import HabitatEngine
import Testing

@Suite("Decimal digits written into bytes")
struct DecimalBytesTests {
    @Test("every number reads as Swift writes it, signs and extremes included")
    func matchesDescription() {
        var values = [0, 1, 9, 10, 11, 99, 100, 999, 1000, 1_000_000, -1, -9, -10, -100, Int.max, Int.min, Int.max - 1, Int.min + 1]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 { values.append(Int.random(in: Int.min...Int.max, using: &generator) >> Int.random(in: 0...62)) }
        for value in values {
            var bytes: [UInt8] = []
            bytes.appendDecimal(value)
            #expect(String(decoding: bytes, as: UTF8.self) == String(value))
        }
    }

    @Test("digits go after what is already there")
    func appends() {
        var bytes = Array("level ".utf8)
        bytes.appendDecimal(7)
        bytes.append(UInt8(ascii: ","))
        bytes.appendDecimal(-42)
        #expect(String(decoding: bytes, as: UTF8.self) == "level 7,-42")
    }
}

@Suite("Text put together from bytes")
struct ByteTextTests {
    @Test(
        "a line reads exactly as the same string interpolation",
        arguments: ["Exercise", "", "Café au lait", "Straße", "🏃 Run", "読書", "a \"quoted\" name", "Ünïcödé ×3"])
    func matchesInterpolation(name: String) {
        for (number, place) in [(10, ""), (0, " (Home)"), (-5, " (Wohngemeinschaft 🏠)"), (Int.max, ""), (Int.min, " (x)")] {
            #expect(ByteText("\(name) completed! +\(number) XP\(place)").string == "\(name) completed! +\(number) XP\(place)")
        }
    }

    @Test("a literal alone, and pieces that are empty")
    func literalsAndEmptyPieces() {
        let nothing = ""
        #expect(ByteText("No life lost").string == "No life lost")
        #expect(ByteText("\(nothing)\(nothing)").string == "")
        #expect(ByteText("\(nothing)✅\(7)").string == "✅7")
    }
}
