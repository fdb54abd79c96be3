import HabitatCommands
import NIOCore

extension HabitatServer {
    /// Why a connection is turned away, in one line for its client. The log says so now and then, not once per
    /// connection (a flood of them is what it is about).
    func turnedAway(_ refusal: ConnectionRegistry.Refusal, address: String) -> String {
        switch refusal {
        case .serverFull:
            if let refused = connections.noteRefusal(now: ContinuousClock.now) {
                logger.warning(
                    "turning connections away: the server is full (--max-connections) or stopping",
                    metadata: ["refused": "\(refused)", "limit": "\(configuration.maxConnections)"])
            }
            return "The server is full right now. Please try again in a minute."
        case .address(let limit):
            if let refused = connections.noteRefusal(now: ContinuousClock.now) {
                logger.warning(
                    "turning connections away: an address holds all it may (--max-per-address, --max-unauthenticated-per-address)",
                    metadata: ["refused": "\(refused)", "address": "\(address)"])
            }
            return limit.message
        }
    }

    /// A connection refused or closed before it began, for a PROXY header it may not send or could not: said in the log
    /// now and then (a misconfigured balancer would otherwise write a line for every connection).
    @Sendable func refusedProxy(_ address: SocketAddress?, why: String) {
        if let refused = connections.noteRefusal(now: ContinuousClock.now) {
            logger.warning(
                "closing connections: \(why)",
                metadata: ["refused": "\(refused)", "address": "\(address?.ipAddress ?? "-")", "balancers": "\(configuration.proxyProtocol)"])
        }
    }
}
