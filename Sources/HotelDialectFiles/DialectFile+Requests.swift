import Foundation
import HotelSOAP
import HotelXML

extension DialectFile {
    /// `.randomAccess` with `paging.offset`; `.sequential` with `paging.token`, and without
    /// paging (one page: its `next` is always nil).
    public var paging: PagingModel { program.paging == .offset ? .randomAccess : .sequential }

    /// Every order: the template decides what `{{sort}}` becomes.
    public var sortOrders: [HotelSOAP.SortOrder] { HotelSOAP.SortOrder.allCases }

    /// Whether the file has a `detail` section.
    public var hasDetails: Bool { detail != nil }

    /// The search request for a page: the body template rendered with the query, `offset`
    /// and `limit` from an offset start, `pageToken` from a token start, in an envelope of
    /// the file's `soap` version (or `version`, when the file does not say). Throws
    /// `SOAPDialectError` without a `request` section or for a start the paging cannot
    /// take, `DialectRequestError` for an environment variable that is not set.
    public func searchRequest(_ query: HotelQuery, page: PageRequest, version: SOAPVersion) throws -> SOAPRequest {
        guard let search else {
            throw SOAPDialectError.operationNotSupported(dialect: name, operation: "search (the file has no request section)")
        }
        var values = try Self.values(query)
        values["limit"] = String(page.size)
        switch (page.start, program.paging) {
        case (.offset(let offset), .offset):
            values["offset"] = String(offset)
        case (.offset(0), _):
            values["offset"] = "0"
        case (.token(let token), .token):
            values["pageToken"] = try DialectTemplate.escape(token, field: "pageToken")
        default:
            throw SOAPDialectError.pageStartNotSupported(dialect: name)
        }
        return try envelope(search, values: values, version: version)
    }

    /// The detail request for one hotel (`{{hotelId}}`); `SOAPDialectError` without a `detail` section.
    public func detailRequest(hotelID: String, version: SOAPVersion) throws -> SOAPRequest {
        guard let detail else {
            throw SOAPDialectError.operationNotSupported(dialect: name, operation: "detail (the file has no detail section)")
        }
        return try envelope(detail, values: ["hotelId": try DialectTemplate.escape(hotelID, field: "hotelId")], version: version)
    }

    /// A reader for one response: each row goes to `onHotel` as soon as it is complete
    /// (with `groupBy`, when the response's root ends).
    public func responseReader(onHotel: ((HotelInfo) throws -> Void)?) -> any SOAPResponseReader {
        DialectResponseReader(dialect: self, limits: .default, onHotel: onHotel)
    }

    /// A reader for `dialect check`: each row with, per mapped field in the format's order,
    /// the path its value came from (of a field's alternatives, the one that gave it).
    ///
    /// ```swift
    /// let reader = file.tracingReader { hotel, paths in print(hotel.id, paths) }
    /// ```
    public func tracingReader(onHotel: @escaping (HotelInfo, [(field: String, path: String)]) throws -> Void)
        -> any SOAPResponseReader
    {
        DialectResponseReader(dialect: self, tracing: onHotel)
    }

    /// A reader with other parser limits.
    public func responseReader(limits: SOAPMessageParser.Limits, onHotel: ((HotelInfo) throws -> Void)?) -> any SOAPResponseReader {
        DialectResponseReader(dialect: self, limits: limits, onHotel: onHotel)
    }

    /// The query's values as the templates see them, each escaped for XML; an absent or
    /// empty one is left out, so its section vanishes.
    static func values(_ query: HotelQuery) throws -> [String: Any] {
        var values: [String: Any] = [:]
        func text(_ key: String, _ value: String?) throws {
            guard let value, !value.isEmpty else { return }
            values[key] = try DialectTemplate.escape(value, field: key)
        }
        try text("city", query.city)
        try text("cityCode", query.cityCode)
        try text("name", query.name)
        try text("currency", query.currency)
        if let near = query.near {
            func number(_ value: Double, _ field: String) throws -> String {
                guard value.isFinite else { throw DialectRequestError("near.\(field) must be a finite number") }
                return value.description
            }
            let latitude = try number(near.latitude, "latitude")
            let longitude = try number(near.longitude, "longitude")
            let radius = try number(near.radiusKm, "radiusKm")
            values["near"] = ["latitude": latitude, "longitude": longitude, "radiusKm": radius]
        }
        if let minStars = query.minStars { values["minStars"] = String(minStars) }
        if let maxPrice = query.maxPrice { values["maxPrice"] = maxPrice.description }
        if let checkIn = query.checkIn { values["checkIn"] = checkIn.description }
        if let checkOut = query.checkOut { values["checkOut"] = checkOut.description }
        if let guests = query.guests { values["guests"] = String(guests) }
        if !query.amenities.isEmpty {
            values["amenities"] = try query.amenities.map { try DialectTemplate.escape($0, field: "amenities") }
        }
        if let sort = query.sortBy { values["sort"] = sort.rawValue }
        return values
    }

    /// The rendered header blocks and body in an envelope, as `SOAPRequestBuilder` writes one.
    private func envelope(_ request: Request, values: [String: Any], version: SOAPVersion) throws -> SOAPRequest {
        let version = soapVersionGiven ? soapVersion : version
        let environment = ProcessInfo.processInfo.environment
        let body = try request.body.render(values, environment: environment, dialect: name)
        var xml = XMLWriter(capacity: body.utf8.count + 256)
        Envelope.open(&xml, version: version)
        xml.raw(body)
        Envelope.close(&xml, version: version)
        var soap = SOAPRequest(version: version, action: request.action, body: xml.bytes)
        if let header = request.header {
            let blocks = try header.render(values, environment: environment, dialect: name)
            if !blocks.allSatisfy(\.isWhitespace) { soap = try soap.addingHeader(Array(blocks.utf8)) }
        }
        return soap
    }
}
