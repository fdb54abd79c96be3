import Foundation
import GRDB
import HabitatEngine
import HabitatHousehold
import Testing

@testable import HabitatStorage

@Suite("Rooms in the directory database")
struct RoomsTests {
    /// A directory with accounts ann, ben and cal, and ann's room Smiths.
    func household(_ body: (DirectoryDatabase, Room, [Account]) async throws -> Void) async throws {
        try await withTemporaryDirectory { folder in
            let directory = try DirectoryDatabase(directory: folder, durability: .normal)
            var accounts: [Account] = []
            for name in ["ann", "ben", "cal"] {
                accounts.append(try await directory.createAccount(name: name, passwordHash: "h", at: Fixture.now))
            }
            let room = try await directory.createRoom(named: "Smiths", owner: accounts[0].id, at: Fixture.now)
            try await body(directory, room, accounts)
        }
    }

    @Test func theCreatorOwnsTheRoomAndNamesAreUniqueInAnyCase() async throws {
        try await household { directory, room, accounts async throws in
            #expect(try await directory.members(of: room.id).map(\.name) == ["ann"])
            #expect(try await directory.membership(of: accounts[0].id, in: room.id)?.isOwner == true)
            await #expect(throws: HabitatError.self) {
                _ = try await directory.createRoom(named: "SMITHS", owner: accounts[1].id, at: Fixture.now)
            }
            #expect(try await directory.room(named: "smiths")?.id == room.id)
        }
    }

    @Test func anInviteWorksOnceForItsRoomUntilItExpires() async throws {
        try await household { directory, room, accounts async throws in
            let code = try await directory.createInvite(for: room.id, by: accounts[0].id, at: Fixture.now)
            #expect(code.count == 7 && code.dropFirst(3).first == "-")
            let other = try await directory.createRoom(named: "Other", owner: accounts[2].id, at: Fixture.now)
            #expect(try await directory.redeemInvite(code, room: other.id, by: accounts[1].id, at: Fixture.now) == false)
            // Any case, with or without the dash.
            #expect(try await directory.redeemInvite(code.lowercased().replacingOccurrences(of: "-", with: ""), room: room.id, by: accounts[1].id, at: Fixture.now))
            #expect(try await directory.redeemInvite(code, room: room.id, by: accounts[2].id, at: Fixture.now) == false)
            let late = try await directory.createInvite(for: room.id, by: accounts[0].id, at: Fixture.now)
            let afterAWeek = Fixture.now.addingTimeInterval(InviteCode.lifetime + 1)
            #expect(try await directory.redeemInvite(late, room: room.id, by: accounts[2].id, at: afterAWeek) == false)
            #expect(try await directory.members(of: room.id).map(\.name) == ["ann", "ben"])
        }
    }

    @Test func anOwnerWhoLeavesHandsTheRoomToTheLongestMemberAndTheLastOneOutClosesIt() async throws {
        try await household { directory, room, accounts async throws in
            try await directory.addMember(accounts[1].id, to: room.id, at: Fixture.now.addingTimeInterval(10))
            try await directory.addMember(accounts[2].id, to: room.id, at: Fixture.now.addingTimeInterval(20))
            #expect(try await directory.removeMember(accounts[0].id, from: room.id, at: Fixture.now) == accounts[1].id)
            #expect(try await directory.membership(of: accounts[1].id, in: room.id)?.isOwner == true)
            try await directory.removeMember(accounts[1].id, from: room.id, at: Fixture.now)
            try await directory.removeMember(accounts[2].id, from: room.id, at: Fixture.now)
            #expect(try await directory.room(named: "Smiths") == nil)
        }
    }

    @Test func finishingAnIntentWritesTheLogLineOnceHoweverOftenItIsReplayed() async throws {
        try await household { directory, room, accounts async throws in
            let habit = try await directory.addSharedHabit(HabitDraft(name: "Dishes"), to: room.id)
            let intent = try await directory.beginIntent(.record, account: accounts[0].id, room: room.id, habit: habit.id, at: Fixture.now)
            #expect(try await directory.unfinishedIntents() == [intent])
            let line = RoomLogEntry(
                habitID: habit.id, habit: "Dishes", kind: .good, accountID: accounts[0].id, member: "ann", at: Fixture.now,
                day: Fixture.today, quantity: 1, xp: 10, health: 0, ref: intent.token)
            try await directory.finish(intent, entry: line)
            try await directory.finish(intent, entry: line)
            #expect(try await directory.roomLog(room.id).count == 1)
            #expect(try await directory.unfinishedIntents().isEmpty)

            let undo = try await directory.beginIntent(.undo, token: intent.token, account: accounts[0].id, room: room.id, habit: habit.id, at: Fixture.now)
            try await directory.finish(undo, entry: line)
            #expect(try await directory.roomLog(room.id).isEmpty)
        }
    }

    @Test func anIntentWhoseCommitNeverHappenedIsDroppedWithoutALogLine() async throws {
        try await household { directory, room, accounts async throws in
            let habit = try await directory.addSharedHabit(HabitDraft(name: "Trash", xp: 5), to: room.id)
            #expect(habit.xp == 5 && habit.coins == Habit.defaultCoins)
            let intent = try await directory.beginIntent(.record, account: accounts[1].id, room: room.id, habit: habit.id, at: Fixture.now)
            try await directory.finish(intent, entry: nil)
            #expect(try await directory.roomLog(room.id).isEmpty)
            #expect(try await directory.unfinishedIntents().isEmpty)
        }
    }

    @Test func aBridgeChannelRoomIsCreatedOnFirstUseAndSpeakersJoin() async throws {
        try await household { directory, _, accounts async throws in
            let (first, benJoined) = try await directory.channelRoom("irc:#smiths", speaker: accounts[1].id, at: Fixture.now)
            let (again, calJoined) = try await directory.channelRoom("irc:#smiths", speaker: accounts[2].id, at: Fixture.now)
            let (_, benAgain) = try await directory.channelRoom("irc:#smiths", speaker: accounts[1].id, at: Fixture.now)
            #expect(first.id == again.id)
            #expect((benJoined, calJoined, benAgain) == (.joined, .joined, .member))
            #expect(first.displayName == "#smiths")
            #expect(try await directory.members(of: first.id).map(\.name) == ["ben", "cal"])
        }
    }

    @Test func someoneWhoLeftOrWasRemovedIsNotMadeAMemberBySpeakingUntilTheyJoinAgain() async throws {
        try await household { directory, _, accounts async throws in
            let (room, _) = try await directory.channelRoom("irc:#smiths", speaker: accounts[0].id, at: Fixture.now)
            _ = try await directory.channelRoom("irc:#smiths", speaker: accounts[1].id, at: Fixture.now)
            _ = try await directory.channelRoom("irc:#smiths", speaker: accounts[2].id, at: Fixture.now)
            try await directory.removeMember(accounts[1].id, from: room.id, removed: true, at: Fixture.now)
            try await directory.removeMember(accounts[2].id, from: room.id, at: Fixture.now)
            #expect(try await directory.channelRoom("irc:#smiths", speaker: accounts[1].id, at: Fixture.now).presence == .departed(.removed))
            #expect(try await directory.channelRoom("irc:#smiths", speaker: accounts[2].id, at: Fixture.now).presence == .departed(.left))
            #expect(try await directory.members(of: room.id).map(\.name) == ["ann"])

            // Someone who left may come back; someone removed needs an invite.
            try await directory.rejoin(accounts[2].id, room: room.id, at: Fixture.now)
            try await directory.rejoin(accounts[1].id, room: room.id, at: Fixture.now)
            #expect(try await directory.members(of: room.id).map(\.name) == ["ann", "cal"])
            let code = try await directory.createInvite(for: room.id, by: accounts[0].id, at: Fixture.now)
            #expect(try await directory.redeemInvite(code, room: room.id, by: accounts[1].id, at: Fixture.now))
            try await directory.removeMember(accounts[1].id, from: room.id, at: Fixture.now)
            try await directory.rejoin(accounts[1].id, room: room.id, at: Fixture.now)
            #expect(try await directory.channelRoom("irc:#smiths", speaker: accounts[1].id, at: Fixture.now).presence == .member)
        }
    }

    @Test func aDirectoryFromTheFirstReleaseKeepsItsRoomsAndLearnsWhoLeft() async throws {
        try await withTemporaryDirectory { folder in
            let path = folder.appendingPathComponent(DirectoryDatabase.fileName).path
            do {
                let old = try DatabaseQueue(path: path)
                try DirectoryDatabase.migrator.migrate(old, upTo: "v1")
                try await old.write { db in
                    try db.execute(sql: "INSERT INTO account (id, name, file_id, created_at) VALUES (1, 'ann', 'a', 0), (2, 'irc:bo', 'b', 0)")
                    try db.execute(sql: "INSERT INTO room (id, name, created_at) VALUES (1, 'irc:#smiths', 0)")
                    try db.execute(
                        sql: "INSERT INTO membership (room_id, account_id, role, joined_at) VALUES (1, 1, 'owner', 0), (1, 2, 'member', 1)")
                }
                try old.close()
            }
            let directory = try DirectoryDatabase(directory: folder, durability: .normal)
            #expect(try await directory.members(of: 1).map(\.name) == ["ann", "irc:bo"])
            try await directory.removeMember(2, from: 1, removed: true, at: Fixture.now)
            #expect(try await directory.channelRoom("irc:#smiths", speaker: 2, at: Fixture.now).presence == .departed(.removed))
            let migrations = try await rawDatabase(at: path).read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations") }
            #expect(migrations == ["v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12"])
        }
    }

    @Test func roomNamesAreUniqueInAnyCaseBeyondASCII() async throws {
        try await household { directory, _, accounts async throws in
            let cafe = try await directory.createRoom(named: "Maison Café", owner: accounts[0].id, at: Fixture.now)
            let street = try await directory.createRoom(named: "Straße", owner: accounts[0].id, at: Fixture.now)
            for (name, room) in [("MAISON CAFÉ", cafe), ("maison café", cafe), ("Maison Cafe\u{301}", cafe), ("STRASSE", street)] {
                let error = await #expect(throws: HabitatError.self) {
                    _ = try await directory.createRoom(named: name, owner: accounts[1].id, at: Fixture.now)
                }
                #expect(error?.code == .nameTaken)
                #expect(try await directory.room(named: name) == room, "\(name)")
            }
            // Accents make another name: a room is never found by a name it doesn't have.
            #expect(try await directory.room(named: "maison cafe") == nil)
            let plain = try await directory.createRoom(named: "Maison Cafe", owner: accounts[1].id, at: Fixture.now)
            #expect(try await directory.room(named: "MAISON CAFE") == plain)
        }
    }

    /// Before names were folded in full Unicode, `Maison Café` and `MAISON CAFÉ` could both be made. Such a
    /// directory still opens: both rooms stay, each found by its own name, and no third joins them.
    @Test func aDirectoryWithRoomsThatDifferOnlyInCaseBeyondASCIIKeepsBoth() async throws {
        try await withTemporaryDirectory { folder in
            let path = folder.appendingPathComponent(DirectoryDatabase.fileName).path
            do {
                let old = try DatabaseQueue(path: path)
                try DirectoryDatabase.migrator.migrate(old, upTo: "v2")
                try await old.write { db in
                    try db.execute(sql: "INSERT INTO account (id, name, file_id, created_at) VALUES (1, 'ann', 'a', 0), (2, 'bo', 'b', 0)")
                    try db.execute(
                        sql: "INSERT INTO room (id, name, created_at) VALUES (1, 'Maison Café', 0), (2, 'MAISON CAFÉ', 0), (3, 'Smiths', 0)")
                    try db.execute(
                        sql: "INSERT INTO membership (room_id, account_id, role, joined_at) VALUES (1, 1, 'owner', 0), (2, 2, 'owner', 0), (3, 1, 'owner', 0)")
                }
                try old.close()
            }
            let directory = try DirectoryDatabase(directory: folder, durability: .normal)
            let folded = try await rawDatabase(at: path).read { db in
                try Row.fetchAll(db, sql: "SELECT id, folded_name FROM room ORDER BY id").map { "\($0["id"] as Int64): \($0["folded_name"] as String? ?? "-")" }
            }
            #expect(folded == ["1: maison café", "2: -", "3: smiths"])
            #expect(try await directory.room(named: "Maison Café")?.id == 1)
            #expect(try await directory.room(named: "MAISON CAFÉ")?.id == 2)
            #expect(try await directory.room(named: "maison café")?.id == 1)
            #expect(try await directory.members(of: 2).map(\.name) == ["bo"])
            for name in ["maison CAFÉ", "Maison Café"] {
                let error = await #expect(throws: HabitatError.self) {
                    _ = try await directory.createRoom(named: name, owner: 1, at: Fixture.now)
                }
                #expect(error?.code == .nameTaken)
            }
            // When the older one closes, the other is found by any case of the name, and still keeps it taken.
            try await directory.removeMember(1, from: 1, at: Fixture.now)
            #expect(try await directory.room(named: "maison café")?.id == 2)
            await #expect(throws: HabitatError.self) { _ = try await directory.createRoom(named: "Maison Café", owner: 1, at: Fixture.now) }
            #expect(try integrityCheck(ofDatabaseAt: path) == ["ok"])
        }
    }

    @Test func theCodesOfSomeoneWhoLeavesOrIsRemovedStopWorking() async throws {
        try await household { directory, room, accounts async throws in
            try await directory.addMember(accounts[1].id, to: room.id, at: Fixture.now)
            let bens = try await directory.createInvite(for: room.id, by: accounts[1].id, at: Fixture.now)
            let anns = try await directory.createInvite(for: room.id, by: accounts[0].id, at: Fixture.now)
            try await directory.removeMember(accounts[1].id, from: room.id, removed: true, at: Fixture.now)
            #expect(try await directory.inviteRoom(bens, at: Fixture.now) == nil)
            #expect(try await directory.redeemInvite(bens, room: room.id, by: accounts[1].id, at: Fixture.now) == false)
            #expect(try await directory.inviteRoom(anns, at: Fixture.now) == room)
            #expect(try await directory.redeemInvite(anns, room: room.id, by: accounts[2].id, at: Fixture.now))
        }
    }

    @Test func aChatIdentityIsCreatedOnceAndALinkCodeWorksOnceWithinTenMinutes() async throws {
        try await household { directory, _, accounts async throws in
            let alice = try await directory.identity("irc:alice", at: Fixture.now)
            #expect(alice.passwordHash == nil)
            #expect(alice.displayName == "alice")
            #expect(try await directory.identity("irc:alice", at: Fixture.now).id == alice.id)
            let code = try await directory.createLinkCode(for: accounts[0].id, at: Fixture.now)
            let late = Fixture.now.addingTimeInterval(601)
            #expect(try await directory.redeemLinkCode(code, identity: "irc:alice", at: late) == nil)
            let fresh = try await directory.createLinkCode(for: accounts[0].id, at: Fixture.now)
            #expect(try await directory.redeemLinkCode(fresh, identity: "irc:alice", at: Fixture.now)?.name == "ann")
            #expect(try await directory.identity("irc:alice", at: Fixture.now).name == "ann")
            #expect(try await directory.redeemLinkCode(fresh, identity: "irc:bob", at: Fixture.now) == nil)
        }
    }
}

@Suite("Offline delivery in the directory database")
struct InboxTests {
    @Test func theInboxKeepsTheNewestEventsUpToItsBoundAndEmptiesWhenTaken() async throws {
        try await withTemporaryDirectory { folder in
            let directory = try DirectoryDatabase(directory: folder, durability: .normal)
            let ann = try await directory.createAccount(name: "ann", passwordHash: "h", at: Fixture.now)
            for number in 1...(DirectoryDatabase.inboxLimit + 10) {
                let item = InboxItem(kind: "room", toasts: "event \(number)", created: Fixture.now)
                try await directory.keep(item, for: ann.id)
            }
            let items = try await directory.takeInbox(of: ann.id)
            #expect(items.count == 50)
            #expect(items.first?.toasts == "event 11")
            #expect(items.last?.toasts == "event 60")
            #expect(try await directory.takeInbox(of: ann.id).isEmpty)
        }
    }
}
