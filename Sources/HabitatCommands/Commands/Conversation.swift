import Foundation
import HabitatEngine

extension CommandTable {
    /// The answers to a question asked (a delete).
    static let answers: [CommandSpec] = [
        CommandSpec("yes", summary: "confirm what was just asked (a delete)", triggers: [["yes"], ["y"]], command: .confirm),
        CommandSpec("no", summary: "decline what was just asked", triggers: [["no"], ["n"], ["cancel"], ["nope"]], command: .cancel),
    ]

    /// The connection itself: help, its modes, linking chat, bridges, and the small talk.
    static let conversation: [CommandSpec] = [
        CommandSpec(
            "help", usage: "help [command]", summary: "list commands, or show one with examples",
            examples: ["help", "help buy", "help room"], triggers: [["help"], ["?"], ["commands"]], beforeLogin: true
        ) { rest in
            let topic = rest.phrase.lowercased().trimmingCharacters(in: .whitespaces)
            return .help(topic: topic.isEmpty ? nil : topic)
        },
        CommandSpec(
            "mode", usage: "mode json | mode text", summary: "switch this connection to JSON replies, or back",
            examples: ["mode json", "mode text"], triggers: [["mode"]], beforeLogin: true
        ) { rest in
            guard rest.count == 1, let mode = OutputMode(rawValue: rest[0].lower) else {
                throw HabitatError.usage("mode json | mode text")
            }
            return .mode(mode)
        },
        CommandSpec(
            "plain", usage: "plain on | plain off", summary: "words instead of emoji, for screen readers",
            examples: ["plain on", "plain off"], triggers: [["plain"]], beforeLogin: true
        ) { rest in
            switch rest.map(\.lower) {
            case [], ["on"]: return .plain(true)
            case ["off"]: return .plain(false)
            default: throw HabitatError.usage("plain on | plain off")
            }
        },
        CommandSpec(
            "link", usage: "link | link <code>", summary: "play as this account from chat too: get a code here, say 'link <code>' in chat",
            examples: ["link", "link 4KQ-7ZD"], triggers: [["link"]]
        ) { rest in .link(rest.isEmpty ? nil : rest.phrase) }.keptVerbatim(),
        CommandSpec(
            "bridge", usage: "bridge <name> <token>", summary: "(for chat bridges) authenticate this connection as a bridge",
            examples: ["bridge irc hbt_2f6c1d0e9a8b47e3b5c4d2a1f0e9d8c7b6a5f4e3d2c1b0a9"], triggers: [["bridge"]], beforeLogin: true
        ) { rest in
            guard rest.count == 2 else { throw HabitatError.usage("bridge <name> <token>") }
            return .bridge(name: rest[0].lower, token: rest[1].text)
        }.keptVerbatim(),
        CommandSpec("quit", summary: "close the connection", triggers: [["quit"], ["exit"], ["bye"]], beforeLogin: true, command: .quit),
        CommandSpec(
            "hello", summary: "say hello, and hear what to do next", triggers: [["hello"], ["hi"], ["hey"], ["yo"]], beforeLogin: true,
            command: .hello),
        CommandSpec("thanks", summary: "you're welcome", triggers: [
                ["thanks"], ["thank", "you"], ["thank", "u"], ["thx"], ["ty"], ["cheers"], ["thank", "you", "so", "much"],
                ["thanks", "a", "lot"], ["many", "thanks"],
            ], beforeLogin: true, command: .thanks),
        CommandSpec("whoami", summary: "who you're logged in as", examples: ["whoami", "who am i"], triggers: [["whoami"]], beforeLogin: true, command: .whoami),
    ]
}
