/// The statements of a SQL file, each without its `;`: PostgreSQL's extended protocol, the only one PostgresNIO
/// speaks, takes one statement at a time. A `;` inside a string (`'…'`), a quoted name (`"…"`), a comment (`-- …`,
/// `/* … */`) or a dollar-quoted body (`$$ … $$`, `$tag$ … $tag$`, a function's) does not end a statement. Statements
/// that hold nothing but comments and spaces are left out.
enum SQLStatements {
    static func split(_ sql: String) -> [String] {
        let text = Array(sql.unicodeScalars)
        var statements: [String] = []
        var start = 0
        var meaningful = false
        var index = 0
        func flush(upTo end: Int) {
            if meaningful {
                var scalars = String.UnicodeScalarView()
                scalars.append(contentsOf: text[start..<end])
                statements.append(String(scalars).trimmingWhitespace())
            }
            (start, meaningful) = (end + 1, false)
        }
        func starts(with marker: [Unicode.Scalar], at position: Int) -> Bool {
            position + marker.count <= text.count && Array(text[position..<(position + marker.count)]) == marker
        }
        while index < text.count {
            let scalar = text[index]
            switch scalar {
            case "-" where starts(with: ["-", "-"], at: index):
                while index < text.count, text[index] != "\n" { index += 1 }
                continue
            case "/" where starts(with: ["/", "*"], at: index):
                index += 2
                while index < text.count, !starts(with: ["*", "/"], at: index) { index += 1 }
                index += 2
                continue
            case "'", "\"":
                meaningful = true
                index += 1
                // A doubled quote inside is the quote itself, and reads as leaving and entering again.
                while index < text.count, text[index] != scalar { index += 1 }
            case "$":
                meaningful = true
                var end = index + 1
                while end < text.count, text[end] == "_" || text[end].properties.isAlphabetic || (end > index + 1 && text[end].properties.numericType != nil) {
                    end += 1
                }
                guard end < text.count, text[end] == "$" else { break }
                let tag = Array(text[index...end])
                index = end + 1
                while index < text.count, !starts(with: tag, at: index) { index += 1 }
                index += tag.count
                continue
            case ";":
                flush(upTo: index)
            default:
                if !scalar.properties.isWhitespace { meaningful = true }
            }
            index += 1
        }
        flush(upTo: text.count)
        return statements
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
