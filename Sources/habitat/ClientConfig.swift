import Foundation
import TOMLKit

/// `~/.config/habitat/client.toml` (or under `$XDG_CONFIG_HOME`): what `habitat do` and `habitat connect` use when
/// neither a flag nor an environment variable says otherwise.
///
///     server = "habitat.example.org:7878"
///     user = "alice"
///     password_file = "~/.config/habitat/password"   # or password = "…"
///     tls = true
///     tls_ca = "/etc/ssl/habitat-ca.pem"
///
/// It may hold a password, so it is refused while others can read it.
struct ClientConfig: Equatable {
    var server: String?
    var user: String?
    var password: String?
    var passwordFile: String?
    var tls: Bool?
    var tlsCA: String?

    static let keys = ["server", "user", "password", "password_file", "tls", "tls_ca"]

    /// Where it is looked for.
    static func path(environment: [String: String]) -> String {
        let folder =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        return folder + "/habitat/client.toml"
    }

    /// The file at ``path(environment:)``, or nothing when there is none; a file others can read, or one that is not
    /// what is described above, is refused with what to do.
    static func load(environment: [String: String]) throws -> ClientConfig {
        let path = path(environment: environment)
        var status = stat()
        guard stat(path, &status) == 0 else { return ClientConfig() }
        let mode = status.st_mode & 0o777
        guard mode & 0o077 == 0 else {
            throw CommandFailure(
                "\(path) may hold your password, and others can read it (mode \(String(mode, radix: 8))). "
                    + "Make it yours alone: chmod 600 \(path)")
        }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw CommandFailure("Could not read \(path): \(error.localizedDescription)")
        }
        return try parse(text, path: path, home: environment["HOME"] ?? NSHomeDirectory())
    }

    /// The settings in `text`; `path` names the file in errors, `home` stands for a leading `~/` in file names.
    static func parse(_ text: String, path: String, home: String) throws -> ClientConfig {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw CommandFailure("\(path), line \(error.source.begin.line): \(error.description)")
        }
        var config = ClientConfig()
        for key in table.keys {
            guard keys.contains(key) else {
                throw CommandFailure("\(path): '\(key)' is not a setting. Known: \(keys.joined(separator: ", ")).")
            }
        }
        func string(_ key: String) throws -> String? {
            guard let value = table[key] else { return nil }
            guard let string = value.string else { throw CommandFailure("\(path): \(key) takes text in quotes, e.g. \(key) = \"…\".") }
            return string
        }
        func file(_ key: String) throws -> String? {
            try string(key).map { $0.hasPrefix("~/") ? home + $0.dropFirst() : $0 }
        }
        config.server = try string("server")
        config.user = try string("user")
        config.password = try string("password")
        config.passwordFile = try file("password_file")
        config.tlsCA = try file("tls_ca")
        if let value = table["tls"] {
            guard let tls = value.bool else { throw CommandFailure("\(path): tls takes true or false.") }
            config.tls = tls
        }
        if config.password != nil, config.passwordFile != nil {
            throw CommandFailure("\(path): give password or password_file, not both.")
        }
        return config
    }
}
