import CoreMetrics
import HabitatApp
import NIOCore
import Prometheus
import ServiceLifecycle

extension HabitatServer {
    /// Swift Metrics' factory for `registry`, with the buckets of ``Metrics/buckets`` and the help of ``Metrics/help``.
    static func metricsFactory(_ registry: PrometheusCollectorRegistry) -> HelpfulMetricsFactory {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.durationHistogramBuckets = Metrics.buckets
        return HelpfulMetricsFactory(prometheus: factory, help: Metrics.help)
    }

    /// Starts listening for metrics' readers, when the configuration says where, and says where it listens (after the
    /// line protocol's `listening`, which tools read first for its port).
    func serveMetrics() async throws {
        guard let address = configuration.metrics, let registry else { return }
        let endpoint: MetricsEndpoint
        do {
            endpoint = try await MetricsEndpoint.bind(
                address, group: eventLoopGroup,
                exposition: { [application] in
                    application.refreshGauges()
                    return registry.emitToBuffer()
                },
                unreadiness: { [application, listener] in
                    await application.unreadiness(accepting: listener.withLockedValue { $0?.isActive } ?? false)
                })
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

/// The metrics' HTTP endpoint as a service of the group: it listens once the application has started and the
/// transport listens (so its `metrics listening` comes after `listening`), and closes when the group shuts down,
/// after the transport stopped.
struct MetricsService: Service, CustomStringConvertible {
    let server: HabitatServer

    var description: String { "metrics" }

    func run() async throws {
        do {
            try await server.listening.wait()
            try await server.serveMetrics()
            server.metricsListening.open()
        } catch {
            server.metricsListening.open(.failure(error))
            throw error
        }
        try? await gracefulShutdown()
        server.metricsEndpoint.withLockedValue { $0 }?.close()
    }
}

/// The metrics' address could not be listened on.
public struct MetricsListenError: Error {
    public let address: ListenAddress
    public let error: IOError
}

/// swift-prometheus's factory, with a `# HELP` line for each metric that has one in `help`: its own factory writes
/// none. Metrics are made through the registry's public calls that take a help text; they go as its factory's do.
struct HelpfulMetricsFactory: MetricsFactory {
    let prometheus: PrometheusMetricsFactory
    let help: [String: String]

    private var registry: PrometheusCollectorRegistry { prometheus.registry }

    /// The `# HELP` text of `label`: none is an empty one.
    private func helpText(_ label: String) -> String { help[label] ?? "" }

    func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler {
        registry.makeCounter(name: label, labels: dimensions, help: helpText(label))
    }

    func makeFloatingPointCounter(label: String, dimensions: [(String, String)]) -> any FloatingPointCounterHandler {
        registry.makeCounter(name: label, labels: dimensions, help: helpText(label))
    }

    func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler {
        guard aggregate else { return registry.makeGauge(name: label, labels: dimensions, help: helpText(label)) }
        let buckets = prometheus.valueHistogramBuckets[label] ?? prometheus.defaultValueHistogramBuckets
        return registry.makeValueHistogram(name: label, labels: dimensions, buckets: buckets, help: helpText(label))
    }

    func makeMeter(label: String, dimensions: [(String, String)]) -> any MeterHandler {
        registry.makeGauge(name: label, labels: dimensions, help: helpText(label))
    }

    func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler {
        let buckets = prometheus.durationHistogramBuckets[label] ?? prometheus.defaultDurationHistogramBuckets
        return registry.makeDurationHistogram(name: label, labels: dimensions, buckets: buckets, help: helpText(label))
    }

    func destroyCounter(_ handler: any CounterHandler) { prometheus.destroyCounter(handler) }
    func destroyFloatingPointCounter(_ handler: any FloatingPointCounterHandler) {
        prometheus.destroyFloatingPointCounter(handler)
    }
    func destroyRecorder(_ handler: any RecorderHandler) { prometheus.destroyRecorder(handler) }
    func destroyMeter(_ handler: any MeterHandler) { prometheus.destroyMeter(handler) }
    func destroyTimer(_ handler: any TimerHandler) { prometheus.destroyTimer(handler) }
}
