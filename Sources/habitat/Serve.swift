import ArgumentParser
import Foundation
import HabitatServer
import HabitatStorage
import Logging
import NIOPosix
import ServiceLifecycle

extension Durability: ExpressibleByArgument {}

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the Habitat server.",
        discussion: "Stops gracefully on SIGTERM or Ctrl-C: commands in progress finish and are committed first."
    )

    @Option(help: "Address to listen on. Listening beyond this machine is an explicit choice.")
    var host = "127.0.0.1"

    @Option(help: "TCP port to listen on (0 picks a free one).")
    var port = 7878

    @Option(help: "Directory for the directory database and every user's own SQLite file.")
    var data = "./habitat-data"

    @Option(help: "normal: nothing is lost if the process dies. full: nothing is lost if the power fails (slower).")
    var durability = Durability.normal

    @Option(help: "Most simultaneous connections; the next one is told the server is busy.")
    var maxConnections = 10_000

    @Option(help: "Commands per second per connection (0 = no limit).")
    var rateLimit = 1000

    @Option(help: "Longest request line, in bytes.")
    var maxLine = 4096

    @Option(help: "Seconds a connection may stay open without logging in.")
    var loginTimeout = 120

    @Option(help: "Seconds a client may leave its replies unread before it is disconnected.")
    var unreadTimeout = 60

    @Option(help: "How many users' files stay open at once.")
    var openFiles = 1024

    @Option(help: "Seconds a user's file stays open after its last command (0 = until --open-files needs room).")
    var idleFiles = 300

    @Option(help: ArgumentHelp(
        "Threads that serve connections. (default: one fewer than the cores, at least one)",
        discussion: "The storage threads that write users' files keep the remaining core."))
    var eventLoops: Int?

    @Option(help: "PEM file of the TLS certificate chain: clients then connect with TLS (needs --tls-key).")
    var tlsCert: String?

    @Option(help: "PEM file of the TLS private key (with --tls-cert).")
    var tlsKey: String?

    @Option(help: "Log level: trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    func validate() throws {
        if (tlsCert == nil) != (tlsKey == nil) {
            throw ValidationError("TLS needs both --tls-cert and --tls-key.")
        }
        if let eventLoops, eventLoops < 1 {
            throw ValidationError("--event-loops needs at least 1.")
        }
    }

    func run() async throws {
        guard let level = Logger.Level(rawValue: logLevel) else {
            throw ValidationError("Unknown log level '\(logLevel)'. Use trace, debug, info, notice, warning, error or critical.")
        }
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "habitat")
        SystemMemory.returnLargeBuffersWhenFreed()
        if !SQLiteSetup.applied {
            logger.notice("SQLite was in use before its settings could apply; it keeps its defaults (slower writes, same data)")
        }

        var configuration = ServerConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.dataDirectory = URL(fileURLWithPath: data)
        configuration.durability = durability
        configuration.maxConnections = maxConnections
        configuration.rateLimit = rateLimit
        configuration.maxLineLength = maxLine
        configuration.unauthenticatedTimeout = TimeInterval(loginTimeout)
        configuration.unreadRepliesTimeout = TimeInterval(unreadTimeout)
        configuration.openUserFiles = openFiles
        configuration.idleFileTimeout = TimeInterval(idleFiles)
        if let tlsCert, let tlsKey { configuration.tls = TLSFiles(certificateChain: tlsCert, privateKey: tlsKey) }
        // A hook for the crash-consistency tests; never set in normal use.
        configuration.crashPoint = ProcessInfo.processInfo.environment["HABITAT_CRASH_POINT"].flatMap(CrashPoint.init(rawValue:))

        // On two cores, two event loops and the storage threads took turns on both: one loop answered a
        // `status` in a quarter less CPU, with a third of the tail latency, and wrote as fast (BENCHMARKS.md).
        let loops = eventLoops ?? max(1, ProcessInfo.processInfo.activeProcessorCount - 1)
        let eventLoopGroup = MultiThreadedEventLoopGroup(numberOfThreads: loops)
        do {
            let server = try HabitatServer(configuration: configuration, logger: logger, eventLoopGroup: eventLoopGroup)
            let group = ServiceGroup(
                configuration: .init(services: [server], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
            try await group.run()
        } catch {
            try? await eventLoopGroup.shutdownGracefully()
            throw error
        }
        try await eventLoopGroup.shutdownGracefully()
    }
}
