import Foundation
import HabitatEngine
import HabitatHousehold
import Testing

/// Ann owns Smiths; Ben and Cal joined after her, in that order.
enum Smiths {
    static let room = Room(id: 1, name: "Smiths")
    static let ann = Member(accountID: 1, name: "ann", fileID: "a", isOwner: true)
    static let ben = Member(accountID: 2, name: "ben", fileID: "b", isOwner: false)
    static let cal = Member(accountID: 3, name: "cal", fileID: "c", isOwner: false)
    static let household = Household(room: room, members: [ann, ben, cal])
    static let dishes = SharedHabit(id: 10, roomID: 1, name: "Dishes", kind: .good, xp: 10, coins: 5, life: 0)
    static let bins = SharedHabit(id: 11, roomID: 1, name: "Bins", kind: .good, xp: 20, coins: 10, life: 0)
    static let takeout = SharedHabit(id: 12, roomID: 1, name: "Takeout", kind: .bad, xp: 0, coins: 0, life: 20)
    /// Fri 20 Nov 2026; its week started on Monday the 16th.
    static let friday = Day(ordinal: 20_777)
    static let noon = Date(timeIntervalSince1970: 1_795_176_000)

    /// A line of the room's log: `member` did `habit` `quantity` times on `day`, `minutes` after noon on Friday.
    static func done(
        _ habit: SharedHabit, by member: Member, on day: Day = friday, quantity: Int = 1, minutes: Double = 0
    ) -> RoomLogEntry {
        RoomLogEntry(
            habitID: habit.id, habit: habit.name, kind: habit.kind, accountID: member.accountID, member: member.name,
            at: noon.addingTimeInterval(minutes * 60), day: day, quantity: quantity, xp: habit.xp * quantity,
            health: -habit.life * quantity, ref: "")
    }
}

@Suite("A room's names")
struct RoomNameTests {
    @Test func aNewRoomsNameIsTwoToThirtyTwoLettersDigitsSpacesUnderscoresOrDashes() throws {
        #expect(try Room.validName("  Maison Café ") == "Maison Café")
        #expect(try Room.validName("up-stairs_2") == "up-stairs_2")
        for bad in ["x", String(repeating: "a", count: 33), "irc:#smiths", "Smiths!", "🏠 home"] {
            #expect(throws: HabitatError(.invalidName, "Room names are 2–32 letters, digits, spaces, _ or -.")) { try Room.validName(bad) }
        }
    }

    @Test func aRoomIsNamedAsWrittenInAnyCaseAndWithoutAccentsClosestFirst() {
        let cafe = Room(id: 1, name: "Maison Cafe")
        let café = Room(id: 2, name: "Maison Café")
        let channel = Room(id: 3, name: "irc:#smiths")
        #expect(Room.named("Maison Café", among: [cafe, café]) == [café])
        #expect(Room.named("MAISON CAFÉ", among: [cafe, café]) == [café])
        #expect(Room.named("maison cafe", among: [cafe, café]) == [cafe])
        #expect(Room.named("MAISON CAFE", among: [café]) == [café])
        #expect(Room.named("#SMITHS", among: [channel]) == [channel])
        #expect(channel.isNamed("irc:#smiths") && channel.displayName == "#smiths" && channel.bridge == "irc")
        #expect(Room.named("Smiths", among: [cafe, café]).isEmpty)
    }

    @Test func aTakenNameIsSaidSo() {
        #expect(Room.nameTaken("Smiths") == HabitatError(.nameTaken, "A room called Smiths exists already. Pick another name."))
        #expect(SharedHabit.nameTaken("Dishes") == HabitatError(.nameTaken, "The room already has a habit called Dishes."))
    }
}

@Suite("Members and owners")
struct MembershipTests {
    @Test func onlyTheOwnerMayDoWhatIsTheOwners() throws {
        try Smiths.household.requireOwner(Smiths.ann.accountID, to: "remove members")
        #expect(throws: HabitatError(.forbidden, "Only the owner of Smiths can remove members.")) {
            try Smiths.household.requireOwner(Smiths.ben.accountID, to: "remove members")
        }
        #expect(throws: HabitatError(.forbidden, "Only the owner of Smiths can delete its shared habits.")) {
            try Smiths.household.requireOwner(99, to: "delete its shared habits")
        }
    }

    @Test func aMemberIsNamedInFullAsShownOrByAChatIDOnlyOneHas() throws {
        let ircZed = Member(accountID: 4, name: "irc:zed", fileID: "d", isOwner: false)
        let slackZed = Member(accountID: 5, name: "slack:zed", fileID: "e", isOwner: false)
        let ircAmy = Member(accountID: 6, name: "irc:amy", fileID: "f", isOwner: false)
        let channel = Household(room: Room(id: 2, name: "irc:#smiths"), members: [Smiths.ann, ircZed, slackZed, ircAmy])
        #expect(try channel.member("ANN") == Smiths.ann)
        #expect(try channel.member("slack:zed") == slackZed)
        #expect(try channel.member("zed") == ircZed)  // shown as "zed" in its own bridge's channel
        #expect(try channel.member("amy") == ircAmy)
        #expect(throws: HabitatError(.notFound, "bo isn't in #smiths.")) { try channel.member("bo") }
        let elsewhere = Household(room: Smiths.room, members: [ircZed, slackZed])
        #expect(throws: HabitatError(.ambiguous, "'zed' could be irc:zed or slack:zed in Smiths. Say 'room kick irc:zed'.", symbol: .question)) {
            try elsewhere.member("zed")
        }
    }

    @Test func formerMembersCountWhenTellingPeopleApart() {
        let channel = Household(room: Room(id: 2, name: "irc:#smiths"), members: [Member(accountID: 4, name: "irc:zed", fileID: "d", isOwner: false)])
        #expect(channel.names == [4: "zed"])
        let formerZed = Member(accountID: 7, name: "zed", fileID: "g", isOwner: false)
        #expect(channel.names(withFormer: [formerZed]) == [4: "irc:zed", 7: "zed"])
        #expect(channel.shownName(of: 4, or: "?") == "zed")
        #expect(channel.shownName(of: 8, or: "irc:bo") == "irc:bo")
    }

    @Test func aChatIdentityIsShownByItsChatIDOnlyInItsOwnChannelWhereNoOneElseCouldPassForIt() {
        let zed = Member(accountID: 1, name: "zed", fileID: "a", isOwner: false)
        let ircZed = Member(accountID: 2, name: "irc:zed", fileID: "b", isOwner: false)
        let ircAmy = Member(accountID: 3, name: "irc:amy", fileID: "c", isOwner: false)
        let slackAmy = Member(accountID: 4, name: "slack:amy", fileID: "d", isOwner: false)
        let colon = Member(accountID: 5, name: "irc:slack:bo", fileID: "e", isOwner: false)
        let channel = Room(id: 1, name: "irc:#smiths")
        #expect([ircZed, ircAmy, slackAmy, colon].shownNames(in: channel) == [2: "zed", 3: "amy", 4: "slack:amy", 5: "irc:slack:bo"])
        #expect([zed, ircZed].shownNames(in: channel) == [1: "zed", 2: "irc:zed"])
        #expect([zed, ircZed, ircAmy].shownNames(in: Room(id: 2, name: "Other")) == [1: "zed", 2: "irc:zed", 3: "irc:amy"])
    }
}

@Suite("Shared habits")
struct SharedHabitTests {
    @Test func aSharedHabitHasADefaultHabitsTermsUnlessTheDraftSaysOtherwise() {
        #expect(SharedHabit(draft: HabitDraft(name: "Dishes"), roomID: 1) == SharedHabit(id: 0, roomID: 1, name: "Dishes", kind: .good, xp: 10, coins: 5, life: 0))
        #expect(
            SharedHabit(draft: HabitDraft(name: "Bins", xp: 20, coins: 8, area: "Home"), roomID: 1)
                == SharedHabit(id: 0, roomID: 1, name: "Bins", kind: .good, xp: 20, coins: 8, life: 0, area: "Home"))
        #expect(
            SharedHabit(draft: HabitDraft(name: "Takeout", kind: .bad, xp: 30), roomID: 1)
                == SharedHabit(id: 0, roomID: 1, name: "Takeout", kind: .bad, xp: 0, coins: 0, life: 10))
    }

    @Test func aSharedHabitsAreaFollowsAnAreasNameRules() throws {
        #expect(try SharedHabit.checked(HabitDraft(name: "Dishes", area: "Home")).area == "Home")
        #expect(throws: HabitatError.self) { try SharedHabit.checked(HabitDraft(name: "Dishes", area: String(repeating: "a", count: 200))) }
    }

    @Test func aSharedHabitIsNamedByAUniquePrefixOrRefusedWithASuggestion() throws {
        let habits = [Smiths.dishes, Smiths.bins, SharedHabit(id: 13, roomID: 1, name: "Dusting", kind: .good, xp: 10, coins: 5, life: 0)]
        #expect(try SharedHabit.named("dish", among: habits, in: Smiths.room) == Smiths.dishes)
        #expect(throws: HabitatError(.ambiguous, "'d' could be Dishes or Dusting in Smiths. Type more of the name.", symbol: .question)) {
            try SharedHabit.named("d", among: habits, in: Smiths.room)
        }
        #expect(throws: HabitatError(.unknownHabit, "Smiths has no shared habit 'bims'. Did you mean 'Bins'?", symbol: .question)) {
            try SharedHabit.named("bims", among: habits, in: Smiths.room)
        }
    }

    @Test func aMembersRecordingCarriesTheHabitsTermsTheRoomAndItsToken() {
        let recording = Recording(habit: "dish", times: 2, when: .daysAgo(1), note: "after dinner", timeOfDay: 1_200)
        let shared = Smiths.dishes.recording(recording, in: Room(id: 2, name: "irc:#smiths"), token: "t1")
        #expect(
            shared
                == SharedRecording(
                    habit: "Dishes", kind: .good, xp: 10, coins: 5, life: 0, room: "#smiths", token: "t1", times: 2, note: "after dinner",
                    when: .daysAgo(1), timeOfDay: 1_200))
    }

    @Test func aSlipIsLoggedAtItsCostEvenWhenItEndedTheGameWithLessLifeToLose() {
        let slip = LedgerEntry(at: Smiths.noon, day: Smiths.friday, kind: .slip, subject: "Takeout", quantity: 2, health: -15, roomToken: "t2")
        #expect(
            RoomLogEntry(slip, of: Smiths.takeout, by: 2, shown: "ben")
                == RoomLogEntry(
                    habitID: 12, habit: "Takeout", kind: .bad, accountID: 2, member: "ben", at: Smiths.noon, day: Smiths.friday, quantity: 2,
                    xp: 0, health: -40, ref: "t2"))
        let done = LedgerEntry(at: Smiths.noon, day: Smiths.friday, kind: .completion, subject: "Dishes", xp: 10, coins: 5)
        #expect(RoomLogEntry(done, of: Smiths.dishes, by: 1, shown: "ann").health == 0)
        #expect(RoomLogEntry(done, of: Smiths.dishes, by: 1, shown: "ann").ref == "")
    }
}

@Suite("The household's week")
struct WeekTests {
    @Test func theWeekStartsOnMondayAndTakesWhatCountsForItsDaysThroughToday() {
        #expect(Household.weekStart(Smiths.friday) == Smiths.friday - 4)
        #expect(Household.weekStart(Smiths.friday - 4) == Smiths.friday - 4)
        let sunday = Smiths.done(Smiths.dishes, by: Smiths.ann, on: Smiths.friday - 5)
        let monday = Smiths.done(Smiths.dishes, by: Smiths.ben, on: Smiths.friday - 4)
        let saturday = Smiths.done(Smiths.dishes, by: Smiths.cal, on: Smiths.friday + 1)  // a time zone already ahead
        #expect(Household.week([sunday, monday, saturday], through: Smiths.friday) == [monday])
    }

    @Test func todaysHabitsNameWhoDidThemOnceEachTheMostRecentFirst() {
        let week = [
            Smiths.done(Smiths.dishes, by: Smiths.ann, minutes: 1), Smiths.done(Smiths.dishes, by: Smiths.ben, minutes: 2),
            Smiths.done(Smiths.dishes, by: Smiths.ann, minutes: 3), Smiths.done(Smiths.bins, by: Smiths.cal, on: Smiths.friday - 1),
        ]
        let today = Household.today([Smiths.dishes, Smiths.bins], in: week, on: Smiths.friday, names: Smiths.household.names)
        #expect(today.map(\.habit) == [Smiths.dishes, Smiths.bins])
        #expect(today.map(\.doneBy) == [["ann", "ben"], []])
    }

    @Test func theLeaderboardHasTheMostXPFirstThenNames() {
        let week = [
            Smiths.done(Smiths.dishes, by: Smiths.cal), Smiths.done(Smiths.bins, by: Smiths.ben), Smiths.done(Smiths.dishes, by: Smiths.ann, quantity: 2),
        ]
        let board = Smiths.household.leaderboard(week, names: Smiths.household.names)
        #expect(board.map(\.name) == ["ann", "ben", "cal"])
        #expect(board.map(\.xp) == [20, 20, 10])
    }

    @Test func whoeverDidTheLeastEffortIsDueNextThenWhoeverDidTheChoreLongestAgoThenByName() {
        let week = [
            Smiths.done(Smiths.dishes, by: Smiths.ben, minutes: 1), Smiths.done(Smiths.dishes, by: Smiths.ann, minutes: 2),
            Smiths.done(Smiths.dishes, by: Smiths.ann, minutes: 3), Smiths.done(Smiths.bins, by: Smiths.cal, quantity: 3),
            Smiths.done(Smiths.takeout, by: Smiths.ben),
        ]
        let fairness = Smiths.household.fairness(of: [Smiths.dishes, Smiths.bins, Smiths.takeout], in: week)
        #expect(fairness.total == 6)
        // Weighed by effort: cal's three Bins (20 XP each) are 60 of the week's 90 XP of chores.
        #expect(fairness.shares == [
            Fairness.Share(name: "cal", done: 3, xp: 60, percent: 67), Fairness.Share(name: "ann", done: 2, xp: 20, percent: 22),
            Fairness.Share(name: "ben", done: 1, xp: 10, percent: 11),
        ])
        #expect(fairness.chores.map(\.chore) == ["Dishes", "Bins"])  // a bad habit is no chore
        // Turns go by effort first: ben's 10 XP, ann's 20, cal's 60.
        #expect(fairness.chores[0].counts.map(\.name) == ["ben", "ann", "cal"])
        #expect(fairness.chores[0].counts.map(\.count) == [1, 2, 0])
        #expect(fairness.chores[1].next == "ben")  // neither ann nor ben did it: the least effort first
        #expect(Smiths.household.fairness(of: [Smiths.dishes], in: [Smiths.done(Smiths.dishes, by: Smiths.cal)]).chores[0].next == "ann")  // then by name
        #expect(Smiths.household.fairness(of: [], in: []).shares.map(\.percent) == [0, 0, 0])
    }
}

@Suite("Chores today: due or not, and whose turn")
struct ChoresTodayTests {
    static let dishes = SharedHabit(id: 10, roomID: 1, name: "Dishes", kind: .good, xp: 10, coins: 5, life: 0, rotates: true)
    static let bins = SharedHabit(id: 11, roomID: 1, name: "Bins", kind: .good, xp: 20, coins: 10, life: 0, schedule: .weekdays([0, 3]), rotates: true)
    static let laundry = SharedHabit(id: 12, roomID: 1, name: "Laundry", kind: .good, xp: 10, coins: 5, life: 0, schedule: .quota(2, .week))

    @Test func theTurnIsTheLeastEffortBeforeTodayAndHoldsAllDay() {
        // Friday: cal did Bins (20 XP) on Monday, ben Dishes (10) on Tuesday; ann did nothing before today.
        let week = [
            Smiths.done(Self.bins, by: Smiths.cal, on: Smiths.friday - 4), Smiths.done(Self.dishes, by: Smiths.ben, on: Smiths.friday - 3),
            Smiths.done(Self.dishes, by: Smiths.ann, on: Smiths.friday), Smiths.done(Self.laundry, by: Smiths.ann, on: Smiths.friday - 2),
            Smiths.done(Self.laundry, by: Smiths.ben, on: Smiths.friday - 1),
        ]
        let chores = Smiths.household.choresToday([Self.dishes, Self.bins, Self.laundry], in: week, on: Smiths.friday, names: Smiths.household.names)
        // ann did Laundry (10 XP) on Wednesday, ben Dishes and Laundry (20): ann's turn, though she did it today.
        #expect(chores[0] == ChoreToday(habit: Self.dishes, due: true, turn: "ann", doneBy: ["ann"]))
        // Bins is on Mondays and Thursdays.
        #expect(chores[1] == ChoreToday(habit: Self.bins, due: false, turn: nil, doneBy: []))
        // Laundry met its two this week: not due, and no one takes turns at it.
        #expect(chores[2] == ChoreToday(habit: Self.laundry, due: false, turn: nil, doneBy: []))
    }
}

@Suite("Room limits and invite codes")
struct RoomLimitsTests {
    @Test func theStandardLimitsAreFarBeyondAHousehold() {
        #expect(RoomLimits.standard == RoomLimits(roomsPerAccount: 100, membersPerRoom: 100, sharedHabitsPerRoom: 1_000))
    }

    @Test func aLimitReachedSaysWhatIsFullAndHowFull() {
        let limits = RoomLimits(roomsPerAccount: 2, membersPerRoom: 3, sharedHabitsPerRoom: 4, invitesPerRoom: 5)
        #expect(throws: Never.self) { try limits.checkRooms(1) }
        #expect(throws: HabitatError(.limitReached, "You're in 2 rooms, the most one player can be in. To join or start another, leave one with 'room leave <name>'.")) {
            try limits.checkRooms(2)
        }
        #expect(throws: HabitatError(.limitReached, "You're in 7 rooms; one player can be in at most 2. To join or start another, leave one with 'room leave <name>'.")) {
            try limits.checkRooms(7)
        }
        #expect(throws: HabitatError(.limitReached, "#smiths has 3 members, the most a room can have.")) { try limits.checkMembers(3, in: "irc:#smiths") }
        #expect(throws: HabitatError(.limitReached, "Smiths has 9 shared habits; a room can have at most 4.")) { try limits.checkSharedHabits(9, in: "Smiths") }
        #expect(
            throws: HabitatError(
                .limitReached,
                "Smiths has 5 unused invite codes, the most a room can have. Each works once and expires 7 days after it was made; a new one can be made once one is used or expires."
            )
        ) { try limits.checkInvites(5, in: "Smiths") }
    }

    @Test func codesAreThreeAndThreeCharactersWithNothingToMisread() {
        for _ in 0..<500 {
            let code = InviteCode.make()
            #expect(code.wholeMatch(of: /[A-HJ-NP-Z2-9]{3}-[A-HJ-NP-Z2-9]{3}/) != nil, "\(code)")
        }
        #expect(InviteCode.lifetime == 7 * 24 * 3600)
    }

    @Test func aCodeIsTheSameInAnyCaseWithOrWithoutItsDash() {
        #expect(InviteCode.normalized("k7p2qx") == "K7P-2QX")
        #expect(InviteCode.normalized("k7p-2qx") == "K7P-2QX")
        #expect(InviteCode.normalized("K7P-2QXX") == "K7P2QXX")
    }
}

@Suite("Which room a command is about")
struct CurrentRoomTests {
    static let flat = Room(id: 1, name: "Flat")
    static let attic = Room(id: 2, name: "Attic")
    static let cafe = Room(id: 3, name: "Maison Cafe")
    static let café = Room(id: 4, name: "Maison Café")

    @Test func theRoomChosenElseTheOnlyOne() throws {
        #expect(Room.current(among: [Self.flat], chosen: nil) == Self.flat)
        #expect(Room.current(among: [Self.flat, Self.attic], chosen: 2) == Self.attic)
        #expect(Room.current(among: [Self.flat, Self.attic], chosen: nil) == nil)
        // A room chosen and left since is no choice.
        #expect(Room.current(among: [Self.flat], chosen: 2) == Self.flat)
        #expect(try Room.required(among: [Self.flat, Self.attic], chosen: 1) == Self.flat)
    }

    @Test func noRoomOrSeveralWithNoneChosenSaysWhatToDo() {
        #expect(throws: HabitatError(.notFound, "You're not in a room yet. Start one with 'room create <name>', or join with 'room join <name> <code>'.")) {
            try Room.required(among: [], chosen: nil)
        }
        #expect(throws: HabitatError(.invalidArgument, "You're in 2 rooms; choose one with 'room use <name>' (Flat or Attic).")) {
            try Room.required(among: [Self.flat, Self.attic], chosen: nil)
        }
    }

    @Test func aRoomOfOnesOwnIsNamedAsShownInFullOrWithoutAccentsAndNeverGuessed() throws {
        #expect(try Room.member(named: "ATTIC", among: [Self.flat, Self.attic]) == Self.attic)
        #expect(try Room.member(named: "Maison Café", among: [Self.cafe, Self.café]) == Self.café)
        #expect(throws: HabitatError(.forbidden, "You're not a member of a room called Barn.")) {
            try Room.member(named: "Barn", among: [Self.flat, Self.attic])
        }
        let twins = [Room(id: 5, name: "irc:#home"), Room(id: 6, name: "slack:#home")]
        #expect(throws: HabitatError(.ambiguous, "'#home' could be irc:#home or slack:#home; say which.", symbol: .question)) {
            try Room.member(named: "#home", among: twins)
        }
    }
}
