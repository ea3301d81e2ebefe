import AsyncHTTPClient
import Foundation
import HotelSOAP
import NIOCore

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads a service's WSDL: its endpoint, the `soap:address` (or `soap12:address`) of the
/// port whose binding matches the SOAP version, and the vocabulary it speaks.
///
/// ```swift
/// let service = try await WSDLDiscovery.service(wsdl: URL(string: "http://127.0.0.1:8080/ota?wsdl")!, version: .v11)
/// // service.endpoint == http://127.0.0.1:8080/ota, service.dialect is OTADialect
/// ```
public enum WSDLDiscovery {
    /// What a WSDL says about a service.
    public struct Service: Sendable {
        /// Where to post.
        public var endpoint: URL
        /// The dialect of the messages it declares, or nil when it declares neither ours
        /// (`SearchHotels` in `urn:hotel-search:v1`) nor OpenTravel's (`OTA_HotelAvailRQ`).
        public var dialect: (any SOAPDialect)?
    }

    /// The endpoint for `version` from the WSDL at `url`.
    public static func endpoint(wsdl url: URL, version: SOAPVersion, timeout: Double = 30, trustRoots: TrustRoots = .system) async throws
        -> URL
    {
        try await service(wsdl: url, version: version, timeout: timeout, trustRoots: trustRoots).endpoint
    }

    /// The endpoint for `version` and the dialect, from the WSDL at `url`.
    public static func service(wsdl url: URL, version: SOAPVersion, timeout: Double = 30, trustRoots: TrustRoots = .system) async throws
        -> Service
    {
        let text: [UInt8] = try await HTTPClient.withHTTPClient(
            configuration: HotelSearchClient.httpConfiguration(
                for: .init(endpoint: url, timeout: timeout, trustRoots: trustRoots))
        ) { http in
            do {
                let response = try await http.execute(HTTPClientRequest(url: url.absoluteString), timeout: .seconds(Int64(max(1, timeout))))
                let body = try await response.body.collect(upTo: 8 << 20)
                guard response.status.code == 200 else {
                    throw HotelClientError.httpStatus(
                        url.absoluteString, status: Int(response.status.code), what: BodyPreview.describe(Array(body.readableBytesView)))
                }
                return Array(body.readableBytesView)
            } catch {
                throw await TransportFailure.map(error, url: url.absoluteString, timeout: timeout)
            }
        }
        guard let found = read(text), let location = found.address(version), let endpoint = URL(string: location) else {
            throw HotelClientError.wsdlHasNoEndpoint(url.absoluteString)
        }
        return Service(endpoint: endpoint, dialect: found.dialect)
    }

    /// The dialect whose request the WSDL declares, from WSDL bytes.
    public static func dialect(in wsdl: [UInt8]) -> (any SOAPDialect)? {
        read(wsdl)?.dialect
    }

    /// The address for `version`, from WSDL bytes.
    public static func address(in wsdl: [UInt8], version: SOAPVersion) -> String? {
        read(wsdl)?.address(version)
    }

    private static func read(_ wsdl: [UInt8]) -> Collector? {
        // A WSDL is small and trusted no more than a response: no DTDs, so no entities.
        guard String(decoding: wsdl.prefix(4096), as: UTF8.self).range(of: "<!DOCTYPE", options: .caseInsensitive) == nil else {
            return nil
        }
        let delegate = Collector()
        let parser = XMLParser(data: Data(wsdl))
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = true
        parser.delegate = delegate
        guard parser.parse(), parser.parserError == nil else { return nil }
        return delegate
    }

    /// The addresses, and the request elements the WSDL names: declared in an inline schema
    /// (`xsd:element name=` under a `targetNamespace`) or referred to by a message part
    /// (`part element="ota:OTA_HotelAvailRQ"`, its prefix resolved), as WSDLs that import the
    /// OpenTravel schemas instead of inlining them do.
    private final class Collector: NSObject, XMLParserDelegate {
        static let xsd = "http://www.w3.org/2001/XMLSchema"
        static let wsdl = "http://schemas.xmlsoap.org/wsdl/"
        var addresses: [(namespace: String, location: String)] = []
        var elements: Set<SOAPBodyElement> = []
        private var prefixes: [String: [String]] = [:]
        private var schemaNamespaces: [String] = []

        func address(_ version: SOAPVersion) -> String? {
            let namespace = version == .v11 ? "http://schemas.xmlsoap.org/wsdl/soap/" : "http://schemas.xmlsoap.org/wsdl/soap12/"
            return addresses.first { $0.namespace == namespace }?.location
        }

        var dialect: (any SOAPDialect)? {
            if elements.contains(SOAPBodyElement(name: OTA.availRequest, namespace: OTA.namespace)) { return OTADialect() }
            if elements.contains(SOAPBodyElement(name: "SearchHotels", namespace: HotelSearchContract.namespace)) {
                return HotelSearchDialect()
            }
            return nil
        }

        func parser(_ parser: XMLParser, didStartMappingPrefix prefix: String, toURI namespaceURI: String) {
            prefixes[prefix, default: []].append(namespaceURI)
        }

        func parser(_ parser: XMLParser, didEndMappingPrefix prefix: String) {
            _ = prefixes[prefix]?.popLast()
        }

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            switch (namespaceURI, name) {
            case (_, "address"):
                if let namespaceURI, let location = attributes["location"] { addresses.append((namespaceURI, location)) }
            case (Self.xsd, "schema"):
                schemaNamespaces.append(attributes["targetNamespace"] ?? "")
            // Nested declarations are collected too: harmless, only the two request names are looked up.
            case (Self.xsd, "element") where schemaNamespaces.count > 0:
                if let element = attributes["name"], let namespace = schemaNamespaces.last {
                    elements.insert(SOAPBodyElement(name: element, namespace: namespace))
                }
            case (Self.wsdl, "part"):
                if let qname = attributes["element"] {
                    let parts = qname.split(separator: ":", maxSplits: 1).map(String.init)
                    let (prefix, local) = parts.count == 2 ? (parts[0], parts[1]) : ("", parts[0])
                    if let namespace = prefixes[prefix]?.last { elements.insert(SOAPBodyElement(name: local, namespace: namespace)) }
                }
            default: break
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if namespaceURI == Self.xsd, name == "schema" { _ = schemaNamespaces.popLast() }
        }
    }
}
