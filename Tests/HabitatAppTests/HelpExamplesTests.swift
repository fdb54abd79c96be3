import Foundation
import HabitatCommands
import Testing

@testable import HabitatApp

/// What `help <topic>` shows as said is understood, said by someone with the habits it names.
@Suite("help's examples")
struct HelpExamplesTests {
    @Test func everyExampleOfEveryTopicIsUnderstood() async throws {
        try await ConversationTests.withApplication { application in
            let alice = try await TestConnection(application, connection: 1)
            for line in [
                "register alice correct-horse", "add habit Exercise", "add habit Floss", "add habit Water target 8 glasses",
                "add habit Stretch", "add habit Walk", "add habit Meditation", "add habit Piano on mon wed fri",
                "room create Household", "room add habit Dishes",
            ] {
                let reply = try await alice.say(line).joined()
                #expect(reply.hasPrefix("✅") || reply.hasPrefix("🏠"), "\(line): \(reply)")
            }
            for topic in Help.guide.topics {
                for example in topic.examples {
                    let reply = try await alice.say(example).joined()
                    #expect(!reply.hasPrefix("❓"), "help \(topic.name): '\(example)' was answered \(reply)")
                    #expect(!reply.contains("Did you mean"), "help \(topic.name): '\(example)' was answered \(reply)")
                }
            }
        }
    }
}
