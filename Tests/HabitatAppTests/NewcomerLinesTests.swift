import Foundation
import HabitatCommands
import HabitatEngine
import HabitatStorage
import Testing

@testable import HabitatApp

/// What new people type with habits of their own (`newcomers.txt` and `newcomers-heldout.txt`, beside this file:
/// four personas, each with the account its lines run on), run through the real parser, plan, engine and storage on
/// a fresh server for every line. A measurement first: it runs when `HABITAT_NEWCOMERS` is set, and prints the share
/// understood (a line asked about first counts when `yes` then does what it meant; how many were is printed too) and the
/// wrong actions; a held-out file's lines (`*-heldout.txt`) are counted, never printed, unless `HABITAT_NEWCOMERS=show`.
@Suite("Newcomers' own words: understood, asked about, or refused with nothing changed")
struct NewcomerLinesTests {
    /// One line of the corpus, with its persona's account.
    struct Case: CustomStringConvertible {
        enum Meaning: Hashable {
            /// The same change as these strict commands, one after another (the same reply too, for a view).
            case commands([String])
            /// These strict commands' change, done at once or after a question that `yes` answers.
            case askThen([String])
            /// Nothing changes, and the reply asks or refuses.
            case asks
            /// Nothing changes.
            case nothing
        }

        let persona: String
        let setup: [String]
        let typed: String
        let meaning: Meaning
        let file: String
        let number: Int

        var description: String { "\(file):\(number) [\(persona)]: '\(typed)'" }
    }

    /// The cases of `file`: `== persona NAME`, its `setup:` lines, then `<typed>  =>  <meaning>` lines.
    static func corpus(_ file: String) throws -> [Case] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        var (persona, setup, cases) = ("", [String](), [Case]())
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed.hasPrefix("== persona ") {
                (persona, setup) = (String(trimmed.dropFirst("== persona ".count)), [])
            } else if trimmed.hasPrefix("setup:") {
                setup.append(trimmed.dropFirst("setup:".count).trimmingCharacters(in: .whitespaces))
            } else if let arrow = line.range(of: "  =>  ") {
                let meant = line[arrow.upperBound...].trimmingCharacters(in: .whitespaces)
                func commands(_ text: some StringProtocol) -> [String] {
                    text.components(separatedBy: " ; ").map { $0.trimmingCharacters(in: .whitespaces) }
                }
                let meaning: Case.Meaning =
                    switch meant {
                    case "(asks)": .asks
                    case "(nothing)": .nothing
                    case _ where meant.hasPrefix("ask:"): .askThen(commands(meant.dropFirst("ask:".count)))
                    default: .commands(commands(meant))
                    }
                cases.append(Case(persona: persona, setup: setup, typed: String(line[..<arrow.lowerBound]), meaning: meaning, file: file, number: index + 1))
            }
        }
        return cases
    }

    /// What a line did: the game after it, the reply, and whether it changed the game.
    struct Effect: Equatable {
        let state: GameState
        let reply: String
        let changed: Bool
        var asked: Bool { reply.hasPrefix("❓") || reply.hasPrefix("❔") }
        var refused: Bool { reply.hasPrefix("❌") }
    }

    /// A player named `name` on a server of its own (rooms' names are the server's), with `setup` done; `body` gets
    /// a way to say lines and to read the game.
    static func withPlayer<T>(
        _ name: String, setup: [String], _ body: (_ say: (String) async throws -> String, _ state: () async throws -> GameState) async throws -> T
    ) async throws -> T {
        var result: T?
        try await ConversationTests.withApplication(hasher: PasswordHasher(rounds: 2, blockSize: 1, parallelism: 1)) { application in
            let connection = try await TestConnection(application)
            _ = try await connection.say("register \(name) correct-horse")
            for line in setup { _ = try await connection.say(line) }
            func say(_ line: String) async throws -> String { try await connection.say(line).joined() }
            func state() async throws -> GameState {
                let fileID = try #require(try await connection.session.account?.fileID)
                return Self.caseless(try await application.pipeline.users.with(fileID) { try await $0.state() })
            }
            result = try await body(say, state)
        }
        return try #require(result)
    }

    /// `state` with its names and own words in lower case, and its units by their usual names: Habitat reads every name whatever its
    /// case (`did yoga` is Yoga), so a name typed in lower case (`new habit protein shake`) is the same effect as the
    /// strict command's `Protein shake`; and a unit is kept as typed but read in any of its forms, so `20 mins a day` is
    /// the strict command's `target 20 min`.
    static func caseless(_ state: GameState) -> GameState {
        var state = state
        for index in state.habits.indices {
            state.habits[index].name = state.habits[index].name.lowercased()
            state.habits[index].words = state.habits[index].words.map { $0.lowercased() }
            if let unit = state.habits[index].amount?.unit?.lowercased() {
                state.habits[index].amount?.unit = WordForms.unit(unit) ?? NameMatch<String>.forms(of: unit).min { $0.count < $1.count }
            }
        }
        for index in state.rewards.indices { state.rewards[index].name = state.rewards[index].name.lowercased() }
        for index in state.areas.indices { state.areas[index].name = state.areas[index].name.lowercased() }
        for index in state.routines.indices { state.routines[index].name = state.routines[index].name.lowercased() }
        for index in state.todos.indices { state.todos[index].name = state.todos[index].name.lowercased() }
        return state
    }

    /// The effect of the strict `commands` on a fresh player of `setup`.
    static func strictEffect(_ commands: [String], setup: [String]) async throws -> Effect {
        try await withPlayer("strict", setup: setup) { say, state in
            let before = try await state()
            var replies: [String] = []
            for command in commands { replies.append(try await say(command)) }
            let after = try await state()
            return Effect(state: after, reply: replies.joined(), changed: after != before)
        }
    }

    enum Verdict {
        case understood
        /// Asked first, and `yes` did what was meant: understood, as a question answered by `yes` counts.
        case confirmed
        case misunderstood(String)
        case wrong(String)
    }

    /// What `test` did, judged against what it means.
    static func verdict(of test: Case, strict: inout [[String]: Effect]) async throws -> Verdict {
        let wanted: [String]
        switch test.meaning {
        case .commands(let commands), .askThen(let commands): wanted = commands
        case .asks, .nothing: wanted = []
        }
        var meant: Effect?
        if !wanted.isEmpty {
            if strict[test.setup + ["—"] + wanted] == nil {
                strict[test.setup + ["—"] + wanted] = try await strictEffect(wanted, setup: test.setup)
            }
            meant = strict[test.setup + ["—"] + wanted]
        }
        return try await withPlayer("typed", setup: test.setup) { say, state in
            let before = try await state()
            let reply = try await say(test.typed)
            var after = try await state()
            switch test.meaning {
            case .asks, .nothing:
                if after != before { return .wrong("meant nothing, changed the game: \(reply)") }
                if case .asks = test.meaning, !reply.hasPrefix("❓"), !reply.hasPrefix("❔"), !reply.hasPrefix("❌") {
                    return .misunderstood("meant a question or a refusal, answered \(reply)")
                }
                return .understood
            case .commands, .askThen:
                let meant = try #require(meant)
                var (answered, asked, confirmed) = (reply, false, reply)
                // (A change outside the game, to a room's list or a reminder, is seen in its reply.)
                let seenInReply = !meant.changed && !meant.reply.hasPrefix("❓") && !meant.reply.hasPrefix("❔")
                if meant.changed || seenInReply, after == before, reply.hasPrefix("❓") || reply.hasPrefix("❔") {
                    confirmed = try await say("yes")
                    answered += confirmed
                    after = try await state()
                    asked = true
                }
                if after != before && after != meant.state {
                    return .wrong("meant '\(wanted.joined(separator: " ; "))', changed the game otherwise: \(answered)")
                }
                if after == meant.state && (meant.changed || Self.sameView(confirmed, meant.reply)) {
                    // A line meant to be done directly that was asked about first is counted apart, to be seen.
                    if asked, case .commands = test.meaning { return .confirmed }
                    return .understood
                }
                return .misunderstood("meant '\(wanted.joined(separator: " ; "))' (\(meant.reply)), answered \(answered)")
            }
        }
    }

    /// Whether two replies that changed nothing are the same view: the same first line (a view's title) in any case, with an
    /// invite code (new each time it is asked for) masked.
    static func sameView(_ reply: String, _ meant: String) -> Bool {
        func title(_ text: String) -> String {
            String(text.prefix { $0 != "\n" }).replacingOccurrences(of: "[A-Z0-9]{3}-[A-Z0-9]{3}", with: "CODE", options: .regularExpression).lowercased()
        }
        return title(reply) == title(meant)
    }

    @Test(
        .enabled(if: ProcessInfo.processInfo.environment["HABITAT_NEWCOMERS"] != nil),
        arguments: ["newcomers.txt", "newcomers-heldout.txt"])
    func newcomersLinesAreMeasured(file: String) async throws {
        // `HABITAT_NEWCOMERS_FILE=<name>`: another file beside these, measured in place of the held-out half.
        let other = ProcessInfo.processInfo.environment["HABITAT_NEWCOMERS_FILE"]
        let file = file == "newcomers-heldout.txt" ? other ?? file : file
        let cases = try Self.corpus(file)
        let show = !file.contains("heldout") || ProcessInfo.processInfo.environment["HABITAT_NEWCOMERS"] == "show"
        var strict: [[String]: Effect] = [:]
        var (understood, misunderstood, wrong, confirmed) = (0, [String](), [String](), [String]())
        var byPersona: [String: (understood: Int, all: Int)] = [:]
        for test in cases {
            let verdict = try await Self.verdict(of: test, strict: &strict)
            byPersona[test.persona, default: (0, 0)].all += 1
            switch verdict {
            case .understood, .confirmed:
                understood += 1
                byPersona[test.persona, default: (0, 0)].understood += 1
                if case .confirmed = verdict { confirmed.append("\(test)") }
            case .misunderstood(let why): misunderstood.append("\(test): \(why)")
            case .wrong(let why): wrong.append("\(test): \(why)")
            }
        }
        let share = Double(understood) / Double(max(1, cases.count))
        print("Newcomers' lines (\(file)): \(understood) of \(cases.count) understood (\(String(format: "%.1f", share * 100))%), \(wrong.count) wrong actions; "
                + "\(confirmed.count) of those understood were meant to be done at once and were asked about first, then done by 'yes'")
        for (persona, figures) in byPersona.sorted(by: { $0.key < $1.key }) {
            print("  \(persona): \(figures.understood) of \(figures.all)")
        }
        if show {
            for line in wrong { print("  WRONG: \(line)") }
            for line in misunderstood { print("  not understood: \(line)") }
            for line in confirmed { print("  asked first: \(line)") }
        }
        #expect(other != nil || cases.count >= 150)
    }
}
