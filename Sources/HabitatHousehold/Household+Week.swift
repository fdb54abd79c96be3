import Foundation
import HabitatEngine

/// The household's week: its shared habits done today, its leaderboard, and each member's fair share of the chores.
extension Household {
    /// The week so far starts on Monday, in the viewer's days.
    public static func weekStart(_ today: Day) -> Day { today - today.weekday }

    /// The entries of the room's log from this week's Monday (``weekStart(_:)``) through `today`. Each counts on the
    /// day its member recorded it for, so one made in a time zone already a day ahead waits for the viewer's next day
    /// (and week).
    public static func week(_ log: [RoomLogEntry], through today: Day) -> [RoomLogEntry] {
        log.filter { $0.day >= weekStart(today) && $0.day <= today }
    }

    /// Each shared habit, and who did it today (`names` shows them), each named once, the most recent first.
    public static func today(
        _ habits: [SharedHabit], in week: [RoomLogEntry], on today: Day, names: [Int64: String]
    ) -> [(habit: SharedHabit, doneBy: [String])] {
        let todays = week.filter { $0.day == today }
        return habits.map { habit in
            var seen = Set<String>()
            let by = todays.filter { $0.habitID == habit.id }.reversed().map { names[$0.accountID] ?? $0.member }
            return (habit, by.filter { seen.insert($0).inserted })
        }
    }

    /// Each member's XP from the room this week, most first (then by name).
    public func leaderboard(_ week: [RoomLogEntry], names: [Int64: String]) -> [(name: String, xp: Int)] {
        members.map { member in
            (names[member.accountID] ?? member.name, week.filter { $0.accountID == member.accountID }.reduce(0) { $0 + $1.xp })
        }
        .sorted { $0.xp > $1.xp || ($0.xp == $1.xp && $0.name < $1.name) }
    }

    /// The members in the order of their turn at `chore` after the chores `done` (this week's): whoever's share of
    /// them, weighed by effort (each chore's XP), is lowest first; among equals, whoever did this chore longest ago in
    /// `earlier` (entries before, as far back as they go; or never), then by name. The one rule of whose turn it is,
    /// for `room today` and `room fairness`.
    public func turnOrder(
        of chore: SharedHabit, after done: [RoomLogEntry], earlier: [RoomLogEntry] = [], names: [Int64: String]
    ) -> [Member] {
        let chores = done.filter { $0.kind == .good }
        let effort = Dictionary(chores.map { ($0.accountID, $0.xp) }, uniquingKeysWith: +)
        let last = Dictionary(
            (earlier + chores).filter { $0.habitID == chore.id && $0.kind == .good }.map { ($0.accountID, $0.at) }, uniquingKeysWith: max)
        func key(_ member: Member) -> (Int, Date, String) {
            (effort[member.accountID] ?? 0, last[member.accountID] ?? .distantPast, names[member.accountID] ?? member.name)
        }
        return members.sorted { key($0) < key($1) }
    }

    /// Who has done how much of this week's chores (the good shared habits among `habits`), each share weighed by
    /// effort (each chore's XP), and whose turn each is next (``turnOrder(of:after:names:)``).
    public func fairness(of habits: [SharedHabit], in week: [RoomLogEntry]) -> Fairness {
        let names = self.names
        func shown(_ member: Member) -> String { names[member.accountID] ?? member.name }
        let chores = habits.filter { $0.kind == .good }
        let done = week.filter { $0.kind == .good }
        func count(_ member: Member, _ habit: SharedHabit? = nil) -> Int {
            done.filter { $0.accountID == member.accountID && (habit == nil || $0.habitID == habit!.id) }.reduce(0) { $0 + $1.quantity }
        }
        func effort(_ member: Member) -> Int { done.filter { $0.accountID == member.accountID }.reduce(0) { $0 + $1.xp } }
        let total = members.reduce(0) { $0 + count($1) }
        let totalEffort = members.reduce(0) { $0 + effort($1) }
        let shares = members.map { member -> Fairness.Share in
            let xp = effort(member)
            let percent = totalEffort == 0 ? 0 : Int((Double(xp) * 100 / Double(totalEffort)).rounded())
            return Fairness.Share(name: shown(member), done: count(member), xp: xp, percent: percent)
        }.sorted { (a: Fairness.Share, b: Fairness.Share) -> Bool in (-a.xp, -a.done, a.name) < (-b.xp, -b.done, b.name) }
        let turns = chores.map { chore in
            Fairness.Turns(chore: chore.name, counts: turnOrder(of: chore, after: done, names: names).map { (shown($0), count($0, chore)) })
        }
        return Fairness(total: total, shares: shares, chores: turns)
    }
}

/// Each member's share of a week's chores, and whose turn each chore is.
public struct Fairness: Sendable {
    /// Chores done this week, by everyone.
    public var total: Int
    /// Most done first.
    public var shares: [Share]
    public var chores: [Turns]

    public struct Share: Sendable, Equatable {
        public var name: String
        public var done: Int
        /// The XP of the chores done: the effort.
        public var xp: Int
        /// Of the week's effort (everyone's XP from chores), rounded.
        public var percent: Int

        public init(name: String, done: Int, xp: Int, percent: Int) {
            (self.name, self.done, self.xp, self.percent) = (name, done, xp, percent)
        }
    }

    /// One chore's members, whoever is due next first, with how often each did it this week.
    public struct Turns: Sendable {
        public var chore: String
        public var counts: [(name: String, count: Int)]
        public var next: String? { counts.first?.name }
    }
}

/// A shared chore today: whether it is due, whose turn it is when the members take turns, and who did it.
public struct ChoreToday: Sendable, Equatable {
    public var habit: SharedHabit
    public var due: Bool
    public var turn: String?
    public var doneBy: [String]

    public init(habit: SharedHabit, due: Bool, turn: String?, doneBy: [String]) {
        (self.habit, self.due, self.turn, self.doneBy) = (habit, due, turn, doneBy)
    }
}

extension Household {
    /// Whether `habit` is due `today` by its schedule, from the week's entries before today.
    public static func isDue(_ habit: SharedHabit, today: Day, week: [RoomLogEntry]) -> Bool {
        let before = week.filter { $0.habitID == habit.id && $0.day < today && $0.day >= weekStart(today) }.reduce(0) { $0 + $1.quantity }
        return habit.schedule.isDue(on: today, lastDone: nil, doneInPeriod: before)
    }

    /// Each good shared habit today: due or not, whose turn it is, and who did it (`names` shows them).
    ///
    /// The turn of a chore the members take turns at, on a day it is due, is the member whose share of the week's
    /// chores before today, weighted by effort (each chore's XP), is lowest; among equals, whoever did this chore
    /// longest ago (or never), then by name. It is counted from the days before today, so it holds all day; anyone
    /// may still do the chore and is credited.
    /// `before` holds the room's entries before this week (some weeks of them), for who did a chore longest ago.
    public func choresToday(
        _ habits: [SharedHabit], in week: [RoomLogEntry], before: [RoomLogEntry] = [], on today: Day, names: [Int64: String]
    ) -> [ChoreToday] {
        let done = Household.today(habits.filter { $0.kind == .good }, in: week, on: today, names: names)
        let thisWeek = week.filter { $0.day < today }
        return done.map { habit, doneBy in
            let due = Household.isDue(habit, today: today, week: week)
            let first = habit.rotates && due ? turnOrder(of: habit, after: thisWeek, earlier: before, names: names).first : nil
            return ChoreToday(habit: habit, due: due, turn: first.map { names[$0.accountID] ?? $0.name }, doneBy: doneBy)
        }
    }
}
