import Foundation
import HTTPTypes
import HotelCatalogs
import HotelSOAP
import Hummingbird
import Logging

/// `POST /ota`: `OTA_HotelAvailRQ` over SOAP 1.1 or 1.2 (told apart by content type, as on
/// `/soap`), answered with `OTA_HotelAvailRS` from the same catalog.
///
/// Malformed XML, a body that is not SOAP or holds another message, a version mismatch or
/// a too-large body are SOAP faults (``SOAPFaultError``, as `/soap` sends them). Anything
/// wrong with the criteria is an OTA `Errors` response with HTTP 200; criteria the service
/// does not implement are answered with `Warnings` and otherwise ignored.
///
/// Criteria map onto ``HotelQuery`` (and so onto the catalog's own `SearchPlan`):
/// `HotelCityCode` → city (an IATA city code through ``CityCodes``, else a name, like `City` on `/soap`), `HotelName`
/// → name, `Position` + `Radius` → near (nearest first), `Award@Rating` → minStars,
/// `RateRange@MaxRate` → maxPrice, `HotelAmenity@Code` → amenities. `HotelCode`s are read
/// by id and filtered with the same rules. ``OTAPricing`` prices the room stays.
struct OTAEndpoint: Sendable {
    let catalog: any HotelCatalog
    let maxBodySize: Int
    /// The page-token signer, and the users for mustUnderstand and, with `--users`, the
    /// UsernameToken, as on `/soap`: authentication failures are SOAP faults here too, not
    /// OTA `Errors` (they are not about the search). Read once per request.
    let credentials: CredentialStore
    /// Counts WS-Security failures by reason; nil without `/metrics`.
    var metrics: ServerMetrics? = nil
    /// Hotels' stays priced and written, for the next request with the same terms.
    let writtenStays = WrittenStaysCache()

    static let defaultPageSize = 50
    static let maxPageSize = 500
    static let maxNights = 365
    static let maxGuests = 20

    /// The criteria cannot be answered: the `Error`s to send.
    struct Rejection: Error {
        var issues: [OTAIssue]
        init(_ code: OTAIssue.Code, _ text: String, type: OTAIssue.Kind = .bizRule) {
            issues = [OTAIssue(type: type, code: code, text: text)]
        }
        init(issues: [OTAIssue]) { self.issues = issues }
    }

    func handle(_ request: Request, context: some RequestContext) async throws -> Response {
        let version = try SOAPEndpoint.version(of: request)
        RequestLog.operation = OTA.availRequest
        let credentials = self.credentials.current
        let headerCheck = credentials.headerCheck(metrics: metrics)
        do {
            let (sent, ota, header) = try await parse(request, version: version, headerCheck: headerCheck, logger: context.logger)
            guard sent == version else {
                throw SOAPFaultError(
                    SOAPFault(
                        version: version, code: .versionMismatch,
                        reason:
                            "the content type says \(version) but the body is a \(sent) envelope; send text/xml for 1.1, application/soap+xml for 1.2"
                    ))
            }
            try headerCheck.check(header, version: version, logger: context.logger)
            return SOAPEndpoint.ok(try await answer(ota, version: version, tokens: credentials.tokens), version: version)
        } catch let fault as SOAPFaultError {
            throw fault
        } catch {
            context.logger.error("OTA request failed", metadata: ["error": "\(error)"])
            throw SOAPFaultError.receiver(version, requestID: context.requestID)
        }
    }

    private func parse(
        _ request: Request, version: SOAPVersion, headerCheck: HeaderCheck, logger: Logger
    ) async throws -> (SOAPVersion, OTAAvailRequest, SOAPHeader) {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > maxBodySize { throw tooLarge(version) }
        let reader = OTAAvailRequestReader()
        let failure: SOAPParseError
        do {
            try await request.body.feed(
                limit: maxBodySize, chunked: request.headers[.contentLength] == nil, tooLarge: tooLarge(version)
            ) { chunk in try chunk.withUnsafeReadableBytes { try reader.feed($0) } }
            let (sent, ota) = try reader.finish()
            return (sent, ota, reader.header ?? SOAPHeader())
        } catch let error as SOAPParseError {
            failure = error
        }
        // As on /soap: the header first, if it was read, then what broke the Body.
        if let header = reader.header { try headerCheck.check(header, version: version, logger: logger) }
        throw SOAPEndpoint.fault(for: failure, version: version)
    }

    private func tooLarge(_ version: SOAPVersion) -> SOAPFaultError {
        .sender(version, .requestTooLarge, "the request is larger than \(maxBodySize) bytes", status: .contentTooLarge)
    }

    // MARK: Answering

    /// The response body: `Success` with room stays, or `Errors`; page tokens checked and
    /// signed by `tokens`.
    func answer(_ request: OTAAvailRequest, version: SOAPVersion, tokens: OTAPageToken) async throws -> [UInt8] {
        let stamp = Self.timeStamp(Date())
        do {
            var warnings = request.ignored.map {
                OTAIssue(type: .noImplementation, code: .unableToProcess, text: "\($0) is not supported by this service and was ignored")
            }
            guard request.problems.isEmpty else {
                throw Rejection(issues: request.problems.map { OTAIssue(type: .bizRule, code: $0.code, text: $0.message) })
            }
            let search = try Search(request, warnings: &warnings)
            // Read before the page: a change committed in between makes the next token stale
            // (refused, the safe side), never a token from before that passes over new results.
            let catalogVersion = try await catalog.version
            // Once, for the token read and the token made.
            let criteria = search.criteria
            let offset: Int
            if let token = request.moreDataEchoToken {
                do { offset = try tokens.offset(of: token, criteria: criteria, catalogVersion: catalogVersion) } catch {
                    throw Self.rejection(error)
                }
            } else {
                offset = 0
            }
            let (hotels, total) = try await find(search, offset: offset)
            if total == 0, let city = search.query.city, try await catalog.search(HotelQuery(city: city, limit: 1)).totalCount == 0 {
                let why =
                    if let code = request.cityCode, request.cityName == nil {
                        "no hotel is in HotelCityCode \"\(code)\": not an IATA city code this service knows (such as PAR, LON, NYC), nor a city name"
                    } else {
                        "no hotel is in CityName \"\(city)\""
                    }
                throw Rejection(.invalidValue, why)
            }
            let next = offset + hotels.count
            let more = next < total ? tokens.make(offset: next, criteria: criteria, catalogVersion: catalogVersion) : nil
            let (written, hits) = try writtenStays.written(hotels, pricing: search.pricing)
            metrics?.writtenStays.record(hits: hits, misses: hotels.count - hits)
            return try OTAAvailResponseWriter.success(
                version: version, echoToken: request.echoToken, timeStamp: stamp, warnings: warnings, written: written, more: more)
        } catch let rejection as Rejection {
            return OTAAvailResponseWriter.errors(version: version, echoToken: request.echoToken, timeStamp: stamp, errors: rejection.issues)
        } catch let error as CatalogError where error.field != nil {
            return OTAAvailResponseWriter.errors(
                version: version, echoToken: request.echoToken, timeStamp: stamp,
                errors: [OTAIssue(type: .bizRule, code: .invalidValue, text: error.message)])
        }
    }

    /// The `Errors` a refused `MoreDataEchoToken` is answered with, by the reason's type.
    static func rejection(_ failure: OTAPageToken.Failure) -> Rejection {
        switch failure {
        case .resultsChanged:
            return Rejection(
                .resultsChanged,
                "MoreDataEchoToken was issued before the catalog changed, so its results changed; repeat the request without it to start over"
            )
        case .otherSearch:
            return Rejection(
                .invalidValue, "MoreDataEchoToken belongs to a search with other criteria; repeat the request without it to start over")
        case .forged:
            return Rejection(
                .invalidValue,
                "MoreDataEchoToken was not issued by this server (or was altered); repeat the request without it to start over")
        }
    }

    /// One page of hotels and how many match in all.
    private func find(_ search: Search, offset: Int) async throws -> (hotels: [HotelInfo], total: Int) {
        guard !search.hotelCodes.isEmpty else {
            var query = search.query
            query.offset = offset
            query.limit = search.pageSize
            let page = try await catalog.search(query)
            return (page.hotels, page.totalCount)
        }
        let filter = try SearchFilter(query: search.query, rates: Self.rates)
        var matched: [HotelInfo] = []
        for code in search.hotelCodes {
            guard let detail = try await catalog.hotel(id: code) else {
                throw Rejection(.invalidHotel, "no hotel has HotelCode \"\(code)\"")
            }
            var hotel = detail.hotel
            let rate = Self.rates[hotel.price.currency]?.usdRate ?? .nan
            if let near = search.query.near {
                hotel.distanceKm = GeoMath.distanceKm(hotel.latitude, hotel.longitude, near.latitude, near.longitude)
            }
            if filter.matches(hotel, priceUSD: Currencies.usdValue(hotel.price.amount, rate: rate)) { matched.append(hotel) }
        }
        let page = matched.dropFirst(offset).prefix(search.pageSize)
        return (Array(page), matched.count)
    }

    static let rates: [String: CurrencyInfo] = Dictionary(uniqueKeysWithValues: Currencies.all.map { ($0.code, $0) })

    /// `xs:dateTime` in UTC, to the second.
    static func timeStamp(_ date: Date) -> String { XSDDateTime.utc(date) }
}
