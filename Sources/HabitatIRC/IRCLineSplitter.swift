/// Cuts text into pieces that each fit one IRC line: 512 bytes with CRLF, the `PRIVMSG <target> :` part and the
/// `:nick!user@host ` prefix the server adds when it relays the line (``prefixReserve``).
///
/// Every text line (`\n`, so a toast's detail lines too) starts a new piece; long lines are cut at a space where
/// there is one, else between grapheme clusters, and never inside a UTF-8 sequence.
public struct IRCLineSplitter: Sendable {
    /// Bytes in a whole IRC line, CRLF included (RFC 1459).
    public var lineLimit: Int
    /// Bytes left for the prefix the server puts before the line when relaying it.
    public var prefixReserve: Int

    public init(lineLimit: Int = 512, prefixReserve: Int = 100) {
        self.lineLimit = lineLimit
        self.prefixReserve = prefixReserve
    }

    /// Bytes of text that fit in one `<command> <target> :<text>` line.
    public func budget(command: String = "PRIVMSG", target: String) -> Int {
        let overhead = command.utf8.count + 1 + target.utf8.count + 2 + 2
        return max(1, lineLimit - prefixReserve - overhead)
    }

    /// The pieces of `text`, in order, none of them empty.
    public func split(_ text: String, command: String = "PRIVMSG", target: String) -> [String] {
        let budget = budget(command: command, target: target)
        return text.split(whereSeparator: \.isNewline).flatMap { pieces(of: $0, budget: budget) }
    }

    private func pieces(of line: Substring, budget: Int) -> [String] {
        var pieces: [String] = []
        var rest = line.trimmingSpaces(leading: false)
        while rest.utf8.count > budget {
            let cut = cutIndex(in: rest, budget: budget)
            let piece = rest[..<cut].trimmingSpaces(leading: false)
            if !piece.isEmpty { pieces.append(String(piece)) }
            rest = rest[cut...].trimmingSpaces(leading: true)
        }
        if !rest.allSatisfy({ $0 == " " }) { pieces.append(String(rest)) }
        return pieces
    }

    /// Where to end a piece of `text` so it fits `budget` bytes: after the last space that fits, else after the
    /// last whole character, else (one character larger than the budget) after the last whole Unicode scalar.
    private func cutIndex(in text: Substring, budget: Int) -> Substring.Index {
        var bytes = 0
        var end = text.startIndex
        var lastSpace: Substring.Index?
        for index in text.indices {
            let size = text[index].utf8.count
            if bytes + size > budget {
                if text[index] == " " { lastSpace = index }
                break
            }
            if text[index] == " ", index > text.startIndex { lastSpace = index }
            bytes += size
            end = text.index(after: index)
        }
        if let lastSpace { return lastSpace }
        if end > text.startIndex { return end }
        var scalarBytes = 0
        var scalarEnd = text.unicodeScalars.startIndex
        for index in text.unicodeScalars.indices {
            scalarBytes += UTF8.width(text.unicodeScalars[index])
            if scalarBytes > budget { break }
            scalarEnd = text.unicodeScalars.index(after: index)
        }
        return scalarEnd > text.startIndex ? scalarEnd : text.unicodeScalars.index(after: text.startIndex)
    }
}

extension Substring {
    fileprivate func trimmingSpaces(leading: Bool) -> Substring {
        if leading { return drop { $0 == " " } }
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " { end = index(before: end) }
        return self[..<end]
    }
}
