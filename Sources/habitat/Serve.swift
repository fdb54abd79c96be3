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
    var host = "127.0.0.1"

    @Option(help: "TCP port to listen on (0 picks a free one).")
    var port = 7878

    @Option(help: "Directory for the directory database and every user's own SQLite file.")
    var data = "./habitat-data"

    @Option(help: "normal: nothing is lost if the process dies. full: nothing is lost if the power fails (slower).")
    var durability = Durability.normal

    @Option(help: "Most simultaneous connections; the next one is told the server is busy.")
    var maxConnections = 10_000

    @Option(help: ArgumentHelp(
        "Most simultaneous connections from one address (0 = no limit).",
        discussion: "IPv6 addresses count per /64. A household behind one router, with a bridge or two, stays far below it."))
    var maxPerAddress = 100

    @Option(help: "Of those, most that have not logged in yet (0 = no limit).")
    var maxUnauthenticatedPerAddress = 20

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

    @Option(help: ArgumentHelp(
        "Serve metrics for Prometheus at http://<address>/metrics: a port (this machine only) or host:port. Off unless given.",
        discussion: "For example --metrics 9464, or --metrics 0.0.0.0:9464 to be read from other machines.",
        valueName: "address"))
    var metrics: String?

    @Option(help: "Log level: trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    func validate() throws {
        if (tlsCert == nil) != (tlsKey == nil) {
            throw ValidationError("TLS needs both --tls-cert and --tls-key.")
        }
        if let eventLoops, eventLoops < 1 {
            throw ValidationError("--event-loops needs at least 1.")
        }
        guard (0...65_535).contains(port) else {
            throw ValidationError("--port is a TCP port from 0 to 65535 (0 picks a free one), not \(port).")
        }
        if let metrics, ListenAddress(metrics) == nil {
            throw ValidationError("--metrics is a port (9464) or a host and port (127.0.0.1:9464), not '\(metrics)'.")
        }
        let atLeast: [(flag: String, value: Int, minimum: Int, why: String)] = [
            ("--max-connections", maxConnections, 1, "with 0 every client would be turned away"),
            ("--max-line", maxLine, 256, "shorter lines would refuse ordinary commands and logins"),
            ("--rate-limit", rateLimit, 0, "0 turns the limit off"),
            ("--max-per-address", maxPerAddress, 0, "0 turns the limit off"),
            ("--max-unauthenticated-per-address", maxUnauthenticatedPerAddress, 0, "0 turns the limit off"),
            ("--login-timeout", loginTimeout, 1, "a connection needs time to log in"),
            ("--unread-timeout", unreadTimeout, 1, "a client needs time to read its replies"),
            ("--open-files", openFiles, 1, "every command needs its user's file open"),
            ("--idle-files", idleFiles, 0, "0 keeps files open until --open-files needs room"),
        ]
        for option in atLeast where option.value < option.minimum {
            throw ValidationError("\(option.flag) needs at least \(option.minimum) (\(option.why)), not \(option.value).")
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
        // Before anything opens a database: SQLite takes its process-wide settings only then.
        let sqliteSettings = SQLiteSetup.apply()
        if !sqliteSettings {
            logger.notice("SQLite was in use before its settings could apply; it keeps its defaults (slower writes, same data)")
        }

        let budget = DescriptorBudget.make(connections: maxConnections, openFiles: openFiles)
        let needed = DescriptorBudget.needed(connections: maxConnections, openFiles: openFiles)
        if budget.connections < maxConnections {
            logger.warning(
                "this process may open only \(budget.limit) files (ulimit -n); serving at most \(budget.connections) connections, so the server says it is busy before the system refuses it. Raise the limit to at least \(needed) for the flags as given.")
        } else if budget.fileDescriptors < DescriptorBudget.perOpenFile * openFiles {
            logger.notice(
                "this process may open only \(budget.limit) files (ulimit -n): users' open files share \(budget.fileDescriptors) descriptors, and a command whose file gave its descriptors up opens it again (a system call). A limit of \(needed) would keep them all.")
        }
        SQLiteSetup.shareDescriptors(budget.fileDescriptors)

        var configuration = ServerConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.dataDirectory = URL(fileURLWithPath: data)
        configuration.durability = durability
        configuration.maxConnections = budget.connections
        configuration.maxConnectionsPerAddress = maxPerAddress
        configuration.maxUnauthenticatedPerAddress = maxUnauthenticatedPerAddress
        configuration.rateLimit = rateLimit
        configuration.maxLineLength = maxLine
        configuration.unauthenticatedTimeout = TimeInterval(loginTimeout)
        configuration.unreadRepliesTimeout = TimeInterval(unreadTimeout)
        // Without SQLite's settings users' files can't share descriptors: only as many stay open as have two each.
        configuration.openUserFiles =
            sqliteSettings ? openFiles : max(1, min(openFiles, budget.fileDescriptors / DescriptorBudget.perOpenFile))
        configuration.idleFileTimeout = TimeInterval(idleFiles)
        if let tlsCert, let tlsKey { configuration.tls = TLSFiles(certificateChain: tlsCert, privateKey: tlsKey) }
        configuration.metrics = metrics.flatMap(ListenAddress.init)

        // On two cores, two event loops and the storage threads took turns on both: one loop answered a
        // `status` in a quarter less CPU, with a third of the tail latency, and wrote as fast (BENCHMARKS.md).
        let loops = eventLoops ?? max(1, ProcessInfo.processInfo.activeProcessorCount - 1)
        let eventLoopGroup = MultiThreadedEventLoopGroup(numberOfThreads: loops)
        do {
            let server: HabitatServer
            do {
                server = try HabitatServer(configuration: configuration, logger: logger, eventLoopGroup: eventLoopGroup)
            } catch is StorageFullError {
                throw CommandFailure("The disk holding \(data) is full, so the server can't open its data. Free some space there and start it again.")
            } catch is HabitatServer.DataDirectoryInUse {
                throw CommandFailure(Self.inUse(data))
            } catch let error as CocoaError {
                throw CommandFailure("Could not use \(data) as the data directory: \(DataTools.reason(error)). It must be a directory (or a path where one can be made) that you may write in.")
            }
            let group = ServiceGroup(
                configuration: .init(services: [server], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
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

/// File descriptors: a connection takes one; users' open files share a pool of them, two for a file in use (the
/// database and its log), which files not used lately give up between commands when others need theirs and
/// open again when next used (descriptor_pool.c); the server keeps some for itself (the directory database, event
/// loops, timers, the data tools' socket). The soft limit is raised as far as the hard one allows. The pool gets
/// two for every open file when they fit, otherwise what the connections leave, and at least a quarter of what is
/// available: fewer connections are served then, so a client over the limit is told the server is busy instead of
/// never being accepted.
struct DescriptorBudget {
    var limit: Int
    var connections: Int
    /// Descriptors users' files may hold at once.
    var fileDescriptors: Int

    static let reserved = 128
    static let perOpenFile = 2
    /// The fewest the pool gets: a call holds one descriptor, and each storage thread makes one call at a time.
    static let minimumPool = 16

    static func needed(connections: Int, openFiles: Int) -> Int {
        connections + perOpenFile * openFiles + reserved
    }

    static func make(connections: Int, openFiles: Int) -> DescriptorBudget {
        let needed = needed(connections: connections, openFiles: openFiles)
        var limits = rlimit()
        guard getrlimit(RLIMIT_NOFILE_VALUE, &limits) == 0 else {
            return DescriptorBudget(limit: needed, connections: connections, fileDescriptors: perOpenFile * openFiles)
        }
        if limits.rlim_cur != rlim_t.max, limits.rlim_cur < rlim_t(needed) {
            var raised = limits
            raised.rlim_cur = limits.rlim_max == rlim_t.max ? rlim_t(needed) : min(limits.rlim_max, rlim_t(needed))
            if setrlimit(RLIMIT_NOFILE_VALUE, &raised) == 0 { limits = raised }
        }
        let limit = limits.rlim_cur == rlim_t.max ? needed : Int(clamping: limits.rlim_cur)
        return fitting(limit: limit, connections: connections, openFiles: openFiles)
    }

    /// The connections that fit in `limit` descriptors beside the pool's least (a quarter of what is available, at
    /// least ``minimumPool``), and the pool the rest makes.
    static func fitting(limit: Int, connections: Int, openFiles: Int) -> DescriptorBudget {
        let available = max(0, limit - reserved)
        let served = max(1, min(connections, available - max(minimumPool, available / 4)))
        let pool = max(minimumPool, min(perOpenFile * openFiles, available - served))
        return DescriptorBudget(limit: limit, connections: served, fileDescriptors: pool)
    }
}

#if canImport(Glibc)
private let RLIMIT_NOFILE_VALUE = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
#else
private let RLIMIT_NOFILE_VALUE = RLIMIT_NOFILE
#endif
