import Foundation
import TestSupport
import Testing

/// `habitat bridge add|list|remove`, run as the operator would, against a real server.
@Suite("The bridge commands of the habitat tool", .serialized)
struct BridgeCommandTests {
    /// On a server that keeps everything in PostgreSQL, the same commands with `--database` (or `HABITAT_DATABASE`).
    @Test(.enabled(if: TestPostgres.isAvailable))
    func aBridgeIsAddedToTheDatabaseAServerKeepsEverythingIn() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        try await TestPostgres.withDatabase { address in
            let database = address.description
            let added = try await habitat(["bridge", "add", "irc", "--database", database])
            #expect(added.status == 0)
            let token = try #require(added.output.split(separator: "\n").last.map(String.init))
            let listed = try await runToEnd(ServerProcess.executable, ["bridge", "list"], environment: ["HABITAT_DATABASE": database])
            #expect(listed.output.hasPrefix("irc\tcreated "))
            let server = try await ServerProcess(data: data, extraArguments: ["--database", database])
            let bridge = try await LineClient.connect(port: server.port)
            #expect(try await bridge.json("bridge irc \(token)").ok == true)
            #expect(try await bridge.json(#"{"id": 1, "user": "zed", "text": "add habit Tea"}"#).ok == true)
            #expect(try await habitat(["bridge", "remove", "irc", "--database", database]).output == "Bridge 'irc' removed.\n")
            #expect(try await bridge.json(#"{"id": 2, "user": "zed", "text": "status"}"#).code == "forbidden")
            #expect(await server.terminate() == 0)
            // Nothing was kept in the data directory.
            #expect((try? FileManager.default.contentsOfDirectory(atPath: data.path)) ?? [] == [])
        }
    }

    @Test func aBridgeIsAddedWithATokenShownOnceListedAndRemoved() async throws {
        let data = temporaryDirectory().path
        defer { try? FileManager.default.removeItem(atPath: data) }
        let added = try await habitat(["bridge", "add", "irc", "--data", data])
        #expect(added.status == 0)
        let lines = added.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "Bridge 'irc' created. Its token (shown once; keep it secret):")
        let token = try #require(lines.last)
        #expect(token.hasPrefix("hbt_") && token.count == 52)
        #expect(try await habitat(["bridge", "add", "irc", "--data", data]).status != 0)
        #expect(try await habitat(["bridge", "list", "--data", data]).output.hasPrefix("irc\tcreated "))
        // Only the token's hash is kept.
        let directory = try Data(contentsOf: URL(fileURLWithPath: data + "/directory.sqlite"))
        #expect(directory.range(of: Data(token.utf8)) == nil)

        let server = try await ServerProcess(data: URL(fileURLWithPath: data))
        let bridge = try await LineClient.connect(port: server.port)
        #expect(try await bridge.json("bridge irc \(token)").ok == true)
        #expect(try await bridge.json(#"{"id": 1, "user": "zed", "text": "status"}"#).ok == true)
        let removed = try await habitat(["bridge", "remove", "irc", "--data", data])
        #expect(removed.output == "Bridge 'irc' removed.\n")
        #expect(try await bridge.json(#"{"id": 2, "user": "zed", "text": "status"}"#).code == "forbidden")
        let again = try await LineClient.connect(port: server.port)
        // A failed `bridge` leaves the connection in text mode, and is answered so.
        #expect(try await again.reply(to: "bridge irc \(token)") == ["❌ That bridge name and token don't match."])
        #expect(await server.terminate() == 0)
    }

    @Test func aBridgeAddedAgainWithANewTokenCutsOffConnectionsMadeWithTheOldOne() async throws {
        let data = temporaryDirectory().path
        defer { try? FileManager.default.removeItem(atPath: data) }
        let old = try #require(try await habitat(["bridge", "add", "irc", "--data", data]).output.split(separator: "\n").last.map(String.init))
        let server = try await ServerProcess(data: URL(fileURLWithPath: data))
        let leaked = try await LineClient.connect(port: server.port)
        #expect(try await leaked.json("bridge irc \(old)").ok == true)
        // A token that got out is replaced by removing the bridge and adding it again.
        #expect(try await habitat(["bridge", "remove", "irc", "--data", data]).status == 0)
        let new = try #require(try await habitat(["bridge", "add", "irc", "--data", data]).output.split(separator: "\n").last.map(String.init))
        let refused = try await leaked.json(#"{"id": 1, "user": "zed", "text": "status"}"#)
        #expect(refused.code == "forbidden")
        #expect(refused.text == "❌ The bridge irc has a new token: connect again with it.")
        let current = try await LineClient.connect(port: server.port)
        #expect(try await current.json("bridge irc \(new)").ok == true)
        #expect(try await current.json(#"{"id": 2, "user": "zed", "text": "status"}"#).ok == true)
        #expect(await server.terminate() == 0)
    }

    @Test func listingOrRemovingBridgesNeedsADataDirectoryAndSaysWhatIsWrongWithoutTheUsage() async throws {
        let root = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let typo = root.appendingPathComponent("habitat-dta").path
        for arguments in [["bridge", "list"], ["bridge", "remove", "irc"]] {
            let run = try await habitat(arguments + ["--data", typo])
            #expect(run.status == 1)
            #expect(run.output == "Error: \(typo) holds no Habitat data (there is no directory.sqlite in it). Use --data to point at it.\n")
        }
        // No data directory was made where the mistyped path points.
        #expect(!FileManager.default.fileExists(atPath: typo))

        let data = root.appendingPathComponent("data").path
        #expect(try await habitat(["bridge", "add", "slack", "--data", data]).status == 0)
        let missing = try await habitat(["bridge", "remove", "irc", "--data", data])
        #expect(missing.status == 1)
        #expect(missing.output == "Error: There is no bridge called irc. 'habitat bridge list' shows them.\n")
    }
}
