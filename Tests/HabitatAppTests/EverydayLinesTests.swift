import Foundation
import HabitatCommands
import HabitatEngine
import HabitatStorage
import LineFraming
import Testing

@testable import HabitatApp

/// What people type, as they type it (`everyday-lines.txt`, beside this file), each line with the strict command it
/// means, run through the real parser, plan, engine and storage: the share understood is reported, and any line that
/// changes someone's data other than as meant fails the test.
@Suite("Everyday lines: understood, or refused with nothing changed")
struct EverydayLinesTests {
    /// One line of the corpus.
    struct Case: CustomStringConvertible {
        enum Meaning {
            /// Means what this strict command means: the same change, or the same reply.
            case command(String)
            /// Changes nothing, and is answered with a question or a refusal (`(asks)`, `(unknown)`).
            case nothing
        }

        let typed: String
        let meaning: Meaning
        let file: String
        let number: Int

        var description: String { "\(file):\(number): '\(typed)'" }
    }

    /// `everyday-lines.txt`, and `everyday-lines-heldout.txt`, written apart from the first and from the parser.
    static func corpus(_ file: String) throws -> [Case] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            guard !line.hasPrefix("#"), let arrow = line.range(of: "  =>  ") else { return nil }
            let typed = String(line[..<arrow.lowerBound])
            let meant = String(line[arrow.upperBound...]).trimmingCharacters(in: .whitespaces)
            let meaning: Case.Meaning = meant.hasPrefix("(") ? .nothing : .command(meant)
            return Case(typed: typed, meaning: meaning, file: file, number: index + 1)
        }
    }

    /// The account each line runs on, fresh: the issue's habits and reward, 200 coins (earned two days ago).
    static let setup = [
        "add habit Exercise", "add habit Meditate", "add habit Floss", #"add habit "Read 20 pages""#, "add bad habit Smoking",
        "add bad habit Junk food", "add reward Movie night 100 coins", "did exercise x40 2 days ago",
    ]

    /// A player on `application` named `name`, set up as ``setup`` says.
    final class Player {
        let conversation: TestConnection
        let name: String
        let application: Application

        init(_ name: String, on application: Application) async throws {
            self.name = name
            self.application = application
            conversation = try await TestConnection(application)
            _ = try await ConversationTests.say("register \(name) correct-horse", to: conversation)
            for line in EverydayLinesTests.setup { _ = try await ConversationTests.say(line, to: conversation) }
        }

        /// The reply to `line`, with the player's name put as `NAME` (replies to two players compare).
        func say(_ line: String) async throws -> String {
            try await ConversationTests.say(line, to: conversation).joined().replacingOccurrences(of: name, with: "NAME")
        }

        var state: GameState {
            get async throws {
                let fileID = try #require(try await conversation.session.account?.fileID)
                return try await application.pipeline.users.with(fileID) { try await $0.state() }
            }
        }
    }

    /// What a line did to a player: the game after it, and the reply.
    struct Effect: Equatable {
        let state: GameState
        let reply: String
        let changed: Bool
        /// A refusal or a question (`❌`, `❓`).
        var refused: Bool { reply.hasPrefix("❌") || reply.hasPrefix("❓") }
    }

    /// The plan of `line` on `player`'s connection as it stands, without running it.
    static func plan(of line: IncomingLine, on player: Player) async throws -> Plan? {
        guard case .request(var request) = Reading(line) else { return nil }
        var session = try await player.conversation.session
        return Plan.make(for: &request, session: &session, now: player.application.configuration.clock(), facts: player.application.pipeline)
    }

    /// `line` as a JSON request: `{"text": …}`.
    static func json(_ line: String) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: ["text": line]), as: UTF8.self)
    }

    static func effect(of line: String, on player: Player) async throws -> Effect {
        let before = try await player.state
        let reply = try await player.say(line)
        let after = try await player.state
        return Effect(state: after, reply: reply, changed: after != before)
    }

    @Test(arguments: ["everyday-lines.txt", "everyday-lines-heldout.txt"])
    func everydayLinesAreUnderstoodAndNoneChangesAnythingItWasNotMeantTo(file: String) async throws {
        let cases = try Self.corpus(file)
        #expect(cases.count >= 150)
        // Over a thousand players register: their passwords are hashed as cheaply as scrypt allows.
        try await ConversationTests.withApplication(hasher: PasswordHasher(rounds: 2, blockSize: 1, parallelism: 1)) { application in
            var understood = 0
            var misunderstood: [String] = []
            var wrong: [String] = []
            var strict: [String: Effect] = [:]
            // A player whose last line changed nothing, of their game or their connection, takes the next line.
            var spare: Player?
            // Whether the spare player's history holds a recording and its undo (a fresh one's does not).
            var spareUndid = false
            for (index, test) in cases.enumerated() {
                var player: Player
                if let unchanged = spare {
                    player = unchanged
                } else {
                    player = try await Player("t\(index)", on: application)
                    spareUndid = false
                }
                var planned = try await Self.plan(of: .text(test.typed), on: player)
                if spareUndid, case .run(let command)? = planned, command is History {
                    player = try await Player("t\(index)", on: application)
                    spareUndid = false
                    planned = try await Self.plan(of: .text(test.typed), on: player)
                }
                // The same line from a JSON client means the same thing: it is planned the same.
                if try await Self.plan(of: .text(try Self.json(test.typed)), on: player) != planned {
                    wrong.append("\(test): as a JSON request it is planned otherwise")
                }
                let before = try await player.state
                let typed = try await Self.effect(of: test.typed, on: player)
                switch planned {
                // (A line read in everyday words may change the game: then the player is spent.)
                case .show?, .say?: spare = typed.changed ? nil : player
                case .change? where !typed.changed: spare = player
                case .change(.record)?:
                    // A recording undone leaves the player as they were, ready for the next line (but `history`).
                    _ = try await player.say("undo")
                    spare = try await player.state == before ? player : nil
                    spareUndid = true
                default: spare = nil
                }
                switch test.meaning {
                case .nothing:
                    if typed.changed {
                        wrong.append("\(test): meant nothing, changed the game: \(typed.reply)")
                    } else if typed.refused {
                        understood += 1
                    } else {
                        misunderstood.append("\(test): meant nothing, answered \(typed.reply)")
                    }
                case .command(let command):
                    let meant: Effect
                    if let known = strict[command] {
                        meant = known
                    } else {
                        meant = try await Self.effect(of: command, on: try await Player("s\(index)", on: application))
                        strict[command] = meant
                    }

                    if typed.changed && typed.state != meant.state {
                        wrong.append("\(test): meant '\(command)', changed the game otherwise: \(typed.reply)")
                    } else if typed.state == meant.state && typed.refused == meant.refused && (meant.changed || typed.reply == meant.reply) {
                        understood += 1
                    } else {
                        misunderstood.append("\(test): meant '\(command)' (\(meant.reply)), answered \(typed.reply)")
                    }
                }
            }
            let share = Double(understood) / Double(cases.count)
            print("Everyday lines (\(file)): \(understood) of \(cases.count) understood (\(String(format: "%.1f", share * 100))%), \(wrong.count) wrong actions")
            for line in misunderstood { print("  not understood: \(line)") }
            #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
            #expect(share >= 0.95, "\(misunderstood.joined(separator: "\n"))")
        }
    }
}
