import Foundation

// `WordListTool <input.txt> <output.swift> <name>`: the lines of a word list (`#` lines are its comments) as
// `extension WordForms { static let <name> = """…""" }`, which builds in seconds where a resource embedded in code
// takes minutes. Run by the WordLists plugin when HabitatCommands builds.
let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: WordListTool <input.txt> <output.swift> <name>\n".utf8))
    exit(2)
}
let input = URL(fileURLWithPath: arguments[1])
let text = try String(contentsOf: input, encoding: .utf8)
var out = "// Generated when building, from Data/wordnet/\(input.lastPathComponent); do not edit.\n\n"
out += "extension WordForms {\n    /// The lines of Data/wordnet/\(input.lastPathComponent), as they are there.\n"
out += "    static let \(arguments[3]) = #\"\"\"\n"
for line in text.split(separator: "\n") where !line.hasPrefix("#") {
    out += "        \(line)\n"
}
out += "        \"\"\"#\n}\n"
try out.write(toFile: arguments[2], atomically: true, encoding: .utf8)
