import Foundation
import HTTPTypes
import HotelCatalogs
import HotelSOAP
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// The hotel search service: SOAP 1.1 and 1.2 on `/soap`, OpenTravel's `OTA_HotelAvailRQ` on
/// `/ota`, the WSDLs, logos, health.
///
/// ```swift
/// let catalog = try SQLiteCatalog(path: "hotels.sqlite")
/// let service = HotelService(catalog: catalog, configuration: .init(port: 8080), logger: logger)
/// try await service.run()   // until SIGINT/SIGTERM; in-flight requests finish first
/// ```
///
/// With `users`, every SOAP request on both paths needs a WS-Security UsernameToken
/// (`UsernameTokenVerifier`), and both WSDLs say so in a WS-SecurityPolicy assertion; the
/// WSDLs, logos and `/health` stay open:
/// ```swift
/// let users = try UserList.load(path: "users")
/// let service = HotelService(catalog: catalog, configuration: .init(users: users), logger: logger)
/// ```
public struct HotelService: Sendable {
    public struct Configuration: Sendable {
        public var host: String
        /// 0 picks a free port; `onRunning` says which.
        public var port: Int
        /// The base URL clients use (behind a proxy, say). Default: the bound address.
        public var publicURL: String?
        /// Request bodies over this are refused before they are read whole.
        public var maxBodySize: Int
        /// Timeouts and the connection limit.
        public var limits: ConnectionLimits
        /// Event-loop threads (`IOThreads`); requests themselves run on the cooperative pool.
        public var ioThreads: Int
        /// `Cache-Control: max-age` of `/soap` answers, in seconds; 0 sends `no-cache` (each
        /// use revalidated; the `ETag` still saves the body).
        public var resultMaxAge: Int
        /// Who may call the SOAP operations; nil lets everyone.
        public var users: UserList?
        /// How far a UsernameToken's or Timestamp's `Created` may be from this server's
        /// clock, either way; also how long a nonce is remembered.
        public var clockSkew: Duration
        /// The most nonces remembered at once (`NonceCache`).
        public var nonceCapacity: Int
        /// Signs OpenTravel page tokens. Replicas behind one balancer need the same one;
        /// nil draws a key for this process alone, so its tokens are good only here.
        public var pageTokenKey: PageTokenKey?
        /// Counts requests, connections, catalog calls and cache use, served on
        /// `GET /metrics`; nil serves no `/metrics` and counts nothing. One per server: two
        /// servers given the same one would report their sum.
        public var metrics: ServerMetrics?
        /// Each request's log line also carries the endpoint, the response's size and the
        /// client's address, as `--log-format json` shows them; off, the text line is unchanged.
        public var detailedRequestLog: Bool

        public init(
            host: String = "127.0.0.1", port: Int = 8080, publicURL: String? = nil, maxBodySize: Int = 1 << 20,
            limits: ConnectionLimits = .init(), ioThreads: Int = IOThreads.defaultCount, resultMaxAge: Int = 60, users: UserList? = nil,
            clockSkew: Duration = .seconds(300), nonceCapacity: Int = 100_000, pageTokenKey: PageTokenKey? = nil,
            metrics: ServerMetrics? = nil, detailedRequestLog: Bool = false
        ) {
            self.metrics = metrics
            self.detailedRequestLog = detailedRequestLog
            self.resultMaxAge = resultMaxAge
            self.host = host
            self.port = port
            self.publicURL = publicURL
            self.maxBodySize = maxBodySize
            self.limits = limits
            self.ioThreads = ioThreads
            self.users = users
            self.clockSkew = clockSkew
            self.nonceCapacity = nonceCapacity
            self.pageTokenKey = pageTokenKey
        }
    }

    public let catalog: any HotelCatalog

    /// `/health`'s header naming the store: `sqlite catalog`, `postgresql catalog postgres://…`.
    public static let catalogHeader = HTTPField.Name("X-Hotel-Catalog")!
    public let configuration: Configuration
    public let logger: Logger
    public let address: ServerAddress
    /// `configuration.limits` with `maxConnections` lowered, where needed, to what the
    /// file-descriptor limit allows (the caller may want to say so).
    public let limits: ConnectionLimits
    private let descriptors: DescriptorBudget
    /// The users and the page-token key, one set for the service (so `/soap` and `/ota`
    /// share the replay cache), swapped by a reload (``CredentialReloader``).
    public let credentials: CredentialStore
    /// `catalog`, timed into `metrics` when there are any (`MeasuredCatalog`).
    private let served: any HotelCatalog

    public init(catalog: any HotelCatalog, configuration: Configuration = .init(), logger: Logger) {
        self.catalog = catalog
        self.configuration = configuration
        self.logger = logger
        descriptors = DescriptorBudget.current()
        var limits = configuration.limits
        limits.maxConnections = min(limits.maxConnections, descriptors.connections)
        self.limits = limits
        self.address = ServerAddress(configuration.publicURL ?? "http://\(configuration.host):\(configuration.port)")
        credentials = CredentialStore(
            users: configuration.users, clockSkew: configuration.clockSkew, nonceCapacity: configuration.nonceCapacity,
            tokenKey: configuration.pageTokenKey ?? .random())
        served = configuration.metrics.map { MeasuredCatalog(catalog, metrics: $0) } ?? catalog
    }

    /// Builds the application. `onRunning` gets the base URL once the socket is bound.
    public func makeApplication(onRunning: @escaping @Sendable (String) async -> Void = { _ in }) -> some ApplicationProtocol {
        // HEAD wherever GET works (`/health`, the WSDLs, logos, and GET's 405 on `/soap`):
        // Hummingbird answers HEAD with the GET route's status and headers, Content-Length
        // included, and no body (`Response.createHeadResponse`). A handler registered for both
        // methods would not do: NIO's encoder refuses body bytes on a HEAD response.
        let router = Router(context: HotelRequestContext.self, options: .autoGenerateHeadEndpoints)
        let metrics = configuration.metrics
        router.middlewares.add(RequestLogMiddleware(metrics: metrics, detailed: configuration.detailedRequestLog))
        let catalog = served
        let soap = SOAPEndpoint(
            catalog: catalog, maxBodySize: configuration.maxBodySize, address: address, credentials: credentials,
            maxAge: configuration.resultMaxAge, metrics: metrics)
        let logos = LogoEndpoint(catalog: catalog, metrics: metrics)
        let address = self.address
        let credentials = self.credentials
        router.post("/soap") { request, context in try await soap.handle(request, context: context) }
        router.get("/soap") { request, _ in
            guard request.uri.query?.lowercased() == "wsdl" else {
                return Response.plainText(.methodNotAllowed, "POST SOAP requests here; GET /soap?wsdl for the WSDL\n")
            }
            return Self.wsdl(address, policy: credentials.requiresUsernameToken)
        }
        router.get("/wsdl") { _, _ in Self.wsdl(address, policy: credentials.requiresUsernameToken) }
        // OpenTravel's OTA_HotelAvailRQ on a path of its own, with a WSDL of its own.
        let ota = OTAEndpoint(catalog: catalog, maxBodySize: configuration.maxBodySize, credentials: credentials, metrics: metrics)
        router.post("/ota") { request, context in try await ota.handle(request, context: context) }
        router.get("/ota") { request, _ in
            guard request.uri.query?.lowercased() == "wsdl" else {
                return Response.plainText(.methodNotAllowed, "POST OTA_HotelAvailRQ here; GET /ota?wsdl for the WSDL\n")
            }
            return Self.xml(
                WSDLDocument.openTravel.text(endpoint: address.url + "/ota", requiresUsernameToken: credentials.requiresUsernameToken))
        }
        router.get("/logos/:file") { request, context in try await logos.handle(request, context: context) }
        router.get("/health") { _, context in
            // 503 when the catalog cannot answer, so a load balancer takes this replica out.
            do {
                try await catalog.checkReadable()
                // The body stays "ok: N hotels" (monitors and scripts match it); the store is
                // named in a header, so an operator behind a balancer sees which kind answers.
                var response = Response.plainText(.ok, "ok: \(try await catalog.hotelCount) hotels\n")
                response.headers[HotelService.catalogHeader] = catalog.storeDescription
                return response
            } catch {
                context.logger.error("health check: the catalog cannot be read", metadata: ["error": "\(error)"])
                return Response.plainText(.serviceUnavailable, "unavailable: the catalog cannot be read; see the server's log\n")
            }
        }
        let fixedPublicURL = configuration.publicURL != nil
        let host = configuration.host
        let limits = self.limits
        let slots = ConnectionSlots(limit: limits.maxConnections, logger: logger, refusals: metrics?.refusedConnections)
        if let metrics {
            router.get("/metrics") { _, _ in await MetricsEndpoint.scrape(metrics, catalog: catalog, connections: slots) }
        }
        return Application(
            router: router,
            server: HTTPServerBuilder { responder in GuardedHTTP1Channel(responder: responder, limits: limits, slots: slots) },
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "hotels",
                availableConnectionsDelegate: AcceptGate(budget: descriptors)),
            onServerRunning: { [acceptBatch = descriptors.acceptBatch] channel in
                // Hummingbird's configuration has no server channel options; the option is
                // the listening socket's own, set once before the clients come in numbers.
                try? await channel.setOption(ChannelOptions.maxMessagesPerRead, value: UInt(acceptBatch)).get()
                let port = channel.localAddress?.port ?? 0
                if !fixedPublicURL { address.set("http://\(Self.urlHost(host)):\(port)") }
                await onRunning(address.url)
            },
            eventLoopGroupProvider: .shared(IOThreads.group(configuration.ioThreads)),
            logger: logger)
    }

    /// Runs until SIGINT or SIGTERM, then lets in-flight requests finish.
    public func run(onRunning: @escaping @Sendable (String) async -> Void = { _ in }) async throws {
        try await makeApplication(onRunning: onRunning).runService()
    }

    static func wsdl(_ address: ServerAddress, policy: Bool) -> Response {
        xml(WSDLDocument.hotelSearch.text(endpoint: address.url + "/soap", requiresUsernameToken: policy))
    }

    private static func xml(_ text: String) -> Response {
        Response(status: .ok, headers: [.contentType: "text/xml; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    private static func urlHost(_ host: String) -> String {
        host.contains(":") ? "[\(host)]" : host
    }
}
