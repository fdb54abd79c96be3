import Logging
import Testing

@testable import HabitatBridgeKit

/// What a loop handed over, in order, until `count` inputs had come; then it is stopped.
private func handed(
    _ count: Int, chat: ScriptedClient<String>, habitat: ScriptedClient<HabitatClient.Event>, waitsForHabitat: Bool
) async -> [String] {
    await Task {
        var inputs: [String] = []
        await BridgeLoop(chat: chat, habitat: habitat, waitsForHabitat: waitsForHabitat).run { input in
            switch input {
            case .chat(let said): inputs.append("chat \(said)")
            case .habitat(let event): inputs.append("habitat \(event)")
            }
            if inputs.count == count { withUnsafeCurrentTask { $0?.cancel() } }
        }
        return inputs
    }.value
}

@Suite("The bridges' loop: both clients' news, one at a time")
struct BridgeLoopTests {
    @Test func eachSidesNewsIsHandedOverInTheOrderItCame() async {
        let inputs = await handed(
            4, chat: ScriptedClient(["hello", "did dishes"]), habitat: ScriptedClient([.connected, .disconnected]),
            waitsForHabitat: false)
        #expect(inputs.filter { $0.hasPrefix("chat") } == ["chat hello", "chat did dishes"])
        #expect(inputs.filter { $0.hasPrefix("habitat") } == ["habitat connected", "habitat disconnected"])
    }

    @Test func aChatIsReadAtOnceWhenItNeedNotWaitForHabitat() async {
        let inputs = await handed(1, chat: ScriptedClient(["hello"]), habitat: ScriptedClient([]), waitsForHabitat: false)
        #expect(inputs == ["chat hello"])
    }

    @Test func aChatThatWaitsForHabitatIsReadOnlyOnceTheSessionHasOpened() async {
        let inputs = await handed(
            3, chat: ScriptedClient(["said while away"]), habitat: ScriptedClient([.disconnected, .connected]),
            waitsForHabitat: true)
        #expect(inputs == ["habitat disconnected", "habitat connected", "chat said while away"])
    }

    @Test func theEventsOfAConnectionLoopEndWhenItIsStopped() async {
        let loop = ConnectionLoop<Int>(
            clock: ContinuousClock(), logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        await Task {
            await loop.run("test", backoff: Backoff()) {
                loop.report(1)
                withUnsafeCurrentTask { $0?.cancel() }
                return true
            }
        }.value
        var reported: [Int] = []
        for await event in loop.events { reported.append(event) }
        #expect(reported == [1])
    }
}
