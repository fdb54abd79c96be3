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

    // Named for Matrix: HABITAT_USER and HABITAT_PASSWORD are a person's own Habitat account, for `habitat do`.
    @Option(name: [.customLong("matrix-user"), .customLong("user")], help: "The bot's Matrix user id, e.g. @habitat:example.org.")
    var user: String?

    @Option(
        name: [.customLong("matrix-password"), .customLong("password")],
        help: "The bot's password (better: --matrix-password-file or HABITAT_MATRIX_PASSWORD).")
    var password: String?

    @Option(
        name: [.customLong("matrix-password-file"), .customLong("password-file")],
        help: ArgumentHelp("A file holding the bot's password.", valueName: "file"))
    var passwordFile: String?

    @Option(
        name: [.customLong("matrix-access-token"), .customLong("access-token")],
        help: "An access token for the bot, instead of a password (better: --matrix-access-token-file or HABITAT_MATRIX_ACCESS_TOKEN).")
    var accessToken: String?

    @Option(
        name: [.customLong("matrix-access-token-file"), .customLong("access-token-file")],
        help: ArgumentHelp("A file holding the bot's access token.", valueName: "file"))
    var accessTokenFile: String?

    @Option(
        help:
            "Where the bridge keeps its sync position, device and direct chats, so a restart goes on where it stopped. (default: ./habitat-matrix)")
    var state: String?

    static let settingNames = [
        "bridge", "homeserver", "matrix-user", "matrix-password", "matrix-password-file", "matrix-access-token",
        "matrix-access-token-file", "state",
    ]

    func run() async throws {
        var sources = try await options.sources(known: Self.settingNames)
        let habitat = try options.settled(&sources)
        let bridge = try sources.value("bridge", flag: self.bridge, standard: "matrix")
        let homeserver = try sources.value("homeserver", flag: self.homeserver, standard: "http://127.0.0.1:8008")
        guard let user = try sources.value("matrix-user", flag: self.user), user.hasPrefix("@"), user.contains(":") else {
            throw CommandFailure("\(sources.naming("matrix-user")) takes the bot's Matrix user id, e.g. @habitat:example.org.")
        }
        let credential: MatrixBridgeService.Credential
        if let accessToken = try sources.secret("matrix-access-token", flag: accessToken, fileFlag: accessTokenFile) {
            credential = .accessToken(accessToken)
        } else if let password = try sources.secret("matrix-password", flag: password, fileFlag: passwordFile) {
            credential = .password(password)
        } else {
            throw CommandFailure(
                "The bot needs its password (--matrix-password-file or HABITAT_MATRIX_PASSWORD), or an access token (--matrix-access-token-file).")
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
