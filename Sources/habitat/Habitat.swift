import ArgumentParser
import Foundation
import HabitatStorage

@main
struct Habitat: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "habitat",
        abstract: "A habit tracker that turns good days into a game, over a plain line protocol.",
        discussion: """
            Start a server with 'habitat serve', then talk to it with 'nc 127.0.0.1 7878' and type 'help'.
            """,
        version: "0.1.0",
        subcommands: [Serve.self, BridgeCommand.self, IRCBridgeCommand.self, Export.self, Backup.self, Check.self]
    )

    static func main() async {
        keepNewFilesPrivate()
        do {
            var command = try parseAsRoot()
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch let full as StorageFullError {
            // SQLite needs a little space even to open a file for reading (its shared-memory file).
            exit(withError: CommandFailure("The disk holding \(full.path) is full. Free some space there and try again."))
        } catch {
            exit(withError: error)
        }
    }
}

/// A command that could not do its work: printed as `Error: <message>` without the usage text, exit status 1.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// What Habitat writes (the data directory, users' files, exports, backups) holds people's histories and
/// password hashes: it is made readable and writable by its owner only, whatever the shell's umask.
func keepNewFilesPrivate() {
    umask(0o077)
}
