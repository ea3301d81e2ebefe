import ArgumentParser
import Foundation
import HotelClient
import HotelSOAP
import Logging

/// Where the service is and how to talk to it, shared by `search` and `browse`.
struct ConnectionOptions: ParsableArguments {
    @Option(help: "The service's SOAP endpoint, e.g. http://127.0.0.1:8080/soap.")
    var endpoint: String?

    @Option(help: "Read the endpoint from the service's WSDL instead, e.g. http://127.0.0.1:8080/wsdl.")
    var wsdl: String?

    @Option(
        help: ArgumentHelp(
            "The service's vocabulary: hotelsearch (ours) or ota (OpenTravel OTA_HotelAvailRQ). Default: what --wsdl declares, else hotelsearch.",
            valueName: "name"))
    var dialect: DialectChoice?

    @Option(name: .customLong("soap-version"), help: "1.1 or 1.2.")
    var soapVersion: SOAPVersion = .v11

    @Option(help: "Seconds to wait for a connection, and for each part of a response.")
    var timeout: Double = 30

    @Option(help: "Extra attempts after a refused or reset connection or HTTP 503 (never after a fault, never once rows are out).")
    var retries: Int = 2

    @Option(help: "Abandon a response larger than this many bytes (a compressed one: once inflated).")
    var maxResponseSize: Int = 512 << 20

    @Option(
        name: .customLong("cacert"),
        help: ArgumentHelp(
            "Also trust the CA certificates in this PEM file for https (a company CA, a self-signed server).",
            valueName: "file"))
    var caCertificates: String?

    @Flag(name: .shortAndLong, help: "Also log each retry and its reason on standard error.")
    var verbose = false

    /// The client's logger: retry notices only with --verbose, so that by default a
    /// failure is the one line Diagnostics prints.
    var logger: Logger {
        CLILogging.logger(label: "hotels.client", level: verbose ? .info : .warning)
    }

    func validate() throws {
        switch (endpoint, wsdl) {
        case (nil, nil): throw ValidationError("give the service's address: --endpoint URL (or --wsdl URL)")
        case (.some, .some): throw ValidationError("give --endpoint or --wsdl, not both")
        default: break
        }
        for url in [endpoint, wsdl].compactMap({ $0 }) {
            guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme?.lowercased() ?? ""), parsed.host != nil else {
                throw ValidationError("\(url) is not an http(s) URL; e.g. --endpoint http://127.0.0.1:8080/soap")
            }
        }
        guard timeout > 0 else { throw ValidationError("--timeout must be more than 0 seconds") }
        guard (0...10).contains(retries) else { throw ValidationError("--retries must be 0…10") }
        guard maxResponseSize >= 1024 else { throw ValidationError("--max-response-size must be at least 1024") }
    }

    /// The client configuration, discovering the endpoint from the WSDL when asked.
    func configuration() async throws -> HotelSearchClient.Configuration {
        // SSL_CERT_FILE replaces the system's roots, as it does for OpenSSL and curl.
        let trustRoots = try TrustRoots(adding: caCertificates.map { [$0] } ?? [])
        let url: URL
        var spoken: any SOAPDialect = (dialect ?? .hotelsearch).dialect
        if let endpoint {
            url = URL(string: endpoint)!
        } else {
            let service = try await WSDLDiscovery.service(
                wsdl: URL(string: wsdl!)!, version: soapVersion, timeout: timeout, trustRoots: trustRoots)
            url = service.endpoint
            // The flag wins over the WSDL: a partner's WSDL may declare its messages in a way we do not recognise.
            if dialect == nil, let declared = service.dialect { spoken = declared }
        }
        return .init(
            endpoint: url, version: soapVersion, dialect: spoken, timeout: timeout, retries: retries, maxResponseSize: maxResponseSize,
            trustRoots: trustRoots)
    }
}

/// `--dialect`: which vocabulary to speak.
enum DialectChoice: String, ExpressibleByArgument, CaseIterable {
    case hotelsearch
    case ota

    init?(argument: String) {
        switch argument.lowercased() {
        case "hotelsearch", "hotel-search": self = .hotelsearch
        case "ota", "opentravel": self = .ota
        default: return nil
        }
    }

    var dialect: any SOAPDialect {
        switch self {
        case .hotelsearch: return HotelSearchDialect()
        case .ota: return OTADialect()
        }
    }
}
