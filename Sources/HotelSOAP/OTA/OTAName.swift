/// The element and attribute names of `OTA_HotelAvailRS` that `OTAAvailResponseBuilder`
/// reads, as small integers: a `NameCache<OTAName>` maps libxml2's interned names to them
/// (elements and attributes share libxml2's dictionary), so the reader compares bytes, not
/// strings. The cases are spelt as the names are.
// swift-format-ignore: AlwaysUseLowerCamelCase
enum OTAName: UInt8, InternedName {
    case unknown
    // Elements
    case Success, Warnings, Warning, Errors, Error, RoomStays, RoomStay
    case RoomTypes, RoomType, RoomDescription, Text, RatePlans, RatePlan, RoomRates, RoomRate, Total
    case BasicPropertyInfo, Address, AddressLine, CityName, CountryName, Position, Award
    // Attributes
    case `Type`, Code, ShortText, MoreIndicator, MoreDataEchoToken
    case AmountAfterTax, AmountBeforeTax, CurrencyCode, DecimalPlaces
    case HotelCode, HotelName, Latitude, Longitude, Rating, RoomTypeCode, RatePlanCode, Name

    static let byText: [String: OTAName] = {
        var table: [String: OTAName] = [:]
        var raw: UInt8 = 1
        while let name = OTAName(rawValue: raw) {
            table["\(name)"] = name
            raw += 1
        }
        return table
    }()

    static func named(_ text: String) -> OTAName { byText[text] ?? .unknown }
}
