#if canImport(Glibc)
import Glibc
private let systemConnect = Glibc.connect
#elseif canImport(Darwin)
import Darwin
private let systemConnect = Darwin.connect
#endif
import Dispatch
import Foundation
import HabitatEngine
import HabitatStorage

/// What `habitat backup`, `check` and `export` ask for. While a server runs on the data directory its connection is a
/// user's file's only one, so the command line sends the request to the server (``ControlRequest``) and prints the
/// server's answer; otherwise it runs the request itself. Either way the same code below answers it.
public enum DataToolRequest: Codable, Sendable, Equatable {
    /// A copy of the whole data directory at `destination` (an absolute path).
    case backup(destination: String)
    /// SQLite's integrity check of every file.
    case check
    /// Everything `user` has, as `json` or `csv`; written to `output` (an absolute path), or returned when `nil`.
    case export(user: String, format: String, output: String?)
    /// Another tracker's file (an absolute path) brought into `user`'s game as `options` ask; with `dryRun`, only said.
    case importFile(user: String, file: String, dryRun: Bool, options: ImportOptions)
    /// What whoever runs the server does to accounts (`habitat admin`): only a running server answers it.
    case admin(AdminRequest)
}

extension DataToolRequest: CustomStringConvertible {
    /// As the server's log says what a data tool asked.
    public var description: String {
        switch self {
        case .backup(let destination): "backup to \(destination)"
        case .check: "check"
        case .export(let user, let format, let output): "export of \(user) as \(format)\(output.map { " to \($0)" } ?? "")"
        case .importFile(let user, let file, let dryRun, _): "\(dryRun ? "dry run of an import" : "import") of \(file) into \(user)"
        case .admin(let request):
            switch request {
            case .users: "admin users"
            case .resetPassword(let user): "admin reset-password \(user)"
            case .lock(let user): "admin lock \(user)"
            case .unlock(let user): "admin unlock \(user)"
            case .delete(let user): "admin delete \(user)"
            case .invite: "admin invite"
            }
        }
    }
}

/// The answer to a ``DataToolRequest``: what the command prints, or why it failed (said as `Error: …`, exit status 1).
public struct DataToolResult: Codable, Sendable, Equatable {
    /// Printed to standard output as it is (an export's document, or a sentence ending in a newline).
    public var output: String
    public var failure: String?

    public init(output: String = "", failure: String? = nil) {
        self.output = output
        self.failure = failure
    }

    static func failed(_ failure: String) -> DataToolResult { DataToolResult(failure: failure) }
}

/// The data tools' work, the same whether the command line or the server runs it.
public enum DataTools {
    /// Where a running server's data tools are asked: a Unix socket in the data directory, which only the directory's
    /// owner can reach (the directory is theirs alone).
    public static let socketName = "control.sock"

    /// A connection to the Unix socket at `path`, when a server listens there; `nil` when none does (no file, one a
    /// server killed outright left, or a path too long for a socket's address). The caller closes it.
    public static func connect(to path: String) -> Int32? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        guard path.utf8.count < MemoryLayout.size(ofValue: address.sun_path), FileManager.default.fileExists(atPath: path) else {
            return nil
        }
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            bytes.copyBytes(from: path.utf8)
            bytes[path.utf8.count] = 0
        }
        #if canImport(Glibc)
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return nil }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { systemConnect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// Answers `request` on the data directory `data` (written `dataText` in what is said). `users` and `directory`
    /// are the running server's, when it answers; without them each file is opened here.
    public static func run(
        _ request: DataToolRequest, data: URL, dataText: String, users: UserDatabases? = nil, directory: DirectoryDatabase? = nil
    ) async -> DataToolResult {
        SQLiteSetup.apply()
        guard DirectoryDatabase.exists(in: data) else { return .failed(noData(dataText)) }
        // Reading the files here, not through a server: no server may have them open meanwhile.
        let lock: DataDirectoryLock?
        do {
            lock = users == nil ? try DataDirectoryLock(on: data, exclusive: false) : nil
        } catch is DataDirectoryInUse {
            return .failed(serverUnreachable(dataText))
        } catch {
            return .failed("Could not use \(dataText): \(error)")
        }
        defer { lock?.release() }
        switch request {
        case .backup(let destination):
            return await offTheTaskPool { backup(data: data, dataText: dataText, to: destination, users: users) }
        case .check:
            return await offTheTaskPool { check(data: data, dataText: dataText, users: users) }
        case .export, .importFile:
            let stores: (directory: DirectoryDatabase, users: UserDatabases)
            do {
                stores = (
                    try directory ?? DirectoryDatabase(directory: data, durability: .normal),
                    users ?? UserDatabases(directory: data, capacity: 1, durability: .normal)
                )
            } catch let full as StorageFullError {
                return .failed(full.description)
            } catch {
                return .failed("Could not use \(dataText): \(error)")
            }
            return await onStores(request, directory: stores.directory, users: stores.users)
        case .admin:
            return .failed("habitat admin asks the server running on \(dataText), and none runs there now. Start it, then ask again.")
        }
    }

    /// `habitat export` and `import` on either store's games (a server's, or a data directory's opened here), each failure
    /// said; the other requests are refused.
    static func onStores(_ request: DataToolRequest, directory: any StorageContract, users: any UserGames) async -> DataToolResult {
        switch request {
        case .export(let user, let format, let output):
            do {
                return try await export(user: user, format: format, output: output, from: directory, users: users)
            } catch let full as StorageFullError {
                return .failed(full.description)
            } catch {
                return .failed("Could not export \(user): \(error)")
            }
        case .importFile(let user, let file, let dryRun, let options):
            do {
                return try await importFile(file, into: user, dryRun: dryRun, options: options, from: directory, users: users)
            } catch let full as StorageFullError {
                return .failed(full.description)
            } catch let error as HabitatError {
                return .failed("Nothing was imported: \(error.message)")
            } catch {
                return .failed("Nothing was imported: \(error)")
            }
        case .backup, .check, .admin:
            return .failed("This is not a request on a user's game.")
        }
    }

    /// What a data tool says when a server holds the data directory but does not answer on its socket.
    public static func serverUnreachable(_ dataText: String) -> String {
        "A Habitat server is using \(dataText), and it can't be asked to do this (its \(socketName) does not answer). Stop the server, then run this again."
    }

    /// What every command says of a `--data` that holds no Habitat data (it is not made into a new, empty one).
    public static func noData(_ dataText: String) -> String {
        "\(dataText) holds no Habitat data (there is no \(DirectoryDatabase.fileName) in it). Use --data to point at it."
    }

    /// The blocking tools run on a thread of their own: they wait for the server's files, whose work needs the task pool.
    private static let queue = DispatchQueue(label: "habitat.data-tools")

    private static func offTheTaskPool(_ work: @escaping @Sendable () -> DataToolResult) async -> DataToolResult {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }

    static func backup(data: URL, dataText: String, to destination: String, users: UserDatabases?) -> DataToolResult {
        let summary: DataBackup.Summary
        do {
            summary = try DataBackup.copy(from: data, to: URL(fileURLWithPath: destination), users: users)
        } catch let failure as DataBackup.Failure {
            return .failed(failure.description)
        } catch let full as StorageFullError {
            return .failed(full.description)
        } catch {
            return .failed("Could not back up \(dataText) to \(destination): \(error)")
        }
        let megabytes = String(format: "%.1f", Double(summary.bytes) / 1_000_000)
        let files = summary.users == 1 ? "1 user's file" : "\(summary.users) users' files"
        let done = "Backed up the directory and \(files) (\(megabytes) MB) to \(destination)"
        guard summary.damaged.isEmpty else {
            let list = summary.damaged.map { "  \($0)" }.joined(separator: "\n")
            return .failed("""
                \(done), but SQLite can't read \(summary.damaged.count == 1 ? "this file" : "these files"); \
                \(summary.damaged.count == 1 ? "it was" : "they were") copied byte for byte, for repair:
                \(list)
                'habitat check --data \(dataText)' says more.
                """)
        }
        return DataToolResult(output: done + ".\n")
    }

    static func check(data: URL, dataText: String, users: UserDatabases?) -> DataToolResult {
        let report = DataCheck.run(in: data, users: users)
        guard !report.findings.isEmpty || !report.unchecked.isEmpty else {
            let users = report.files - 1
            return DataToolResult(
                output: "All \(report.files) files are sound: the directory database and \(users == 1 ? "1 user's file" : "\(users) users' files").\n")
        }
        var said: [String] = []
        if !report.findings.isEmpty {
            let list = report.findings.map { "  \($0)" }.joined(separator: "\n")
            said.append("""
                \(report.findings.count) of \(report.files) files \(report.findings.count == 1 ? "is" : "are") not sound:
                \(list)
                Restore \(report.findings.count == 1 ? "it" : "them") from a backup with the server stopped, or try sqlite3's '.recover'.
                """)
        }
        if !report.unchecked.isEmpty {
            let count = report.unchecked.count
            said.append(
                "\(count) of \(report.files) files could not be checked: the disk holding \(dataText) is full, and SQLite needs a little "
                    + "space to open a file. Nothing is known to be wrong with \(count == 1 ? "it" : "them"); free some space there and check again.")
        }
        return .failed(said.joined(separator: "\n"))
    }

    /// `habitat export` from either store: `user`'s game in `format`, written to `output` or said.
    public static func export(
        user: String, format: String, output: String?, from directory: any StorageContract, users: any UserGames
    ) async throws -> DataToolResult {
        guard let account = try await directory.account(named: user) else {
            return .failed("There is no user called \(user).")
        }
        if format == "loop" || format == "loop-csv" { return try await exportForLoop(account, csv: format == "loop-csv", to: output, users: users) }
        var export = try await users.with(account.fileID) { database in
            try await UserExport.load(user: account.name, from: database, at: Date())
        }
        try await export.addFromDirectory(accountID: account.id, directory)
        let text = format == "csv" ? export.csv() : String(decoding: try export.json(), as: UTF8.self)
        guard let output else { return DataToolResult(output: text) }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch let error as CocoaError where error.code == .fileWriteOutOfSpace {
            return .failed("Could not write \(output): the disk is full. Free some space there, or write it to another disk.")
        } catch {
            return .failed("Could not write \(output): \(reason(error)). Is the folder there, and may you write in it?")
        }
        return DataToolResult(output: "Exported \(export.ledger.count) ledger entries of \(account.name) to \(output).\n")
    }

    /// The system's words for why a file could not be written (`No such file or directory`), without a
    /// closing full stop, to go inside a sentence.
    public static func reason(_ error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(underlying.code))) }
        var words = (error as NSError).localizedDescription
        while words.hasSuffix(".") { words.removeLast() }
        return words
    }
}

extension Application {
    /// Answers a data tool's request with this server's own files (see ``DataToolRequest``).
    public func runDataTool(_ request: DataToolRequest, dataText: String) async -> DataToolResult {
        let stores = configuration.stores?.description ?? "a database"
        switch (request, files) {
        case (.admin(let admin), _):
            return await administer(admin)
        case (.export, nil), (.importFile, nil):
            return await DataTools.onStores(request, directory: directory, users: users)
        case (.backup, nil):
            return .failed("This server keeps its data in \(stores), not in files: back it up with 'habitat backup --database'.")
        case (.check, nil):
            return .failed("This server keeps its data in \(stores), not in files: check it with 'habitat check --database'.")
        case (_, let files?):
            return await DataTools.run(request, data: configuration.dataDirectory, dataText: dataText, users: files.users, directory: files.directory)
        }
    }
}
