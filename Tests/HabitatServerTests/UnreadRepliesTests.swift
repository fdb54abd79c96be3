import Foundation
import NIOCore
import NIOEmbedded
import TestSupport
import Testing

@testable import HabitatApp
@testable import HabitatServer

/// A client that stops reading is held back (the channel turns unwritable, so its task stops
/// writing and reading) and, if it still has not read after the timeout, disconnected.
@Suite struct UnreadRepliesTests {
    func channel(timeout: TimeAmount) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(UnreadRepliesHandler(timeout: timeout))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 7878)).wait()
        return channel
    }

    func setWritable(_ writable: Bool, on channel: EmbeddedChannel) {
        channel.isWritable = writable
        channel.pipeline.fireChannelWritabilityChanged()
    }

    @Test func aClientThatStaysBehindForTheWholeTimeoutIsDisconnected() throws {
        let channel = try channel(timeout: .seconds(60))
        setWritable(false, on: channel)
        channel.embeddedEventLoop.advanceTime(by: .seconds(59))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(!channel.isActive)
    }

    @Test func aClientThatCatchesUpInTimeStaysConnected() throws {
        let channel = try channel(timeout: .seconds(60))
        setWritable(false, on: channel)
        channel.embeddedEventLoop.advanceTime(by: .seconds(50))
        setWritable(true, on: channel)
        channel.embeddedEventLoop.advanceTime(by: .seconds(50))
        #expect(channel.isActive)
        // Falling behind again starts a new timeout.
        setWritable(false, on: channel)
        channel.embeddedEventLoop.advanceTime(by: .seconds(59))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(!channel.isActive)
    }

    @Test func theDefaultTimeoutIsAMinuteAsDocumented() {
        #expect(ServerConfiguration().unreadRepliesTimeout == 60)
    }

    /// The handler where the server puts it, behind the connection's handler: a real client that sends and never reads
    /// is cut off once its replies have backed up for the timeout.
    @Test func aRealServerDisconnectsAClientThatNeverReads() async throws {
        try await TestServer.with(configure: { $0.unreadRepliesTimeout = 1; $0.rateLimit = 0 }) { server in
            let socket = try BlockingSocket(port: server.port, receiveBuffer: 4096, timeout: 30)
            try await eventually("the server to hold the connection") { !server.habitat.connections.isEmpty }
            // About 16 MB of help, far more than the two kernels buffer between them (4 MB at most to send).
            try socket.write(String(repeating: "help all\n", count: 2000))
            // Nothing is read until the server has let the connection go: reading would let its replies flow again.
            try await eventually("the server to close the connection", timeout: .seconds(60)) {
                server.habitat.connections.isEmpty
            }
            // Drained on a thread of its own: a blocking read must not hold one of the tasks' few threads.
            nonisolated(unsafe) let reader = socket  // the thread is its only user until it resumes
            let (received, endedCleanly, lastError) = await withCheckedContinuation { done in
                Thread.detachNewThread {
                    var received = 0
                    while let chunk = reader.receive() { received += chunk.count }
                    // How the stream ended is read here, on the thread that read it, and handed back with the count.
                    done.resume(returning: (received, reader.endedCleanly, reader.lastError))
                }
            }
            // The stream ended (closed, or reset over lines the server had not read) with about half the replies
            // unsent: a server that kept the connection would have sent all 16 MB, then left the read to time out.
            #expect(endedCleanly || lastError == ECONNRESET)
            #expect(received < 8_000_000)
        }
    }
}
