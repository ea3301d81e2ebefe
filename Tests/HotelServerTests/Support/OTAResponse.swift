import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What the tests read back from an `OTA_HotelAvailRS` (a DOM-free scan with Foundation's
/// parser: independent of the server's own XML code).
struct OTAResponse {
    struct Stay {
        var hotelCode = ""
        var hotelName = ""
        var hotelCityCode: String?
        var roomTypeCode = ""
        var total = 0
        var nightly = 0
        var currency = ""
        var decimalPlaces = 0
        var rating: Int?
        var latitude = 0.0
        var longitude = 0.0
        var guestCounts: [String: Int] = [:]
        var start = ""
        var end = ""
    }

    struct Issue {
        var type = ""
        var code = ""
        var text = ""
    }

    var success = false
    var stays: [Stay] = []
    var warnings: [Issue] = []
    var errors: [Issue] = []
    var moreIndicator: String?
    var moreDataEchoToken: String?
    var echoToken: String?
    var version: String?

    var hotelCodes: [String] {
        var seen = Set<String>()
        return stays.map(\.hotelCode).filter { seen.insert($0).inserted }
    }

    init(_ xml: String) throws {
        let delegate = Delegate()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.shouldProcessNamespaces = true
        parser.delegate = delegate
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.coderReadCorrupt) }
        self = delegate.response
    }

    private final class Delegate: NSObject, XMLParserDelegate {
        var response = Empty.value
        var stay = Stay()
        var issue: Issue?
        var text = ""
        var inRoomRateTotal = false
        var path: [String] = []

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let parent = path.last ?? ""
            path.append(name)
            switch name {
            case "OTA_HotelAvailRS":
                response.echoToken = attributes["EchoToken"]
                response.version = attributes["Version"]
            case "Success": response.success = true
            case "RoomStays": response.moreIndicator = attributes["MoreIndicator"]
            case "RoomStay":
                stay = Stay()
                if let token = attributes["MoreDataEchoToken"] { response.moreDataEchoToken = token }
            case "RoomType": stay.roomTypeCode = attributes["RoomTypeCode"] ?? ""
            case "Base" where parent == "Rate": stay.nightly = Int(attributes["AmountAfterTax"] ?? "") ?? -1
            case "Total" where parent == "RoomStay":
                stay.total = Int(attributes["AmountAfterTax"] ?? "") ?? -1
                stay.currency = attributes["CurrencyCode"] ?? ""
                stay.decimalPlaces = Int(attributes["DecimalPlaces"] ?? "") ?? -1
            case "GuestCount" where path.contains("RoomStay"):
                stay.guestCounts[attributes["AgeQualifyingCode"] ?? "", default: 0] += Int(attributes["Count"] ?? "") ?? 0
            case "TimeSpan":
                stay.start = attributes["Start"] ?? ""
                stay.end = attributes["End"] ?? ""
            case "BasicPropertyInfo":
                stay.hotelCode = attributes["HotelCode"] ?? ""
                stay.hotelName = attributes["HotelName"] ?? ""
                stay.hotelCityCode = attributes["HotelCityCode"]
            case "Position" where parent == "BasicPropertyInfo":
                stay.latitude = Double(attributes["Latitude"] ?? "") ?? .nan
                stay.longitude = Double(attributes["Longitude"] ?? "") ?? .nan
            case "Award" where parent == "BasicPropertyInfo": stay.rating = Int(attributes["Rating"] ?? "")
            case "Warning", "Error":
                issue = Issue(type: attributes["Type"] ?? "", code: attributes["Code"] ?? "")
                text = ""
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            path.removeLast()
            switch name {
            case "RoomStay": response.stays.append(stay)
            case "Warning":
                issue?.text = text
                if let issue { response.warnings.append(issue) }
            case "Error":
                issue?.text = text
                if let issue { response.errors.append(issue) }
            default: break
            }
        }
    }

    private enum Empty {
        static var value: OTAResponse { OTAResponse() }
    }

    private init() {}
}
