import ArgumentParser
import Foundation
import HabitatApp
import HabitatHousehold
import HabitatPostgres
import HabitatServer
import HabitatSettings
import HabitatStorage
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import UnixSignals

extension Durability: ExpressibleByArgument {}
extension Durability: SettingChoice {}
extension ServerConfiguration.Registration: ExpressibleByArgument {}
extension ServerConfiguration.Registration: SettingChoice {}

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the Habitat server.",
        discussion: "Stops gracefully on SIGTERM or Ctrl-C: commands in progress finish and are committed first."
    )

    @OptionGroup var settingsFile: SettingsFileOptions

    @Option(help: "Address to listen on. Listening beyond this machine is an explicit choice. (default: \(ServeSettings.standard.host))")
    var host: String?

    @Option(help: "TCP port to listen on (0 picks a free one). (default: \(ServeSettings.standard.port))")
    var port: Int?

    @Option(help: "Directory for the directory database and every user's own SQLite file. (default: \(ServeSettings.standard.data))")
    var data: String?

    @Option(help: ArgumentHelp(
        "Keep everything in this PostgreSQL database instead of --data: postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=…]. A password on a command line can be read by anyone on this machine: prefer --database-file or HABITAT_DATABASE.",
        valueName: "url"))
    var database: String?

    @Option(help: ArgumentHelp("A file holding the PostgreSQL database's address.", valueName: "file"))
    var databaseFile: String?

    @Option(help: "normal: nothing is lost if the process dies. full: nothing is lost if the power fails (slower). (default: normal)")
    var durability: Durability?

    @Option(help: ArgumentHelp(
        "Who may register: open (anyone), invite (with a code from 'habitat admin invite'), or closed. (default: open)",
        discussion: "Chat users come in through the bridges you added, whichever it is."))
    var registration: ServerConfiguration.Registration?

    @Option(help: "Most simultaneous connections; the next one is told the server is busy. (default: \(ServeSettings.standard.maxConnections))")
    var maxConnections: Int?

    @Option(help: ArgumentHelp(
        "Most simultaneous connections from one address (0 = no limit). (default: \(ServeSettings.standard.maxPerAddress))",
        discussion: "IPv6 addresses count per /64. A household behind one router, with a bridge or two, stays far below it."))
    var maxPerAddress: Int?

    @Option(help: "Of those, most that have not logged in yet (0 = no limit). (default: \(ServeSettings.standard.maxUnauthenticatedPerAddress))")
    var maxUnauthenticatedPerAddress: Int?

    @Option(help: "Commands per second per connection (0 = no limit). (default: \(ServeSettings.standard.rateLimit))")
    var rateLimit: Int?

    @Option(help: "Longest request line, in bytes. (default: \(ServeSettings.standard.maxLine))")
    var maxLine: Int?

    @Option(help: "Seconds a connection may stay open without logging in. (default: \(ServeSettings.standard.loginTimeout))")
    var loginTimeout: Int?

    @Option(help: "Seconds a client may leave its replies unread before it is disconnected. (default: \(ServeSettings.standard.unreadTimeout))")
    var unreadTimeout: Int?

    @Option(help: ArgumentHelp(
        "How many users' files stay open at once. (default: as many as a quarter of the memory holds)",
        discussion: "The server says at start what it chose, and from how much memory."))
    var openFiles: Int?

    @Option(help: "Seconds a user's file stays open after its last command (0 = until --open-files needs room). (default: \(ServeSettings.standard.idleFiles))")
    var idleFiles: Int?

    @Option(help: ArgumentHelp(
        "Threads that serve connections. (default: one fewer than the cores, at least one)",
        discussion: "The storage threads that write users' files keep the remaining core."))
    var eventLoops: Int?

    @Option(help: "PEM file of the TLS certificate chain: clients then connect with TLS (needs --tls-key). Read again on SIGHUP.")
    var tlsCert: String?

    @Option(help: "PEM file of the TLS private key (with --tls-cert). Read again on SIGHUP.")
    var tlsKey: String?

    @Option(help: ArgumentHelp(
        "Serve metrics for Prometheus at http://<address>/metrics: a port (this machine only) or host:port. Off unless given.",
        discussion: "For example --metrics 9464, or --metrics 0.0.0.0:9464 to be read from other machines.",
        valueName: "address"))
    var metrics: String?

    @Option(help: ArgumentHelp(
        "Load balancers whose connections start with a PROXY header (v1 or v2) naming the client: addresses or ranges, comma-separated.",
        discussion: "For example --proxy-protocol 10.0.0.5,10.0.1.0/24. Limits, login throttles and logs then see each person's address; a PROXY header from anywhere else is refused.",
        valueName: "addresses"))
    var proxyProtocol: String?

    @Option(help: ArgumentHelp(
        "Append the lines people typed that the server could not read to this file (without who typed them), to see what it misses.",
        valueName: "file"))
    var recordUnknown: String?

    @OptionGroup var logging: LogOptions

    /// Every setting's name, as the settings file and the environment know them.
    static let settingNames = [
        "host", "port", "data", "database", "database-file", "durability", "registration", "max-connections", "max-per-address", "max-unauthenticated-per-address",
        "rate-limit", "max-line", "login-timeout", "unread-timeout", "open-files", "idle-files", "event-loops", "tls-cert",
        "tls-key", "metrics", "proxy-protocol", "record-unknown",
    ] + LogOptions.settingNames

    /// What the server runs with: its settings, how it logs, and where each setting came from.
    struct Settled {
        var server: ServeSettings
        var log: LogSettings
        var sources: SettingSources
        /// The PostgreSQL database everything is kept in, when not the data directory.
        var database: DatabaseAddress?
    }

    /// The server's settings from the flags, the environment and the settings file, checked; and where each came from.
    func settled(environment: [String: String] = ProcessInfo.processInfo.environment) async throws -> Settled {
        var sources = try await SettingSources(file: settingsFile.config, known: Self.settingNames, environment: environment)
        var settings = ServeSettings()
        let standard = ServeSettings.standard
        settings.host = try sources.value("host", flag: host, standard: standard.host)
        settings.port = try sources.value("port", flag: port, standard: standard.port)
        settings.data = try sources.value("data", flag: data, standard: standard.data)
        let database = try sources.secret("database", flag: database, fileFlag: databaseFile)
        settings.durability = try sources.value("durability", flag: durability, standard: standard.durability)
        settings.registration = try sources.value("registration", flag: registration, standard: standard.registration)
        settings.maxConnections = try sources.value("max-connections", flag: maxConnections, standard: standard.maxConnections)
        settings.maxPerAddress = try sources.value("max-per-address", flag: maxPerAddress, standard: standard.maxPerAddress)
        settings.maxUnauthenticatedPerAddress = try sources.value(
            "max-unauthenticated-per-address", flag: maxUnauthenticatedPerAddress, standard: standard.maxUnauthenticatedPerAddress)
        settings.rateLimit = try sources.value("rate-limit", flag: rateLimit, standard: standard.rateLimit)
        settings.maxLine = try sources.value("max-line", flag: maxLine, standard: standard.maxLine)
        settings.loginTimeout = try sources.value("login-timeout", flag: loginTimeout, standard: standard.loginTimeout)
        settings.unreadTimeout = try sources.value("unread-timeout", flag: unreadTimeout, standard: standard.unreadTimeout)
        settings.openFiles = try sources.value("open-files", flag: openFiles)
        settings.idleFiles = try sources.value("idle-files", flag: idleFiles, standard: standard.idleFiles)
        settings.eventLoops = try sources.value("event-loops", flag: eventLoops)
        settings.tlsCert = try sources.value("tls-cert", flag: tlsCert)
        settings.tlsKey = try sources.value("tls-key", flag: tlsKey)
        settings.metrics = try sources.value("metrics", flag: metrics)
        settings.proxyProtocol = try sources.value("proxy-protocol", flag: proxyProtocol)
        settings.recordUnknown = try sources.value("record-unknown", flag: recordUnknown)
        let log = try logging.settled(&sources)
        if let problem = settings.problem(naming: sources.naming) { throw SettingError(problem) }
        var address: DatabaseAddress?
        if let database {
            do {
                address = try DatabaseAddress(database)
            } catch {
                throw SettingError("\(sources.naming("database")): \(error)")
            }
            guard address != nil else {
                throw SettingError("\(sources.naming("database")) is a PostgreSQL database's address: postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE.")
            }
        }
        return Settled(server: settings, log: log, sources: sources, database: address)
    }

    func run() async throws {
        let settled: Settled
        do {
            settled = try await self.settled()
        } catch let error as SettingError {
            throw CommandFailure(error.description)
        }
        if settingsFile.printConfig {
            print(settled.sources.printed(command: "serve"), terminator: "")
            return
        }
        settled.log.bootstrap()
        let logger = Logger(label: "habitat")
        SystemMemory.returnLargeBuffersWhenFreed()
        // Before anything opens a database: SQLite takes its process-wide settings only then.
        let sqliteSettings = SQLiteSetup.apply()
        if !sqliteSettings {
            logger.notice("SQLite was in use before its settings could apply; it keeps its defaults (slower writes, same data)")
        }

        let settings = settled.server
        let (data, maxConnections) = (settings.data, settings.maxConnections)
        let machine = MachineSize.current()
        let openFiles = settings.openFiles(on: machine)
        let budget = DescriptorBudget.make(connections: maxConnections, openFiles: openFiles)
        let needed = DescriptorBudget.needed(connections: maxConnections, openFiles: openFiles)
        SQLiteSetup.shareDescriptors(budget.fileDescriptors)
        // Said once the data directory opened: a server that can't open it says only why.
        let onDatabase = settled.database != nil
        let sayTheSizes = {
            // On a database, users' games are kept in memory instead of their files open.
            let sized: Logger.Metadata = onDatabase
                ? ["kept_games": "\(10 * openFiles)\(settings.openFiles == nil ? " (from the memory)" : "")", "max_connections": "\(budget.connections)"]
                : [
                    "open_files": "\(openFiles)\(settings.openFiles == nil ? " (from the memory)" : "")",
                    "max_connections": "\(budget.connections)", "file_descriptors": "\(budget.fileDescriptors)",
                ]
            logger.info("sized for this machine: \(machine.described)", metadata: sized)
            if budget.connections < maxConnections {
                logger.warning(
                    "this process may open only \(budget.limit) files (ulimit -n); serving at most \(budget.connections) connections, so the server says it is busy before the system refuses it. Raise the limit to at least \(needed) for the flags as given.")
            } else if !onDatabase, budget.fileDescriptors < DescriptorBudget.perOpenFile * openFiles {
                logger.notice(
                    "this process may open only \(budget.limit) files (ulimit -n): users' open files share \(budget.fileDescriptors) descriptors, and a command whose file gave its descriptors up opens it again (a system call). A limit of \(needed) would keep them all.")
            }
        }
        var configuration = settings.configuration(openFiles: openFiles, budget: budget, sharedDescriptors: sqliteSettings)
        if let address = settled.database {
            configuration.stores = try await Self.open(address, limits: configuration.roomLimits, keptGames: 10 * openFiles, logger: logger)
        }
        let loops = settings.eventLoops(cores: ProcessInfo.processInfo.activeProcessorCount)
        let eventLoopGroup = MultiThreadedEventLoopGroup(numberOfThreads: loops)
        let hangups = await UnixSignalsSequence(trapping: .sighup)
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
            let reloader = Reloader(hangups: hangups, command: self, running: settled, server: server, logger: logger)
            let group = ServiceGroup(
                configuration: .init(
                    services: [reloader] + server.services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
            do {
                try await group.run()
            } catch let error as IOError {
                throw CommandFailure(Self.explain(error, host: settings.host, port: settings.port))
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
    /// The stores of the PostgreSQL database at `address`, its schema brought up to date: what `--database` keeps
    /// everything in. Said for the operator when it can't be reached or refuses.
    static func open(_ address: DatabaseAddress, limits: RoomLimits, keptGames: Int, logger: Logger) async throws -> Stores {
        let store: PostgresStore
        do {
            store = try await PostgresStore.open(address, limits: limits, keptGames: keptGames, hearingOtherServers: true, logger: logger)
        } catch let problem as PostgresProblem {
            throw CommandFailure(problem.description)
        }
        logger.info("keeping everything in PostgreSQL", metadata: ["database": "\(address)"])
        return Stores(directory: store, users: store, description: "PostgreSQL at \(address)") { await store.close() }
    }

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

