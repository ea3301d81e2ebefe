/// One `RoomStay` of an `OTA_HotelAvailRS`: a hotel, one of its room types, priced for the
/// stay. Amounts are integers in minor units with `decimalPlaces`, as OTA systems send them
/// (`AmountAfterTax="25800" DecimalPlaces="2"` is 258.00).
///
/// ```swift
/// let stay = OTARoomStay(hotel: hotel, roomTypeCode: "STD", roomTypeName: "Standard room",
///     nightlyMinor: 12900, totalMinor: 25800, currency: "EUR", decimalPlaces: 2,
///     start: CalendarDate("2026-12-01")!, end: CalendarDate("2026-12-03")!, adults: 2, children: 0, rooms: 1)
/// ```
public struct OTARoomStay: Sendable, Equatable {
    public var hotel: HotelInfo
    public var roomTypeCode: String
    public var roomTypeName: String
    /// One room for one night, for the guests asked for.
    public var nightlyMinor: Int64
    /// Every room for every night.
    public var totalMinor: Int64
    public var currency: String
    public var decimalPlaces: Int
    public var start: CalendarDate
    public var end: CalendarDate
    public var nights: Int
    public var adults: Int
    public var children: Int
    public var rooms: Int
    /// The hotel's IATA city code, written as `BasicPropertyInfo@HotelCityCode` when known.
    public var cityCode: String?

    public init(
        hotel: HotelInfo, roomTypeCode: String, roomTypeName: String, nightlyMinor: Int64, totalMinor: Int64, currency: String,
        decimalPlaces: Int, start: CalendarDate, end: CalendarDate, nights: Int = 1, adults: Int, children: Int, rooms: Int,
        cityCode: String? = nil
    ) {
        self.hotel = hotel
        self.roomTypeCode = roomTypeCode
        self.roomTypeName = roomTypeName
        self.nightlyMinor = nightlyMinor
        self.totalMinor = totalMinor
        self.currency = currency
        self.decimalPlaces = decimalPlaces
        self.start = start
        self.end = end
        self.nights = nights
        self.adults = adults
        self.children = children
        self.rooms = rooms
        self.cityCode = cityCode
    }
}
