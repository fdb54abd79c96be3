/// What a bridge's decisions are handed, one at a time: news from its chat system or from Habitat.
public enum BridgeInput<ChatEvent: Sendable>: Sendable {
    case chat(ChatEvent)
    case habitat(HabitatClient.Event)
}
