import HabitatCommands
import HabitatEngine

/// How a command is typed, for the application's commands.
public typealias Spec = CommandSpec<any HabitatCommand>

/// Every command the server understands, registered here by its words: one line each, in the order `help` lists
/// them (of two triggers alike, the command first here wins).
public enum Commands {
    public static let all: [Spec] = [
        // Accounts/
        Register.spec, Login.spec, Logout.spec, Passwd.spec, DeleteAccount.spec,
        // Habits/
        Did.spec,
        Status.spec, OneFigure.level, OneFigure.xp, OneFigure.health, OneFigure.coins, ListHabits.spec,
        AddHabit.good, AddHabit.bad,
        AddReward.spec,
        AddTodo.spec, ListTodos.spec, TickOff.spec, CheckItem.spec, AddChecklistItem.spec, EditTodo.spec, DeleteTodo.spec,
        EditHabit.spec, RenameHabit.spec, CallHabit.spec, ForgetWord.spec, Archive.spec, Unarchive.spec, DeleteHabit.spec, PauseHabits.spec, Resume.spec,
        // Connection/
        Yes.spec, No.spec,
        // Habits/
        AddArea.spec, ListAreas.spec, RenameArea.spec, DeleteArea.spec,
        Today.spec, History.spec, ShowStreaks.spec, Strength.spec, Heatmap.spec,
        AddRoutine.spec, ListRoutines.spec, DeleteRoutine.spec, ListTemplates.spec, UseTemplate.spec,
        StartTimer.spec, ListTimers.spec, StopTimer.spec,
        Remind.spec, ListReminders.spec, StopReminding.spec, StopReminding.all, Snooze.spec,
        // Rooms/
        ListRooms.spec, RoomCreate.spec, RoomInvite.spec, RoomJoin.spec, RoomLeave.spec, RoomKick.spec, RoomUse.spec,
        RoomAddHabit.good, RoomAddHabit.bad, RoomDeleteHabit.spec, RoomDid.spec, RoomStatus.spec, RoomLog.spec,
        RoomToday.spec, RoomReport.spec, RoomRemind.spec, RoomPosts.spec, RoomStopPosts.spec, RoomFairness.spec,
        RoomAddTodo.spec, RoomListTodos.spec, RoomGot.spec, RoomDeleteTodo.spec,
        // Habits/
        ShowStore.spec, Buy.spec, DeleteReward.spec,
        StartChallenge.spec, Ran.spec,
        Config.spec, ImportFile.spec,
        Undo.spec,
        // Connection/
        Help.spec, Mode.spec, Plain.spec, Link.spec, BridgeLogin.spec, Quit.spec, Hello.spec, Thanks.spec, WhoAmI.spec,
        Version.spec,
    ]

    /// The table the parser reads: a line in the player's own words is a `did`.
    public static let table = CommandTable(all) { Did($0) }

    /// The kind of a line that selects no command (``CommandTable/kind(of:)``).
    public static let unknownKind = CommandTable<any HabitatCommand>.unknownKind

    /// Understands one line (``CommandTable/parse(_:)``).
    public static func parse(_ line: String) throws -> (any HabitatCommand)? {
        try table.parse(line)
    }
}
