import Foundation
import TestSupport

/// A real terminal for a test: a tmux server of its own (Debian's `tmux`), one session running a command, keys
/// typed with `send-keys`, the screen read with `capture-pane`.
final class Tmux: Sendable {
    let folder: URL
    /// The tmux server, in the foreground (`-D`): a daemon would keep what Foundation watches a child's end by open,
    /// and no command that starts one would be seen to end.
    private let server: Process
    var socket: String { folder.appendingPathComponent("sock").path }

    static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") }

    /// A session of 120 × 30 running `command` (with `environment`), kept on screen after it exits.
    init(running command: [String], environment: [String: String]) async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
        server.arguments = ["-S", folder.appendingPathComponent("sock").path, "-f", "/dev/null", "-D"]
        server.standardInput = FileHandle.nullDevice
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        await untilFewDescriptorsAreOpen()
        try server.run()
        let socket = folder.appendingPathComponent("sock").path
        try await eventually("tmux to listen") { FileManager.default.fileExists(atPath: socket) }
        let variables = (environment.merging(["TERM": "tmux-256color"]) { $1 }).map { "\($0.key)=\(Self.quoted($0.value))" }
        // As a person's terminal: whatever the test runner says of colour is not theirs.
        let line = (["env", "-u", "NO_COLOR"] + variables + command.map(Self.quoted)).joined(separator: " ")
        try await tmux(["new-session", "-d", "-s", "t", "-x", "120", "-y", "30", line, ";", "set-option", "-t", "t", "remain-on-exit", "on"])
    }

    static func quoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    @discardableResult
    private func tmux(_ arguments: [String]) async throws -> String {
        let run = try await runToEnd(URL(fileURLWithPath: "/usr/bin/tmux"), ["-S", socket, "-f", "/dev/null"] + arguments)
        guard run.status == 0 else { throw TestFailure("tmux \(arguments.first ?? ""): \(run.errors)") }
        return run.output
    }

    /// Types keys: text as it is, or tmux's key names (`Enter`, `Tab`, `Up`, `C-d`).
    func send(_ keys: String...) async throws {
        try await tmux(["send-keys", "-t", "t"] + keys)
    }

    /// Types text exactly, every character a key (no key names).
    func type(_ text: String) async throws {
        try await tmux(["send-keys", "-t", "t", "-l", text])
    }

    /// The screen's lines, blank ones left out; with `colours`, its escape sequences too.
    func screen(colours: Bool = false) async throws -> [String] {
        try await tmux(["capture-pane", "-p", "-S", "-", "-t", "t"] + (colours ? ["-e"] : []))
            .split(separator: "\n").map(String.init).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// Waits until a line of the screen satisfies `condition` (a deadline far above what it takes).
    func waitFor(_ what: String, colours: Bool = false, _ condition: @escaping (String) -> Bool) async throws {
        do {
            try await eventually("the screen to show \(what)") { try await self.screen(colours: colours).contains(where: condition) }
        } catch {
            throw TestFailure("\(error); the screen was:\n" + (try await screen(colours: colours)).joined(separator: "\n"))
        }
    }

    /// Whether the command has ended.
    func hasEnded() async throws -> Bool {
        try await tmux(["display-message", "-p", "-t", "t", "#{pane_dead}"]).trimmingCharacters(in: .whitespacesAndNewlines) == "1"
    }

    func stop() async {
        _ = try? await tmux(["kill-server"])
        // Never left behind (a tmux server still there holds what it inherited): killed if its process is still this
        // server, whatever Foundation has noticed of it.
        let pid = server.processIdentifier
        if pid > 0, (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8))?.contains(socket) == true {
            Foundation.kill(pid, SIGKILL)
        }
        try? FileManager.default.removeItem(at: folder)
    }
}
