import HabitatEngine
import HabitatHousehold

/// A request line, understood.
public enum Command: Sendable, Equatable {
    case help(topic: String?)
    case register(name: String, password: String)
    case login(name: String, password: String)
    case logout
    case passwd(old: String, new: String)
    case mode(OutputMode)
    case plain(Bool)
    case quit
    /// `hi`, `hello`: answered kindly, with the next step.
    case hello
    /// `thanks`: you're welcome.
    case thanks
    /// `who am i`: who this connection is logged in as.
    case whoami
    case status
    /// `level`, `coins`, `health`, `xp` (and the questions that ask for one): that figure alone.
    case figure(Figure)
    case habits
    case store
    case addHabit(HabitDraft)
    case addReward(name: String, price: Int)
    /// `delete reward Movie night`: asks first, as `delete habit` does.
    case deleteReward(String)
    case record(Recording)
    case buy(item: String, quantity: Int)
    case undo
    case addArea(String)
    case renameArea(String, to: String)
    /// `delete area Fitness`: asks first, as `delete habit` does.
    case deleteArea(String)
    case areas
    case showConfig
    case configure(Setting, area: String?)
    case startChallenge
    case ran(km: Double)
    /// `archive` alone lists archived habits.
    case archive(String?)
    case unarchive(String)
    case edit(String, HabitEdit)
    case rename(String, to: String)
    case delete(String)
    /// `yes`, confirming a question the server asked.
    case confirm
    /// `no`, `cancel`: declining a question the server asked.
    case cancel
    case today
    case history(String?)
    case streaks
    case heatmap(String?)
    case addRoutine(name: String, habits: [String])
    case routines
    case deleteRoutine(String)
    case templates
    case useTemplate(String)
    case startTimer(habit: String, minutes: Int)
    case timers
    /// `stop timer` alone stops the only one.
    case stopTimer(String?)
    case rooms
    case room(RoomCommand)
    /// `bridge <name> <token>`: this connection is a chat bridge.
    case bridge(name: String, token: String)
    /// `link` (in a terminal) gets a code; `link <code>` (in chat) uses it.
    case link(String?)
    /// `pause 7 days`, `pause floss until 2026-12-24`: a habit (or all) for a while.
    case pause(String?, PauseLength)
    /// `resume`, `resume floss`.
    case resume(String?)
    /// `remind me to floss at 21:00`; without a habit (`remind me at 8:00`), the day's digest.
    case remind(habit: String?, minute: Int)
    case reminders
    /// `stop reminding floss`, `stop reminding 2`; `nil` for all of them (`no more reminders`).
    case stopReminding(String?)
    /// `snooze 30 min`, `later`: the last reminder again after a while (`nil`: the usual 30 minutes).
    case snooze(minutes: Int?)

    /// Whether a chat user (through a bridge) may use it: not the account and connection commands.
    public var availableFromChat: Bool {
        switch self {
        case .register, .login, .logout, .passwd, .mode, .quit, .bridge: false
        default: true
        }
    }

    /// Commands that work before logging in.
    public var allowedBeforeLogin: Bool {
        switch self {
        case .help, .hello, .thanks, .whoami, .register, .login, .mode, .plain, .quit, .bridge: true
        default: false
        }
    }
}

/// `room …`: household rooms.
public enum RoomCommand: Sendable, Equatable {
    case create(String)
    case invite
    case join(String, code: String)
    case leave(String?)
    case kick(String)
    case use(String)
    case addHabit(HabitDraft)
    /// `room delete habit Dishes`: the owner only; asks first, as `delete habit` does.
    case deleteHabit(String)
    case status
    case log
    case fairness
    /// `room today`: each chore, due or not, whose turn it is, and who did it.
    case today
    /// `room did dishes`: the shared habit, even when a personal one has the same name.
    case record(Recording)
    /// `room report`: the week so far.
    case report
    /// `room remind at 8:00`, `room report on sunday at 19:00`: what the room posts on its own, and when.
    case post(RoomPost.Kind, weekday: Int?, minute: Int)
    /// `room remind off`, `room report off`, `room no more reminders`.
    case stopPosts([RoomPost.Kind])
    /// `room reminders`.
    case posts
}

/// One figure of a player's game, as `level`, `coins`, `health` or `xp` asks for it.
public enum Figure: String, Sendable, Equatable, CaseIterable {
    case level, coins, health, xp
}
