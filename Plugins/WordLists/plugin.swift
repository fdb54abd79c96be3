import Foundation
import PackagePlugin

/// The WordNet word lists in `Data/wordnet`, as Swift string literals of `WordForms` when HabitatCommands builds: a
/// literal builds in seconds, where a resource embedded in code takes minutes, and the binary needs no files beside
/// it. The lines are wrapped by the shell (`#` lines are a list's comments), with no tool of ours to build first,
/// so every build (a fuzzer's too, whose flags no tool could link with) makes them the same way.
@main
struct WordLists: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let data = context.package.directoryURL.appending(path: "Data").appending(path: "wordnet")
        let lists = [("irregular-verbs", "irregularVerbs"), ("verb-senses", "verbSenses"), ("noun-senses", "nounSenses"), ("person-nouns", "personNouns")]
        return lists.map { file, name in
            let input = data.appending(path: "\(file).txt")
            let output = context.pluginWorkDirectoryURL.appending(path: "\(name).swift")
            let script = """
                {
                  printf '%s\\n' '// Generated when building, from Data/wordnet/\(file).txt; do not edit.' '' 'extension WordForms {'
                  printf '%s\\n' '    /// The lines of Data/wordnet/\(file).txt, as they are there.' '    static let \(name) = #\"\"\"'
                  grep -v '^#' "$0" | sed 's/^/        /'
                  printf '%s\\n' '        \"\"\"#' '}'
                } > "$1"
                """
            return .buildCommand(
                displayName: "Word list \(file)", executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, input.path, output.path], inputFiles: [input], outputFiles: [output])
        }
    }
}
