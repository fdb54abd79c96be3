import Foundation
import HabitatEngine

extension Views {
    /// `areas`: each area's level and XP, and how many habits it holds.
    public static func areas(_ state: GameState) -> Reply {
        let rows = state.areas.map { area -> (String, JSON) in
            let need = area.curve.need(at: area.progress.level)
            let count = state.activeHabits.filter { $0.areaID == area.id }.count
            let line = "\(area.name): level \(area.progress.level), \(area.progress.xp)/\(need) XP · \(plural(count, "habit"))"
            let data: JSON = [
                "name": .string(area.name), "level": .int(area.progress.level), "xp": .int(area.progress.xp),
                "xp_needed": .int(need), "habits": .int(count), "curve": .string(area.curve.kind.rawValue),
            ]
            return (line, data)
        }
        let data: JSON = ["areas": .array(rows.map(\.1))]
        guard !rows.isEmpty else { return Reply(.info, "No areas yet. Add one: 'add area Fitness'.", data: data) }
        return Reply(.info, "Your areas (\(rows.count))", details: rows.map(\.0), data: data)
    }

    /// `config`: every setting, and each area's curve.
    public static func config(_ state: GameState) -> Reply {
        let s = state.settings
        var lines = [
            "curve: \(GameState.describe(s.curve)) — next level needs \(state.xpNeeded) XP",
            "running target: \(GameState.km(s.runningTargetKm))",
            "timezone: \(s.timeZone)",
            "day start: \(s.dayStartHour):00",
            "week start: \(s.weekStart == 6 ? "sunday" : "monday")",
        ]
        lines += state.areas.map { "area \($0.name): \(GameState.describe($0.curve))" }
        let data: JSON = [
            "curve": .string(s.curve.kind.rawValue), "multiplier": .double(s.curve.multiplier),
            "xp_per_level": .int(s.curve.base), "running_target_km": .double(s.runningTargetKm),
            "timezone": .string(s.timeZone), "day_start": .int(s.dayStartHour), "week_start": .string(s.weekStart == 6 ? "sunday" : "monday"),
            "areas": .array(
                state.areas.map {
                    ["name": .string($0.name), "curve": .string($0.curve.kind.rawValue), "multiplier": .double($0.curve.multiplier), "xp_per_level": .int($0.curve.base)]
                }),
        ]
        return Reply(.info, "Your settings ('help config' shows how to change them)", details: lines, data: data)
    }

    /// `archive`: the archived habits; `days` as for ``habits(_:today:days:)``.
    public static func archive(_ state: GameState, today: Day, days: [Int64: [Day: Quantity]]) -> Reply {
        let archived = state.habits.filter(\.archived)
        let data: JSON = ["habits": .array(archived.map { habitData($0, state: state, keeping: state.keeping($0, days: days, today: today), today: today, days: days) })]
        guard !archived.isEmpty else { return Reply(.info, "No archived habits.", data: data) }
        return Reply(
            .info, "Archived habits (\(archived.count)) — 'unarchive <habit>' brings one back",
            details: archived.map { "\($0.name): \(state.describeTerms(of: $0)) · \(plural($0.stats.total, "time")) in all" }, data: data)
    }

    /// `routines`: each routine with its habits and what doing it earns.
    public static func routines(_ state: GameState) -> Reply {
        let rows = state.routines.map { routine -> (String, JSON) in
            let members = state.members(of: routine)
            let xp = members.reduce(0) { $0 + $1.xp }
            let coins = members.reduce(0) { $0 + $1.coins }
            let line =
                members.isEmpty
                ? "\(routine.name): no habits left to record (archived or deleted)"
                : "\(routine.name): \(members.map(\.name).joined(separator: ", ")) (+\(xp) XP, \(GameState.coins(coins, signed: true)))"
            return (line, ["name": .string(routine.name), "habits": .array(members.map { .string($0.name) }), "xp": .int(xp), "coins": .int(coins)])
        }
        let data: JSON = ["routines": .array(rows.map(\.1))]
        guard !rows.isEmpty else {
            return Reply(.info, "No routines yet. Add one: 'add routine Morning: wake up, exercise'.", data: data)
        }
        return Reply(.info, "Your routines (\(rows.count)) — record one with 'did <routine>'", details: rows.map(\.0), data: data)
    }

    /// `templates`: the built-in starter packs.
    public static func templates() -> Reply {
        let lines = Template.all.map { template in
            "\(template.name) — \(template.summary): \(template.habits.map(\.name).joined(separator: ", ")) (in \(template.area))"
        }
        let data: JSON = [
            "templates": .array(
                Template.all.map { ["name": .string($0.name), "area": .string($0.area), "habits": .array($0.habits.map { .string($0.name) })] })
        ]
        return Reply(.info, "Templates — add one with 'use template <name>'", details: lines, data: data)
    }

    /// `streaks`: every active habit's current and best streak, in its schedule's unit, and its strength; `days` as for
    /// ``habits(_:today:days:)``.
    public static func streaks(_ state: GameState, today: Day, days: [Int64: [Day: Quantity]]) -> Reply {
        let habits = state.activeHabits
        let kept = habits.map { state.keeping($0, days: days, today: today) }
        let data: JSON = [
            "streaks": .array(
                zip(habits, kept).map { habit, keeping in
                    [
                        "name": .string(habit.name), "kind": .string(habit.kind.rawValue), "streak": .int(keeping.streak),
                        "best_streak": .int(keeping.best), "streak_unit": .string(keeping.unit.rawValue), "strength": .int(keeping.strength),
                    ]
                })
        ]
        guard !habits.isEmpty else { return Reply(.info, "No habits yet, so no streaks. Add one: 'add habit Exercise'.", data: data) }
        let lines = zip(habits, kept).map { habit, keeping in
            let unit = keeping.unit == .days ? "day" : keeping.unit == .weeks ? "week" : "month"
            let run = "\(plural(keeping.streak, unit))\(habit.kind == .bad ? " clean" : "") (best \(keeping.best))"
            return "\(habit.name): \(run) · strength \(keeping.strength)%"
        }
        return Reply(.info, "Streaks", details: lines, data: data)
    }
}
