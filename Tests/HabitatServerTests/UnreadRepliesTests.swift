import NIOCore
import NIOEmbedded
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
}
