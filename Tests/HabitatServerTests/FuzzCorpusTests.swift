import Foundation
import TestSupport
import Testing

/// Every input the fuzzers keep as seeds (the transcripts' lines, hostile streams, and every input that ever broke
/// something), replayed with the fuzzers' own checks by the plain builds of `fuzz-lines`, `fuzz-parser` and
/// `fuzz-engine` (scripts/fuzz builds them with libFuzzer).
@Suite("The fuzzers' corpora, replayed")
struct FuzzCorpusTests {
    static let corpus = SourceTree.url("Fuzz/Corpus")

    @Test(arguments: ["lines", "parser", "engine", "import"])
    func everySeedPassesTheFuzzersChecks(fuzzer: String) async throws {
        let folder = Self.corpus.appendingPathComponent(fuzzer)
        let seeds = try FileManager.default.contentsOfDirectory(atPath: folder.path).count
        let (status, printed, _) = try await runToEnd(ServerProcess.builtBeside("fuzz-\(fuzzer)"), [folder.path], errorsInOutput: true)
        #expect(status == 0, "\(printed)")
        #expect(printed == "\(seeds) inputs, no fault\n")
        #expect(seeds >= 24)
    }
}
