import HabitatApp
import NIOCore
import Prometheus

extension HabitatServer {
    /// Swift Metrics' factory for `registry`, with the buckets of ``Metrics/buckets``.
    static func metricsFactory(_ registry: PrometheusCollectorRegistry) -> PrometheusMetricsFactory {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.durationHistogramBuckets = Metrics.buckets
        return factory
    }

    /// Starts listening for metrics' readers, when the configuration says where, and says where it listens (after the
    /// line protocol's `listening`, which tools read first for its port).
    func serveMetrics() async throws {
        guard let address = configuration.metrics, let registry else { return }
        let endpoint: MetricsEndpoint
        do {
            endpoint = try await MetricsEndpoint.bind(address, group: eventLoopGroup) { [application] in
                application.refreshGauges()
                return registry.emitToBuffer()
            }
        } catch let error as IOError {
            throw MetricsListenError(address: address, error: error)
        }
        metricsEndpoint.withLockedValue { $0 = endpoint }
        let port = endpoint.port ?? address.port
        logger.info("metrics listening", metadata: ["metrics_host": "\(address.host)", "metrics_port": "\(port)"])
        if !address.isLoopback {
            logger.warning(
                "metrics listening beyond this machine: whoever reaches the port reads them",
                metadata: ["metrics_host": "\(address.host)"])
        }
    }
}

/// The metrics' address could not be listened on.
public struct MetricsListenError: Error {
    public let address: ListenAddress
    public let error: IOError
}
