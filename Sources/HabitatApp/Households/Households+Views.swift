import Foundation
import HabitatCommands
import HabitatEngine
import HabitatHousehold
import HabitatStorage

/// What `room status`, `room log` and `room fairness` read to show a room.
extension Households {
    /// The room's entries from this week's Monday through `today` (``Household/week(_:through:)``).
    func week(of room: Room, today: Day) async throws -> [RoomLogEntry] {
        Household.week(try await directory.roomLog(room.id, since: Household.weekStart(today)), through: today)
    }

    /// `room status`: members' level and health, today's shared habits and who did them, the week's XP.
    func status(of room: Room, today: Day) async throws -> Reply {
        let household = try await self.household(room)
        let week = try await week(of: room, today: today)
        // Everyone who did something this week counts when telling people apart, members or not.
        let names = try await self.names(in: household, entries: week)
        var profiles: [Int64: Profile] = [:]
        for member in household.members {
            do {
                profiles[member.accountID] = try await users.with(member.fileID) { try await $0.state() }.profile
            } catch is UserFileError {
                // One member's unreadable file (logged when they try to play) leaves the room's view to the rest.
            }
        }
        let habits = try await sharedHabits(of: room.id)
        return Views.roomStatus(
            household, profiles: profiles, names: names, today: Household.today(habits, in: week, on: today, names: names),
            leaderboard: household.leaderboard(week, names: names))
    }

    /// `room log`: the latest shared completions and slips.
    func log(of room: Room, settings: Settings) async throws -> Reply {
        let entries = try await directory.roomLog(room.id, since: nil, limit: 20)
        // Members and former members as told apart now.
        let names = try await self.names(in: try await household(room), entries: entries)
        return Views.roomLog(entries, of: room, names: names, settings: settings)
    }

    /// `room today`: each chore today, due or not, whose turn it is, and who did it.
    func chores(of room: Room, today: Day) async throws -> Reply {
        Views.roomToday(try await choresToday(of: room, today: today), of: room, today: today)
    }

    func choresToday(of room: Room, today: Day) async throws -> [ChoreToday] {
        let household = try await self.household(room)
        let week = try await week(of: room, today: today)
        // Who did a chore longest ago looks back four weeks before this one.
        let start = Household.weekStart(today)
        let before = try await directory.roomLog(room.id, since: start - 28).filter { $0.day < start }
        let names = try await self.names(in: household, entries: week + before)
        return household.choresToday(try await sharedHabits(of: room.id), in: week, before: before, on: today, names: names)
    }

    /// `room report`: the week through `today`, with four weeks before it for the chores' streaks.
    func report(of room: Room, today: Day) async throws -> Reply {
        let household = try await self.household(room)
        let log = try await directory.roomLog(room.id, since: Household.weekStart(today) - 28)
        let names = try await self.names(in: household, entries: log)
        return Views.roomReport(household.report(try await sharedHabits(of: room.id), log: log, through: today, names: names), of: room)
    }

    /// `room fairness`: each member's share of this week's chores, and who is due next for each.
    func fairness(of room: Room, today: Day) async throws -> Reply {
        let household = try await self.household(room)
        let fairness = household.fairness(of: try await sharedHabits(of: room.id), in: try await week(of: room, today: today))
        return Views.fairness(fairness, of: room, weekOf: Household.weekStart(today))
    }
}
