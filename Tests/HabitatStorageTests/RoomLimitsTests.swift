import Foundation
import GRDB
import HabitatEngine
import HabitatHousehold
import Testing

@testable import HabitatStorage

@Suite("Room limits and expired codes in the directory database")
struct RoomLimitsTests {
    static let small = RoomLimits(roomsPerAccount: 2, membersPerRoom: 3, sharedHabitsPerRoom: 2)

    /// A directory with small limits, accounts ann, ben, cal and dee, and ann's room Smiths.
    func household(_ body: (DirectoryDatabase, Room, [Account]) async throws -> Void) async throws {
        try await withTemporaryDirectory { folder in
            let directory = try DirectoryDatabase(directory: folder, durability: .normal, limits: Self.small)
            var accounts: [Account] = []
            for name in ["ann", "ben", "cal", "dee"] {
                accounts.append(try await directory.createAccount(name: name, passwordHash: "h", at: Fixture.now))
            }
            let room = try await directory.createRoom(named: "Smiths", owner: accounts[0].id, at: Fixture.now)
            try await body(directory, room, accounts)
        }
    }

    func expectLimit(_ message: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void) async {
        let error = await #expect(throws: HabitatError.self, sourceLocation: sourceLocation) { try await body() }
        #expect(error?.code == .limitReached, sourceLocation: sourceLocation)
        #expect(error?.message == message, sourceLocation: sourceLocation)
    }

    @Test func someoneInAsManyRoomsAsOneCanBeCanNeitherStartNorJoinAnotherUntilTheyLeaveOne() async throws {
        try await household { directory, smiths, accounts async throws in
            let (ann, ben) = (accounts[0], accounts[1])
            let garden = try await directory.createRoom(named: "Garden", owner: ann.id, at: Fixture.now)
            let tooMany = "You're in 2 rooms, the most one player can be in. To join or start another, leave one with 'room leave <name>'."
            await expectLimit(tooMany) { _ = try await directory.createRoom(named: "Attic", owner: ann.id, at: Fixture.now) }
            #expect(try await directory.room(named: "Attic") == nil)

            let bens = try await directory.createRoom(named: "Bens", owner: ben.id, at: Fixture.now)
            let code = try await directory.createInvite(for: bens.id, by: ben.id, at: Fixture.now)
            await expectLimit(tooMany) { _ = try await directory.redeemInvite(code, room: bens.id, by: ann.id, at: Fixture.now) }
            // The code stays unused, and works once ann has left a room.
            #expect(try await directory.inviteRoom(code, at: Fixture.now) == bens)
            try await directory.removeMember(ann.id, from: garden.id, at: Fixture.now)
            #expect(try await directory.redeemInvite(code, room: bens.id, by: ann.id, at: Fixture.now))
            #expect(try await directory.rooms(of: ann.id).map(\.name) == ["Bens", "Smiths"])
            #expect(try await directory.membership(of: ann.id, in: smiths.id)?.isOwner == true)
        }
    }

    @Test func aFullRoomTakesNoOneMoreByInviteSpeakingOrComingBackUntilSomeoneGoes() async throws {
        try await household { directory, smiths, accounts async throws in
            let (ann, ben, cal, dee) = (accounts[0], accounts[1], accounts[2], accounts[3])
            try await directory.addMember(ben.id, to: smiths.id, at: Fixture.now)
            try await directory.addMember(cal.id, to: smiths.id, at: Fixture.now)
            let full = "Smiths has 3 members, the most a room can have."
            let code = try await directory.createInvite(for: smiths.id, by: ann.id, at: Fixture.now)
            await expectLimit(full) { _ = try await directory.redeemInvite(code, room: smiths.id, by: dee.id, at: Fixture.now) }
            await expectLimit(full) { try await directory.addMember(dee.id, to: smiths.id, at: Fixture.now) }
            // A member already is never refused.
            try await directory.addMember(cal.id, to: smiths.id, at: Fixture.now)

            try await directory.removeMember(cal.id, from: smiths.id, at: Fixture.now)
            #expect(try await directory.redeemInvite(code, room: smiths.id, by: dee.id, at: Fixture.now))
            // Cal left, and the room filled up meanwhile: coming back waits for a place, and stays possible.
            await expectLimit(full) { try await directory.rejoin(cal.id, room: smiths.id, at: Fixture.now) }
            #expect(try await directory.departure(of: cal.id, from: smiths.id) == .left)
            try await directory.removeMember(dee.id, from: smiths.id, removed: true, at: Fixture.now)
            try await directory.rejoin(cal.id, room: smiths.id, at: Fixture.now)
            #expect(try await directory.members(of: smiths.id).map(\.name) == ["ann", "ben", "cal"])
        }
    }

    @Test func twoJoinsAtOnceForTheLastPlaceLetInOnlyOne() async throws {
        try await withTemporaryDirectory { folder in
            let directory = try DirectoryDatabase(
                directory: folder, durability: .normal, limits: RoomLimits(roomsPerAccount: 100, membersPerRoom: 2, sharedHabitsPerRoom: 10))
            let ann = try await directory.createAccount(name: "ann", passwordHash: "h", at: Fixture.now)
            let room = try await directory.createRoom(named: "Smiths", owner: ann.id, at: Fixture.now)
            for round in 1...20 {
                let joiners = [
                    try await directory.createAccount(name: "ben\(round)", passwordHash: "h", at: Fixture.now),
                    try await directory.createAccount(name: "cal\(round)", passwordHash: "h", at: Fixture.now),
                ]
                let codes = [
                    try await directory.createInvite(for: room.id, by: ann.id, at: Fixture.now),
                    try await directory.createInvite(for: room.id, by: ann.id, at: Fixture.now),
                ]
                let outcomes = await withTaskGroup(of: ErrorCode?.self) { group in
                    for (joiner, code) in zip(joiners, codes) {
                        group.addTask {
                            do {
                                return try await directory.redeemInvite(code, room: room.id, by: joiner.id, at: Fixture.now) ? nil : .notFound
                            } catch let error as HabitatError {
                                return error.code
                            } catch {
                                return ErrorCode(rawValue: "not a refusal")
                            }
                        }
                    }
                    return await group.reduce(into: [ErrorCode?]()) { $0.append($1) }
                }
                #expect(outcomes.filter { $0 == nil }.count == 1, "round \(round): \(outcomes)")
                #expect(outcomes.contains(.limitReached), "round \(round): \(outcomes)")
                let members = try await directory.members(of: room.id)
                #expect(members.count == 2)
                if let joined = members.first(where: { !$0.isOwner }) {
                    try await directory.removeMember(joined.accountID, from: room.id, at: Fixture.now)
                }
            }
        }
    }

    @Test func aRoomWithAsManySharedHabitsAsOneCanHaveTakesNoMore() async throws {
        try await household { directory, smiths, _ async throws in
            _ = try await directory.addSharedHabit(HabitDraft(name: "Dishes"), to: smiths.id)
            _ = try await directory.addSharedHabit(HabitDraft(name: "Trash"), to: smiths.id)
            await expectLimit("Smiths has 2 shared habits, the most a room can have.") {
                _ = try await directory.addSharedHabit(HabitDraft(name: "Laundry"), to: smiths.id)
            }
            #expect(try await directory.sharedHabits(of: smiths.id).map(\.name) == ["Dishes", "Trash"])
        }
    }

    @Test func aSpeakerAFullChannelRoomCanNotTakeIsNotMadeAMember() async throws {
        try await household { directory, smiths, accounts async throws in
            let (ann, ben, cal, dee) = (accounts[0], accounts[1], accounts[2], accounts[3])
            let (channel, _) = try await directory.channelRoom("irc:#smiths", speaker: ben.id, at: Fixture.now)
            _ = try await directory.channelRoom("irc:#smiths", speaker: cal.id, at: Fixture.now)
            _ = try await directory.channelRoom("irc:#smiths", speaker: dee.id, at: Fixture.now)
            await expectLimit("#smiths has 3 members, the most a room can have.") {
                _ = try await directory.channelRoom("irc:#smiths", speaker: ann.id, at: Fixture.now)
            }
            #expect(try await directory.membership(of: ann.id, in: channel.id) == nil)
            // In as many rooms as one can be, a speaker doesn't start a channel's room either.
            _ = try await directory.createRoom(named: "Garden", owner: ben.id, at: Fixture.now)
            await expectLimit("You're in 2 rooms, the most one player can be in. To join or start another, leave one with 'room leave <name>'.") {
                _ = try await directory.channelRoom("irc:#garden", speaker: ben.id, at: Fixture.now)
            }
            #expect(try await directory.room(named: "irc:#garden") == nil)
            #expect(try await directory.members(of: smiths.id).map(\.name) == ["ann"])
        }
    }

    /// A room from before the limits may have more members than they allow: its members stay, and only a
    /// newcomer is refused, told how many there are.
    @Test func aRoomBeyondTheLimitsKeepsItsMembersAndTakesNoNewOne() async throws {
        try await household { directory, smiths, accounts async throws in
            try await directory.writer.write { db in
                for account in accounts.dropFirst() {
                    try db.execute(
                        sql: "INSERT INTO membership (room_id, account_id, role, joined_at) VALUES (?, ?, 'member', 0)",
                        arguments: [smiths.id, account.id])
                }
            }
            let eve = try await directory.createAccount(name: "eve", passwordHash: "h", at: Fixture.now)
            await expectLimit("Smiths has 4 members; a room can have at most 3.") {
                try await directory.addMember(eve.id, to: smiths.id, at: Fixture.now)
            }
            try await directory.addMember(accounts[1].id, to: smiths.id, at: Fixture.now)
            #expect(try await directory.members(of: smiths.id).count == 4)
        }
    }

    @Test func makingACodeDeletesTheInviteAndLinkCodesThatHaveExpired() async throws {
        try await household { directory, smiths, accounts async throws in
            let ann = accounts[0]
            func codes() async throws -> [String] {
                try await directory.writer.read { db in
                    try String.fetchAll(db, sql: "SELECT code FROM invite UNION ALL SELECT code FROM link_code ORDER BY code")
                }
            }
            let used = try await directory.createInvite(for: smiths.id, by: ann.id, at: Fixture.now)
            #expect(try await directory.redeemInvite(used, room: smiths.id, by: accounts[1].id, at: Fixture.now))
            let unused = try await directory.createInvite(for: smiths.id, by: ann.id, at: Fixture.now)
            let link = try await directory.createLinkCode(for: ann.id, at: Fixture.now)
            // Ten minutes on, the link code has expired; the invites last a week.
            let later = Fixture.now.addingTimeInterval(600)
            let laterLink = try await directory.createLinkCode(for: ann.id, at: later)
            #expect(try await codes() == [used, unused, laterLink].sorted())
            #expect(link != laterLink)
            // A week on, only what is made then is left.
            let nextWeek = Fixture.now.addingTimeInterval(InviteCode.lifetime)
            let fresh = try await directory.createInvite(for: smiths.id, by: ann.id, at: nextWeek)
            #expect(try await codes() == [fresh])
            // As the server starts, whatever expired meanwhile goes too.
            try await directory.deleteExpiredCodes(at: nextWeek.addingTimeInterval(InviteCode.lifetime))
            #expect(try await codes() == [])
        }
    }

    @Test func aRoomHoldsAtMostAHundredUnusedCodesAndAUsedOrExpiredOneFreesAPlace() async throws {
        try await withTemporaryDirectory { folder in
            let directory = try DirectoryDatabase(directory: folder, durability: .normal)
            #expect(RoomLimits.standard.invitesPerRoom == 100)
            let ann = try await directory.createAccount(name: "ann", passwordHash: "h", at: Fixture.now)
            let ben = try await directory.createAccount(name: "ben", passwordHash: "h", at: Fixture.now)
            let (room, first) = try await directory.createRoomWithInvite(named: "Smiths", owner: ann.id, at: Fixture.now)
            var codes = [first]
            for _ in 1..<100 { codes.append(try await directory.createInvite(for: room.id, by: ann.id, at: Fixture.now)) }
            let full =
                "Smiths has 100 unused invite codes, the most a room can have. Each works once and expires 7 days after it was made; "
                + "a new one can be made once one is used or expires."
            let refused = await expectRefusal(.limitReached) { try await directory.createInvite(for: room.id, by: ann.id, at: Fixture.now) }
            #expect(refused?.message == full)
            // Every code made still works; a used one frees a place.
            #expect(try await directory.redeemInvite(codes[99], room: room.id, by: ben.id, at: Fixture.now))
            _ = try await directory.createInvite(for: room.id, by: ben.id, at: Fixture.now)
            await expectRefusal(.limitReached) { try await directory.createInvite(for: room.id, by: ann.id, at: Fixture.now) }
            // Another room has places of its own.
            let garden = try await directory.createRoom(named: "Garden", owner: ann.id, at: Fixture.now)
            _ = try await directory.createInvite(for: garden.id, by: ann.id, at: Fixture.now)
            // A week on, the first hundred have expired.
            let nextWeek = Fixture.now.addingTimeInterval(InviteCode.lifetime)
            _ = try await directory.createInvite(for: room.id, by: ann.id, at: nextWeek)
            let left = try await directory.writer.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM invite WHERE room_id = ?", arguments: [room.id]) }
            #expect(left == 1)
            // The count reads only this room's codes, however many other rooms have.
            let plan = try await directory.writer.read {
                try Row.fetchAll($0, sql: "EXPLAIN QUERY PLAN SELECT COUNT(*) FROM invite WHERE room_id = ? AND used_by IS NULL", arguments: [room.id])
                    .map { $0["detail"] as String }
            }
            #expect(plan == ["SEARCH invite USING COVERING INDEX invite_room (room_id=? AND used_by=?)"])
        }
    }
}
