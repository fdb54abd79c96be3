import ArgumentParser
import Foundation
import HabitatEngine
import HabitatApp
import HabitatStorage

struct BridgeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bridge",
        abstract: "Manage chat bridges (programs that carry Habitat into IRC, Slack, Matrix, ...).",
        subcommands: [Add.self, List.self, Remove.self]
    )

    struct DataOption: ParsableArguments {
        @Option(help: "The server's data directory.")
        var data = "./habitat-data"

        /// The data directory's database, made if there is none yet (a bridge may be added before the first start).
        func directory() throws -> DirectoryDatabase {
            try DirectoryDatabase(directory: URL(fileURLWithPath: data), durability: .normal)
        }

        /// The data directory's database; a directory without one is refused rather than made.
        func existingDirectory() throws -> DirectoryDatabase {
            try existingDataDirectory(data)
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a bridge and print its token (shown once).")

        @Argument(help: "The bridge's name, e.g. irc (2–32 of a-z 0-9 _ -); its users are <name>:<chat user>.")
        var name: String

        @OptionGroup var options: DataOption

        func run() async throws {
            SQLiteSetup.apply()
            let name: String
            do { name = try Accounts.validName(self.name) } catch let error as HabitatError { throw ValidationError(error.message) }
            let token = BridgeToken.generate()
            do {
                try await options.directory().addBridge(named: name, tokenHash: BridgeToken.hash(token), at: Date())
            } catch let error as HabitatError {
                throw ValidationError(error.message)
            }
            print("Bridge '\(name)' created. Its token (shown once; keep it secret):")
            print(token)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the bridges.")

        @OptionGroup var options: DataOption

        func run() async throws {
            SQLiteSetup.apply()
            let bridges = try await options.existingDirectory().bridges()
            if bridges.isEmpty { print("No bridges. Create one with 'habitat bridge add <name>'.") }
            let format = ISO8601DateFormatter()
            for bridge in bridges { print("\(bridge.name)\tcreated \(format.string(from: bridge.created))") }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a bridge; its token stops working.")

        @Argument(help: "The bridge's name.")
        var name: String

        @OptionGroup var options: DataOption

        func run() async throws {
            SQLiteSetup.apply()
            guard try await options.existingDirectory().removeBridge(named: name.lowercased()) else {
                throw CommandFailure("There is no bridge called \(name). 'habitat bridge list' shows them.")
            }
            print("Bridge '\(name.lowercased())' removed.")
        }
    }
}
