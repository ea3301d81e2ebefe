import CoreMetrics
import HotelCatalogs
import Prometheus
import Synchronization

/// What `GET /metrics` reports, for one server: a Prometheus registry of its own and the
/// metric objects the service counts into, made once.
///
/// Why a registry per server and not `MetricsSystem.bootstrap` alone: the tests run several
/// servers in one process, and a process-global registry would mix their counts; each
/// server's metrics are made with ``factory``, which writes into ``registry``. `hotels
/// serve` also bootstraps the process-global `MetricsSystem` with this ``factory``, so a
/// metric made elsewhere with the plain `Counter(label:dimensions:)` shows on `/metrics`.
///
/// Labels follow one convention (docs/OPERATIONS.md): names `hotels_<what>_<unit>`, with
/// `_total` for counters and `_seconds` for `Timer`s (histograms); label names in
/// snake_case, values from a small fixed set (never a user name, a path or a hotel id).
///
/// ```swift
/// let metrics = ServerMetrics()
/// let service = HotelService(catalog: catalog, configuration: .init(metrics: metrics), logger: logger)
/// print(metrics.text())   // the Prometheus text format
/// ```
public final class ServerMetrics: Sendable {
    public let registry: PrometheusCollectorRegistry
    /// Makes swift-metrics objects that report into ``registry``.
    public let factory: PrometheusMetricsFactory

    /// Requests the service is working on now.
    let inFlight: Meter
    /// Connections that hold a slot (`ConnectionSlots`), set when scraped.
    let openConnections: Meter
    /// Connections answered 503 at `--max-connections`.
    let refusedConnections: CoreMetrics.Counter
    /// Catalog calls by operation (`MeasuredCatalog`).
    let catalogQueries: [MeasuredCatalog.Operation: CoreMetrics.Timer]
    let renderedHotels: CacheCounters
    let writtenStays: CacheCounters
    let logos: CacheCounters
    /// The catalog's version and when this process saw it change, set when scraped.
    let catalogVersion: Meter
    let catalogChangeSeen: Meter
    /// One counter per WS-Security failure reason, made up front: the set is fixed.
    private let securityFailures: [String: CoreMetrics.Counter]
    /// Request counters and latency histograms by endpoint, operation and status, made at
    /// first use: statuses are not known in advance, and one short lookup per request
    /// costs less than a lock inside every histogram would anyway. Striped by key, so the
    /// loops finding their series do not all take one lock.
    private let series = LockStripes<[SeriesKey: Series]>(count: 16) { _ in [:] }
    /// The catalog caches' totals last reported, so a scrape adds only what is new.
    let catalogCaches: Mutex<[String: ReportedCache]>

    /// Latency buckets from 0.5 ms (a cached GetHotel) to 10 s; the factory's default starts
    /// at 5 ms, above most of this service's answers.
    public static let durationBuckets: [Duration] = [
        .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
        .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2500),
        .seconds(5), .seconds(10),
    ]

    public init() {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = Self.durationBuckets
        self.factory = factory
        inFlight = Meter(label: "hotels_requests_in_flight", factory: factory)
        openConnections = Meter(label: "hotels_open_connections", factory: factory)
        refusedConnections = CoreMetrics.Counter(label: "hotels_connections_refused_total", factory: factory)
        var queries: [MeasuredCatalog.Operation: CoreMetrics.Timer] = [:]
        for operation in MeasuredCatalog.Operation.allCases {
            queries[operation] = CoreMetrics.Timer(
                label: "hotels_catalog_query_duration_seconds", dimensions: [("operation", operation.rawValue)], factory: factory)
        }
        catalogQueries = queries
        renderedHotels = CacheCounters(cache: "rendered_hotels", factory: factory)
        writtenStays = CacheCounters(cache: "ota_room_stays", factory: factory)
        logos = CacheCounters(cache: "logos", factory: factory)
        catalogVersion = Meter(label: "hotels_catalog_version", factory: factory)
        catalogChangeSeen = Meter(label: "hotels_catalog_change_seen_timestamp_seconds", factory: factory)
        var failures: [String: CoreMetrics.Counter] = [:]
        for reason in AuthenticationFailure.metricReasons {
            failures[reason] = CoreMetrics.Counter(
                label: "hotels_wssecurity_failures_total", dimensions: [("reason", reason)], factory: factory)
        }
        securityFailures = failures
        catalogCaches = Mutex([:])
    }

    /// Counts one finished request and records how long it took.
    func request(endpoint: Endpoint, operation: String?, status: Int, duration: Duration) {
        let key = SeriesKey(endpoint: endpoint, operation: operation ?? "none", status: status)
        let found = series.withLock(LockStripes<[SeriesKey: Series]>.stripe(of: key, count: series.count)) { $0[key] }
        let entry = found ?? makeSeries(key)
        entry.count.increment()
        entry.duration.recordNanoseconds(Self.nanoseconds(duration))
    }

    /// Counts a request refused by WS-Security, by why (`AuthenticationFailure.metricReason`).
    func securityFailure(_ failure: AuthenticationFailure) {
        securityFailures[failure.metricReason]?.increment()
    }

    /// The registry in the Prometheus text format (version 0.0.4).
    public func text() -> String { registry.emitToString() }

    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    private func makeSeries(_ key: SeriesKey) -> Series {
        let made = Series(
            count: CoreMetrics.Counter(
                label: "hotels_requests_total",
                dimensions: [("endpoint", key.endpoint.rawValue), ("operation", key.operation), ("status", String(key.status))],
                factory: factory),
            duration: CoreMetrics.Timer(
                label: "hotels_request_duration_seconds",
                dimensions: [("endpoint", key.endpoint.rawValue), ("operation", key.operation)], factory: factory))
        // Two requests may make the same series at once; the registry hands both the same
        // objects, so either may be kept.
        series.withLock(LockStripes<[SeriesKey: Series]>.stripe(of: key, count: series.count)) { $0[key] = $0[key] ?? made }
        return made
    }

    private struct SeriesKey: Hashable {
        let endpoint: Endpoint
        let operation: String
        let status: Int
    }

    private struct Series: Sendable {
        let count: CoreMetrics.Counter
        let duration: CoreMetrics.Timer
    }

    /// Totals of one catalog cache as last added to its counters.
    struct ReportedCache: Sendable {
        let hits: CoreMetrics.Counter
        let misses: CoreMetrics.Counter
        var reportedHits: Int
        var reportedMisses: Int
    }

    /// The `endpoint` label: a fixed set, so a scan of random paths makes no new series.
    enum Endpoint: String, Sendable, Hashable {
        case soap, ota, wsdl, logos, health, metrics, other

        init(path: String) {
            switch path {
            case "/soap": self = .soap
            case "/ota": self = .ota
            case "/wsdl": self = .wsdl
            case "/health": self = .health
            case "/metrics": self = .metrics
            default: self = path.hasPrefix("/logos/") ? .logos : .other
            }
        }
    }
}
