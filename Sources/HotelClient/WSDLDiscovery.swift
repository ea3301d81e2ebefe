import AsyncHTTPClient
import Foundation
import HotelSOAP
import NIOCore

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Finds the service endpoint in a WSDL: the `soap:address` (or `soap12:address`) of the
/// `HotelSearchService` port whose binding matches the SOAP version.
public enum WSDLDiscovery {
    public static func endpoint(wsdl url: URL, version: SOAPVersion, timeout: Double = 30, trustRoots: TrustRoots = .system) async throws
        -> URL
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
        guard let location = address(in: text, version: version), let endpoint = URL(string: location) else {
            throw HotelClientError.wsdlHasNoEndpoint(url.absoluteString)
        }
        return endpoint
    }

    /// The address for `version`, from WSDL bytes.
    public static func address(in wsdl: [UInt8], version: SOAPVersion) -> String? {
        // A WSDL is small and trusted no more than a response: no DTDs, so no entities.
        guard String(decoding: wsdl.prefix(4096), as: UTF8.self).range(of: "<!DOCTYPE", options: .caseInsensitive) == nil else {
            return nil
        }
        let delegate = AddressCollector()
        let parser = XMLParser(data: Data(wsdl))
        parser.shouldProcessNamespaces = true
        parser.delegate = delegate
        guard parser.parse(), parser.parserError == nil else { return nil }
        let namespace = version == .v11 ? "http://schemas.xmlsoap.org/wsdl/soap/" : "http://schemas.xmlsoap.org/wsdl/soap12/"
        return delegate.addresses.first { $0.namespace == namespace }?.location
    }

    private final class AddressCollector: NSObject, XMLParserDelegate {
        var addresses: [(namespace: String, location: String)] = []

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if name == "address", let namespaceURI, let location = attributes["location"] {
                addresses.append((namespaceURI, location))
            }
        }
    }
}
