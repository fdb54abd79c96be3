import Foundation
import HabitatCommands
import HabitatStorage
import Logging
import NIOConcurrencyHelpers
import Testing

@testable import HabitatApp

/// `version`: which server answers, its build, and how long it has run, on the server's clock.
@Suite("version")
struct VersionTests {
    @Test func saysTheVersionTheBuildAndTheUptimeBeforeLoginToo() async throws {
        SQLiteSetup.apply()
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("habitat-version-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let now = NIOLockedValueBox(Date(timeIntervalSince1970: 1_795_176_000))
        var configuration = ServerConfiguration()
        configuration.dataDirectory = data
        configuration.clock = { now.withLockedValue { $0 } }
        let application = try Application(
            configuration: configuration, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
            slowWork: ConversationTests.AtOnce())
        try await application.start()
        let connection = try await TestConnection(application)
        let build = Version.build

        now.withLockedValue { $0 += 42 }
        let version = try await connection.say("version")
        #expect(version == ["ℹ️ Habitat 0.1.0 (\(build) build for Linux x86_64), up 42 s.\n\n"])

        now.withLockedValue { $0 += 2 * 86_400 + 3 * 3600 + 600 }
        #expect(try await connection.say("uptime") == ["ℹ️ Habitat 0.1.0 (\(build) build for Linux x86_64), up 2 days 3 h.\n\n"])

        let json = try await connection.say(#"{"id":1,"text":"version"}"#)
        #expect(
            json
                == [#"{"id":1,"ok":true,"type":"info","text":"ℹ️ Habitat 0.1.0 (\#(build) build for Linux x86_64), up 2 days 3 h.","toasts":[{"type":"info","text":"ℹ️ Habitat 0.1.0 (\#(build) build for Linux x86_64), up 2 days 3 h."}],"data":{"version":"0.1.0","build":"\#(build)","uptime_seconds":184242}}"# + "\n"])
        _ = await application.stop()
    }

    @Test func uptimeIsToldInItsTwoLargestUnits() {
        #expect(Version.uptime(0) == "0 s")
        #expect(Version.uptime(59) == "59 s")
        #expect(Version.uptime(60) == "1 min")
        #expect(Version.uptime(3 * 3600 + 5 * 60 + 9) == "3 h 5 min")
        #expect(Version.uptime(86_400 + 3600) == "1 day 1 h")
    }
}
