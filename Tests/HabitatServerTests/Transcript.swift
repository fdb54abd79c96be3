import Foundation
@testable import HabitatApp
import HabitatServer
import HabitatStorage
import TestSupport
import Testing

/// A conversation in `protocols/transcripts/*.txt`, replayed against a real server.
///
/// Format: `> line` is sent; the `< line`s after it are the reply expected, in order (the empty line that
/// ends a text reply is implied). `bob> ` and `bob< ` speak on a second connection named bob; `<` lines
/// with no request before them are events that connection receives. `…` in an expected line matches any
/// text; `{{code}}` matches a word and remembers it, and `{{code}}` in a later sent line stands for it.
/// `@clock 2026-11-21T08:00:00Z` sets the server's clock. `#` starts a comment.
struct Transcript: Sendable, CustomStringConvertible {
    enum Step: Sendable {
        case send(connection: String, line: String, lineNumber: Int)
        case expect(connection: String, lines: [String], lineNumber: Int)
        case clock(Date)
        /// `@bridge irc hbt_token`: the operator created this bridge.
        case bridge(name: String, token: String)
    }

    let name: String
    let steps: [Step]
    let url: URL
    /// The file's comment and directive lines, by line number, kept when recording.
    let kept: [(Int, String)]
    var description: String { name }

    static var directory: URL {
        SourceTree.url("protocols/transcripts")
    }

    static func all() -> [Transcript] {
        let files = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
        return files.filter { $0.pathExtension == "txt" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
            .compactMap { try? Transcript(contentsOf: $0) }
    }

    init(contentsOf url: URL) throws {
        self.url = url
        name = url.deletingPathExtension().lastPathComponent
        var steps: [Step] = []
        var kept: [(Int, String)] = []
        for (index, raw) in try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n").enumerated() {
            let number = index + 1
            if raw.hasPrefix("#") || raw.hasPrefix("@") || raw.trimmingCharacters(in: .whitespaces).isEmpty { kept.append((number, raw)) }
            if raw.hasPrefix("#") || raw.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            if raw.hasPrefix("@bridge ") {
                let parts = raw.split(separator: " ").map(String.init)
                guard parts.count == 3 else { throw TestFailure("\(name):\(number): @bridge <name> <token>") }
                steps.append(.bridge(name: parts[1], token: parts[2]))
                continue
            }
            if raw.hasPrefix("@clock ") {
                guard let date = ISO8601DateFormatter().date(from: String(raw.dropFirst(7))) else {
                    throw TestFailure("\(name):\(number): bad @clock")
                }
                steps.append(.clock(date))
                continue
            }
            guard let marker = raw.firstIndex(where: { $0 == ">" || $0 == "<" }) else {
                throw TestFailure("\(name):\(number): expected '> ' or '< '")
            }
            let connection = String(raw[..<marker])
            var text = String(raw[raw.index(after: marker)...])
            if text.hasPrefix(" ") { text.removeFirst() }
            if raw[marker] == ">" {
                steps.append(.send(connection: connection, line: text, lineNumber: number))
            } else if case .expect(let previous, var lines, let start)? = steps.last, previous == connection {
                lines.append(text)
                steps[steps.count - 1] = .expect(connection: connection, lines: lines, lineNumber: start)
            } else {
                steps.append(.expect(connection: connection, lines: [text], lineNumber: number))
            }
        }
        self.steps = steps
        self.kept = kept
    }

    /// Whether replays write what the server said into the files instead of comparing
    /// (`HABITAT_RECORD_TRANSCRIPTS=1 swift test --filter Transcript`); review the diff before keeping it.
    static var recording: Bool { ProcessInfo.processInfo.environment["HABITAT_RECORD_TRANSCRIPTS"] == "1" }

    /// Replays every step; each mismatch is recorded as an issue naming the file and line.
    func replay(on server: TestServer) async throws {
        var clients: [String: LineClient] = [:]
        func client(_ name: String) async throws -> LineClient {
            if let client = clients[name] { return client }
            let client = try await server.connect()
            clients[name] = client
            return client
        }
        var recorded: [(Int, String)] = kept
        var captured: [String: String] = [:]
        for (index, step) in steps.enumerated() {
            switch step {
            case .clock(let date):
                // What the move made due is fired before the next line, as a server whose clock ran there would have.
                server.clock.set(date)
                try await server.settled()
            case .bridge(let name, let token):
                // As 'habitat bridge add' does, in whichever store the server keeps.
                try await server.habitat.application.directory.addBridge(named: name, tokenHash: BridgeToken.hash(token), at: server.clock.now)
            case .send(let connection, let pattern, let lineNumber):
                var line = pattern
                for (name, value) in captured { line = line.replacingOccurrences(of: "{{\(name)}}", with: value) }
                try await client(connection).send(line)
                if Self.recording {
                    recorded.append((lineNumber, "\(connection)> \(pattern)"))
                    guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
                    var reply = try await client(connection).readReply()
                    // Events that arrive before the reply are part of what the transcript shows.
                    while reply.last?.hasPrefix(#"{"event""#) == true { reply += try await client(connection).readReply() }
                    // A pattern that captures (`{{code}}`) is kept as written when it matches.
                    if index + 1 < steps.count, case .expect(connection, let expected, _) = steps[index + 1],
                        expected.contains(where: { $0.contains("{{") }), let values = Self.match(reply, expected)
                    {
                        captured.merge(values) { $1 }
                        reply = expected
                    }
                    for line in reply { recorded.append((lineNumber, "\(connection)< \(line)")) }
                }
            case .expect(let connection, let expected, let lineNumber) where Self.recording:
                // An event (an expect block with no request before it): record what arrives.
                if index > 0, case .send(let previous, _, _) = steps[index - 1], previous == connection { continue }
                var actual: [String] = []
                while actual.count < expected.count { actual += try await client(connection).readReply() }
                for reply in actual { recorded.append((lineNumber, "\(connection)< \(reply)")) }
            case .expect(let connection, let expected, let lineNumber):
                let client = try await client(connection)
                var actual: [String] = []
                while actual.count < expected.count {
                    actual += try await client.readReply()
                }
                if let values = Self.match(actual, expected) {
                    captured.merge(values) { $1 }
                } else {
                    Issue.record(
                        "\(name).txt:\(lineNumber)\nexpected:\n\(expected.joined(separator: "\n"))\nactual:\n\(actual.joined(separator: "\n"))")
                    break
                }
            }
        }
        for client in clients.values { await client.close() }
        if Self.recording {
            // Keep file order: by source line, then in the order recorded.
            let lines = recorded.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }
                .map { $0.element.1 }
            let text = lines.joined(separator: "\n").trimmingCharacters(in: .newlines) + "\n"
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// The values captured by `{{name}}` when every line matches its pattern, else `nil`.
    static func match(_ actual: [String], _ expected: [String]) -> [String: String]? {
        guard actual.count == expected.count else { return nil }
        var values: [String: String] = [:]
        for (line, pattern) in zip(actual, expected) {
            guard let found = match(line, pattern) else { return nil }
            values.merge(found) { $1 }
        }
        return values
    }

    /// Exact match, where `…` stands for any text and `{{name}}` for a word that is captured.
    static func match(_ text: String, _ pattern: String) -> [String: String]? {
        guard pattern.contains("…") || pattern.contains("{{") else { return text == pattern ? [:] : nil }
        var regex = "^"
        var names: [String] = []
        var rest = Substring(pattern)
        while !rest.isEmpty {
            if rest.hasPrefix("…") {
                regex += ".*"
                rest = rest.dropFirst()
            } else if rest.hasPrefix("{{"), let close = rest.range(of: "}}") {
                names.append(String(rest[rest.index(rest.startIndex, offsetBy: 2)..<close.lowerBound]))
                regex += "([^\\s:,.']+)"
                rest = rest[close.upperBound...]
            } else {
                regex += NSRegularExpression.escapedPattern(for: String(rest.first!))
                rest = rest.dropFirst()
            }
        }
        guard let expression = try? NSRegularExpression(pattern: regex + "$"),
            let result = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
        else { return nil }
        var values: [String: String] = [:]
        for (index, name) in names.enumerated() {
            if let range = Range(result.range(at: index + 1), in: text) { values[name] = String(text[range]) }
        }
        return values
    }
}

@Suite("Transcripts in protocols/transcripts, replayed against a real server")
struct TranscriptTests {
    @Test("transcript", arguments: Transcript.all())
    func replay(_ transcript: Transcript) async throws {
        try await TestServer.with { server in try await transcript.replay(on: server) }
    }

    /// Every transcript again, on a server that keeps everything in PostgreSQL (`serve --database`).
    @Test("transcript on PostgreSQL", .enabled(if: TestPostgres.isAvailable), arguments: Transcript.all())
    func replayOnPostgres(_ transcript: Transcript) async throws {
        try await TestPostgres.withStores { stores in
            try await TestServer.with(configure: { $0.stores = stores }) { server in try await transcript.replay(on: server) }
        }
    }

    @Test func everyTranscriptIsFound() {
        #expect(Transcript.all().count >= 2)
    }
}
