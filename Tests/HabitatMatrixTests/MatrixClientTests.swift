import HabitatMatrix
import NIOHTTP1
import Testing

@Suite("The Matrix client and what a homeserver answers")
struct MatrixClientTests {
    static let limited = #"{"errcode":"M_LIMIT_EXCEEDED","error":"Too Many Requests","retry_after_ms":300}"#

    @Test func aRateLimitedMessageIsSentAgainAfterTheWaitTheHomeserverAsks() async throws {
        let server = try await FakeHomeserver(answers: [
            (.tooManyRequests, Self.limited), (.ok, #"{"event_id":"$sent"}"#),
        ])
        let client = MatrixClient(homeserver: server.address, accessToken: "token")
        let started = ContinuousClock.now
        let sent = try await client.say(MatrixMessage(body: "✅ Dishes completed!"), in: "!room:example.org")
        #expect(sent == "$sent")
        #expect(ContinuousClock.now - started >= .milliseconds(300))
        #expect(server.requests.count == 2)
        #expect(
            server.requests.allSatisfy {
                $0.hasPrefix("PUT /_matrix/client/v3/rooms/%21room%3Aexample.org/send/m.room.message/")
            })
        await server.stop()
    }

    @Test func aHomeserverThatKeepsRefusingIsGivenUpOnAfterTheRetries() async throws {
        let server = try await FakeHomeserver(answers: [
            (.tooManyRequests, #"{"errcode":"M_LIMIT_EXCEEDED","retry_after_ms":1}"#)
        ])
        let client = MatrixClient(homeserver: server.address, accessToken: "token", rateLimitRetries: 2)
        await #expect(throws: MatrixError(status: 429, code: "M_LIMIT_EXCEEDED", message: "Too Many Requests")) {
            try await client.join("!room:example.org")
        }
        #expect(server.requests.count == 3)
        await server.stop()
    }

    @Test func aRefusalIsThrownAsTheHomeserverSaidIt() async throws {
        let server = try await FakeHomeserver(answers: [
            (.forbidden, #"{"errcode":"M_FORBIDDEN","error":"You are not invited to this room."}"#)
        ])
        let client = MatrixClient(homeserver: server.address, accessToken: "token")
        await #expect(
            throws: MatrixError(status: 403, code: "M_FORBIDDEN", message: "You are not invited to this room.")
        ) {
            try await client.join("!room:example.org")
        }
        #expect(server.requests == ["POST /_matrix/client/v3/rooms/%21room%3Aexample.org/join"])
        await server.stop()
    }
}
