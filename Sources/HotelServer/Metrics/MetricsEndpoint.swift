import HotelCatalogs
import Hummingbird
import NIOCore

/// `GET /metrics`: the server's ``ServerMetrics`` in the Prometheus text format (0.0.4).
///
/// What is cheaper to read than to count as it happens is read here, once per scrape: the
/// open connections, the catalog's version and its caches' totals. A request is counted when
/// it ends, so a scrape shows the scrapes before it but not itself, and
/// `hotels_requests_in_flight` includes it.
enum MetricsEndpoint {
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    static func scrape(_ metrics: ServerMetrics, catalog: any HotelCatalog, connections: ConnectionSlots) async -> Response {
        metrics.openConnections.set(connections.count)
        // A catalog that cannot be read keeps its last figures; `/health` is where that shows.
        if let statistics = try? await catalog.statistics { metrics.report(statistics) }
        return Response(
            status: .ok, headers: [.contentType: contentType, .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics.registry.emitToBuffer())))
    }
}
