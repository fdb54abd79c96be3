import HabitatBridgeKit
import HabitatPictures
import Testing

@testable import HabitatMatrix

/// The width and height a PNG's header gives (its IHDR chunk), or `nil` when the bytes are no PNG.
func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    guard bytes.count > 24, bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], bytes[12..<16] == [0x49, 0x48, 0x44, 0x52]
    else { return nil }
    func number(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (number(16), number(20))
}

@Suite("pictures of the views, for Matrix")
struct PictureTests {
    @Test func aHeatmapOfTwelveWeeksIsAPNGOfItsSize() throws {
        let picture = try #require(
            Pictures.heatmap(
                title: "Floss", from: "2026-09-07", through: "2026-11-29", counts: ["2026-11-28": 1, "2026-11-29": 2]))
        let size = try #require(pngSize(picture.png))
        #expect((size.width, size.height) == (260, 211))
        // A title wider than the weeks widens the picture.
        let titled = try #require(
            Pictures.heatmap(title: "Floss, last 12 weeks: 3 times on 2 days", from: "2026-09-07", through: "2026-11-29", counts: [:]))
        let wider = try #require(pngSize(titled.png))
        #expect(wider.width > 260 && wider.width == titled.width && wider.height == 211)
    }

    @Test func aDayOutsideTheWeeksOrABadRangeDrawsNothingWrong() {
        #expect(Pictures.heatmap(title: "x", from: "2026-11-29", through: "2026-09-07", counts: [:]) == nil)
        #expect(Pictures.heatmap(title: "x", from: "soon", through: "2026-09-07", counts: [:]) == nil)
        #expect(Pictures.streaks([]) == nil)
    }

    @Test func theStreaksAreABarForEachHabit() throws {
        let picture = try #require(
            Pictures.streaks([
                .init(name: "Floss", streak: 3, best: 10, unit: "day"), .init(name: "Gym", streak: 1, best: 1, unit: "week"),
            ]))
        let size = try #require(pngSize(picture.png))
        #expect((size.width, size.height) == (580, 104))
    }

    @Test func theStrengthIsALineOverTheWeeks() throws {
        let points = (0..<12).map { (day: "2026-11-\(String(format: "%02d", 1 + $0))", strength: $0 * 8) }
        let picture = try #require(Pictures.strength(title: "Floss", points: points))
        #expect(pngSize(picture.png).map { [$0.width, $0.height] } == [424, 216])
        #expect(Pictures.strength(title: "Floss", points: [(day: "2026-11-01", strength: 5)]) == nil)
    }

    @Test func aHeatmapReplyThroughTheBridgeComesAsAPictureWithItsTextAsCaption() throws {
        let data = BridgeData.object([
            "habit": .string("Floss"), "from": .string("2026-09-07"), "through": .string("2026-11-29"),
            "days": .array([.object(["day": .string("2026-11-29"), "count": .number(2)])]),
        ])
        let text = "ℹ️ Floss, last 12 weeks: 2 times on 1 day\n  Mon ░░"
        let reply = BridgeReply(id: 1, ok: true, text: text, view: "heatmap", data: data)
        let picture = try #require(MatrixBridge.picture(of: reply))
        #expect(picture.filename == "heatmap.png")
        #expect(pngSize(picture.image.png)?.height == 211)
        #expect(MatrixBridge.picture(of: BridgeReply(id: 1, ok: true, text: text, view: "today", data: data)) == nil)
        #expect(MatrixBridge.picture(of: BridgeReply(id: 1, ok: true, text: text, data: data)) == nil)
    }
}
