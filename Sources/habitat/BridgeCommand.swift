import ArgumentParser
import Foundation
import HabitatEngine
import HabitatApp
import HabitatPostgres
import HabitatStorage
import Logging

struct BridgeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bridge",
        abstract: "Manage chat bridges (programs that carry Habitat into IRC, Slack, Matrix, ...).",
        subcommands: [Add.self, List.self, Remove.self]
    )

    struct DataOption: ParsableArguments {
        @Option(help: "The server's data directory.")
        var data = "./habitat-data"

        @Option(help: databaseHelp("the server keeps everything in"))
        var database: String?

        /// Runs `body` with the server's bridges: in its PostgreSQL database, or in its data directory's database, which
        /// is made if there is none yet when `making` (a bridge may be added before the first start) and else refused.
        func withBridges<T: Sendable>(making: Bool = false, _ body: @Sendable (any BridgeStore) async throws -> T) async throws -> T {
            guard let address = try databaseAddress(database) else {
                SQLiteSetup.apply()
                let directory = making
                    ? try DirectoryDatabase(directory: URL(fileURLWithPath: data), durability: .normal) : try existingDataDirectory(data)
                return try await body(directory)
            }
            return try await withDatabase(address) { try await body($0) }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a bridge and print its token (shown once).")

        @Argument(help: "The bridge's name, e.g. irc (2–32 of a-z 0-9 _ -); its users are <name>:<chat user>.")
        var name: String

        @OptionGroup var options: DataOption

        func run() async throws {
            let name: String
            do { name = try Accounts.validName(self.name) } catch let error as HabitatError { throw ValidationError(error.message) }
            let token = BridgeToken.generate()
            do {
                try await options.withBridges(making: true) { try await $0.addBridge(named: name, tokenHash: BridgeToken.hash(token), at: Date()) }
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
            let bridges = try await options.withBridges { try await $0.bridges() }
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
            let name = name.lowercased()
            guard try await options.withBridges({ try await $0.removeBridge(named: name) }) else {
                throw CommandFailure("There is no bridge called \(name). 'habitat bridge list' shows them.")
            }
            print("Bridge '\(name.lowercased())' removed.")
        }
    }
}
