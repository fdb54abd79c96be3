import HabitatCommands
import HabitatEngine

/// `link` (in a terminal) gets a code; `link <code>` (in chat) uses it: the chat user plays as this account.
struct Link: HabitatCommand {
    static let spec = Spec(
        "link", usage: "link | link <code>", summary: "play as this account from chat too: get a code here, say 'link <code>' in chat",
        examples: ["link", "link 4KQ-7ZD"], triggers: [["link"]], verbatim: true
    ) { rest in Link(code: rest.isEmpty ? nil : rest.phrase) }

    let code: String?

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        try await context.pipeline.link(code, session: &context.session, account: try context.account, now: context.now)
    }
}
