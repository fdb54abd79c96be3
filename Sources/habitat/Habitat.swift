import ArgumentParser
import Foundation
import HabitatApp

@main
struct Habitat: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "habitat",
        abstract: "A habit tracker that turns good days into a game, over a plain line protocol.",
        discussion: """
            Start a server with 'habitat serve', then talk to it with 'nc 127.0.0.1 7878' and type 'help'.
            """,
        version: Pipeline.version,
        subcommands: [Serve.self, Connect.self, Do.self, BridgeCommand.self, IRCBridgeCommand.self, MatrixBridgeCommand.self, Export.self, Import.self, Backup.self, Check.self, Migrate.self, AdminCommand.self]
    )

    static func main() async {
        keepNewFilesPrivate()
        await main(nil)
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
