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
            without showing it. Tab completes commands, help topics and the names of your habits, rewards, \
            areas, rooms and to-dos; while a command is typed, the rest of its form is shown dimmed after it. Up and \
            Ctrl-R find earlier lines (kept in $XDG_STATE_HOME/habitat/history, never a line with a password). \
            A reminder or a housemate's news is printed above your line, which stays as you typed it. When the \
            connection drops (a server restart), it says so once and connects again by itself, logging you in \
            again. Ctrl-D or 'quit' leaves.

            HABITAT_USER and HABITAT_PASSWORD (or user and password in ~/.config/habitat/client.toml) log in at \
            the start; with a user and no password, the password is asked for. With -c it sends those commands \
            and exits, as 'habitat do' does.
            """)

    @Argument(help: "The server, host[:port] (else HABITAT_SERVER, else client.toml's, else 127.0.0.1:7878).")
    var address: String?

    @Option(name: .customShort("c"), help: ArgumentHelp("A command to send, then exit; several run in order.", valueName: "command"))
    var commands: [String] = []

    @OptionGroup var client: ClientOptions

    func run() async throws {
        let settings = try ClientSettings.resolve(client, server: address, user: nil, passwordFile: nil)
        if !commands.isEmpty {
            throw ExitCode(try await OneShot(settings, json: client.json, colour: client.colour).run(commands))
        }
        let terminal = TerminalSession(settings, json: client.json, colour: client.colour)
        throw ExitCode(await terminal.run())
    }
}

