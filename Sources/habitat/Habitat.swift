import ArgumentParser

@main
struct Habitat: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "habitat",
        abstract: "A habit tracker that turns good days into a game, over a plain line protocol.",
        discussion: """
            Start a server with 'habitat serve', then talk to it with 'nc 127.0.0.1 7878' and type 'help'.
            """,
        version: "0.1.0",
        subcommands: [Serve.self, BridgeCommand.self, IRCBridgeCommand.self, Export.self, Backup.self]
    )
}
