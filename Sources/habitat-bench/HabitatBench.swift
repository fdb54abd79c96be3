import ArgumentParser
import Foundation
import Histogram
import NIOCore
import NIOPosix

@main
struct HabitatBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "habitat-bench",
        abstract: "Load generator for a running Habitat server (or Redis, to compare): N clients over real TCP, latency in an HDR histogram.",
        discussion: """
            Start the server first, without its per-connection rate limit:
              habitat serve --rate-limit 0 --data /tmp/bench-data

            Examples:
              habitat-bench                        # the mix, 50 clients, 10 s
              habitat-bench --only did --json      # recorded actions, JSON last
              habitat-bench --only status --pipeline 16
              habitat-bench --redis set --port 6379  # Redis, to compare
              habitat-bench setup --users 100000 --users-prefix lru-
              habitat-bench --only status --users 2000 --users-prefix lru-
              habitat-bench setup --users 1 --users-prefix big- --prefill-ledger 1000000
              habitat-bench --only did --users 1 --users-prefix big-
              habitat-bench idle --connections 10000 --server-pid <pid of habitat serve>
              habitat-bench reminders --connections 10000 --users-prefix rem- --server-pid <pid>

            Every run registers its users first (or logs in when the name exists). Registering and \
            logging in each cost the server one scrypt hash (about 16 MiB and tens of milliseconds; \
            two at a time on a 2-core machine), so the set-up of many users takes a while: 'setup' \
            does it once for a data directory, and later runs with the same --users-prefix only log in.
            """,
        subcommands: [Run.self, Setup.self, Idle.self, Reminders.self],
        defaultSubcommand: Run.self
    )
}

/// Where the server is and how many threads the bench's event loops use.
struct ServerOptions: ParsableArguments {
    @Option(help: "Server address.")
    var host = "127.0.0.1"

    @Option(help: "Server port.")
    var port = 7878

    @Option(help: "Event-loop threads of the bench itself (1 leaves the most CPU to the server).")
    var threads = 1

    func validate() throws {
        guard threads >= 1 else { throw ValidationError("--threads must be at least 1.") }
        guard (1...65535).contains(port) else { throw ValidationError("--port must be 1–65535.") }
    }
}

struct UserOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Prefix of the bench's user names (<prefix><n>).",
            discussion: "Without it, 'bench' plus a random suffix, so runs don't collide. Given, it is used as is, so a run can reuse users made by 'setup'."))
    var usersPrefix: String?

    @Option(help: "Password of every bench user (8+ characters).")
    var password = "bench-password"

    @Option(help: "Set-up connections at work at once (registration and login are scrypt-bound on the server).")
    var setupConcurrency = 16

    func names() throws -> UserNames {
        guard password.count >= 8, !password.contains(" ") else {
            throw ValidationError("--password needs 8+ characters and no spaces.")
        }
        return try UserNames.resolve(prefix: usersPrefix, password: password)
    }
}

extension Kind: ExpressibleByArgument {
    init?(argument: String) {
        guard let kind = Kind.habitat.first(where: { $0.label == argument.lowercased() }) else { return nil }
        self = kind
    }

    static var allValueStrings: [String] { ["did", "status", "buy", "undo", "slip"] }
}

/// The Redis command a run sends instead of Habitat's requests.
enum RedisCommand: String, CaseIterable, ExpressibleByArgument {
    case set
    case ping

    var kind: Kind {
        switch self {
        case .set: .set
        case .ping: .ping
        }
    }
}
