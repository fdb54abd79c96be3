import ArgumentParser
import Foundation
import HabitatBridgeKit
import NIOCore
import NIOPosix
import NIOSSL

/// `habitat do did water 2`: one command (or several, with `-c`) to a running server, for scripts and shortcuts.
struct Do: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "do",
        abstract: "Send a command to a Habitat server and print its reply, for scripts and shortcuts.",
        discussion: """
            Logs in as HABITAT_USER with HABITAT_PASSWORD (or --user and --password-file) when given, sends each \
            command in order and prints each reply. Exits 0 when every command was carried out, 1 at the first that \
            was not (its error code on standard error; the commands after it are not sent), 2 when nothing could be \
            sent: the server could not be reached or did not answer, or the client's config file was refused.

            Settings not given as flags or HABITAT_* variables come from ~/.config/habitat/client.toml (under \
            $XDG_CONFIG_HOME when set): server, user, password or password_file, tls, tls_ca. It may hold a \
            password, so it must be readable by you alone (chmod 600).

              habitat do did water 2
              HABITAT_USER=alice HABITAT_PASSWORD=… habitat do -c 'did water 2' -c today
              habitat do --json status | jq .data.coins
            """)

    @Option(help: "The server, host:port (else HABITAT_SERVER, else client.toml's, else 127.0.0.1:7878).")
    var server: String?

    @Option(help: "Log in as this user (else HABITAT_USER, else client.toml's; without any, nothing logs in).")
    var user: String?

    @Option(help: "A file holding the password, on its first line (else HABITAT_PASSWORD, else client.toml's).")
    var passwordFile: String?

    @Option(name: .customShort("c"), help: ArgumentHelp("A command to send; several run in order.", valueName: "command"))
    var commands: [String] = []

    @OptionGroup var client: ClientOptions

    @Argument(parsing: .captureForPassthrough, help: "The command, when there is one and no -c.")
    var words: [String] = []

    func run() async throws {
        let lines = commands + (words.isEmpty ? [] : [words.joined(separator: " ")])
        guard !lines.isEmpty else { throw ValidationError("Say what to send: 'habitat do status', or -c 'status'.") }
        let settings = try ClientSettings.resolve(client, server: server, user: user, passwordFile: passwordFile)
        throw ExitCode(try await OneShot(settings, json: client.json, colour: client.colour).run(lines))
    }
}

/// Where a client connects and who it logs in as: a flag first, then a `HABITAT_*` variable, then the client's
/// config file (``ClientConfig``), then 127.0.0.1:7878 and nobody.
struct ClientSettings {
    let host: String
    let port: Int
    let tls: NIOSSLContext?
    /// Who logs in; the password is `nil` when nothing gave one.
    let login: (user: String, password: String?)?

    static func resolve(_ client: ClientOptions, server: String?, user: String?, passwordFile: String?) throws -> ClientSettings {
        let environment = ProcessInfo.processInfo.environment
        let config: ClientConfig
        do {
            config = try ClientConfig.load(environment: environment)
        } catch let failure as CommandFailure {
            FileHandle.standardError.write(Data((failure.description + "\n").utf8))
            throw ExitCode(2)
        }
        let (host, port) = try OneShot.address(server ?? environment["HABITAT_SERVER"] ?? config.server ?? "127.0.0.1:7878")
        let user = user ?? environment["HABITAT_USER"] ?? config.user
        var password: String?
        if let file = passwordFile ?? (environment["HABITAT_PASSWORD"] == nil ? config.passwordFile : nil) {
            // Read as a stream: `--password-file <(pass show habitat)` is a pipe, whose size is not known beforehand.
            guard let handle = FileHandle(forReadingAtPath: file) else {
                throw CommandFailure("Could not read the password from \(file): \(String(cString: strerror(errno)))")
            }
            defer { try? handle.close() }
            let bytes = (try? handle.readToEnd()) ?? Data()
            password = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        } else {
            password = environment["HABITAT_PASSWORD"] ?? config.password
        }
        let tls = client.tls || config.tls == true ? try ClientTLS.context(trusting: client.tlsCA ?? config.tlsCA) : nil
        return ClientSettings(host: host, port: port, tls: tls, login: user.map { ($0, password) })
    }
}

/// What `habitat do` and `habitat connect` take alike: how replies are shown, and TLS.
struct ClientOptions: ParsableArguments {
    @Flag(help: "Show each reply as the server's JSON line (for jq).")
    var json = false

    @Flag(help: "Connect with TLS (a server started with --tls-cert).")
    var tls = false

    @Option(help: "PEM file of the certificates to trust for TLS, instead of the system's (e.g. a self-signed one).")
    var tlsCA: String?

    @Flag(help: "No colour, even on a terminal (NO_COLOR does the same).")
    var noColor = false

    /// Colour on a terminal, unless `--no-color` or `NO_COLOR` says otherwise.
    var colour: Bool {
        !noColor && ProcessInfo.processInfo.environment["NO_COLOR"] == nil && isatty(STDOUT_FILENO) == 1
    }
}

/// A client's TLS: TLS 1.2 or later, servers' certificates checked against the system's roots or only those in
/// `tlsCA` (the bridges' too).
enum ClientTLS {
    static func context(trusting tlsCA: String?) throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.minimumTLSVersion = .tlsv12
        if let tlsCA {
            do {
                configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(tlsCA))
            } catch {
                throw CommandFailure("Could not read PEM certificates from \(tlsCA): \(error)")
            }
        }
        return try NIOSSLContext(configuration: configuration)
    }
}

/// One connection that switches to JSON mode, logs in when asked, sends lines and prints their replies.
struct OneShot {
    let host: String
    let port: Int
    let tls: NIOSSLContext?
    let login: (user: String, password: String)?
    let json: Bool
    let colour: Bool

    /// Refuses a user to log in as without a password: nothing asks for one here.
    init(_ settings: ClientSettings, json: Bool, colour: Bool) throws {
        if let login = settings.login, login.password == nil {
            throw ValidationError("Logging in as \(login.user) needs a password: HABITAT_PASSWORD, --password-file or client.toml's.")
        }
        (host, port, tls) = (settings.host, settings.port, settings.tls)
        login = settings.login.map { ($0.user, $0.password ?? "") }
        self.json = json
        self.colour = colour
    }

    /// How long a reply may take before the server counts as not answering.
    static let patience: Duration = .seconds(30)

    /// `host:port`, `[::1]:port`, or a host alone (port 7878).
    static func address(_ text: String) throws -> (String, Int) {
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            let host = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { throw ValidationError("--server takes host:port, e.g. 127.0.0.1:7878.") }
            guard let port = rest.isEmpty ? 7878 : Int(rest.dropFirst()), (1...65535).contains(port) else {
                throw ValidationError("--server takes host:port, e.g. 127.0.0.1:7878.")
            }
            return (host, port)
        }
        guard let colon = text.lastIndex(of: ":") else { return (text, 7878) }
        guard let port = Int(text[text.index(after: colon)...]), (1...65535).contains(port) else {
            throw ValidationError("--server takes host:port, e.g. 127.0.0.1:7878.")
        }
        return (String(text[..<colon]), port)
    }

    /// Sends `lines` in order; the exit status: 0 all carried out, 1 one was not, 2 no server or no answer.
    func run(_ lines: [String]) async -> Int32 {
        let channel: NIOAsyncChannel<String, ByteBuffer>
        do {
            channel = try await LineConnection.connect(
                host: host, port: port, maximumLineLength: 1 << 20, group: MultiThreadedEventLoopGroup.singleton, tls: tls
            ) { pipeline in
                try pipeline.addHandler(IdleStateHandler(readTimeout: .seconds(Int64(Self.patience.components.seconds))), position: .first)
                try pipeline.addHandler(CloseWhenIdle())
            }
        } catch {
            say(error: "Could not reach Habitat at \(host):\(port): \(Self.reason(error))")
            return 2
        }
        do {
            return try await channel.executeThenClose { inbound, outbound in
                var replies = inbound.makeAsyncIterator()
                func reply(to line: String) async throws -> (ok: Bool, line: String, object: [String: Any])? {
                    try await outbound.write(ByteBuffer(string: line + "\n"))
                    return try await Self.nextReply(&replies)
                }
                guard try await reply(to: "mode json") != nil else { return self.unanswered() }
                if let login {
                    guard let answer = try await reply(to: "login \(login.user) \(Self.quoted(login.password))") else {
                        return self.unanswered()
                    }
                    guard answer.ok else {
                        print(answer)
                        return 1
                    }
                }
                for typed in lines {
                    // `import <path>`: the file read here, sent in lines; only the last reply (or a refusal) is shown.
                    let sent: [String]
                    do {
                        sent = try ImportUpload.lines(for: typed) ?? [typed]
                    } catch let unreadable as ImportUpload.UnreadableFile {
                        say(error: unreadable.message)
                        return 1
                    }
                    for (index, line) in sent.enumerated() {
                        guard var answer = try await reply(to: line) else { return self.unanswered() }
                        // A file sent in many lines may outrun the server's rate limit: each line waits its turn.
                        for _ in 0..<10 where answer.object["code"] as? String == "rate_limited" && sent.count > 1 {
                            try await Task.sleep(for: .seconds(1))
                            guard let again = try await reply(to: line) else { return self.unanswered() }
                            answer = again
                        }
                        if index == sent.count - 1 || !answer.ok { print(answer) }
                        if !answer.ok { return 1 }
                    }
                }
                return 0
            }
        } catch {
            say(error: "The connection to Habitat at \(host):\(port) ended: \(Self.reason(error))")
            return 2
        }
    }

    private func unanswered() -> Int32 {
        say(error: "Habitat at \(host):\(port) did not answer.")
        return 2
    }

    /// The next line that is a reply (it has `ok`), skipping the greeting and events; `nil` when the connection ends
    /// (``CloseWhenIdle`` ends it when nothing comes in ``patience``).
    static func nextReply(
        _ lines: inout NIOAsyncChannelInboundStream<String>.AsyncIterator
    ) async throws -> (ok: Bool, line: String, object: [String: Any])? {
        while let line = try await lines.next() {
            guard line.hasPrefix("{"), let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let ok = object["ok"] as? Bool
            else { continue }
            return (ok, line, object)
        }
        return nil
    }

    /// Prints a reply: its JSON line, or its toasts' text (coloured by type on a terminal); an error's code also
    /// on standard error.
    private func print(_ answer: (ok: Bool, line: String, object: [String: Any])) {
        if json {
            Swift.print(answer.line)
        } else {
            let toasts = answer.object["toasts"] as? [[String: Any]] ?? []
            for toast in toasts {
                let text = toast["text"] as? String ?? ""
                Swift.print(colour ? Self.coloured(text, type: toast["type"] as? String) : text)
            }
        }
        if !answer.ok { say(error: "error: \(answer.object["code"] as? String ?? "unknown")") }
    }

    /// ANSI colour by a toast's type: success green, error red, info blue, the rest as it is.
    static func coloured(_ text: String, type: String?) -> String {
        let code: String
        switch type {
        case "success": code = "32"
        case "error": code = "31"
        case "info": code = "34"
        default: return text
        }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }

    private func say(error: String) {
        FileHandle.standardError.write(Data((error + "\n").utf8))
    }

    /// A password as one word of a line: in quotes when it holds a space.
    static func quoted(_ password: String) -> String {
        password.contains(where: \.isWhitespace) ? "\"\(password)\"" : password
    }

    /// Why a connection failed, in a few words (`Connection refused`).
    static func reason(_ error: any Error) -> String {
        if let failed = error as? NIOConnectionError, let first = failed.connectionErrors.first?.error {
            return reason(first)
        }
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)) }
        return "\(error)"
    }
}

/// Closes a connection on which nothing was read for its idle time: a server that does not answer.
final class CloseWhenIdle: ChannelInboundHandler, Sendable {
    typealias InboundIn = String

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let idle = event as? IdleStateHandler.IdleStateEvent, idle == .read {
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }
}
