import ArgumentParser
import Foundation
import HabitatMatrix
import HabitatSettings

struct MatrixBridgeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "matrix-bridge",
        abstract: "Carry Habitat into Matrix rooms: a bot that answers '!did dishes' and 'habitat: did dishes'.",
        discussion: """
            Create the bridge first on the Habitat server's machine ('habitat bridge add matrix' prints its token), \
            and a Matrix account for the bot on the homeserver. Invite the bot to a room: that room becomes a \
            household, and people who speak to the bot there become its members. A direct chat with the bot takes \
            personal commands; help, errors, timers and reminders come there. The bot does not read encrypted rooms.
            """
    )

    @OptionGroup var options: BridgeOptions

    @Option(help: "The bridge's name, as created with 'habitat bridge add'. (default: matrix)")
    var bridge: String?

    @Option(help: "The homeserver's client address. (default: http://127.0.0.1:8008)")
    var homeserver: String?

    @Option(help: "The bot's Matrix user id, e.g. @habitat:example.org.")
    var user: String?

    @Option(help: "The bot's password (better: --password-file or HABITAT_PASSWORD).")
    var password: String?

    @Option(help: ArgumentHelp("A file holding the bot's password.", valueName: "file"))
    var passwordFile: String?

    @Option(help: "An access token for the bot, instead of a password (better: --access-token-file or HABITAT_ACCESS_TOKEN).")
    var accessToken: String?

    @Option(help: ArgumentHelp("A file holding the bot's access token.", valueName: "file"))
    var accessTokenFile: String?

    @Option(
        help:
            "Where the bridge keeps its sync position, device and direct chats, so a restart goes on where it stopped. (default: ./habitat-matrix)")
    var state: String?

    static let settingNames = [
        "bridge", "homeserver", "user", "password", "password-file", "access-token", "access-token-file", "state",
    ]

    func run() async throws {
        var sources = try await options.sources(known: Self.settingNames)
        let habitat = try options.settled(&sources)
        let bridge = try sources.value("bridge", flag: self.bridge, standard: "matrix")
        let homeserver = try sources.value("homeserver", flag: self.homeserver, standard: "http://127.0.0.1:8008")
        guard let user = try sources.value("user", flag: self.user), user.hasPrefix("@"), user.contains(":") else {
            throw CommandFailure("\(sources.naming("user")) takes the bot's Matrix user id, e.g. @habitat:example.org.")
        }
        let credential: MatrixBridgeService.Credential
        if let accessToken = try sources.secret("access-token", flag: accessToken, fileFlag: accessTokenFile) {
            credential = .accessToken(accessToken)
        } else if let password = try sources.secret("password", flag: password, fileFlag: passwordFile)
            // The name this variable had before the settings had names of their own.
            ?? ProcessInfo.processInfo.environment["HABITAT_MATRIX_PASSWORD"], !password.isEmpty
        {
            credential = .password(password)
        } else {
            throw CommandFailure("The bot needs its password (--password-file or HABITAT_PASSWORD), or an access token (--access-token-file).")
        }
        let state = try sources.value("state", flag: self.state, standard: "./habitat-matrix")
        guard let logger = options.start(habitat, sources: sources, command: "matrix-bridge", label: "habitat-matrix") else {
            return
        }
        let service = MatrixBridgeService(
            configuration: .init(
                habitat: try options.habitatConfiguration(habitat, bridge: bridge), homeserver: homeserver, userID: user,
                credential: credential, stateDirectory: URL(fileURLWithPath: state)),
            logger: logger)
        try await BridgeRunner.serve(logger: logger) { try await service.run() }
    }
}
