import Foundation
import HotelXML

/// Builds an ``OTAAvailRequest`` from the events of the request's subtree, which
/// `SOAPMessageHandler` forwards to it from `OTA_HotelAvailRQ`'s start tag to its end tag.
///
/// Lenient, as OTA partners expect: unknown elements are skipped with their subtree (and
/// listed as ignored when they are criteria), attributes are read by name, values that do
/// not parse become ``OTAAvailRequest/Problem``s. Only well-formedness failures stop the parse.
final class OTARequestBuilder: SOAPBodyReader {
    typealias Attribute = (name: String, value: String)
    private(set) var request = OTAAvailRequest()
    /// Local names from the root (exclusive) down; nil for a level we skip.
    private var path: [String] = []
    private var segments = 0
    private var criteria = 0
    private var rateRanges = 0
    private var candidates = 0
    /// The bytes of `Criterion/Address/CityName` while inside it.
    private var cityName: [UInt8]?

    /// A request never holds a fault.
    init() { super.init(namespace: OTA.namespace, roots: [OTA.availRequest], acceptsFault: false) }

    /// The root's start tag, `OTA_HotelAvailRQ` (the handler checked its name and namespace).
    override func begin(_ localName: UnsafePointer<UInt8>, attributes: SAXAttributes, names: InternedNames) {
        root(attributes.unqualified)
    }

    /// A start tag below the root. A request holds a few dozen elements: strings are simplest.
    override func start(_ localName: UnsafePointer<UInt8>, namespaceURI: UnsafePointer<UInt8>?, attributes: SAXAttributes) -> Bool {
        start(String(cString: localName), namespace: namespaceURI.map { String(cString: $0) }, attributes: attributes.unqualified)
    }

    private func start(_ name: String, namespace: String?, attributes: [Attribute]) -> Bool {
        guard namespace == OTA.namespace else { return skip(nil) }
        let parent = path.last ?? ""
        switch (parent, name) {
        case ("", "AvailRequestSegments"): break
        case ("", "POS"), ("", "HotelReservationIDs"), ("", "MultimodalOffer"): return skip(nil)
        case ("AvailRequestSegments", "AvailRequestSegment"):
            segments += 1
            guard segments == 1 else { return skip("AvailRequestSegment[\(segments)]") }
            for a in attributes where a.name == "MoreDataEchoToken" { request.moreDataEchoToken = a.value.trimmingXMLSpace }
        case ("AvailRequestSegment", "HotelSearchCriteria"): break
        case ("HotelSearchCriteria", "Criterion"):
            criteria += 1
            guard criteria == 1 else { return skip("Criterion[\(criteria)]") }
        case ("Criterion", "Position"): position(attributes)
        case ("Criterion", "HotelRef"): hotelRef(attributes)
        case ("Criterion", "Radius"): radius(attributes)
        case ("Criterion", "Award"): award(attributes)
        case ("Criterion", "Address"): break
        case ("Address", "CityName"): cityName = []
        case ("Address", _): return skip("Criterion/Address/\(name)")
        case ("Criterion", "HotelAmenity"):
            for a in attributes where a.name == "Code" { request.amenityCodes.append(a.value.trimmingXMLSpace) }
        case ("Criterion", _): return skip("Criterion/\(name)")
        case ("AvailRequestSegment", "StayDateRange"): stay(attributes)
        case ("AvailRequestSegment", "RateRange"):
            rateRanges += 1
            guard rateRanges == 1 else { return skip("RateRange[\(rateRanges)]") }
            rateRange(attributes)
        case ("AvailRequestSegment", "RoomStayCandidates"): break
        case ("RoomStayCandidates", "RoomStayCandidate"):
            candidates += 1
            guard candidates == 1 else { return skip("RoomStayCandidate[\(candidates)]") }
            for a in attributes where a.name == "Quantity" {
                request.rooms = integer(a.value, field: "RoomStayCandidate/@Quantity", range: 1...9)
            }
        case ("RoomStayCandidate", "GuestCounts"): break
        case ("GuestCounts", "GuestCount"): guestCount(attributes)
        case ("AvailRequestSegment", "TPA_Extensions"): return skip(nil)
        case ("AvailRequestSegment", _), ("RoomStayCandidate", _): return skip("\(parent)/\(name)")
        default: return skip(nil)
        }
        path.append(name)
        return true
    }

    /// Only `Address/CityName` is text; every other criterion is an attribute.
    override func characters(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> Bool {
        guard path.last == "CityName", cityName != nil else { return true }
        cityName!.append(contentsOf: bytes)
        return cityName!.count <= limit
    }

    override func end() {
        if path.last == "CityName", let bytes = cityName {
            let name = String(decoding: bytes, as: UTF8.self).trimmingXMLSpace
            if !name.isEmpty { request.cityName = name }
            cityName = nil
        }
        if !path.isEmpty { path.removeLast() }
    }

    /// Skips the element just started with its subtree, listing it as ignored if it is a criterion.
    private func skip(_ ignoredPath: String?) -> Bool {
        if let ignoredPath { request.ignored.append(ignoredPath) }
        return false
    }

    // MARK: Elements

    private func root(_ attributes: [Attribute]) {
        for a in attributes {
            switch a.name {
            case "EchoToken": request.echoToken = a.value
            case "MaxResponses": request.maxResponses = integer(a.value, field: "@MaxResponses", range: 1...Int.max)
            case "RequestedCurrency": request.requestedCurrency = a.value.trimmingXMLSpace
            case "SortOrder": request.sortOrder = a.value.trimmingXMLSpace
            default: break
            }
        }
    }

    private func position(_ attributes: [Attribute]) {
        for a in attributes {
            switch a.name {
            case "Latitude": request.latitude = number(a.value, field: "Criterion/Position/@Latitude")
            case "Longitude": request.longitude = number(a.value, field: "Criterion/Position/@Longitude")
            case "PositionAccuracyCode", "AltitudeUnitOfMeasureCode", "Altitude": break
            default: break
            }
        }
    }

    private func hotelRef(_ attributes: [Attribute]) {
        for a in attributes {
            let value = a.value.trimmingXMLSpace
            switch a.name {
            case "HotelCode" where !value.isEmpty: request.hotelCodes.append(value)
            case "HotelCityCode" where !value.isEmpty: request.cityCode = value
            case "HotelName" where !value.isEmpty: request.hotelName = value
            case "ChainCode", "BrandCode", "ChainName", "BrandName", "AreaID", "TTIcode":
                request.ignored.append("Criterion/HotelRef/@\(a.name)")
            default: break
            }
        }
    }

    private func radius(_ attributes: [Attribute]) {
        var distance: Double?
        var unit: OTAAvailRequest.Radius.Unit?
        for a in attributes {
            let value = a.value.trimmingXMLSpace
            switch a.name {
            case "Distance": distance = number(value, field: "Criterion/Radius/@Distance")
            case "DistanceMeasure":
                switch value.lowercased() {
                case "km", "kms", "kilometer", "kilometers", "kilometre", "kilometres": unit = .kilometres
                case "mi", "mile", "miles": unit = .miles
                // `Distance` is digits only in the schema: fractions of a kilometre come as metres.
                case "m", "meter", "meters", "metre", "metres": unit = .metres
                default:
                    problem(
                        "Criterion/Radius/@DistanceMeasure", .invalidValue,
                        "DistanceMeasure must be Kilometers, Miles or Meters, not \"\(value)\"")
                }
            // UOM code list: 1 = miles, 2 = kilometres.
            case "UnitOfMeasureCode":
                switch value {
                case "1": unit = unit ?? .miles
                case "2": unit = unit ?? .kilometres
                default:
                    problem(
                        "Criterion/Radius/@UnitOfMeasureCode", .invalidValue,
                        "UnitOfMeasureCode must be 1 (miles) or 2 (kilometres), not \"\(value)\"")
                }
            case "DistanceMax", "Direction": request.ignored.append("Criterion/Radius/@\(a.name)")
            default: break
            }
        }
        if let distance { request.radius = .init(distance: distance, unit: unit) }
    }

    private func award(_ attributes: [Attribute]) {
        for a in attributes where a.name == "Rating" {
            guard let value = number(a.value, field: "Criterion/Award/@Rating") else { continue }
            guard value >= 0, value <= 5 else {
                problem("Criterion/Award/@Rating", .invalidValue, "Award Rating must be between 0 and 5, not \(a.value.trimmingXMLSpace)")
                continue
            }
            request.minRating = Int(value.rounded(.up))
        }
    }

    private func stay(_ attributes: [Attribute]) {
        for a in attributes {
            switch a.name {
            case "Start": request.start = date(a.value, field: "StayDateRange/@Start")
            case "End": request.end = date(a.value, field: "StayDateRange/@End")
            case "Duration": request.ignored.append("StayDateRange/@Duration")
            default: break
            }
        }
    }

    private func rateRange(_ attributes: [Attribute]) {
        for a in attributes {
            switch a.name {
            case "MinRate": request.minRate = decimal(a.value, field: "RateRange/@MinRate")
            case "MaxRate": request.maxRate = decimal(a.value, field: "RateRange/@MaxRate")
            case "CurrencyCode": request.rateCurrency = a.value.trimmingXMLSpace
            default: break
            }
        }
    }

    private func guestCount(_ attributes: [Attribute]) {
        var code: String?
        var count = 1
        for a in attributes {
            switch a.name {
            case "AgeQualifyingCode": code = a.value.trimmingXMLSpace
            case "Count": count = integer(a.value, field: "GuestCount/@Count", range: 1...99) ?? 1
            default: break
            }
        }
        request.guestCounts.append(.init(ageQualifyingCode: code, count: count))
    }

    // MARK: Values

    private func problem(_ field: String, _ code: OTAIssue.Code, _ message: String) {
        request.problems.append(.init(field: field, code: code, message: message))
    }

    private func number(_ text: String, field: String) -> Double? {
        let trimmed = text.trimmingXMLSpace
        guard let value = Double(trimmed), value.isFinite, !trimmed.isEmpty,
            trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.".contains($0)) })
        else {
            problem(field, .invalidValue, "\(field) is not a number: \"\(trimmed.prefix(40))\"")
            return nil
        }
        return value
    }

    private func decimal(_ text: String, field: String) -> Decimal? {
        var trimmed = text.trimmingXMLSpace
        guard let value = trimmed.withUTF8({ DecimalText.parse($0) }), value >= 0 else {
            problem(field, .invalidValue, "\(field) is not a decimal amount of 0 or more: \"\(trimmed.prefix(40))\"")
            return nil
        }
        return value
    }

    private func integer(_ text: String, field: String, range: ClosedRange<Int>) -> Int? {
        let trimmed = text.trimmingXMLSpace
        guard let value = Int(trimmed), range.contains(value) else {
            let bound = range.upperBound == Int.max ? "\(range.lowerBound) or more" : "between \(range.lowerBound) and \(range.upperBound)"
            problem(field, .invalidValue, "\(field) must be a whole number \(bound), not \"\(trimmed.prefix(40))\"")
            return nil
        }
        return value
    }

    /// `xs:date`, or the date of an `xs:dateTime` (DateOrTimeOrDateTimeType allows both).
    private func date(_ text: String, field: String) -> CalendarDate? {
        let trimmed = text.trimmingXMLSpace
        let day = trimmed.count > 10 && trimmed.dropFirst(10).first == "T" ? String(trimmed.prefix(10)) : trimmed
        guard let date = CalendarDate(day) else {
            problem(field, .invalidDate, "\(field) is not a date (YYYY-MM-DD): \"\(trimmed.prefix(40))\"")
            return nil
        }
        return date
    }
}
