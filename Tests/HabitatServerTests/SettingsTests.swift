import Foundation
import HabitatSettings
import TestSupport
import Testing

/// `serve` and the bridges take every setting from a flag, a `HABITAT_*` environment variable or a settings file
/// (`--config`), in that order; a wrong one is refused naming where it was written; a secret can come from a file,
/// so it is never on a command line; `--print-config` shows what would be run and where each setting came from.
@Suite("Settings from flags, the environment and a settings file")
struct SettingsTests {
    /// A folder with `habitat.toml` holding `text`.
    static func settingsFile(_ text: String) throws -> (folder: URL, file: URL) {
        let folder = temporaryDirectory()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("habitat.toml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return (folder, file)
    }

    @Test func aFlagComesBeforeTheEnvironmentWhichComesBeforeTheFile() async throws {
        let (folder, file) = try Self.settingsFile("port = 9000\nhost = \"0.0.0.0\"\nmax-line = 8192\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        var sources = try await SettingSources(
            file: file.path, known: ["port", "host", "max-line", "data"],
            environment: ["HABITAT_PORT": "9100", "HABITAT_HOST": "::1"])
        #expect(try sources.value("port", flag: 9200, standard: 7878) == 9200)
        #expect(try sources.value("host", flag: nil as String?, standard: "127.0.0.1") == "::1")
        #expect(try sources.value("max-line", flag: nil as Int?, standard: 4096) == 8192)
        #expect(try sources.value("data", flag: nil as String?, standard: "./habitat-data") == "./habitat-data")
        #expect(sources.naming("port") == "--port")
        #expect(sources.naming("host") == "HABITAT_HOST")
        #expect(sources.naming("max-line") == "max-line in \(file.path)")
        #expect(sources.settled.map(\.source) == [.flag, .environment, .file, .standard])
    }

    @Test func printConfigShowsWhatTheServerWouldRunWithAndWhereEachCameFrom() async throws {
        let (folder, file) = try Self.settingsFile("port = 9000\nmax-connections = 50\nlog-format = \"json\"\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try await runToEnd(
            ServerProcess.executable, ["serve", "--config", file.path, "--max-connections", "70", "--print-config"],
            environment: [
                "HABITAT_PORT": "9100", "HABITAT_DURABILITY": "full", "HABITAT_MAX_CONNECTIONS": "60",
                "HABITAT_DATABASE": "postgresql://habitat:sekrit@db.example/habitat",
            ])
        #expect(run.status == 0)
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("port = 9100  # from HABITAT_PORT"))
        // max-connections is in all three: the flag's wins; port in two: the environment's.
        #expect(lines.contains("max-connections = 70  # from --max-connections"))
        #expect(lines.contains("durability = \"full\"  # from HABITAT_DURABILITY"))
        #expect(lines.contains("log-format = \"json\"  # from \(file.path)"))
        #expect(lines.contains("host = \"127.0.0.1\"  # default"))
        #expect(lines.contains("# open-files is not set"))
        // The database's address holds its password: never printed.
        #expect(lines.contains("# database is set, and hidden  # from HABITAT_DATABASE"))
        #expect(!run.output.contains("sekrit"))
        #expect(lines.count == 24)
    }

    @Test func aDatabaseThatIsNotPostgreSQLsOrCantBeReachedIsSaidAndNothingStarts() async throws {
        let parent = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = parent.appendingPathComponent("data")
        let other = try await runToEnd(ServerProcess.executable, ["serve", "--data", folder.path, "--database", "mysql://db.example/habitat"], errorsInOutput: true)
        #expect(other.status == 1)
        #expect(other.output.contains("Error: --database is a PostgreSQL database's address: postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE."))
        let port = try await Loopback.freePort()
        let away = try await runToEnd(
            ServerProcess.executable, ["serve", "--data", folder.path], errorsInOutput: true, environment: ["HABITAT_DATABASE": "postgresql://habitat@127.0.0.1:\(port)/habitat"])
        #expect(away.status == 1)
        #expect(away.output.contains("Error: PostgreSQL at 127.0.0.1:\(port) can't be reached"))
        // Neither made a data directory of files it was not to keep.
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test func theSettingsFileInContribIsOneTheServerTakes() async throws {
        let run = try await habitat(["serve", "--config", SourceTree.url("contrib/habitat.toml").path, "--print-config"])
        #expect(run.status == 0)
        #expect(run.output.contains("host = \"0.0.0.0\"  # from "))
        #expect(run.output.contains("log-format = \"text\"  # from "))
    }

    @Test(arguments: [
        ("prot = 9000\n", [:], "sets prot, which is not a setting of this command. Its settings: host, port,"),
        ("port = \"high\"\n", [:], "port in FILE is \"high\", but it takes a whole number."),
        ("port = 70000\n", [:], "port in FILE is a TCP port from 0 to 65535 (0 picks a free one), not 70000."),
        ("max-line = 100\n", [:], "max-line in FILE needs at least 256 (shorter lines would refuse ordinary commands and logins), not 100."),
        ("port = \n", [:], "FILE: line 1 is not TOML:"),
        ("port = 0\n[serve]\nport = 1\n", [:], "FILE: [serve] starts a table, which Habitat's settings don't use: write name = value lines only."),
        ("", ["HABITAT_PORT": "abc"], "HABITAT_PORT is 'abc', but it takes a whole number."),
        ("", ["HABITAT_DURABILITY": "fast"], "HABITAT_DURABILITY is 'fast', but it takes one of normal or full."),
        ("", ["HABITAT_LOG_FORMAT": "xml"], "HABITAT_LOG_FORMAT is 'xml', but it takes one of text or json."),
        ("", ["HABITAT_TLS_CERT": "/etc/cert.pem"], "TLS needs both HABITAT_TLS_CERT and --tls-key."),
    ] as [(String, [String: String], String)])
    func aWrongSettingIsRefusedAtStartNamingWhereItWasWrittenAndWhatItTakes(
        text: String, environment: [String: String], message: String
    ) async throws {
        // A flag would come before the file's port: a free port is given there, unless the file is about the port.
        let (folder, file) = try Self.settingsFile(text.contains("port =") ? text : "port = 0\n" + text)
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data")
        let run = try await runToEnd(
            ServerProcess.executable, ["serve", "--config", file.path, "--data", data.path],
            errorsInOutput: true, environment: environment)
        #expect(run.status == 1)
        #expect(run.output.hasPrefix("Error: "))
        #expect(run.output.contains(message.replacingOccurrences(of: "FILE", with: file.path)), "\(run.output)")
        // Refused before anything is made.
        #expect(!FileManager.default.fileExists(atPath: data.path))
    }

    @Test func aServerRunsFromItsSettingsFileAloneAndLogsOneJSONObjectALine() async throws {
        let folder = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data")
        let (settingsFolder, file) = try Self.settingsFile(
            "port = 0\ndata = \"\(data.path)\"\nlog-format = \"json\"\nlog-level = \"debug\"\n")
        defer { try? FileManager.default.removeItem(at: settingsFolder) }
        // Whatever the environment holds stays out of the log, even at debug.
        let server = try await LoggedProcess(["serve", "--config", file.path], environment: ["HABITAT_TOKEN": "hbt_in-the-environment"])
        let started = try await server.logs(#""message":"listening""#)
        let listening = try #require(started.split(separator: "\n").first { $0.contains(#""message":"listening""#) })
        let fields = try #require(try JSONSerialization.jsonObject(with: Data(listening.utf8)) as? [String: Any])
        #expect(fields["level"] as? String == "info")
        #expect(fields["label"] as? String == "habitat")
        #expect(fields["data"] as? String == data.path)
        let port = try #require((fields["port"] as? String).flatMap { Int($0) })
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("directory.sqlite").path))

        _ = try await LineClient.registered("tess", port: port)
        let guesser = try await LineClient.connect(port: port)
        try await guesser.expectReply(to: "login tess wrong-horse", startsWith: "❌")
        try await server.logs(#""message":"login failed""#)
        let exported = folder.appendingPathComponent("tess.json")
        #expect(try await habitat(["export", "--user", "tess", "--data", data.path, "--output", exported.path]).status == 0)
        #expect(await server.terminate() == 0)
        let lines = server.log.split(separator: "\n")
        #expect(lines.count >= 4)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["time"] is String && object?["level"] is String && object?["message"] is String, "\(line)")
            // Values as people read them, never as Swift prints its own.
            for debugDescription in ["Optional(", "HabitatSettings.", "habitat.Serve", "Logging.Logger", "hbt_in-the-environment"] {
                #expect(!line.contains(debugDescription), "\(line)")
            }
        }
        #expect(lines.contains { $0.contains(#""request":"export of tess as json to \#(exported.path)""#) })
        let failed = try #require(lines.first { $0.contains(#""message":"login failed""#) })
        let failure = try #require(try JSONSerialization.jsonObject(with: Data(failed.utf8)) as? [String: Any])
        #expect(failure["address"] as? String == "127.0.0.1")
        #expect(failure["level"] as? String == "notice")
    }

    @Test func aBridgesTokenFromAFileIsNeitherOnItsCommandLineNorInAnyLog() async throws {
        let folder = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data")
        let added = try await habitat(["bridge", "add", "irc", "--data", data.path])
        let token = try #require(added.output.split(separator: "\n").last.map(String.init))
        let tokenFile = folder.appendingPathComponent("irc.token")
        try "\(token)\n".write(to: tokenFile, atomically: true, encoding: .utf8)
        let server = try await ServerProcess(data: data)
        // No IRC server there: the bridge's Habitat side opens all the same.
        let bridge = try await LoggedProcess(
            ["irc-bridge", "--token-file", tokenFile.path, "--irc", "127.0.0.1:1"],
            environment: ["HABITAT_HABITAT": "127.0.0.1:\(server.port)"])
        try await bridge.logs("bridge session open")
        #expect(bridge.commandLine.contains("--token-file \(tokenFile.path)"))
        #expect(!bridge.commandLine.contains(token))
        #expect(await bridge.terminate() == 0)
        #expect(!bridge.log.contains(token))
        #expect(!bridge.log.contains("--token,"))
        #expect(await server.terminate() == 0)
        #expect(!server.log.contains(token))

        // Given on the command line it works, and the log says where it can be seen.
        let visible = try await LoggedProcess(
            ["irc-bridge", "--token", token, "--irc", "127.0.0.1:1", "--habitat", "127.0.0.1:1"])
        let said = try await visible.logs("anyone on this machine can read it")
        #expect(said.contains("warning habitat-irc: [habitat] the token was given with --token, where anyone on this machine can read it (ps); give it with --token-file or HABITAT_TOKEN instead"))
        #expect(!said.contains(token))
        _ = await visible.terminate()
    }

    @Test func aBridgesSettingsFileHidesItsSecretsWhenPrinted() async throws {
        let (folder, file) = try Self.settingsFile(
            "token-file = \"TOKEN\"\nirc = \"irc.example.org:6697\"\nirc-tls = true\nchannel = [\"#smiths\", \"#jones key\"]\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let tokenFile = folder.appendingPathComponent("token")
        try "hbt_not-shown\n".write(to: tokenFile, atomically: true, encoding: .utf8)
        try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "TOKEN", with: tokenFile.path)
            .write(to: file, atomically: true, encoding: .utf8)
        let run = try await runToEnd(
            ServerProcess.executable, ["irc-bridge", "--config", file.path, "--print-config"],
            environment: ["HABITAT_NICK": "habby"])
        #expect(run.status == 0)
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("# token is set, and hidden  # from \(file.path) (token-file \(tokenFile.path))"))
        #expect(lines.contains("nick = \"habby\"  # from HABITAT_NICK"))
        #expect(lines.contains("channel = [\"#smiths\", \"#jones key\"]  # from \(file.path)"))
        #expect(lines.contains("irc-tls = true  # from \(file.path)"))
        #expect(!run.output.contains("hbt_not-shown"))
    }
}
