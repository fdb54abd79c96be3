/// The one loop of every bridge: it runs the chat client and Habitat's, makes their events one stream, and hands
/// each input in turn to the decisions, so those are a plain value that never sees two inputs at once.
struct BridgeLoop<Chat: ReportingClient, Habitat: ReportingClient>: Sendable
where Habitat.Event == HabitatClient.Event {
    let chat: Chat
    let habitat: Habitat
    /// Start the chat client only once the Habitat session has opened (see ``ChatSide/readsChatOnceHabitatIsOpen``).
    let waitsForHabitat: Bool

    /// Runs until the task is cancelled.
    func run(handing handle: (BridgeInput<Chat.Event>) async -> Void) async {
        let (inputs, input) = AsyncStream.makeStream(of: BridgeInput<Chat.Event>.self)
        await withDiscardingTaskGroup { group in
            group.addTask { await habitat.run(reportingTo: input, as: BridgeInput.habitat) }
            var readingChat = !waitsForHabitat
            if readingChat { group.addTask { await chat.run(reportingTo: input, as: BridgeInput.chat) } }
            for await next in inputs {
                if !readingChat, case .habitat(.connected) = next {
                    readingChat = true
                    group.addTask { await chat.run(reportingTo: input, as: BridgeInput.chat) }
                }
                await handle(next)
            }
        }
    }
}
