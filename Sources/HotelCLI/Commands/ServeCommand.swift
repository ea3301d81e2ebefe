import ArgumentParser
import Foundation
import HotelCatalogs
import HotelSeeder
import HotelServer
import Logging
import Metrics
import NIOCore

/// `hotels serve`: the SOAP service, for this tool and any other SOAP client.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the hotel search SOAP service (SOAP 1.1 and 1.2, WSDL, logos).",
        discussion: """
            Serves POST /soap (SOAP 1.1 as text/xml, SOAP 1.2 as application/soap+xml),
            GET /wsdl (also /soap?wsdl), GET /logos/{HotelId}.png and GET /health.
            Without --catalog it builds a 10,000-hotel demo catalog once in the cache
            directory ($XDG_CACHE_HOME/hotelsearch) and reuses it.
            SIGINT or SIGTERM stops it after in-flight requests finish.

            Slow or idle clients are cut off: a request head must arrive within
            --head-timeout, a body may pause at most --body-timeout (both answered 408),
            and a kept-alive connection waits --idle-timeout for its next request.
            Connections beyond --max-connections are answered 503 at once. A body over
            --max-body-size is answered 413 and the rest read and dropped, so clients that
            send everything before reading still see the answer.

            With --users FILE every SOAP request, on /soap and /ota, needs a WS-Security
            UsernameToken header (OASIS UsernameToken Profile: PasswordText, or
            PasswordDigest with Nonce and Created); the WSDLs then carry a
            WS-SecurityPolicy assertion saying so, and /health, the WSDLs and logos
            stay open. The file has one user per line:

              # comment lines and blank lines are ignored
              agent7:correct horse battery staple
              acme:s3cr:et     (the secret is all after the first ':')

            Only its owner may read it (chmod 600): a file open to group or others, or a
            line that is not name:secret, is refused at start (the message names the line,
            never its text). Created (in the token or a wsu:Timestamp) may be --clock-skew
            seconds from this server's clock either way, Expires must not have passed, and
            a nonce is accepted once. Failures are SOAP faults in the request's version:
            missing token, unknown user, wrong password or replayed nonce get
            wsse:FailedAuthentication; a malformed header wsse:InvalidSecurity; a stale,
            future or expired one wsse:MessageExpired (SOAP 1.2: Sender with that
            subcode). Each is logged with the user name, never the secret.

            OpenTravel's MoreDataEchoToken (the next page of an /ota search) is signed
            with a key drawn when the server starts, so only that server accepts it.
            Replicas behind one load balancer must share the key: give each the same
            --token-key-file, at least 32 bytes (openssl rand -hex 32 > FILE), mode 600
            like --users. Our own /soap paging needs nothing: it asks by offset.

            SIGHUP rereads --users and --token-key-file without a restart: kept-alive
            connections stay open, a request in flight finishes under the users and key
            it began with, and the next request gets the new ones (page tokens signed by
            the old key are then refused; the client starts the search over). A new file
            that would be refused at start (open to group or others, a malformed line, a
            short key, missing) is refused: the old users or key stay in force and one
            error line says which file and why. Without either flag SIGHUP is logged and
            changes nothing. Counted in hotels_reloads_total and
            hotels_reload_failures_total, by file (users, token_key).

            GET /metrics answers in the Prometheus text format: requests by endpoint,
            operation and status, latency histograms, requests in flight, open and
            refused connections, catalog query time, cache hits and misses, WS-Security
            failures by reason, the catalog's version (docs/OPERATIONS.md lists them all).
            --no-metrics serves no /metrics and counts nothing. --log-format json writes
            each log entry as one JSON object a line on standard error, the request lines
            with the endpoint, the response's bytes and the client's address as well;
            never a password, digest or nonce.

            A header block marked mustUnderstand that the server does not understand gets
            the SOAP MustUnderstand fault, with or without --users (wsse:Security is
            understood only with --users).

            Examples:
              hotels serve
              hotels serve --port 9000 --catalog world.sqlite
              hotels serve --host 0.0.0.0 --public-url https://hotels.example.com
              hotels serve --users /etc/hotels/users --clock-skew 120
              hotels serve --catalog postgres://… --token-key-file /etc/hotels/token.key
              kill -HUP $(pidof hotels)    # reread --users and --token-key-file
              hotels serve --log-format json 2>> /var/log/hotels.jsonl
              curl -s http://127.0.0.1:8080/metrics | grep hotels_requests_total
              PGPASSWORD=… hotels serve \\
                --catalog 'postgres://hotels@db:5432/hotels?sslmode=require'

            Exit codes: 0 stopped cleanly, 64 usage error (a bad --log-format among
            them), 66 catalog, --users or --token-key-file file not found (or not a
            catalog), 69 cannot listen (port in use, address not available), 78
            configuration refused: a --users or --token-key-file file open to group or
            others, a malformed users line or a key under 32 bytes, or a PostgreSQL
            catalog whose schema version is not this program's.
            """
    )

    @Option(help: "Address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on (0 picks a free one, printed at start).")
    var port = 8080

    @Option(
        help: """
            A catalog made by 'hotels seed': an SQLite file, or postgres://USER@HOST:PORT/DB[?sslmode=…] \
            (password from PGPASSWORD or ~/.pgpass). Default: the demo catalog in the cache directory.
            """)
    var catalog: String?

    @Option(help: "The base URL clients reach this server by, used in the WSDL and logo URLs.")
    var publicURL: String?

    @Option(
        help: ArgumentHelp(
            "Seconds clients may reuse a /soap answer without asking again (Cache-Control: max-age; 0: revalidate each time).",
            valueName: "seconds"))
    var maxAge = 60

    @Option(help: "Refuse request bodies larger than this many bytes.")
    var maxBodySize = 1 << 20

    @Option(help: ArgumentHelp("Seconds a client has to send a request's head.", valueName: "seconds"))
    var headTimeout: Double = 10

    @Option(help: ArgumentHelp("Seconds a request body may pause between reads.", valueName: "seconds"))
    var bodyTimeout: Double = 30

    @Option(help: ArgumentHelp("Seconds a kept-alive connection may wait for its next request.", valueName: "seconds"))
    var idleTimeout: Double = 75

    @Option(help: "Open connections beyond this are answered 503 (lowered to fit the file-descriptor limit).")
    var maxConnections = 1024

    @Option(
        help: ArgumentHelp(
            "Event-loop threads; each connection's requests run on its own loop. (default: one per core)",
            valueName: "n"))
    var ioThreads: Int?

    @Option(help: ArgumentHelp("Require a WS-Security UsernameToken; one name:secret per line, mode 600.", valueName: "file"))
    var users: String?

    @Option(
        help: ArgumentHelp(
            "How far a token's Created may be from this clock, either way; needs --users. (default: 300)", valueName: "seconds"))
    var clockSkew: Int?

    @Option(
        help: ArgumentHelp(
            "Sign OpenTravel page tokens with this key (32+ bytes, mode 600), the same for every replica behind one balancer. (default: a random key per process)",
            valueName: "file"))
    var tokenKeyFile: String?

    /// Nil when not given: ``defaultLogLevel(standardErrorIsTerminal:)`` decides.
    @Option(
        help: """
            trace, debug, info, notice, warning, error or critical. (default: info; notice when standard error \
            is a terminal, so request lines do not draw over a table in the same terminal)
            """)
    var logLevel: Logger.Level?

    @Option(help: "text (swift-log's line) or json (one JSON object a line, for a log collector).")
    var logFormat: LogFormat = .text

    @Flag(inversion: .prefixedNo, help: "Count requests and serve them on GET /metrics (Prometheus text format).")
    var metrics = true

    /// `info` (one line per request) for a service manager, a container, a file or a pipe;
    /// `notice` when standard error is a terminal, where start-up lines, warnings and errors
    /// still show but requests do not. A server started with `&` in the terminal where the
    /// user then ran `hotels browse`, as the README's quick start does, drew each request's
    /// log line over the table. `--log-level info` brings the lines back on a terminal.
    static func defaultLogLevel(standardErrorIsTerminal: Bool) -> Logger.Level {
        standardErrorIsTerminal ? .notice : .info
    }

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535") }
        guard maxAge >= 0 else { throw ValidationError("--max-age must be 0 or more seconds") }
        guard maxBodySize >= 1024 else { throw ValidationError("--max-body-size must be at least 1024") }
        for (flag, value) in [("--head-timeout", headTimeout), ("--body-timeout", bodyTimeout), ("--idle-timeout", idleTimeout)] {
            guard value > 0, value <= 86_400 else { throw ValidationError("\(flag) must be more than 0 and at most 86400 seconds") }
        }
        guard maxConnections >= 1 else { throw ValidationError("--max-connections must be at least 1") }
        if let ioThreads, !(1...256).contains(ioThreads) { throw ValidationError("--io-threads must be 1…256") }
        if let clockSkew {
            guard users != nil else { throw ValidationError("--clock-skew applies to --users, which is not given") }
            guard (1...86_400).contains(clockSkew) else { throw ValidationError("--clock-skew must be 1…86400 seconds") }
        }
        if let publicURL, URL(string: publicURL)?.scheme == nil {
            throw ValidationError("--public-url must be an absolute URL such as https://hotels.example.com")
        }
    }

    func run() async throws {
        // A server must never die because whoever started it stopped reading its output,
        // nor on SIGHUP (a reload, below), even one sent while the catalog opens.
        signal(SIGPIPE, SIG_IGN)
        signal(SIGHUP, SIG_IGN)
        let level = logLevel ?? Self.defaultLogLevel(standardErrorIsTerminal: isatty(STDERR_FILENO) == 1)
        let logger = CLILogging.logger(label: "hotels.serve", level: level, format: logFormat)
        do {
            // Before the catalog: a refused users file should not wait for a demo build.
            let userList = try users.map(UserList.load(path:))
            let tokenKey = try tokenKeyFile.map(PageTokenKey.load(path:))
            // Start-up lines are notices: they show on a terminal, where requests do not.
            let catalog = try await Self.openAnyCatalog(catalog, logger: logger) { logger.notice("\($0)") }
            let count = try await catalog.hotelCount
            let serverMetrics = metrics ? ServerMetrics() : nil
            // One server in this process: metrics made anywhere with swift-metrics' plain
            // `Counter(label:dimensions:)` (after this line) land in its registry as well.
            if let serverMetrics { MetricsSystem.bootstrap(serverMetrics.factory) }
            let service = HotelService(
                catalog: catalog,
                configuration: .init(
                    host: host, port: port, publicURL: publicURL, maxBodySize: maxBodySize, limits: limits,
                    ioThreads: ioThreads ?? IOThreads.defaultCount, resultMaxAge: maxAge, users: userList,
                    clockSkew: .seconds(clockSkew ?? 300), pageTokenKey: tokenKey, metrics: serverMetrics,
                    detailedRequestLog: logFormat == .json),
                logger: logger)
            if let userList {
                logger.notice(
                    "WS-Security UsernameToken required on /soap and /ota: \(userList.count) users, clock skew \(clockSkew ?? 300) s")
            }
            if service.limits.maxConnections < maxConnections {
                logger.warning(
                    "--max-connections lowered to \(service.limits.maxConnections): the file-descriptor limit allows no more (raise it with ulimit -n)"
                )
            }
            // SIGHUP rereads the files given above; a bad one keeps the old contents.
            let reloader = CredentialReloader(store: service.credentials, usersPath: users, tokenKeyPath: tokenKeyFile, logger: logger)
            let hangup = HangupSignal { reloader.reload() }
            defer { hangup.cancel() }
            try await service.run { url in
                // The first line of stdout: scripts and tests read the URL from it.
                StandardStream.output("listening on \(url) (\(count) hotels; WSDL at \(url)/wsdl; OpenTravel at \(url)/ota)\n")
            }
        } catch {
            throw Diagnostics.exitCode(for: Self.explainStartup(error, host: host, port: port))
        }
    }

    private var limits: ConnectionLimits {
        var limits = ConnectionLimits()
        limits.headTimeout = Self.time(headTimeout)
        limits.bodyTimeout = Self.time(bodyTimeout)
        limits.idleTimeout = Self.time(idleTimeout)
        limits.maxConnections = maxConnections
        return limits
    }

    private static func time(_ seconds: Double) -> TimeAmount { .nanoseconds(Int64(seconds * 1e9)) }

    /// Opens `path`, or builds (once) and opens the demo catalog, telling `announce` when
    /// that build starts (it takes a moment, once).
    static func openCatalog(_ path: String?, announce: @escaping (String) -> Void) async throws -> SQLiteCatalog {
        if let path {
            return try SQLiteCatalog(path: path, baseURL: "")
        }
        let directory = CachePaths.root
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var announced = false
        return try SQLiteCatalog.openOrBuildDemo(at: directory, count: 10_000, baseURL: "") { _ in
            if !announced {
                announced = true
                announce("building the 10,000-hotel demo catalog in \(directory.path); this happens once")
            }
        }
    }

    /// Bind failures surface as NIO errors; say what they mean for the user.
    static func explainStartup(_ error: any Error, host: String, port: Int) -> any Error {
        if let io = error as? IOError {
            switch io.errnoCode {
            case EADDRINUSE:
                return CommandFailure(
                    status: .network,
                    message: "port \(port) on \(host) is already in use; stop the other server or pick another with --port")
            case EADDRNOTAVAIL:
                return CommandFailure(
                    status: .network, message: "cannot listen on \(host): no such local address; use --host 127.0.0.1 or 0.0.0.0")
            case EACCES:
                return CommandFailure(
                    status: .network,
                    message: "not allowed to listen on port \(port); ports below 1024 need privileges, pick another with --port")
            default:
                return CommandFailure(status: .network, message: "cannot listen on \(host):\(port): \(io)")
            }
        }
        return error
    }
}
