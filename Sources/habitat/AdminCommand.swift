import ArgumentParser
import Foundation
import HabitatApp

/// `habitat admin`: accounts on a running server, through its socket in the data directory. Whoever can open that
/// socket (the data directory's owner: it is theirs alone) is the administrator; anyone else is refused by the system.
struct AdminCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "admin",
        abstract: "Look after accounts on a running server: list, invite, reset a password, lock, delete.",
        discussion: """
            Asks the server running on --data through its socket there, which only the data directory's owner may open \
            (run it as the user the server runs as: under systemd, 'systemd-run --pty -p DynamicUser=yes ...' or \
            'sudo -u'). Each change is logged by the server.
            """,
        subcommands: [Users.self, Invite.self, ResetPassword.self, Lock.self, Unlock.self, Delete.self]
    )

    struct DataOption: ParsableArguments {
        @Option(help: "The server's data directory.")
        var data = "./habitat-data"

        func ask(_ request: AdminRequest) async throws { try await DataToolCall.answer(.admin(request), data: data) }
    }

    /// The account a subcommand is about, and the data directory.
    struct Account: ParsableArguments {
        @Argument(help: "The user's name.") var user: String
        @OptionGroup var options: DataOption
    }

    struct Users: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List every account: its name, when it was made, how it logs in.")
        @OptionGroup var options: DataOption
        func run() async throws { try await options.ask(.users) }
    }

    struct Invite: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a code that lets one person register (for a server run with --registration invite), for 7 days.")
        @OptionGroup var options: DataOption
        func run() async throws { try await options.ask(.invite) }
    }

    struct ResetPassword: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset-password", abstract: "Give a user a one-time code as their password, and log them out everywhere.")
        @OptionGroup var account: Account
        func run() async throws { try await account.options.ask(.resetPassword(user: account.user)) }
    }

    struct Lock: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Stop a user logging in (here or from a chat), and log them out everywhere.")
        @OptionGroup var account: Account
        func run() async throws { try await account.options.ask(.lock(user: account.user)) }
    }

    struct Unlock: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Let a locked user log in again, with their own password.")
        @OptionGroup var account: Account
        func run() async throws { try await account.options.ask(.unlock(user: account.user)) }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a user's account and everything of it, for good (as their own 'delete my account').")
        @OptionGroup var account: Account
        func run() async throws { try await account.options.ask(.delete(user: account.user)) }
    }
}
