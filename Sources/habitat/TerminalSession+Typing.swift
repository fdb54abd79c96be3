import CEditLine
import Foundation
import HabitatCommands

/// What the prompt's thread does while libedit waits for a line: the names Tab completes, the keys and news it
/// waits for, and the dim hint after the line.
extension TerminalSession {
    // MARK: Names to complete

    /// Asks for the commands' forms and, when someone is logged in, the names of their habits, rewards, areas, rooms
    /// and open to-dos.
    func learnNames() {
        var learned = Names()
        if case .reply(let help) = ask("help all") {
            let commands = (help.object["data"] as? [String: Any])?["commands"] as? [[String: Any]] ?? []
            learned.usages = commands.compactMap { $0["usage"] as? String }
            for usage in learned.usages {
                let words = UsageHint.parts(of: usage).map { $0.lowercased() }
                guard let first = words.first else { continue }
                learned.commands.append(first)
                if words.count > 1, !words[1].hasPrefix("<"), !words[1].hasPrefix("[") {
                    learned.following[first, default: []].append(words[1])
                }
            }
            learned.commands = Array(Set(learned.commands))
            learned.following = learned.following.mapValues { Array(Set($0)).sorted() }
        }
        if case .reply(let card) = ask("help") {
            let topics = (card.object["data"] as? [String: Any])?["topics"] as? [[String: Any]] ?? []
            learned.topics += topics.compactMap { $0["name"] as? String }
        }
        if shared.withLockedValue({ $0.login != nil }) {
            for (command, list) in [("habits", "habits"), ("store", "items"), ("areas", "areas"), ("rooms", "rooms"), ("todos", "todos"), ("room list", "todos")] {
                guard case .reply(let reply) = ask(command) else { continue }
                let rows = (reply.object["data"] as? [String: Any])?[list] as? [[String: Any]] ?? []
                learned.names += rows.compactMap { $0["name"] as? String }.flatMap { $0.lowercased().split(separator: " ").map(String.init) }
            }
        }
        learned.commands.sort()
        learned.names = Array(Set(learned.names)).sorted()
        names.withLockedValue { $0 = learned }
    }

    /// Tab: the word before the cursor completed when one name fits, lengthened to what all that fit share, or those
    /// that fit listed below the line.
    func complete() -> UInt8 {
        guard let editor, let line = el_line(editor)?.pointee else { return UInt8(CC_ERROR) }
        // A change's new names first (`add habit Floss`, then at once `did fl⇥`).
        _ = learning.wait(timeout: .now() + Self.patience)
        let before = String(decoding: UnsafeRawBufferPointer(start: line.buffer, count: line.cursor - line.buffer), as: UTF8.self)
        let words = before.split(separator: " ", omittingEmptySubsequences: false).map { $0.lowercased() }
        let word = words.last ?? ""
        let candidates = names.withLockedValue { names in
            Array(Set(names.candidates(at: words.count - 1, after: words.first ?? "").filter { $0.hasPrefix(word) })).sorted()
        }
        guard let shortest = candidates.min(by: { $0.count < $1.count }) else { return UInt8(CC_REFRESH_BEEP) }
        if candidates.count == 1 {
            el_insertstr(editor, String(shortest.dropFirst(word.count)) + " ")
            return UInt8(CC_REFRESH)
        }
        var shared = shortest
        while !candidates.allSatisfy({ $0.hasPrefix(shared) }) { shared.removeLast() }
        if shared.count > word.count {
            el_insertstr(editor, String(shared.dropFirst(word.count)))
            return UInt8(CC_REFRESH)
        }
        clearHint()
        FileHandle.standardOutput.write(Data(("\n" + candidates.joined(separator: "  ") + "\n").utf8))
        return UInt8(CC_REDISPLAY)
    }

    // MARK: Keys, news and hints

    /// libedit's reader: waits for a key or for news. News is printed above the line, which is drawn again; before
    /// each wait, the hint after the line is drawn again, and cleared when the line is sent. 1 with a character, 0 at
    /// the input's end.
    func nextCharacter(_ character: UnsafeMutablePointer<wchar_t>?) -> Int32 {
        while true {
            let news = shared.withLockedValue { shared in
                defer { shared.news.removeAll() }
                return shared.news
            }
            if !news.isEmpty, let editor {
                clearHint()
                for text in news { FileHandle.standardOutput.write(Data(("\r\u{1B}[K" + text + "\n").utf8)) }
                habitat_editline_redraw(editor)
            }
            drawHint()
            var waits = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            guard poll(&waits, 2, -1) >= 0 else {
                if errno == EINTR { continue }
                return -1
            }
            if waits[1].revents != 0 {
                var drained = [UInt8](repeating: 0, count: 64)
                while read(wake.read, &drained, drained.count) > 0 {}
            }
            guard waits[0].revents != 0 else { continue }
            guard let read = readCharacter() else { return 0 }
            if read == 10 || read == 13 { clearHint() }
            character?.pointee = read
            return 1
        }
    }

    /// One character from the keyboard, its UTF-8 bytes read whole; `nil` at the input's end.
    private func readCharacter() -> wchar_t? {
        func byte() -> UInt8? {
            var byte: UInt8 = 0
            while true {
                let count = read(STDIN_FILENO, &byte, 1)
                if count == 1 { return byte }
                if count < 0, errno == EINTR { continue }
                return nil
            }
        }
        guard let first = byte() else { return nil }
        let following = first >= 0xF0 ? 3 : first >= 0xE0 ? 2 : first >= 0xC0 ? 1 : 0
        guard following > 0 else { return wchar_t(first) }
        var bytes = [first]
        for _ in 0..<following {
            guard let next = byte() else { return nil }
            bytes.append(next)
        }
        return String(decoding: bytes, as: UTF8.self).unicodeScalars.first.map { wchar_t($0.value) } ?? wchar_t(0xFFFD)
    }

    /// The hint after the line: the rest of the command's form, dimmed, when the cursor is at the line's end and it
    /// fits on the row; otherwise only what an earlier hint left is cleared.
    private func drawHint(hint wanted: Bool = true) {
        guard hints, let editor, let line = el_line(editor)?.pointee else { return }
        let text = String(decoding: UnsafeRawBufferPointer(start: line.buffer, count: line.lastchar - line.buffer), as: UTF8.self)
        let after = String(decoding: UnsafeRawBufferPointer(start: line.cursor, count: line.lastchar - line.cursor), as: UTF8.self).count
        var size = winsize()
        let columns = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
        let used = promptString.count + text.count
        // A line that fills its row covered whatever hint was there as it grew.
        guard used < columns else { return }
        var out = after > 0 ? "\u{1B}7\u{1B}[\(after)C\u{1B}[K" : "\u{1B}[K"
        if wanted, after == 0, let hint = UsageHint.remaining(typed: text, usages: names.withLockedValue { $0.usages }),
            used + hint.count < columns
        {
            out += "\u{1B}[2m\(hint)\u{1B}[0m\u{1B}[\(hint.count)D"
        }
        if after > 0 { out += "\u{1B}8" }
        FileHandle.standardOutput.write(Data(out.utf8))
    }

    private func clearHint() {
        drawHint(hint: false)
    }
}
