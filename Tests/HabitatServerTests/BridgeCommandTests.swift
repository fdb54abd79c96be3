import Foundation
import Testing

/// `habitat bridge add|list|remove`, run as the operator would, against a real server.
@Suite("The bridge commands of the habitat tool", .serialized)
struct BridgeCommandTests {
    @Test func aBridgeIsAddedWithATokenShownOnceListedAndRemoved() async throws {
        let data = temporaryDirectory().path
        defer { try? FileManager.default.removeItem(atPath: data) }
        let added = try habitat(["bridge", "add", "irc", "--data", data])
        #expect(added.status == 0)
        let lines = added.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "Bridge 'irc' created. Its token (shown once; keep it secret):")
        let token = try #require(lines.last)
        #expect(token.hasPrefix("hbt_") && token.count == 52)
        #expect(try habitat(["bridge", "add", "irc", "--data", data]).status != 0)
        #expect(try habitat(["bridge", "list", "--data", data]).output.hasPrefix("irc\tcreated "))
        // Only the token's hash is kept.
        let directory = try Data(contentsOf: URL(fileURLWithPath: data + "/directory.sqlite"))
        #expect(directory.range(of: Data(token.utf8)) == nil)

        let server = try ServerProcess(data: URL(fileURLWithPath: data))
        let bridge = try await LineClient.connect(port: server.port)
        #expect(try await bridge.json("bridge irc \(token)").ok == true)
        #expect(try await bridge.json(#"{"id": 1, "user": "zed", "text": "status"}"#).ok == true)
        let removed = try habitat(["bridge", "remove", "irc", "--data", data])
        #expect(removed.output == "Bridge 'irc' removed.\n")
        #expect(try await bridge.json(#"{"id": 2, "user": "zed", "text": "status"}"#).code == "forbidden")
        let again = try await LineClient.connect(port: server.port)
        // A failed `bridge` leaves the connection in text mode, and is answered so.
        #expect(try await again.reply(to: "bridge irc \(token)") == ["❌ That bridge name and token don't match."])
        #expect(server.terminate() == 0)
    }
}
