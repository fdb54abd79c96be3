import HabitatEngine

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
    case status
    case habits
    case store
    case addHabit(HabitDraft)
    case addReward(name: String, price: Int)
    case record(Recording)
    case buy(item: String, quantity: Int)
    case undo

    /// Commands that work before logging in.
    public var allowedBeforeLogin: Bool {
        switch self {
        case .help, .register, .login, .mode, .plain, .quit: true
        default: false
        }
    }
}
