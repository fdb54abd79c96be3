import ArgumentParser
import Foundation
import HabitatMatrix

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

    @Option(help: "The bridge's name, as created with 'habitat bridge add'.")
    var bridge = "matrix"

    @Option(help: "The homeserver's client address.")
    var homeserver = "http://127.0.0.1:8008"

    @Option(help: "The bot's Matrix user id, e.g. @habitat:example.org.")
    var user: String

    @Option(help: "The bot's password (or the HABITAT_MATRIX_PASSWORD environment variable).")
    var password: String?

    @Option(help: "An access token for the bot, instead of a password.")
    var accessToken: String?

    @Option(
        help:
            "Where the bridge keeps its sync position, device and direct chats, so a restart goes on where it stopped.")
    var state = "./habitat-matrix"

    func run() async throws {
        let logger = try options.startLogging(label: "habitat-matrix")
        guard user.hasPrefix("@"), user.contains(":") else {
            throw ValidationError("--user takes a Matrix user id, e.g. @habitat:example.org.")
        }
        let credential: MatrixBridgeService.Credential
        if let accessToken {
            credential = .accessToken(accessToken)
        } else if let password = password ?? ProcessInfo.processInfo.environment["HABITAT_MATRIX_PASSWORD"],
            !password.isEmpty
        {
            credential = .password(password)
        } else {
            throw ValidationError("The bot needs --password (or HABITAT_MATRIX_PASSWORD), or --access-token.")
        }
        let service = MatrixBridgeService(
            configuration: .init(
                habitat: try options.habitatConfiguration(bridge: bridge), homeserver: homeserver, userID: user,
                credential: credential, stateDirectory: URL(fileURLWithPath: state)),
            logger: logger)
        try await BridgeRunner.serve(logger: logger) { try await service.run() }
    }
}
