import HabitatCommands
import HabitatEngine

/// `bridge <name> <token>`: this connection is a chat bridge, speaking for the chat users of its channels.
struct BridgeLogin: HabitatCommand {
    static let spec = Spec(
        "bridge", usage: "bridge <name> <token>", summary: "(for chat bridges) authenticate this connection as a bridge",
        examples: ["bridge irc hbt_2f6c1d0e9a8b47e3b5c4d2a1f0e9d8c7b6a5f4e3d2c1b0a9"], triggers: [["bridge"]], beforeLogin: true,
        fromChat: false, verbatim: true
    ) { rest in
        guard rest.count == 2 else { throw HabitatError.usage("bridge <name> <token>") }
        return BridgeLogin(name: rest[0].lower, token: rest[1].text)
    }
    static var beforeLogin: Bool { spec.beforeLogin }
    static var fromChat: Bool { spec.availableFromChat }

    let name: String
    let token: String

    var touches: Touches { .account }

    func run(_ context: inout CommandContext) async throws -> Reply {
        try await context.pipeline.connectBridge(name, token: token, session: &context.session)
    }
}
