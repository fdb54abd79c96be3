import ArgumentParser
import Foundation
import HabitatApp
import HabitatServer
import HabitatStorage
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

extension Durability: ExpressibleByArgument {}

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the Habitat server.",
        discussion: "Stops gracefully on SIGTERM or Ctrl-C: commands in progress finish and are committed first."
    )

    @Option(help: "Address to listen on. Listening beyond this machine is an explicit choice.")
    var host = ServeSettings.standard.host

    @Option(help: "TCP port to listen on (0 picks a free one).")
    var port = ServeSettings.standard.port

    @Option(help: "Directory for the directory database and every user's own SQLite file.")
    var data = ServeSettings.standard.data

    @Option(help: "normal: nothing is lost if the process dies. full: nothing is lost if the power fails (slower).")
    var durability = ServeSettings.standard.durability

    @Option(help: "Most simultaneous connections; the next one is told the server is busy.")
    var maxConnections = ServeSettings.standard.maxConnections

    @Option(help: ArgumentHelp(
        "Most simultaneous connections from one address (0 = no limit).",
        discussion: "IPv6 addresses count per /64. A household behind one router, with a bridge or two, stays far below it."))
    var maxPerAddress = ServeSettings.standard.maxPerAddress

    @Option(help: "Of those, most that have not logged in yet (0 = no limit).")
    var maxUnauthenticatedPerAddress = ServeSettings.standard.maxUnauthenticatedPerAddress

    @Option(help: "Commands per second per connection (0 = no limit).")
    var rateLimit = ServeSettings.standard.rateLimit

    @Option(help: "Longest request line, in bytes.")
    var maxLine = ServeSettings.standard.maxLine

    @Option(help: "Seconds a connection may stay open without logging in.")
    var loginTimeout = ServeSettings.standard.loginTimeout

    @Option(help: "Seconds a client may leave its replies unread before it is disconnected.")
    var unreadTimeout = ServeSettings.standard.unreadTimeout

    @Option(help: ArgumentHelp(
        "How many users' files stay open at once. (default: as many as a quarter of the memory holds)",
        discussion: "The server says at start what it chose, and from how much memory."))
    var openFiles: Int?

    @Option(help: "Seconds a user's file stays open after its last command (0 = until --open-files needs room).")
    var idleFiles = ServeSettings.standard.idleFiles

    @Option(help: ArgumentHelp(
        "Threads that serve connections. (default: one fewer than the cores, at least one)",
        discussion: "The storage threads that write users' files keep the remaining core."))
    var eventLoops: Int?

    @Option(help: "PEM file of the TLS certificate chain: clients then connect with TLS (needs --tls-key).")
    var tlsCert: String?

    @Option(help: "PEM file of the TLS private key (with --tls-cert).")
    var tlsKey: String?

    @Option(help: ArgumentHelp(
        "Serve metrics for Prometheus at http://<address>/metrics: a port (this machine only) or host:port. Off unless given.",
        discussion: "For example --metrics 9464, or --metrics 0.0.0.0:9464 to be read from other machines.",
        valueName: "address"))
    var metrics: String?

    @Option(help: ArgumentHelp(
        "Append the lines people typed that the server could not read to this file (without who typed them), to see what it misses.",
        valueName: "file"))
    var recordUnknown: String?

    @Option(help: "Log level: trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    /// The flags as the server's settings.
    var settings: ServeSettings {
        var settings = ServeSettings()
        (settings.host, settings.port, settings.data, settings.durability) = (host, port, data, durability)
        (settings.maxConnections, settings.maxPerAddress) = (maxConnections, maxPerAddress)
        (settings.maxUnauthenticatedPerAddress, settings.rateLimit, settings.maxLine) = (maxUnauthenticatedPerAddress, rateLimit, maxLine)
        (settings.loginTimeout, settings.unreadTimeout) = (loginTimeout, unreadTimeout)
        (settings.openFiles, settings.idleFiles, settings.eventLoops) = (openFiles, idleFiles, eventLoops)
        (settings.tlsCert, settings.tlsKey, settings.metrics) = (tlsCert, tlsKey, metrics)
        settings.recordUnknown = recordUnknown
        return settings
    }

    func validate() throws {
        if let problem = settings.problem() { throw ValidationError(problem) }
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
        // Before anything opens a database: SQLite takes its process-wide settings only then.
        let sqliteSettings = SQLiteSetup.apply()
        if !sqliteSettings {
            logger.notice("SQLite was in use before its settings could apply; it keeps its defaults (slower writes, same data)")
        }

        let settings = settings
        let machine = MachineSize.current()
        let openFiles = settings.openFiles(on: machine)
        let budget = DescriptorBudget.make(connections: maxConnections, openFiles: openFiles)
        let needed = DescriptorBudget.needed(connections: maxConnections, openFiles: openFiles)
        SQLiteSetup.shareDescriptors(budget.fileDescriptors)
        // Said once the data directory opened: a server that can't open it says only why.
        let sayTheSizes = {
            logger.info(
                "sized for this machine: \(machine.described)",
                metadata: [
                    "open_files": "\(openFiles)\(self.openFiles == nil ? " (from the memory)" : "")",
                    "max_connections": "\(budget.connections)", "file_descriptors": "\(budget.fileDescriptors)",
                ])
            if budget.connections < maxConnections {
                logger.warning(
                    "this process may open only \(budget.limit) files (ulimit -n); serving at most \(budget.connections) connections, so the server says it is busy before the system refuses it. Raise the limit to at least \(needed) for the flags as given.")
            } else if budget.fileDescriptors < DescriptorBudget.perOpenFile * openFiles {
                logger.notice(
                    "this process may open only \(budget.limit) files (ulimit -n): users' open files share \(budget.fileDescriptors) descriptors, and a command whose file gave its descriptors up opens it again (a system call). A limit of \(needed) would keep them all.")
            }
        }
        let configuration = settings.configuration(openFiles: openFiles, budget: budget, sharedDescriptors: sqliteSettings)
        let loops = settings.eventLoops(cores: ProcessInfo.processInfo.activeProcessorCount)
        let eventLoopGroup = MultiThreadedEventLoopGroup(numberOfThreads: loops)
        do {
            let server: HabitatServer
            do {
                // Under systemd (`Type=notify`, contrib/habitat.service): ready once it listens and serves.
                server = try HabitatServer(configuration: configuration, logger: logger, eventLoopGroup: eventLoopGroup) { _ in
                    SystemdNotify.send("READY=1\nSTATUS=serving")
                }
            } catch is StorageFullError {
                throw CommandFailure("The disk holding \(data) is full, so the server can't open its data. Free some space there and start it again.")
            } catch is HabitatServer.DataDirectoryInUse {
                throw CommandFailure(Self.inUse(data))
            } catch let error as CocoaError {
                throw CommandFailure("Could not use \(data) as the data directory: \(DataTools.reason(error)). It must be a directory (or a path where one can be made) that you may write in.")
            }
            sayTheSizes()
            let group = ServiceGroup(
                configuration: .init(services: server.services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
            do {
                try await group.run()
            } catch let error as IOError {
                throw CommandFailure(Self.explain(error, host: host, port: port))
            } catch is HabitatServer.DataDirectoryInUse {
                throw CommandFailure(Self.inUse(data))
            } catch let error as MetricsListenError {
                throw CommandFailure(Self.explain(error.error, host: error.address.host, port: error.address.port, flag: "--metrics"))
            }
        } catch {
            try? await eventLoopGroup.shutdownGracefully()
            throw error
        }
        try await eventLoopGroup.shutdownGracefully()
    }
}

extension Serve {
    /// Why the server could not listen, in words an operator can act on; `flag` chose the address, when not
    /// `--host` and `--port`.
    /// What `serve` says when another process holds the data directory: a server, or a data tool reading it directly.
    static func inUse(_ data: String) -> String {
        "Another Habitat server, or a data tool (backup, check, export), is using \(data). Stop it first, or give this server a data directory of its own."
    }

    static func explain(_ error: IOError, host: String, port: Int, flag: String? = nil) -> String {
        switch error.errnoCode {
        case EADDRINUSE: "Port \(port) on \(host) is already in use by another program. Stop it, or choose another port with \(flag ?? "--port")."
        case EACCES: "Not allowed to listen on port \(port): ports below 1024 need extra privileges. Choose another port with \(flag ?? "--port")."
        case EADDRNOTAVAIL: "This machine has no address \(host) to listen on. Check \(flag ?? "--host")."
        default: "Could not listen on \(host) port \(port): \(String(cString: strerror(error.errnoCode)))."
        }
    }
}

