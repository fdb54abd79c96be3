import ArgumentParser
import CEditLine
import Foundation
import HabitatBridgeKit
import LineFraming
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL

/// `habitat connect`: Habitat's own terminal client, with line editing, history, completion, passwords asked
/// without echo, and live events printed above the line being typed.
struct Connect: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "connect",
        abstract: "Talk to a Habitat server at a prompt with line editing, history and completion.",
        discussion: """
            Type commands as you would in netcat: 'register alice' or 'login alice' asks for the password \
            without showing it. Tab completes commands, help topics and your habits' names; Up and Ctrl-R \
            find earlier lines (kept in $XDG_STATE_HOME/habitat/history, never a line with a password). A \
            reminder or a housemate's news is printed above your line, which stays as you typed it. Ctrl-D \
            or 'quit' leaves.

            With -c it sends those commands and exits, as 'habitat do' does.
            """)

    @Argument(help: "The server, host[:port] (else HABITAT_SERVER, else 127.0.0.1:7878).")
    var address: String?

    @Option(name: .customShort("c"), help: "A command to send, then exit; several run in order.")
    var commands: [String] = []

    @OptionGroup var client: ClientOptions

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let (host, port) = try OneShot.address(address ?? environment["HABITAT_SERVER"] ?? "127.0.0.1:7878")
        let context = try client.tlsContext()
        if !commands.isEmpty {
            let login = environment["HABITAT_USER"].map { ($0, environment["HABITAT_PASSWORD"] ?? "") }
            let shot = OneShot(host: host, port: port, tls: context, login: login, json: client.json, colour: client.colour)
            throw ExitCode(await shot.run(commands))
        }
        let terminal = TerminalSession(host: host, port: port, tls: context, json: client.json, colour: client.colour)
        throw ExitCode(await terminal.run())
    }
}

/// One person at a prompt: `readline` waits for a line on a thread of its own; each line is sent and its reply
/// awaited and printed before the next prompt. Events come in on NIO's threads: printed above the prompt, which
/// libedit draws again below them with what was typed so far.
final class TerminalSession: @unchecked Sendable {
    let host: String
    let port: Int
    let tls: NIOSSLContext?
    let json: Bool
    let colour: Bool

    /// Shared by the prompt's thread and NIO's: the replies not yet taken, whether `readline` is waiting for a
    /// line, whether the connection ended.
    private struct Shared {
        var replies: [(line: String, object: [String: Any])] = []
        var atPrompt = false
        var ended = false
    }
    private let shared = NIOLockedValueBox(Shared())
    /// Signalled for each reply and at the end.
    private let arrived = DispatchSemaphore(value: 0)
    private var channel: (any Channel)?

    // The prompt's thread only, from here on.
    private var user: String?
    /// Words Tab completes: commands, help topics, the user's habits.
    private let words = NIOLockedValueBox<[String]>([])
    private let historyFile: String

    /// The session the C callbacks of libedit reach (there is one a process).
    nonisolated(unsafe) static var current: TerminalSession?

    /// How long a reply may take.
    static let patience: DispatchTimeInterval = .seconds(30)

    init(host: String, port: Int, tls: NIOSSLContext?, json: Bool, colour: Bool) {
        self.host = host
        self.port = port
        self.tls = tls
        self.json = json
        self.colour = colour
        let environment = ProcessInfo.processInfo.environment
        let state =
            environment["XDG_STATE_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/state")
        let folder = state.appendingPathComponent("habitat")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        historyFile = folder.appendingPathComponent("history").path
    }

    /// Connects, then runs the prompt until Ctrl-D, `quit` or the server's end; the exit status.
    func run() async -> Int32 {
        do {
            channel = try await connect()
        } catch {
            FileHandle.standardError.write(Data("Could not reach Habitat at \(host):\(port): \(OneShot.reason(error))\n".utf8))
            return 2
        }
        return await withCheckedContinuation { done in
            let thread = Thread { done.resume(returning: self.prompt()) }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    private func connect() async throws -> any Channel {
        try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
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
            .connect(host: host, port: port).get()
    }

    /// Lines from the server: replies to the waiting prompt, events printed at once.
    private final class Receiver: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = String
        let session: TerminalSession
        init(session: TerminalSession) { self.session = session }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            session.received(unwrapInboundIn(data))
        }

        func channelInactive(context: ChannelHandlerContext) {
            session.shared.withLockedValue { $0.ended = true }
            session.arrived.signal()
        }
    }

    private func received(_ line: String) {
        guard line.hasPrefix("{"), let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            return  // the greeting, before JSON mode
        }
        if object["event"] != nil {
            let text = shown(line, object)
            shared.withLockedValue { shared in
                // Under the lock: the prompt's thread does not leave or enter `readline` meanwhile.
                if shared.atPrompt {
                    habitat_editline_print_above(text)
                } else {
                    FileHandle.standardOutput.write(Data((text + "\n").utf8))
                }
            }
            return
        }
        guard object["ok"] != nil else { return }
        shared.withLockedValue { $0.replies.append((line, object)) }
        arrived.signal()
    }

    /// Sends a line and waits for its reply; `nil` when the connection ended or nothing came in ``patience``.
    private func ask(_ line: String) -> (line: String, object: [String: Any])? {
        channel?.writeAndFlush(ByteBuffer(string: line + "\n"), promise: nil)
        while true {
            if let reply = shared.withLockedValue({ $0.replies.isEmpty ? nil : $0.replies.removeFirst() }) { return reply }
            if shared.withLockedValue({ $0.ended }) { return nil }
            guard arrived.wait(timeout: .now() + Self.patience) == .success else { return nil }
        }
    }

    // MARK: The prompt's thread

    private func prompt() -> Int32 {
        Self.current = self
        using_history()
        _ = read_history(historyFile)
        habitat_editline_setup(strdup("habitat")) { text, _, _ in
            habitat_editline_completion_over()
            return rl_completion_matches(text) { text, state in TerminalSession.current?.completion(text, state) }
        }
        guard ask("mode json") != nil else { return ended() }
        if let commands = ask("help all") { remember(commands.object, list: "commands") }
        remember(["all", "habits", "today", "amounts", "schedules", "pauses", "reminders", "store", "rooms", "chores", "words", "account", "json"])
        while true {
            shared.withLockedValue { $0.atPrompt = true }
            let typed = readline(promptText)
            shared.withLockedValue { $0.atPrompt = false }
            guard let typed else {
                FileHandle.standardOutput.write(Data("\n".utf8))
                break
            }
            let line = String(cString: typed).trimmingCharacters(in: .whitespaces)
            free(typed)
            guard !line.isEmpty else { continue }
            guard handle(line) else { return ended() }
        }
        try? channel?.close().wait()
        return 0
    }

    private func ended() -> Int32 {
        FileHandle.standardError.write(Data("⚠️ The connection to Habitat ended.\n".utf8))
        return shared.withLockedValue { $0.ended } ? 0 : 2
    }

    /// The prompt, who is logged in first: `alice@habitat> `.
    private var promptText: String { (user.map { "\($0)@" } ?? "") + "habitat> " }

    /// One line typed: kept in the history unless it holds a password, sent, its reply shown. `false` when the
    /// connection ended.
    private func handle(_ line: String) -> Bool {
        let words = line.split(separator: " ")
        let first = words.first?.lowercased() ?? ""
        if !["login", "register", "passwd", "password", "bridge"].contains(first) {
            add_history(line)
            _ = write_history(historyFile)
            chmod(historyFile, 0o600)
        }
        var sent = line
        var loggingIn: String?
        if ["login", "register"].contains(first), words.count == 2 {
            guard let password = askPassword() else { return true }
            sent = "\(first) \(words[1]) \(OneShot.quoted(password))"
        }
        if ["login", "register"].contains(first), words.count >= 2 { loggingIn = String(words[1]) }
        guard let reply = ask(sent) else { return false }
        let ok = reply.object["ok"] as? Bool == true
        if ok, let loggingIn { user = loggingIn }
        FileHandle.standardOutput.write(Data((shown(reply.line, reply.object) + "\n").utf8))
        if ok, user != nil, let habits = ask("habits") { remember(habits.object, list: "habits") }
        return !(ok && first == "quit")
    }

    /// The password, read from the terminal without echo; `nil` when the input ended.
    private func askPassword() -> String? {
        FileHandle.standardOutput.write(Data("Password: ".utf8))
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

    /// The names in a reply's data list (`commands`, `habits`), to complete.
    private func remember(_ object: [String: Any], list: String) {
        let data = object["data"] as? [String: Any]
        remember((data?[list] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
    }

    /// Adds words to complete, each word of each name, in lower case.
    private func remember(_ names: [String]) {
        let new = names.flatMap { $0.lowercased().split(separator: " ").map(String.init) }
        words.withLockedValue { $0 = Array(Set($0 + new)).sorted() }
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

    /// libedit's completion generator: the `state`th word starting with `text` (without case), malloc'ed.
    private func completion(_ text: UnsafePointer<CChar>?, _ state: Int32) -> UnsafeMutablePointer<CChar>? {
        let prefix = text.map { String(cString: $0).lowercased() } ?? ""
        let matches = words.withLockedValue { $0.filter { $0.hasPrefix(prefix) } }
        guard Int(state) < matches.count else { return nil }
        return strdup(matches[Int(state)])
    }
}
