import Foundation
import HTTPTypes
import HotelCatalogs
import HotelSOAP
import HotelXML
import Hummingbird
import Logging

/// `POST /soap`: both SOAP versions on one path, told apart by content type.
///
/// The body is parsed as it arrives and refused as soon as it passes the size cap, so a
/// huge or endless upload never sits in memory.
struct SOAPEndpoint: Sendable {
    let catalog: any HotelCatalog
    let maxBodySize: Int
    let address: ServerAddress
    /// mustUnderstand and, with `--users`, the UsernameToken: before any operation runs,
    /// under the users in force when the request's handler started.
    let credentials: CredentialStore
    /// `Cache-Control: max-age` of answers (0: `no-cache`).
    var maxAge = 60
    /// Hotels already written as XML; one per server.
    let renderedHotels = RenderedHotelCache()
    /// Counts the rendered-hotel cache's hits; nil without `/metrics`.
    var metrics: ServerMetrics? = nil

    func handle(_ request: Request, context: some RequestContext) async throws -> Response {
        let version = try Self.version(of: request)
        do {
            let headerCheck = credentials.current.headerCheck(metrics: metrics)
            return try await respond(request, version: version, headerCheck: headerCheck, logger: context.logger)
        } catch let fault as SOAPFaultError {
            throw fault
        } catch {
            // Our failure, not the caller's: log everything, tell the caller nothing but
            // the request id to quote.
            context.logger.error("request failed", metadata: ["error": "\(error)"])
            throw SOAPFaultError.receiver(version, requestID: context.requestID)
        }
    }

    private func respond(_ request: Request, version: SOAPVersion, headerCheck: HeaderCheck, logger: Logger) async throws -> Response {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > maxBodySize {
            throw tooLarge(version)
        }
        let (envelope, header) = try await parse(request, version: version, headerCheck: headerCheck, logger: logger)
        guard envelope.version == version else {
            let code = envelope.version == .v11 ? "a SOAP 1.1 envelope" : "a SOAP 1.2 envelope"
            throw SOAPFaultError(
                SOAPFault(
                    version: version, code: .versionMismatch,
                    reason: "the content type says \(version) but the body is \(code); send text/xml for 1.1, application/soap+xml for 1.2")
            )
        }
        try headerCheck.check(header, version: version, logger: logger)
        switch envelope.message {
        case .searchHotels(let query):
            RequestLog.operation = HotelSearchContract.Operation.searchHotels.rawValue
            try checkAction(request, version: version, operation: .searchHotels)
            return Self.cacheable(try await search(query, version: version), version: version, request: request, maxAge: maxAge)
        case .getHotel(let id):
            RequestLog.operation = HotelSearchContract.Operation.getHotel.rawValue
            try checkAction(request, version: version, operation: .getHotel)
            return Self.cacheable(try await getHotel(id, version: version), version: version, request: request, maxAge: maxAge)
        case let other:
            throw SOAPFaultError.sender(
                version, .unknownOperation,
                "the body holds \(other.kindName); this service answers SearchHotels and GetHotel")
        }
    }

    // MARK: Operations

    private func search(_ query: HotelQuery, version: SOAPVersion) async throws -> [UInt8] {
        do {
            try QueryValidator.validate(query)
            let page = try await catalog.search(query)
            let (rendered, hits) = try renderedHotels.rendered(page.hotels, address: address)
            metrics?.renderedHotels.record(hits: hits, misses: rendered.count - hits)
            // Sized to fit: a guess too small (hotels run 500–700 bytes) copied the page once more.
            var writer = SOAPResponseWriter(version: version, capacity: rendered.reduce(1024) { $0 + $1.byteCount + 48 })
            writer.beginSearchResults(totalCount: page.totalCount, offset: page.offset)
            for (hotel, rendered) in zip(page.hotels, rendered) { try writer.append(rendered, distanceKm: hotel.distanceKm) }
            return writer.finishSearchResults()
        } catch let error as CatalogError where error.field != nil {
            throw SOAPFaultError.sender(version, .invalidValue, error.message, field: error.field)
        }
    }

    private func getHotel(_ id: String, version: SOAPVersion) async throws -> [UInt8] {
        guard var detail = try await catalog.hotel(id: id) else {
            throw SOAPFaultError.sender(version, .notFound, "no hotel has HotelId \(id)", field: "HotelId")
        }
        detail.hotel = address.absolutize(detail.hotel)
        detail.imageURLs = detail.imageURLs.map(address.absolutize)
        return try SOAPResponseWriter.hotelDetail(detail, version: version)
    }

    // MARK: Reading the request

    /// SOAP 1.1 travels as `text/xml`, SOAP 1.2 as `application/soap+xml`.
    static func version(of request: Request) throws -> SOAPVersion {
        let contentType = request.headers[.contentType] ?? ""
        // Bytes, not Foundation: trimming and lowercasing through CharacterSet profiled at
        // 2 % of a search.
        let media = ASCII.trimmed(contentType.utf8.prefix { $0 != UInt8(ascii: ";") })
        if let version = SOAPVersion.allCases.first(where: { ASCII.equalsIgnoringCase(media, $0.mediaType) }) {
            return version
        }
        let got = contentType.isEmpty ? "no Content-Type" : "Content-Type \(contentType)"
        throw SOAPFaultError.sender(
            .v11, .malformedRequest,
            "\(got): send text/xml for SOAP 1.1 or application/soap+xml for SOAP 1.2",
            status: .unsupportedMediaType)
    }

    private func parse(
        _ request: Request, version: SOAPVersion, headerCheck: HeaderCheck, logger: Logger
    ) async throws -> (SOAPEnvelope, SOAPHeader) {
        let parser = SOAPMessageParser(readsHeader: true)
        let failure: SOAPParseError
        do {
            try await request.body.feed(
                limit: maxBodySize, chunked: request.headers[.contentLength] == nil, tooLarge: tooLarge(version)
            ) { chunk in try chunk.withUnsafeReadableBytes { try parser.feed($0) } }
            let envelope = try parser.finish()
            return (envelope, parser.header ?? SOAPHeader())
        } catch let error as SOAPParseError {
            failure = error
        }
        // A Body that does not parse still needs the header: a stranger learns nothing
        // about what the service would accept. A header that did not parse is the fault.
        // (Checked out here, not in the catch: there the 6.3 optimizer crashed splitting
        // this coroutine.)
        if let header = parser.header { try headerCheck.check(header, version: version, logger: logger) }
        throw Self.fault(for: failure, version: version)
    }

    private func checkAction(_ request: Request, version: SOAPVersion, operation: HotelSearchContract.Operation) throws {
        let sent: String?
        switch version {
        case .v11:
            sent = request.headers.soapAction.map { String(decoding: ASCII.trimmed($0.utf8, also: UInt8(ascii: "\"")), as: UTF8.self) }
        case .v12:
            sent = Self.parameter("action", in: request.headers[.contentType] ?? "")
        }
        // WS-Addressing's default action for a WSDL 1.1 input (Metadata 4.4.4) is namespace,
        // portType and input name ("SearchHotelsRequest"), joined by ":" in a URN namespace such
        // as ours. A client generated from a WSDL copy without wsam:Action may send it, some
        // stacks join with "/" anyway and gSOAP's wsdl2h leaves out "Request": every form still
        // names this operation and no other, so none contradicts the body.
        // An absent or empty action says nothing; a different one contradicts the body.
        guard let sent, !sent.isEmpty, sent != operation.action else { return }
        let defaults = [":", "/"].flatMap { joint in
            ["", "Request"].map { "\(HotelSearchContract.namespace)\(joint)HotelSearchPort\(joint)\(operation.rawValue)\($0)" }
        }
        guard !defaults.contains(sent) else { return }
        throw SOAPFaultError.sender(
            version, .unknownOperation,
            "the action \"\(sent)\" does not match the body's \(operation.rawValue) (expected \"\(operation.action)\")")
    }

    static func parameter(_ name: String, in header: String) -> String? {
        for part in header.split(separator: ";").dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == name {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }

    // MARK: Faults

    private func tooLarge(_ version: SOAPVersion) -> SOAPFaultError {
        .sender(version, .requestTooLarge, "the request is larger than \(maxBodySize) bytes", status: .contentTooLarge)
    }

    static func fault(for error: SOAPParseError, version: SOAPVersion) -> SOAPFaultError {
        switch error.kind {
        case .invalidValue:
            return .sender(version, .invalidValue, error.reason, field: error.field)
        case .unexpectedMessage:
            return .sender(version, .unknownOperation, error.description)
        case .unexpectedElement:
            return .sender(version, .malformedRequest, error.reason, field: error.field)
        default:
            return .sender(version, .malformedRequest, error.description)
        }
    }

    /// An answer with its `ETag` (a hash of the body: the same request over an unchanged
    /// catalog gives the same bytes, and a committed change that shows in the answer, a new
    /// price, changes them, so an `If-None-Match` from before gets the new answer; the hash
    /// rather than the catalog's version, so a change elsewhere does not make every client
    /// fetch its unchanged pages again) and `Cache-Control`; `304 Not Modified` without a body
    /// when the client's `If-None-Match` names it. SOAP is POST, so no HTTP cache in between
    /// keeps these: they are for the client's own cache (`hotels search` keeps responses on disk).
    static func cacheable(_ body: [UInt8], version: SOAPVersion, request: Request, maxAge: Int) -> Response {
        let hash = BodyHash.of(body)
        let etag = "\"" + String(hash, radix: 16) + "-" + String(body.count, radix: 16) + "\""
        var headers: HTTPFields = [.contentType: version.contentType(action: nil)]
        headers[.eTag] = etag
        headers[.cacheControl] = maxAge > 0 ? "private, max-age=\(maxAge)" : "private, no-cache"
        let sent = request.headers[.ifNoneMatch] ?? ""
        if sent.split(separator: ",").contains(where: {
            $0.trimmingCharacters(in: .whitespaces) == etag || $0.trimmingCharacters(in: .whitespaces) == "*"
        }) {
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    static func ok(_ body: [UInt8], version: SOAPVersion) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: version.contentType(action: nil)],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}

extension HTTPFields {
    /// `SOAPAction` (SOAP 1.1 only).
    var soapAction: String? { self[HTTPField.Name("SOAPAction")!] }
}
