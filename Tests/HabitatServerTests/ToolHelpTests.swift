import Foundation
import TestSupport
import Testing

/// `habitat --help` and each command's help document every flag, and the README's table of the server's
/// flags is the list `habitat serve --help` gives.
@Suite("The habitat tool's help")
struct ToolHelpTests {
    /// The `--flags` a text names.
    static func flags(in text: some StringProtocol) -> Set<String> {
        Set(String(text).matches(of: /--[a-z][a-z-]*/).map { String($0.output) })
    }

    /// The flags a help text documents: each option line of it starts with one (`  --port <port>`, `  -h, --help`).
    static func options(in help: String) -> Set<String> {
        Set(help.split(separator: "\n").compactMap { line in
            line.firstMatch(of: /^  (?:-[a-zA-Z], )?(--[a-z][a-z-]*)/).map { String($0.output.1) }
        })
    }

    @Test func theToolListsEveryCommand() async throws {
        let help = try await habitat(["--help"])
        #expect(help.status == 0)
        for command in ["serve", "bridge", "irc-bridge", "export", "import", "backup", "check", "migrate", "admin"] {
            #expect(help.output.contains("\n  \(command) "), "\(command)")
        }
        #expect(Self.options(in: help.output) == ["--help", "--version"])
    }

    @Test(arguments: [
        (["serve"], [
            "--host", "--port", "--data", "--database", "--database-file", "--durability", "--registration", "--max-connections", "--max-per-address",
            "--max-unauthenticated-per-address", "--rate-limit", "--max-line", "--login-timeout",
            "--unread-timeout", "--open-files", "--idle-files", "--event-loops", "--tls-cert", "--tls-key", "--metrics",
            "--proxy-protocol", "--record-unknown", "--log-level", "--log-format", "--config", "--print-config",
        ]),
        (["irc-bridge"], [
            "--habitat", "--bridge", "--token", "--token-file", "--irc", "--nick", "--channel", "--habitat-tls", "--irc-tls",
            "--tls-ca", "--sasl-account", "--sasl-password", "--sasl-password-file", "--log-level", "--log-format", "--config",
            "--print-config",
        ]),
        (["matrix-bridge"], [
            "--habitat", "--bridge", "--token", "--token-file", "--habitat-tls", "--tls-ca", "--homeserver", "--matrix-user",
            "--matrix-password", "--matrix-password-file", "--matrix-access-token", "--matrix-access-token-file", "--state",
            "--log-level", "--log-format", "--config", "--print-config",
        ]),
        (["export"], ["--user", "--format", "--output", "--data", "--database"]),
        (["import"], ["--user", "--dry-run", "--with-rewards", "--with-character", "--merge", "--data"]),
        (["backup"], ["--data", "--database"]),
        (["check"], ["--data", "--database"]),
        (["migrate"], ["--from", "--to"]),
        (["bridge", "add"], ["--data", "--database"]),
        (["bridge", "list"], ["--data", "--database"]),
        (["bridge", "remove"], ["--data", "--database"]),
        (["admin", "users"], ["--data"]),
        (["admin", "invite"], ["--data"]),
        (["admin", "reset-password"], ["--data"]),
        (["admin", "lock"], ["--data"]),
        (["admin", "unlock"], ["--data"]),
        (["admin", "delete"], ["--data"]),
    ])
    func eachCommandsHelpNamesEveryFlagItTakes(command: [String], expected: [String]) async throws {
        let help = try await habitat(command + ["--help"])
        #expect(help.status == 0)
        #expect(Self.options(in: help.output).subtracting(["--help", "--version"]) == Set(expected))
    }

    @Test func theReadmeTableOfServerFlagsIsTheServersOwnList() async throws {
        let readme = SourceTree.url("README.md")
        let rows = try String(contentsOf: readme, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("| `--") }
        let documented = rows.reduce(into: Set<String>()) { $0.formUnion(Self.flags(in: $1.split(separator: "|")[0])) }
        let help = try await habitat(["serve", "--help"])
        #expect(documented == Self.options(in: help.output).subtracting(["--help", "--version"]))
    }
}
