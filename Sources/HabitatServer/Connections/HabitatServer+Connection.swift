import HabitatApp
import HabitatCommands
import HabitatEngine
import NIOCore

extension HabitatServer {
    /// A client's channel, and the conversation its task shares with `ImmediateRepliesHandler`.
    struct Connection: Sendable {
        let link: ConnectionLink
        let channel: NIOAsyncChannel<TaskLine, ByteBuffer>
    }

    /// Runs `body` in a task of its own on the connection's event loop, and waits for it. A task keeps the memory
    /// its deepest call ever needed (Swift's task allocator holds on to it) until the task ends: a connection's
    /// task that once logged in, or ran any other line that takes the long way, would hold that for as long as
    /// the connection stays open. This task gives it back when the line is done.
    static func inFreshTask<T: Sendable>(
        _ link: ConnectionLink, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await Task(executorPreference: link.executor) { try await body() }.value
    }

    /// Serves one client until it quits or goes away. Never throws: one client's trouble stays its own.
    ///
    /// Runs on the connection's event loop. Lines whose plans run as they arrive are answered by
    /// `ImmediateRepliesHandler` before they get here; this task answers the rest, one at a time.
    func serve(_ connection: Connection) async {
        let link = connection.link
        let conversation = link.conversation
        let connection = connection.channel
        let channel = connection.channel
        let address = AddressLimits.key(of: channel.remoteAddress)
        let id: Int
        switch connections.add(channel, limit: configuration.maxConnections, address: address) {
        case .success(let admitted):
            id = admitted
        case .failure(let refusal):
            return await turnAway(connection, refusal, address: address)
        }
        defer { connections.remove(id) }
        let timeout = configuration.unauthenticatedTimeout
        let idle = channel.eventLoop.scheduleTask(in: .milliseconds(Int64(timeout * 1000))) {
            // A line in hand (a login on a slow machine, say) is answered first; the task closes the connection after
            // it unless it logged in. Otherwise it is said now, in the connection's mode (the session is free to read).
            guard !link.taskBusy else {
                link.loginTimedOut = true
                return
            }
            channel.writeAndFlush(ByteBuffer(bytes: conversation.loginTimeoutNotice(after: Int(timeout))))
                .whenComplete { _ in channel.close(promise: nil) }
        }
        do {
            try await connection.executeThenClose { inbound, outbound in
                try await outbound.write(ByteBuffer(bytes: conversation.greeting))
                try await withThrowingDiscardingTaskGroup { group in
                    // Events are written between replies, never inside one.
                    group.addTask {
                        for await _ in conversation.eventsWaiting {
                            for event in conversation.waitingEvents() { try await outbound.write(ByteBuffer(string: event)) }
                        }
                    }
                    defer { conversation.stopEvents() }
                    link.eventLoop.assertInEventLoop()
                    conversation.begin(connection: id)
                    for try await line in inbound {
                        // The whole line is answered in a task of its own: while the connection waits for the next,
                        // its own task holds nothing but this loop.
                        let closing = try await Self.inFreshTask(link) {
                            var closing = try await conversation.answer(line.line, planned: line.planned) { bytes in
                                // Counted as logged in before the reply says so: a client told "Welcome" may open
                                // another connection at once, and its address must have the place for it.
                                if conversation.identified { self.connections.identified(id) }
                                try await outbound.write(ByteBuffer(bytes: bytes))
                            }
                            if conversation.identified {
                                idle.cancel()
                                self.connections.identified(id)
                            } else if link.loginTimedOut {
                                try await outbound.write(ByteBuffer(bytes: conversation.loginTimeoutNotice(after: Int(timeout))))
                                closing = true
                            }
                            link.taskFinishedLine()
                            return closing
                        }
                        if closing { break }
                    }
                }
                if link.draining {
                    // Shutting down: the replies go out, then the end of output, and the connection stays
                    // (dropping whatever arrives) until the client closes its side, briefly. Closing at once
                    // with lines still unread would reset the connection, and a client can lose replies it
                    // had not read yet: changes made, their replies gone.
                    outbound.finish()
                    try await link.eventLoop.flatSubmit {
                        link.waitForPeerToClose(atMost: .seconds(1), channel: channel)
                    }.get()
                }
            }
        } catch {
            logger.debug("connection ended", metadata: ["connection": "c\(id)", "error": "\(error)"])
        }
        conversation.end()
        idle.cancel()
    }

    /// Says why a connection is turned away, in one line, and closes it. The log says so now and then, not once per
    /// connection (a flood of them is what it is about).
    func turnAway(_ connection: NIOAsyncChannel<TaskLine, ByteBuffer>, _ refusal: ConnectionRegistry.Refusal, address: String) async {
        let message: String
        switch refusal {
        case .serverFull:
            message = "The server is full right now. Please try again in a minute."
            if let refused = connections.noteRefusal(now: ContinuousClock.now) {
                logger.warning(
                    "turning connections away: the server is full (--max-connections) or stopping",
                    metadata: ["refused": "\(refused)", "limit": "\(configuration.maxConnections)"])
            }
        case .address(let limit):
            message = limit.message
            if let refused = connections.noteRefusal(now: ContinuousClock.now) {
                logger.warning(
                    "turning connections away: an address holds all it may (--max-per-address, --max-unauthenticated-per-address)",
                    metadata: ["refused": "\(refused)", "address": "\(address)"])
            }
        }
        let reply = Reply(error: HabitatError(.busy, message))
        try? await connection.executeThenClose { _, outbound in
            try await outbound.write(ByteBuffer(string: reply.text(plain: false)))
        }
    }
}
