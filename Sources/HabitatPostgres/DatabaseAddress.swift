import Foundation
import Logging
import NIOSSL
import PostgresNIO

/// Where a PostgreSQL database is, as `--database` names it: `postgresql://user[:password]@host[:port]/database`, with
/// `?sslmode=disable|prefer|require` (libpq's words; `prefer`, libpq's default, when none is said). `postgres://`
/// is taken too, as libpq takes it. A PostgreSQL on the same machine is reached through its Unix socket as libpq says
/// it, the socket's directory as the host: `postgresql://user@/database?host=/var/run/postgresql[&port=5433]`.
public struct DatabaseAddress: Sendable, Equatable, CustomStringConvertible {
    public enum TLSMode: String, Sendable, CaseIterable { case disable, prefer, require }

    /// The host's name or address, or the directory of PostgreSQL's Unix socket (a path, starting with `/`).
    public var host: String
    public var port: Int
    public var user: String
    public var password: String?
    public var database: String
    public var tls: TLSMode

    public init(host: String, port: Int = 5432, user: String, password: String? = nil, database: String, tls: TLSMode = .prefer) {
        (self.host, self.port, self.user, self.password, self.database, self.tls) = (host, port, user, password, database, tls)
    }

    /// The path of PostgreSQL's Unix socket, when the host is its directory: libpq's name for it, `.s.PGSQL.<port>`.
    public var socketPath: String? {
        guard host.hasPrefix("/") else { return nil }
        return (host.hasSuffix("/") ? host : host + "/") + ".s.PGSQL.\(port)"
    }

    /// Reads `text`; `nil` when it is not a PostgreSQL address (a data directory's path, say). Throws when it is one,
    /// but a part of it can't be used, saying which.
    public init?(_ text: String) throws {
        guard text.hasPrefix("postgresql://") || text.hasPrefix("postgres://") else { return nil }
        let shown = Self.hidingPassword(text)
        guard let parts = URLComponents(string: text) else {
            throw DatabaseAddressError("\(shown) is not an address PostgreSQL's clients read: it needs a host.")
        }
        var (host, port, tls) = (parts.host ?? "", parts.port ?? 5432, TLSMode.prefer)
        for item in parts.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                guard let mode = item.value.flatMap(TLSMode.init(rawValue:)) else {
                    throw DatabaseAddressError("\(shown) asks for sslmode=\(item.value ?? ""), but Habitat takes disable, prefer or require.")
                }
                tls = mode
            case "host":
                guard let directory = item.value, directory.hasPrefix("/") else {
                    throw DatabaseAddressError("\(shown) has host=\(item.value ?? ""): as a parameter, host is the directory of PostgreSQL's Unix socket, a path starting with /.")
                }
                host = directory
            case "port":
                guard let value = item.value.flatMap(Int.init), (1...65535).contains(value) else {
                    throw DatabaseAddressError("\(shown) has port=\(item.value ?? ""), which is no port: 1 to 65535.")
                }
                port = value
            default:
                throw DatabaseAddressError("\(shown) has \(item.name), which Habitat does not read; it reads sslmode, host and port.")
            }
        }
        guard !host.isEmpty else {
            throw DatabaseAddressError(
                "\(shown) is not an address PostgreSQL's clients read: it needs a host (or, for a Unix socket, ?host=/its/directory).")
        }
        let at = host.hasPrefix("/") ? "/DATABASE?host=\(host)" : "\(host)/DATABASE"
        guard let user = parts.user, !user.isEmpty else {
            throw DatabaseAddressError("\(shown) names no user: postgresql://USER@\(at).")
        }
        let database = String(parts.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else {
            throw DatabaseAddressError("\(shown) names no database: postgresql://\(user)@\(at).")
        }
        self.init(
            host: host, port: port, user: user, password: parts.password.flatMap { $0.removingPercentEncoding }, database: database, tls: tls)
    }

    /// The address as it can be logged: the password never shown.
    public var description: String {
        let password = password == nil ? "" : ":…"
        if socketPath != nil {
            return "postgresql://\(user)\(password)@/\(database)?host=\(host)" + (port == 5432 ? "" : "&port=\(port)")
        }
        return "postgresql://\(user)\(password)@\(host):\(port)/\(database)" + (tls == .prefer ? "" : "?sslmode=\(tls.rawValue)")
    }

    /// PostgresNIO's configuration for this address.
    public var configuration: PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS =
            switch self.tls {
            case .disable: .disable
            case .prefer: .prefer(.makeClientConfiguration())
            case .require: .require(.makeClientConfiguration())
            }
        if let socketPath {
            return PostgresClient.Configuration(unixSocketPath: socketPath, username: user, password: password, database: database)
        }
        return PostgresClient.Configuration(host: host, port: port, username: user, password: password, database: database, tls: tls)
    }

    /// PostgresNIO's configuration of one connection to this address.
    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS =
            switch self.tls {
            case .disable: .disable
            case .prefer: .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
            case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
        if let socketPath {
            return PostgresConnection.Configuration(unixSocketPath: socketPath, username: user, password: password, database: database)
        }
        return PostgresConnection.Configuration(host: host, port: port, username: user, password: password, database: database, tls: tls)
    }

    static func hidingPassword(_ text: String) -> String {
        guard let parts = URLComponents(string: text), let password = parts.percentEncodedPassword else { return text }
        return text.replacingOccurrences(of: ":\(password)@", with: ":…@")
    }
}

public struct DatabaseAddressError: Error, CustomStringConvertible, Equatable {
    public let description: String
    init(_ description: String) { self.description = description }
}

extension DatabaseAddress {
    /// Runs `body` with a connection pool to this database, running for as long as `body` does.
    public func withClient<T: Sendable>(
        logger: Logger, _ body: @Sendable (PostgresClient) async throws -> T
    ) async throws -> T {
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            return try await body(client)
        }
    }
}
