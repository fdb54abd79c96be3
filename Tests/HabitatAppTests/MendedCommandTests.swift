import HabitatCommands
import Testing

@testable import HabitatApp

/// A line that is a command but for a slip of a letter or two in its command's words, mended to be asked about.
@Suite("Mended commands")
struct MendedCommandTests {
    @Test(arguments: [
        ("pasue yoga 3 days", "pause yoga 3 days"), ("stauts", "stats"), ("remnd me to floss at 21:00", "remind me to floss at 21:00"),
        ("hepl", "help"),
    ])
    func aSlipInTheCommandsWordsIsMended(typed: String, mended: String) {
        #expect(Commands.table.mended(typed)?.line == mended)
    }

    @Test func aSecretOrNoCommandIsNeverMended() {
        // A command read as typed holds secrets; a line far from any command has no mending; a command is no slip.
        #expect(Commands.table.mended("passwrd old-secret new-secret") == nil)
        #expect(Commands.table.mended("blorp the zorp") == nil)
        #expect(Commands.table.mended("pause yoga 3 days") == nil)
    }
}
