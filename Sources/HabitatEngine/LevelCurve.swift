import Foundation

/// How much XP each level needs: `need(L)` is the XP to go from level L to L+1.
public struct LevelCurve: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// `round(b * (1 + (m - 1) * (L - 1)))`: 100, 150, 200, 250, ...
        case linear
        /// `round(b * m^(L - 1))`: 100, 150, 225, 338, ...
        case exponential
        /// `b` at every level.
        case flat
    }

    public var kind: Kind
    /// "xp per level": the need of level 1.
    public var base: Int
    public var multiplier: Double

    public static let `default` = LevelCurve(kind: .linear, base: 100, multiplier: 1.5)

    public init(kind: Kind = .linear, base: Int = 100, multiplier: Double = 1.5) {
        self.kind = kind
        self.base = base
        self.multiplier = multiplier
    }

    /// Whether every level needs the same XP (a flat curve, or a multiplier of 1).
    public var isConstant: Bool { kind == .flat || multiplier == 1 }

    /// XP needed to go from `level` to `level + 1`, rounded half away from zero, never below 1.
    public func need(at level: Int) -> Int {
        let b = Double(base)
        let steps = Double(max(level, 1) - 1)
        let exact: Double
        switch kind {
        case .linear: exact = b * (1 + (multiplier - 1) * steps)
        case .exponential: exact = b * pow(multiplier, steps)
        case .flat: exact = b
        }
        // Decimal multipliers are not exact in binary (50 × 1.15 = 57.4999…): settle the last bits first,
        // so a true half still rounds away from zero.
        let settled = (exact * 1e6).rounded() / 1e6
        let rounded = settled.rounded(.toNearestOrAwayFromZero)
        guard rounded.isFinite, rounded < Double(Int.max / 4) else { return Int.max / 4 }
        return max(1, Int(rounded))
    }
}

/// A level and the XP gathered towards the next one (the profile's, or an area's).
public struct Progress: Sendable, Equatable, Codable {
    public var level: Int
    public var xp: Int

    public static let start = Progress(level: 1, xp: 0)

    public init(level: Int = 1, xp: Int = 0) {
        self.level = level
        self.xp = xp
    }

    /// Adds XP and climbs as many levels as it pays for; returns the levels reached, in order.
    ///
    /// On a curve whose need never changes, a million levels cost one division, not a million steps.
    @discardableResult
    public mutating func gain(_ amount: Int, on curve: LevelCurve) -> Range<Int> {
        let start = level
        xp += amount
        if curve.isConstant {
            let (levels, rest) = xp.quotientAndRemainder(dividingBy: curve.need(at: level))
            level += levels
            xp = rest
        } else {
            var need = curve.need(at: level)
            while xp >= need {
                xp -= need
                level += 1
                need = curve.need(at: level)
            }
        }
        return (start + 1)..<(level + 1)
    }
}
