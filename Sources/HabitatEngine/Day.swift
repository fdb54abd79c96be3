import Foundation

/// A calendar day in the user's own reckoning (their timezone and day-start hour).
///
/// Stored as the number of days since 1970-01-01, so streak arithmetic is plain subtraction.
public struct Day: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public var ordinal: Int

    public init(ordinal: Int) { self.ordinal = ordinal }

    /// The day `date` falls on for someone in `timeZone` whose day starts at `dayStartHour`.
    public init(_ date: Date, timeZone: TimeZone, dayStartHour: Int = 0) {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let local = seconds + timeZone.secondsFromGMT(for: date) - dayStartHour * 3600
        ordinal = Int((Double(local) / 86_400).rounded(.down))
    }

    /// Parses `YYYY-MM-DD`.
    public init?(iso: String) {
        let parts = iso.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
            (1...12).contains(m), (1...Day.daysIn(month: m, year: y)).contains(d)
        else { return nil }
        ordinal = Day.daysFromCivil(year: y, month: m, day: d)
    }

    public static func < (lhs: Day, rhs: Day) -> Bool { lhs.ordinal < rhs.ordinal }
    public static func + (lhs: Day, rhs: Int) -> Day { Day(ordinal: lhs.ordinal + rhs) }
    public static func - (lhs: Day, rhs: Int) -> Day { Day(ordinal: lhs.ordinal - rhs) }
    public static func - (lhs: Day, rhs: Day) -> Int { lhs.ordinal - rhs.ordinal }

    /// `YYYY-MM-DD`.
    public var description: String {
        let (y, m, d) = civil
        guard (0...9999).contains(y) else { return String(format: "%04d-%02d-%02d", y, m, d) }
        // Written digit by digit: this runs for every recorded action.
        return String(unsafeUninitializedCapacity: 10) { buffer in
            func put(_ value: Int, width: Int, at start: Int) {
                var value = value
                for index in stride(from: start + width - 1, through: start, by: -1) {
                    buffer[index] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
            }
            put(y, width: 4, at: 0)
            buffer[4] = UInt8(ascii: "-")
            put(m, width: 2, at: 5)
            buffer[7] = UInt8(ascii: "-")
            put(d, width: 2, at: 8)
            return 10
        }
    }

    /// Year, month (1–12) and day of month.
    public var civil: (year: Int, month: Int, day: Int) {
        // Howard Hinnant's civil_from_days.
        let z = ordinal + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// 0 = Monday ... 6 = Sunday.
    /// `Fri 20 Nov`: the day as a reply names it.
    public var label: String {
        let (_, month, date) = civil
        return "\(Self.weekdayNames[weekday]) \(date) \(Self.monthNames[month - 1])"
    }

    public static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    public static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public var weekday: Int { ((ordinal % 7) + 7 + 3) % 7 }

    public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
