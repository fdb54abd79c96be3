import Foundation
import HabitatBridgeKit

/// `import ~/Downloads/loop.db [preview] [merging] [with rewards and character]` typed at the client: the file is read
/// here and sent over the connection as the line protocol has it (``FileLines``).
enum ImportUpload {
    /// The lines that send the file `typed` names, or `nil` when it is no import of a file (`import done` and the other
    /// steps go as they are typed). A file that can't be read is said, and nothing is sent.
    static func lines(for typed: String) throws -> [String]? {
        var words = typed.split(separator: " ").map(String.init)
        guard words.first?.lowercased() == "import", words.count >= 2, !["data", "preview", "done", "cancel"].contains(words[1].lowercased()) else {
            return nil
        }
        words.removeFirst()
        // `… preview`, `… merging`, `… with rewards and character`: said again as the file is previewed or imported.
        var said: [String] = []
        while words.count > 1, let last = words.last, ["preview", "merging", "with", "rewards", "and", "character"].contains(last.lowercased()) {
            said.insert(words.removeLast(), at: 0)
        }
        let preview = said.contains { $0.lowercased() == "preview" }
        let options = said.filter { $0.lowercased() != "preview" }
        var path = words.joined(separator: " ")
        if path.count >= 2, let first = path.first, first == path.last, first == "\"" || first == "'" { path = String(path.dropFirst().dropLast()) }
        path = NSString(string: path).expandingTildeInPath
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UnreadableFile(message: "Can't read \(path) here: is the path right, and may you read it? Nothing was sent.")
        }
        let last = ([preview ? "import preview" : "import done"] + options).joined(separator: " ")
        return FileLines.lines(name: URL(fileURLWithPath: path).lastPathComponent, data: data, last: last)
    }

    struct UnreadableFile: Error {
        let message: String
    }
}
