import Foundation

/// A file sent to Habitat over the line protocol for `import`, as its `ImportFile` command reads it: `import <name>`,
/// then the file in `import data <base64>` lines, then the step that ends it (`import preview`, `import done …`). What
/// the terminal client sends for `import ~/Downloads/loop.db`, and the Matrix bridge for a file sent to it.
public enum FileLines {
    /// The most base64 characters a line holds by default: with `import data `, well under Habitat's 4096 bytes a line.
    public static let chunk = 4000

    /// The lines that send `data`, called `name`, ending with `last`; `chunk` base64 characters a line.
    public static func lines(name: String, data: Data, last: String, chunk: Int = chunk) -> [String] {
        let encoded = data.base64EncodedString()
        var lines = ["import \(name)"]
        var start = encoded.startIndex
        while start < encoded.endIndex {
            let end = encoded.index(start, offsetBy: chunk, limitedBy: encoded.endIndex) ?? encoded.endIndex
            lines.append("import data \(encoded[start..<end])")
            start = end
        }
        lines.append(last)
        return lines
    }
}
