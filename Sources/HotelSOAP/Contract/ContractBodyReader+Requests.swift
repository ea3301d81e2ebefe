import HotelXML

/// Requests: held to the schema, unlike responses. An element an operation does not
/// define is an error naming it, never skipped, so a misspelt filter cannot widen a search.
extension ContractBodyReader {
    /// `SearchHotels`' children, in the schema's order.
    static let searchFieldList: [ElementName] = [
        .City, .Name, .Near, .MinStars, .MaxPrice, .Currency, .CheckIn, .CheckOut, .Guests, .Amenity, .SortBy, .Offset, .Limit,
    ]
    static let searchFields = ElementName.Set(searchFieldList)
    static let searchFieldNames = searchFieldList.map { "\($0)" }

    /// The operation whose request `scope` is inside, if it is a request's.
    static func requestOperation(_ scope: Scope) -> String? {
        switch scope {
        case .searchRequest, .near: return "SearchHotels"
        case .getHotelRequest: return "GetHotel"
        default: return nil
        }
    }

    func endQueryField(_ field: ElementName) throws(BodyReadFailure) {
        switch field {
        case .City: query.city = leafText
        case .Name: query.name = leafText
        case .MinStars: query.minStars = try parseInt("MinStars", min: nil)
        case .MaxPrice:
            guard let value = DecimalText.parse(text.bytes) else { throw .invalid("MaxPrice", "is not a decimal number", leafText) }
            query.maxPrice = value
        case .Currency: query.currency = leafText.trimmingXMLSpace
        case .CheckIn, .CheckOut:
            guard let date = CalendarDate(leafText.trimmingXMLSpace) else {
                throw .invalid("\(field)", "is not a date (YYYY-MM-DD)", leafText)
            }
            if field == .CheckIn { query.checkIn = date } else { query.checkOut = date }
        case .Guests: query.guests = try parseInt("Guests", min: nil)
        case .Amenity: query.amenities.append(leafText)
        case .SortBy:
            guard let order = SortOrder(rawValue: leafText.trimmingXMLSpace) else {
                throw .invalid("SortBy", "must be one of \(SortOrder.allCases.map(\.rawValue).joined(separator: ", "))", leafText)
            }
            query.sortBy = order
        case .Offset: query.offset = try parseInt("Offset", min: nil)
        case .Limit: query.limit = try parseInt("Limit", min: nil)
        default: break
        }
    }

    /// An element a request may not hold here: unknown, misplaced, or in the wrong (or no)
    /// namespace. The reason names it and what was expected.
    func unexpectedElement(
        _ local: UnsafePointer<UInt8>, _ uri: UnsafePointer<UInt8>?, in operation: String, _ parent: String?, expected: [String]
    ) -> BodyReadFailure {
        let name = String(cString: local)
        let place = parent.map { "\(operation)/\($0)" } ?? operation
        let namespace = uri.map { String(cString: $0) }
        let reason: String
        if namespace != HotelSearchContract.namespace, expected.contains(name) {
            let actual = namespace.map { "namespace \($0)" } ?? "no namespace"
            reason = "element \(name) in \(place) is in \(actual); the contract's elements are in \(HotelSearchContract.namespace)"
        } else if expected.isEmpty {
            reason = "unexpected element \(name) inside \(place), which holds text only"
        } else {
            reason = "unknown element \(name) in \(place); expected one of \(expected.joined(separator: ", "))"
        }
        return BodyReadFailure(.unexpectedElement, reason, field: "\(place)/\(name)", atStartTag: true)
    }
}
