import Foundation

/// A habit counted in an amount a day: a good habit's target (`target 8 glasses`: done for the day at 8), or a bad
/// habit's allowance (`limit 2 cups`: the first 2 a day cost nothing).
public struct DailyAmount: Sendable, Hashable, Codable {
    /// How much: whole (`8 glasses`) or with decimals (`2.5 litres`).
    public var count: Quantity
    /// The unit word as typed (`glasses`), or `nil` for a plain count.
    public var unit: String?

    /// The most a target or a limit, or one recording of an amount, may be.
    public static let most = 100_000

    public init(_ count: Quantity, unit: String? = nil) {
        self.count = count
        self.unit = unit
    }

    /// `8 glasses`, `8`: the amount with its unit.
    public var words: String { Self.words(count, unit) }

    /// `5 glasses`, `2.5 km`, `5`.
    public static func words(_ count: Quantity, _ unit: String?) -> String { unit.map { "\(count) \($0)" } ?? "\(count)" }

    /// `5/8 glasses`: an amount so far against this one.
    public func progress(_ done: Quantity) -> String { unit.map { "\(done)/\(count) \($0)" } ?? "\(done)/\(count)" }
}

/// What a day holds already of a habit counted in an amount: the amount recorded, and whether its XP and coins were
/// given (they are, once a day).
public struct DayAmount: Sendable, Equatable {
    public var amount: Quantity
    public var credited: Bool

    public static let none = DayAmount(amount: 0, credited: false)

    public init(amount: Quantity, credited: Bool) {
        self.amount = amount
        self.credited = credited
    }
}

extension GameState {
    /// `8 glasses a day`, `limit 2 cups a day`, `3 km each time` (on a quota): a habit's amount as its terms say it.
    public static func describe(_ amount: DailyAmount, of kind: HabitKind, schedule: Schedule = .daily) -> String {
        guard kind == .good else { return "limit \(amount.words) a day" }
        return schedule.isQuota ? "\(amount.words) each time" : "\(amount.words) a day"
    }

    /// The rules a target or a limit follows, whichever way it is set: 1 to ``DailyAmount/most``, a short unit; never on
    /// a shared habit. On a quota a target is each time's (`3 km, 3 times a week`: a day counts once it reaches 3 km).
    static func checkAmount(_ amount: DailyAmount?, of name: String, kind: HabitKind, saidAs keyword: String? = nil) throws {
        if kind == .bad, keyword == "target" {
            throw HabitatError(
                .invalidArgument, "\(name) is a bad habit: it has a limit, not a target (the first so many a day cost nothing), e.g. 'limit 2 cups'.")
        }
        if kind == .good, keyword == "limit" {
            throw HabitatError(
                .invalidArgument, "\(name) is a good habit: it has a target, not a limit (it's done for the day at that amount), e.g. 'target 8 glasses'.")
        }
        guard let amount else { return }
        let what = kind == .good ? "A target" : "A limit"
        guard amount.count > 0, amount.count <= Quantity(DailyAmount.most) else {
            throw HabitatError(.invalidArgument, "\(what) is a number from 0.001 to \(DailyAmount.most), e.g. 8 or 2.5.")
        }
        if let unit = amount.unit {
            guard unit.count <= 20, !unit.containsControlCharacters else {
                throw HabitatError(.invalidArgument, "A unit is one short word, like 'glasses' or 'pages'.")
            }
        }
    }

    /// Records `amount` of a habit counted in an amount, given `before`, what the day holds already: a good habit
    /// earns its XP and coins once a day, the moment the day's amount reaches its target; a bad habit costs nothing up
    /// to its limit and its life for each beyond. `on` is the day when it isn't today.
    mutating func recordAmount(
        of habit: Habit, _ daily: DailyAmount, amount: Quantity, before: DayAmount, on day: Day?, entry: inout LedgerEntry
    ) throws -> [Toast] {
        guard amount > 0, amount <= Quantity(DailyAmount.most) else {
            throw HabitatError(.invalidArgument, "You can record 0.001 to \(DailyAmount.most) at once.")
        }
        let after = before.amount + amount
        let when = day.map { "on \($0.label)" } ?? "today"
        switch habit.kind {
        case .good:
            guard !before.credited, after >= daily.count else {
                return [Toast(.progress, "\(habit.name) \(daily.progress(after)) \(when)\(before.credited ? ", done already" : "")")]
            }
            entry.xp = habit.xp
            entry.coins = habit.coins
            let done = Toast(
                .success,
                "\(habit.name) done for \(day?.label ?? "today"): \(daily.progress(after))! +\(habit.xp) XP, \(Self.coins(habit.coins, signed: true))")
            return [done] + gain(xp: habit.xp, coins: habit.coins, area: habit.areaID)
        case .bad:
            // Each one beyond the limit costs its life, a part of one as one: 2.5 with a limit of 2 costs once, and 3 after
            // that nothing more.
            let over = (after - daily.count).wholeOnesStarted - (before.amount - daily.count).wholeOnesStarted
            guard over > 0 else {
                return [Toast(.info, "\(habit.name) \(daily.progress(after)) \(when): within your limit, no life lost.")]
            }
            var toasts = try score(habit.name, kind: .bad, xp: 0, coins: 0, life: habit.life, times: over, area: nil, entry: &entry)
            toasts[0].message = "\(habit.name) \(DailyAmount.words(after, daily.unit)) \(when) (limit \(daily.count)). \(Self.lifeCost(habit.life * over))"
            return toasts
        }
    }
}

extension DailyAmount {
    /// A number as people type it: `4,200` and `12,000` with commas between thousands, `2.5` and `2,5` with a decimal
    /// point or comma; `nil` for anything else (`1,2,3`, `4,20,0`, `.5`).
    public static func number(_ text: Substring) -> Double? {
        guard text.first?.isNumber == true, text.allSatisfy({ $0.isNumber || $0 == "." || $0 == "," }) else { return nil }
        let groups = text.split(separator: ",", omittingEmptySubsequences: false)
        if groups.count > 1, groups[0].count <= 3, !groups[0].contains("."),
            groups.dropFirst().allSatisfy({ $0.prefix { $0 != "." }.count == 3 && $0.dropFirst(3).first != "," }),
            groups.dropLast().allSatisfy({ !$0.contains(".") })
        {
            return Double(groups.joined())
        }
        guard groups.count <= 2 else { return nil }
        return Double(text.replacingOccurrences(of: ",", with: "."))
    }

    /// `amount` as a habit of `kind` keeps it: a limit of 0 lets none go free, so it is no limit (every one costs).
    static func kept(_ amount: DailyAmount?, kind: HabitKind) -> DailyAmount? {
        kind == .bad && amount?.count == 0 ? nil : amount
    }

    /// ``number(_:)`` as an amount: whole, or with at most three decimals (`2.5`, `0,75`).
    public static func quantity(_ text: Substring) -> Quantity? {
        if let value = Int(text) { return Quantity(value) }
        return number(text).flatMap(Quantity.init(exactly:))
    }
}

extension GameState {
    /// `did water 3`, `did swim 1.5`, `did water 3 glasses`: the recording of a habit counted in an amount, with the
    /// amount after its name, as `did water x3` says it. A name as typed comes first (`did read 20 pages` is a habit
    /// Read 20 pages when there is one); a habit counted in times, or a unit that isn't the habit's, is told how to say it.
    public func withAmount(_ recording: Recording) throws -> Recording {
        guard recording.times == 1, recording.amount == nil, recording.loose == nil, recording.amountBefore == nil,
            let (name, amount, unit) = Self.trailingAmount(recording.habit),
            (try? self.recorded(recording)) == nil, let habit = try? self.habit(named: name)
        else { return recording }
        guard let daily = habit.amount else {
            guard amount.isWhole else {
                throw HabitatError(.invalidArgument, "\(habit.name) is counted in times: 'did \(habit.name.lowercased())' records it once.")
            }
            let amount = amount.rounded
            throw HabitatError(
                .invalidArgument,
                "\(habit.name) is counted in times: 'did \(habit.name.lowercased()) x\(amount)' records it \(amount) times. To count it in an amount, give it a \(habit.kind == .good ? "target: 'edit \(habit.name.lowercased()) target \(amount)'" : "limit: 'edit \(habit.name.lowercased()) limit \(amount)'").")
        }
        if let unit, !UnitWords.same(unit, daily.unit) {
            throw HabitatError(
                .invalidArgument, "\(habit.name) is counted in \(daily.unit ?? "plain numbers"), not \(unit): 'did \(habit.name.lowercased()) \(amount)'.")
        }
        var read = recording
        read.habit = name
        read.amount = amount
        return read
    }

    /// `water 3` → (`water`, 3, nil); `swim 1.5` → (`swim`, 1.5, nil); `water 3 glasses` → (`water`, 3, `glasses`); else
    /// `nil`. The name keeps a word.
    static func trailingAmount(_ typed: String) -> (String, Quantity, String?)? {
        // One word has no amount after it: said without splitting it into words, which every recording asks.
        guard typed.containsSpace else { return nil }
        let words = typed.split(separator: " ")
        guard words.count >= 2 else { return nil }
        if let amount = DailyAmount.quantity(words[words.count - 1]), amount > 0 {
            return (words.dropLast().joined(separator: " "), amount, nil)
        }
        if words.count >= 3, let amount = DailyAmount.quantity(words[words.count - 2]), amount > 0, words.last!.allSatisfy(\.isLetter) {
            return (words.dropLast(2).joined(separator: " "), amount, String(words.last!).lowercased())
        }
        return nil
    }

}

extension ToastSymbol {
    /// Progress toward a day's target (`📈 Water 5/8 glasses today`).
    public static let progress = ToastSymbol(name: "progress", emoji: "📈", word: "OK:", type: .success)
}
