@testable import HabitatCommands
import Testing

/// What a line is counted as in the server's metrics: a few names, never the line's own words.
@Suite struct CommandKindTests {
    @Test func aCommandIsCountedByItsName() {
        #expect(CommandTable.kind(of: "did exercise yesterday") == "did")
        #expect(CommandTable.kind(of: "room did dishes") == "room did")
        #expect(CommandTable.kind(of: "add bad habit smoking 10 life") == "add bad habit")
        #expect(CommandTable.kind(of: "login alice hunter2!") == "login")
    }

    @Test func everydayWordsAroundACommandLeaveItsName() {
        #expect(CommandTable.kind(of: "ok please status!") == "status")
        #expect(CommandTable.kind(of: "how many coins do I have?") == "coins")
        #expect(CommandTable.kind(of: "how am I doing") == "status")
    }

    @Test func aLineInThePlayersOwnWordsIsARecording() {
        #expect(CommandTable.kind(of: "exercise done") == "did")
        #expect(CommandTable.kind(of: "I flossed") == "did")
    }

    @Test func aLineWithNothingToReadIsUnknown() {
        #expect(CommandTable.kind(of: "") == "unknown")
        #expect(CommandTable.kind(of: "  ") == "unknown")
    }

    @Test func everyExampleOfACommandIsCountedAsThatCommand() {
        for spec in CommandTable.all {
            for example in spec.examples where (try? CommandTable.parse(example)) != nil {
                #expect(CommandTable.kind(of: example) == spec.name, "\(example)")
            }
        }
    }

    @Test func everyQuestionIsCountedAsTheCommandItAsksFor() {
        #expect(!CommandTable.questionKinds.isEmpty)
        for (command, kind) in CommandTable.questionKinds {
            #expect(kind != CommandTable.unknownKind, "\(command)")
        }
    }
}
