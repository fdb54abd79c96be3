import Foundation
import HabitatBridgeKit
import HabitatMatrix
import NIOHTTP1
import TestSupport
import Testing

/// A restarted bridge's first sync brings what was said while it was away: the bridge reads Matrix only once its
/// Habitat session is open, so those lines are answered, not refused because the session was still opening.
@Suite("The Matrix bridge reads Matrix once its Habitat session is open")
struct MatrixBridgeStartTests {
    static let token = "hbt_matrix_start_0123456789abcdef"
    /// A login, then syncs with nothing in them.
    static let answers: [(status: HTTPResponseStatus, json: String)] = [
        (.ok, #"{"user_id":"@habitat:localhost","access_token":"token","device_id":"DEVICE"}"#),
        (.ok, #"{"next_batch":"s1"}"#),
    ]

    func bridge(homeserver: FakeHomeserver, habitatPort: Int) -> MatrixBridgeService {
        MatrixBridgeService(
            configuration: .init(
                habitat: HabitatClient.Configuration(port: habitatPort, bridge: "matrix", token: Self.token),
                homeserver: homeserver.address, userID: "@habitat:localhost", credential: .password("bot-password-1"),
                syncTimeout: .seconds(1)),
            logger: quietLogger)
    }

    @Test func nothingIsReadFromMatrixWhileHabitatCannotBeReached() async throws {
        let homeserver = try await FakeHomeserver(answers: Self.answers)
        // A port nothing listens on: taken, then let go.
        let port = try await Loopback.freePort()
        let service = bridge(homeserver: homeserver, habitatPort: port)
        let running = Task { try await service.run() }
        try await Task.sleep(for: .seconds(2))
        running.cancel()
        _ = await running.result
        #expect(homeserver.requests.isEmpty, "asked: \(homeserver.requests.prefix(3))")
        await homeserver.stop()
    }

    @Test func matrixIsReadOnceTheHabitatSessionIsOpen() async throws {
        let homeserver = try await FakeHomeserver(answers: Self.answers)
        try await HabitatTestServer.run(bridge: "matrix", token: Self.token) { port in
            let service = bridge(homeserver: homeserver, habitatPort: port)
            let running = Task { try await service.run() }
            defer { running.cancel() }
            try await eventually("the bridge to sync", timeout: .seconds(120)) {
                homeserver.requests.contains { $0.hasPrefix("GET /_matrix/client/v3/sync") }
            }
            #expect(homeserver.requests.first == "POST /_matrix/client/v3/login")
        }
        await homeserver.stop()
    }
}
