@testable import HabitatCommands
import Testing

@testable import HabitatApp

/// What a line is counted as in the server's metrics: a few names, never the line's own words.
@Suite struct CommandKindTests {
    @Test func aCommandIsCountedByItsName() {
        #expect(Commands.table.kind(of: "did exercise yesterday") == "did")
        #expect(Commands.table.kind(of: "room did dishes") == "room did")
        #expect(Commands.table.kind(of: "add bad habit smoking 10 life") == "add bad habit")
        #expect(Commands.table.kind(of: "login alice hunter2!") == "login")
    }

    @Test func everydayWordsAroundACommandLeaveItsName() {
        #expect(Commands.table.kind(of: "ok please status!") == "status")
        #expect(Commands.table.kind(of: "how many coins do I have?") == "coins")
        #expect(Commands.table.kind(of: "how am I doing") == "status")
    }

    @Test func aLineInThePlayersOwnWordsIsARecording() {
        #expect(Commands.table.kind(of: "exercise done") == "did")
        #expect(Commands.table.kind(of: "I flossed") == "did")
    }

    @Test func aLineWithNothingToReadIsUnknown() {
        #expect(Commands.table.kind(of: "") == "unknown")
        #expect(Commands.table.kind(of: "  ") == "unknown")
    }

    @Test func everyExampleOfACommandIsCountedAsThatCommand() {
        for spec in Commands.all {
            for example in spec.examples where (try? Commands.table.parse(example)) != nil {
                #expect(Commands.table.kind(of: example) == spec.name, "\(example)")
            }
        }
    }

    @Test func everyQuestionIsCountedAsTheCommandItAsksFor() {
        #expect(!EverydayWords.questions.isEmpty)
        for (question, command) in EverydayWords.questions {
            #expect(Commands.table.kind(of: command) != Commands.unknownKind, "\(command)")
        }
    }
}
