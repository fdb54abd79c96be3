import CCairo
import Foundation

/// A picture, as PNG bytes, and its size in pixels.
public struct Picture: Sendable, Equatable {
    public let png: [UInt8]
    public let width: Int
    public let height: Int
}

/// Pictures of what the text views show, for chats that show images (Matrix): drawn with Cairo, never by hand.
/// Each is drawn from the view's JSON data, so the picture and the text say the same.
public enum Pictures {
    /// One day's square and the gap after it, in pixels.
    static let cell = 14.0, gap = 3.0
    static var pitch: Double { cell + gap }
    /// From none to 3 or more times a day, as the text view's ░░ ▒▒ ▓▓ ██.
    static let shades: [(Double, Double, Double)] = [(0.92, 0.93, 0.94), (0.61, 0.91, 0.66), (0.25, 0.77, 0.39), (0.13, 0.43, 0.22)]

    /// The heatmap of `heatmap`'s data: a column for each week from `from` (a Monday) through `through`, a row for
    /// each weekday, each day shaded by how many times it was done (`counts`, by `YYYY-MM-DD`); `title` above.
    public static func heatmap(title: String, from: String, through: String, counts: [String: Int]) -> Picture? {
        guard let start = day(from), let end = day(through), start <= end else { return nil }
        let calendar = utcCalendar
        let days = (calendar.dateComponents([.day], from: start, to: end).day ?? 0) + 1
        let weeks = (days + 6) / 7
        let left = 44.0, top = 52.0
        let width = Int(max(left + Double(weeks) * pitch + 12, 20 + textWidth(title, size: 15, bold: true)))
        let height = Int(top + 7 * pitch + 40)
        return draw(width: width, height: height) { context in
            text(context, title, x: 10, y: 22, size: 15, bold: true)
            for (row, name) in ["Mon", "", "Wed", "", "Fri", "", "Sun"].enumerated() where !name.isEmpty {
                text(context, name, x: 10, y: top + Double(row) * pitch + cell - 3, size: 11)
            }
            var lastMonth = 0
            for index in 0..<days {
                guard let date = calendar.date(byAdding: .day, value: index, to: start) else { continue }
                let week = index / 7, weekday = index % 7
                let x = left + Double(week) * pitch, y = top + Double(weekday) * pitch
                let month = calendar.component(.month, from: date)
                if weekday == 0, month != lastMonth {
                    text(context, calendar.shortMonthSymbols[month - 1], x: x, y: top - 8, size: 11)
                    lastMonth = month
                }
                let count = counts[key(date)] ?? 0
                fill(context, shades[min(count, 3)], x: x, y: y, width: cell, height: cell)
            }
            let legendY = top + 7 * pitch + 14
            text(context, "none", x: left, y: legendY + cell - 3, size: 11)
            for (index, label) in ["1", "2", "3+"].enumerated() {
                let x = left + 40 + Double(index) * 44
                fill(context, shades[index + 1], x: x, y: legendY, width: cell, height: cell)
                text(context, label, x: x + cell + 4, y: legendY + cell - 3, size: 11)
            }
            fill(context, shades[0], x: left - 18, y: legendY, width: cell, height: cell)
        }
    }

    /// One habit's row of `streaks`: its name, its streak now and its best.
    public struct Streak: Sendable, Equatable {
        public var name: String
        public var streak: Int
        public var best: Int
        /// `day`, `week` or `month`.
        public var unit: String

        public init(name: String, streak: Int, best: Int, unit: String) {
            self.name = name
            self.streak = streak
            self.best = best
            self.unit = unit
        }
    }

    /// Each habit's streak as a bar, its best as a lighter bar behind it.
    public static func streaks(_ rows: [Streak]) -> Picture? {
        guard !rows.isEmpty else { return nil }
        let left = 150.0, barWidth = 300.0, rowHeight = 26.0, top = 40.0
        let longest = Double(max(1, rows.map { max($0.best, $0.streak) }.max() ?? 1))
        let width = Int(left + barWidth + 130), height = Int(top + Double(rows.count) * rowHeight + 12)
        return draw(width: width, height: height) { context in
            text(context, "Streaks", x: 10, y: 24, size: 15, bold: true)
            for (index, row) in rows.enumerated() {
                let y = top + Double(index) * rowHeight
                text(context, String(row.name.prefix(20)), x: 10, y: y + 15, size: 12)
                fill(context, shades[1], x: left, y: y + 3, width: max(2, barWidth * Double(row.best) / longest), height: 16)
                if row.streak > 0 {
                    fill(context, shades[3], x: left, y: y + 3, width: barWidth * Double(row.streak) / longest, height: 16)
                }
                let unit = row.streak == 1 ? row.unit : row.unit + "s"
                text(context, "\(row.streak) \(unit) (best \(row.best))", x: left + barWidth + 8, y: y + 15, size: 11)
            }
        }
    }

    /// A habit's strength over the weeks as a line from 0 to 100%, each point's day (`YYYY-MM-DD`) below it every
    /// other week; `title` above.
    public static func strength(title: String, points: [(day: String, strength: Int)]) -> Picture? {
        guard points.count > 1 else { return nil }
        let left = 44.0, top = 40.0, plotWidth = 360.0, plotHeight = 140.0
        let width = Int(max(left + plotWidth + 20, 20 + textWidth(title, size: 15, bold: true)))
        let height = Int(top + plotHeight + 36)
        let step = plotWidth / Double(points.count - 1)
        func y(_ strength: Int) -> Double { top + plotHeight * (1 - Double(min(100, max(0, strength))) / 100) }
        return draw(width: width, height: height) { context in
            text(context, title, x: 10, y: 22, size: 15, bold: true)
            for level in [0, 50, 100] {
                fill(context, shades[0], x: left, y: y(level), width: plotWidth, height: 1)
                text(context, "\(level)%", x: 8, y: y(level) + 4, size: 10)
            }
            cairo_set_source_rgb(context, shades[3].0, shades[3].1, shades[3].2)
            cairo_set_line_width(context, 2.5)
            for (index, point) in points.enumerated() {
                let x = left + Double(index) * step
                if index == 0 { cairo_move_to(context, x, y(point.strength)) } else { cairo_line_to(context, x, y(point.strength)) }
            }
            cairo_stroke(context)
            for (index, point) in points.enumerated() {
                let x = left + Double(index) * step
                fill(context, shades[3], x: x - 3, y: y(point.strength) - 3, width: 6, height: 6)
                if index % 2 == (points.count - 1) % 2, let date = day(point.day) {
                    let parts = utcCalendar.dateComponents([.month, .day], from: date)
                    let label = "\(parts.day ?? 0) \(utcCalendar.shortMonthSymbols[(parts.month ?? 1) - 1])"
                    text(context, label, x: x - 14, y: top + plotHeight + 20, size: 10)
                }
            }
        }
    }

    // MARK: Cairo

    /// A white picture of `width` × `height` with `body` drawn on it, as PNG; `nil` when Cairo could not make it.
    static func draw(width: Int, height: Int, _ body: (OpaquePointer) -> Void) -> Picture? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard let context = cairo_create(surface) else { return nil }
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        body(context)
        cairo_destroy(context)
        cairo_surface_flush(surface)
        let sink = PNGSink()
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(surface, { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<PNGSink>.fromOpaque(closure).takeUnretainedValue().bytes
                    .append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        }
        guard status == CAIRO_STATUS_SUCCESS else { return nil }
        return Picture(png: sink.bytes, width: width, height: height)
    }

    /// Where the PNG's bytes are written, one piece at a time.
    private final class PNGSink {
        var bytes: [UInt8] = []
    }

    static func fill(_ context: OpaquePointer, _ colour: (Double, Double, Double), x: Double, y: Double, width: Double, height: Double) {
        cairo_set_source_rgb(context, colour.0, colour.1, colour.2)
        cairo_rectangle(context, x, y, width, height)
        cairo_fill(context)
    }

    /// How wide `words` are drawn by ``text(_:_:x:y:size:bold:)``, in pixels.
    static func textWidth(_ words: String, size: Double, bold: Bool = false) -> Double {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1) else { return 0 }
        defer { cairo_surface_destroy(surface) }
        guard let context = cairo_create(surface) else { return 0 }
        defer { cairo_destroy(context) }
        font(context, size: size, bold: bold)
        var extents = cairo_text_extents_t()
        cairo_text_extents(context, words, &extents)
        return extents.x_advance
    }

    static func font(_ context: OpaquePointer, size: Double, bold: Bool) {
        cairo_select_font_face(
            context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, size)
    }

    static func text(_ context: OpaquePointer, _ words: String, x: Double, y: Double, size: Double, bold: Bool = false) {
        font(context, size: size, bold: bold)
        cairo_set_source_rgb(context, 0.14, 0.16, 0.18)
        cairo_move_to(context, x, y)
        cairo_show_text(context, words)
    }

    // MARK: Days

    static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }()

    /// `2026-11-29` as midnight UTC of that day.
    static func day(_ text: String) -> Date? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return utcCalendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
    }

    static func key(_ date: Date) -> String {
        let parts = utcCalendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
