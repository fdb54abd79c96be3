import Foundation
import PackagePlugin

/// The WordNet word lists in `Data/wordnet`, as Swift string literals of `WordForms` when HabitatCommands builds.
@main
struct WordLists: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let tool = try context.tool(named: "WordListTool")
        let data = context.package.directoryURL.appending(path: "Data").appending(path: "wordnet")
        let lists = [("irregular-verbs", "irregularVerbs"), ("verb-senses", "verbSenses"), ("noun-senses", "nounSenses")]
        return lists.map { file, name in
            let input = data.appending(path: "\(file).txt")
            let output = context.pluginWorkDirectoryURL.appending(path: "\(name).swift")
            return .buildCommand(
                displayName: "Word list \(file)", executable: tool.url, arguments: [input.path, output.path, name],
                inputFiles: [input], outputFiles: [output])
        }
    }
}
