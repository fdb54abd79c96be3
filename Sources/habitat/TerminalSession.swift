import CEditLine
import Foundation
import HabitatCommands
import LineFraming
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL

/// One person at a prompt. libedit waits for keys on a thread of its own (the prompt's); each line is sent and its
/// reply awaited and printed before the next prompt. News (events, a lost connection) comes in on other threads:
/// while the prompt waits for keys it is handed over and printed by the prompt's thread, above the line being typed,
/// which libedit then draws again below it.
final class TerminalSession: @unchecked Sendable {
    let settings: ClientSettings
    let json: Bool
    let colour: Bool
    /// Dim hints after the cursor: only when a person types at a terminal.
    let hints: Bool

    /// Shared by the prompt's thread, NIO's and a reconnection's.
    struct Shared {
        var channel: (any Channel)?
        var replies: [Reply] = []
        /// Whether libedit waits for keys (news then goes through ``news``).
        var atPrompt = false
        var news: [String] = []
        /// Set by Ctrl-D and `quit`: a connection's end is then no loss.
        var leaving = false
        var reconnecting = false
        /// Who is logged in, with the password given, to log in again after a reconnection.
        var login: (user: String, password: String)?
    }
    typealias Reply = (line: String, object: [String: Any])
    let shared = NIOLockedValueBox(Shared())
    /// Signalled for each reply and at a connection's end.
    private let arrived = DispatchSemaphore(value: 0)
    /// One conversation at a time: a line and its reply, or a reconnection's greeting and login.
    private let conversation = NSLock()
    /// A pipe: written to when news is waiting, so the prompt's wait for keys wakes up.
    let wake: (read: Int32, write: Int32)

    /// What Tab completes and hints show.
    struct Names {
        /// Commands' first words (`add`, `did`).
        var commands: [String] = []
        /// The words that follow a command's first (`add` → `habit`, `reward`, …).
        var following: [String: [String]] = [:]
        /// Every word of the names of the user's habits, rewards, areas, rooms and open to-dos.
        var names: [String] = []
        /// Commands' forms (`did <habit> [xN]`).
        var usages: [String] = []
        /// The topics of `help`, and `all`.
        var topics: [String] = ["all"]

        /// What may complete the word at `position` of a line beginning with `first`.
        func candidates(at position: Int, after first: String) -> [String] {
            if position == 0 { return commands }
            if first == "help" { return topics + commands }
            return (position == 1 ? following[first] ?? [] : []) + names
        }
    }
    let names = NIOLockedValueBox(Names())
    /// The names being asked for again after a change, if they are.
    let learning = DispatchGroup()

    // The prompt's thread only.
    var editor: OpaquePointer?
    private var history: OpaquePointer?
    private let historyFile: String
    private var promptBuffer: UnsafeMutablePointer<CChar>?

    /// The session the C callbacks of libedit reach (there is one a process).
    nonisolated(unsafe) static var current: TerminalSession?

    /// How long a reply may take.
    static let patience: DispatchTimeInterval = .seconds(30)
    /// Commands that only show something: no name to complete changes after them.
    static let views: Set<String> = [
        "status", "today", "habits", "help", "store", "areas", "rooms", "history", "report", "stats", "week", "strength",
        "streaks", "heatmap", "whoami", "mode", "reminders", "log", "todos",
    ]

    init(_ settings: ClientSettings, json: Bool, colour: Bool) {
        self.settings = settings
        self.json = json
        self.colour = colour
        hints = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
        var ends: [Int32] = [0, 0]
        _ = pipe(&ends)
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
        wake = (ends[0], ends[1])
        let environment = ProcessInfo.processInfo.environment
        let state =
            environment["XDG_STATE_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/state")
        let folder = state.appendingPathComponent("habitat")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        historyFile = folder.appendingPathComponent("history").path
    }

    /// Runs the prompt on a thread of its own until Ctrl-D, `quit` or a failed start; the exit status.
    func run() async -> Int32 {
        await withCheckedContinuation { done in
            let thread = Thread { done.resume(returning: self.prompt()) }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    // MARK: The connection

    /// Connects (blocking: on the prompt's thread or a reconnection's, never NIO's).
    private func open() throws -> any Channel {
        let host = settings.host
        let tls = settings.tls
        return try ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(10))
            .channelInitializer { [self] channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls {
                        let isAddress = (try? SocketAddress(ipAddress: host, port: 0)) != nil
                        try channel.pipeline.syncOperations.addHandler(
                            NIOSSLClientHandler(context: tls, serverHostname: isAddress ? nil : host))
                    }
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineFrameDecoder.text(maximumLength: 1 << 20)))
                    try channel.pipeline.syncOperations.addHandler(Receiver(session: self))
                }
            }
            .connect(host: host, port: settings.port).wait()
    }

    /// Lines from the server: replies to the waiting conversation, events shown at once.
    private final class Receiver: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = String
        let session: TerminalSession
        init(session: TerminalSession) { self.session = session }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            session.received(unwrapInboundIn(data), on: context.channel)
        }

        func channelInactive(context: ChannelHandlerContext) {
            session.ended(context.channel)
        }
    }

    private func received(_ line: String, on channel: any Channel) {
        guard line.hasPrefix("{"), let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            return  // the greeting, before JSON mode
        }
        if object["event"] != nil {
            show(shown(line, object))
            return
        }
        guard object["ok"] != nil else { return }
        let current = shared.withLockedValue { shared in
            guard shared.channel === channel else { return false }
            shared.replies.append((line, object))
            return true
        }
        if current { arrived.signal() }
    }

    /// A connection ended: unless the person is leaving, said once and made again.
    private func ended(_ channel: any Channel) {
        let reconnect = shared.withLockedValue { shared in
            guard shared.channel === channel else { return false }
            shared.channel = nil
            guard !shared.leaving, !shared.reconnecting else { return false }
            shared.reconnecting = true
            return true
        }
        arrived.signal()
        guard reconnect else { return }
        show("⚠️ Lost the connection to Habitat at \(settings.host):\(settings.port). Trying again…")
        let thread = Thread { self.reconnect() }
        thread.start()
    }

    /// Connects again with growing waits between tries (half a second, doubling, at most ten), then logs in again
    /// as whoever was logged in.
    private func reconnect() {
        var wait = 0.5
        while !shared.withLockedValue({ $0.leaving }) {
            Thread.sleep(forTimeInterval: wait)
            wait = min(wait * 2, 10)
            guard let channel = try? open() else { continue }
            shared.withLockedValue { $0.channel = channel }
            guard case .reply = ask("mode json") else { continue }
            var said = "✅ Connected to Habitat again."
            if let login = shared.withLockedValue({ $0.login }) {
                switch ask("login \(login.user) \(OneShot.quoted(login.password))") {
                case .reply(let reply) where reply.object["ok"] as? Bool == true:
                    said = "✅ Connected to Habitat again, as \(login.user)."
                case .reply(let reply):
                    shared.withLockedValue { $0.login = nil }
                    said = "⚠️ Connected to Habitat again, but not logged in: \(reply.object["text"] as? String ?? "")"
                case .notSent, .unanswered:
                    continue
                }
            }
            shared.withLockedValue { $0.reconnecting = false }
            show(colour ? OneShot.coloured(said, type: said.hasPrefix("✅") ? "success" : "error") : said)
            learnNames()
            return
        }
    }

    enum Answer {
        case reply(Reply)
        /// There was no connection: nothing was sent.
        case notSent
        /// Sent, and the connection ended (or nothing came in ``patience``) before the reply.
        case unanswered
    }

    /// Sends a line and waits for its reply.
    func ask(_ line: String) -> Answer {
        conversation.lock()
        defer { conversation.unlock() }
        let channel = shared.withLockedValue { shared -> (any Channel)? in
            shared.replies.removeAll()
            return shared.channel
        }
        guard let channel else { return .notSent }
        channel.writeAndFlush(ByteBuffer(string: line + "\n"), promise: nil)
        while true {
            let (reply, open) = shared.withLockedValue { shared in
                (shared.replies.isEmpty ? nil : shared.replies.removeFirst(), shared.channel === channel)
            }
            if let reply { return .reply(reply) }
            guard open, arrived.wait(timeout: .now() + Self.patience) == .success else { return .unanswered }
        }
    }

    /// Shows news: above the prompt when libedit waits for keys (by the prompt's thread, woken for it), else at once.
    private func show(_ text: String) {
        shared.withLockedValue { shared in
            if shared.atPrompt {
                shared.news.append(text)
                var byte: UInt8 = 1
                _ = write(wake.write, &byte, 1)
            } else {
                FileHandle.standardOutput.write(Data((text + "\n").utf8))
            }
        }
    }

    // MARK: The prompt's thread

    private func prompt() -> Int32 {
        Self.current = self
        history = habitat_history_open(1000, historyFile)
        editor = habitat_editline_open(
            "habitat",
            { _ in TerminalSession.current?.promptText() },
            history,
            { _, _ in TerminalSession.current?.complete() ?? UInt8(CC_ERROR) },
            { _, character in TerminalSession.current?.nextCharacter(character) ?? -1 })
        defer {
            if let editor { el_end(editor) }
            if let history { history_end(history) }
        }
        do {
            let channel = try open()
            shared.withLockedValue { $0.channel = channel }
        } catch {
            FileHandle.standardError.write(
                Data("Could not reach Habitat at \(settings.host):\(settings.port): \(OneShot.reason(error))\n".utf8))
            return 2
        }
        guard case .reply = ask("mode json") else { return lost() }
        if let login = settings.login {
            guard let password = login.password ?? askPassword(for: login.user) else { return 0 }
            guard handle("login \(login.user) \(OneShot.quoted(password))", remembered: false) else { return lost() }
        }
        learnNames()
        while true {
            shared.withLockedValue { $0.atPrompt = true }
            var count: Int32 = 0
            let typed = el_gets(editor, &count)
            let news = shared.withLockedValue { shared in
                shared.atPrompt = false
                defer { shared.news.removeAll() }
                return shared.news
            }
            for text in news { FileHandle.standardOutput.write(Data((text + "\n").utf8)) }
            guard let typed, count > 0 else {
                FileHandle.standardOutput.write(Data("\n".utf8))
                break
            }
            let line = String(cString: typed).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !line.isEmpty else { continue }
            guard handle(line) else { return lost() }
        }
        let channel = shared.withLockedValue { shared in
            shared.leaving = true
            return shared.channel
        }
        try? channel?.close().wait()
        return 0
    }

    /// The first connection ended before anything could be done.
    private func lost() -> Int32 {
        FileHandle.standardError.write(Data("⚠️ The connection to Habitat ended.\n".utf8))
        return 2
    }

    /// The prompt, who is logged in first: `alice@habitat> `; a C string libedit reads until the next call.
    private func promptText() -> UnsafeMutablePointer<CChar>? {
        free(promptBuffer)
        promptBuffer = strdup(promptString)
        return promptBuffer
    }

    var promptString: String {
        (shared.withLockedValue { $0.login?.user }.map { "\($0)@" } ?? "") + "habitat> "
    }

    /// One line typed: kept in the history unless it holds a password, sent, its reply shown. `false` when it was
    /// `quit`, answered.
    private func handle(_ line: String, remembered: Bool = true) -> Bool {
        let words = line.split(separator: " ").map(String.init)
        let first = words.first?.lowercased() ?? ""
        let secret = ["login", "register", "passwd", "password", "bridge"].contains(first)
        if remembered, !secret {
            habitat_history_add(history, line, historyFile)
            chmod(historyFile, 0o600)
        }
        var sent = line
        var password = words.count >= 3 && ["login", "register"].contains(first) ? words[2...].joined(separator: " ") : nil
        if ["login", "register"].contains(first), words.count == 2 {
            guard let asked = askPassword(for: nil) else { return true }
            password = asked
            sent = "\(first) \(words[1]) \(OneShot.quoted(asked))"
        }
        if first == "quit" { shared.withLockedValue { $0.leaving = true } }
        // `import <path>`: the file read here and sent in lines; the last reply (or the first refusal) is the answer.
        let upload: [String]?
        do {
            upload = try ImportUpload.lines(for: line)
        } catch {
            say((error as? ImportUpload.UnreadableFile)?.message ?? "\(error)", type: "error")
            return true
        }
        let reply: Reply
        switch upload.map(send) ?? ask(sent) {
        case .reply(let answer): reply = answer
        case .notSent:
            say("⚠️ Not connected to Habitat yet; that was not sent. Trying again…", type: "error")
            return true
        case .unanswered:
            if first == "quit" { return false }
            say("⚠️ No answer from Habitat: that may or may not have been done. 'today' will tell, once it is back.", type: "error")
            return true
        }
        let ok = reply.object["ok"] as? Bool == true
        FileHandle.standardOutput.write(Data((shown(reply.line, reply.object) + "\n").utf8))
        guard ok else { return true }
        switch first {
        case "login", "register":
            if words.count >= 2, let password { shared.withLockedValue { $0.login = (words[1].lowercased(), password) } }
        case "logout":
            shared.withLockedValue { $0.login = nil }
        case "passwd" where words.count == 3:
            shared.withLockedValue { $0.login?.password = words[2] }
        case "quit":
            return false
        default:
            break
        }
        if !Self.views.contains(first) {
            // Asked for while the next line is typed; Tab waits for it (``learning``).
            learning.enter()
            DispatchQueue.global().async {
                self.learnNames()
                self.learning.leave()
            }
        }
        return true
    }

    /// Sends `lines` in order, stopping at the first that is not carried out: its answer, or the last's.
    private func send(_ lines: [String]) -> Answer {
        for line in lines.dropLast() {
            let answer = ask(line)
            guard case .reply(let reply) = answer, reply.object["ok"] as? Bool == true else { return answer }
        }
        return ask(lines.last ?? "")
    }

    private func say(_ text: String, type: String) {
        FileHandle.standardOutput.write(Data(((colour ? OneShot.coloured(text, type: type) : text) + "\n").utf8))
    }

    /// The password, read from the terminal without echo; `nil` when the input ended.
    private func askPassword(for user: String?) -> String? {
        FileHandle.standardOutput.write(Data((user.map { "Password for \($0): " } ?? "Password: ").utf8))
        var settings = termios()
        let isTerminal = tcgetattr(STDIN_FILENO, &settings) == 0
        var quiet = settings
        quiet.c_lflag &= ~tcflag_t(ECHO)
        if isTerminal { tcsetattr(STDIN_FILENO, TCSANOW, &quiet) }
        defer {
            if isTerminal { tcsetattr(STDIN_FILENO, TCSANOW, &settings) }
            FileHandle.standardOutput.write(Data("\n".utf8))
        }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while read(STDIN_FILENO, &byte, 1) == 1 {
            if byte == 10 || byte == 13 { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return nil
    }

    /// A reply or an event as shown: its JSON line, or its toasts coloured by type.
    private func shown(_ line: String, _ object: [String: Any]) -> String {
        if json { return line }
        let toasts = object["toasts"] as? [[String: Any]] ?? []
        return toasts.map { toast in
            let text = toast["text"] as? String ?? ""
            return colour ? OneShot.coloured(text, type: toast["type"] as? String) : text
        }.joined(separator: "\n")
    }
}
