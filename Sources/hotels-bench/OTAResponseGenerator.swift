import Foundation
import HotelSOAP

/// Writes an `OTA_HotelAvailRS` of `roomStays` `RoomStay`s as our server writes one
/// (`OTAAvailResponseWriter.success`, SOAP 1.1, one line): the hotels of `ResponseGenerator`
/// (names in eight scripts), each sold as two to four room types (three on average, so a
/// third as many hotels as room stays), amounts in minor units with `DecimalPlaces`
/// (0 for KRW and JPY), 2 nights for 2 adults, a child in every fifth stay, and a
/// continuation token on `RoomStays` and the last `RoomStay`.
enum OTAResponseGenerator {
    /// Code, name and price factor in percent of the catalog's nightly rate.
    static let roomTypes: [(code: String, name: String, percent: Int64)] = [
        ("STD", "Standard room", 100), ("SUP", "Superior room", 125), ("STE", "Suite", 180), ("DLX", "Deluxe room, sea view", 150),
    ]

    /// Returns the number of hotels written.
    @discardableResult
    static func write(roomStays: Int, to path: String) throws -> Int {
        let stays = stays(roomStays)
        let bytes = try OTAAvailResponseWriter.success(
            version: .v11, echoToken: "hotels-bench", timeStamp: "2026-11-25T15:00:00Z", warnings: [], stays: stays,
            more: "AQAAAAAAAAACB5t2kLZebzax0xaDU0AO9xOi4j7pxtD1cFU4vbXtzF5iAnh971sNvbDL5D62jPmA")
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { throw BenchError("cannot write \(path)") }
        return Set(stays.map(\.hotel.id)).count
    }

    static func stays(_ count: Int) -> [OTARoomStay] {
        let start = CalendarDate("2027-03-01")!
        let end = CalendarDate("2027-03-03")!
        var stays: [OTARoomStay] = []
        stays.reserveCapacity(count)
        var i = 0
        while stays.count < count {
            let hotel = ResponseGenerator.hotel(i)
            let places = hotel.price.minorUnits
            var base = hotel.price.amount
            for _ in 0..<places { base *= 10 }
            let nightly = Int64(truncating: base as NSDecimalNumber)
            for type in roomTypes.prefix(2 + i % 3) where stays.count < count {
                let rate = nightly * type.percent / 100
                stays.append(
                    OTARoomStay(
                        hotel: hotel, roomTypeCode: type.code, roomTypeName: type.name, nightlyMinor: rate, totalMinor: rate * 2,
                        currency: hotel.price.currency, decimalPlaces: places, start: start, end: end, nights: 2, adults: 2,
                        children: stays.count % 5 == 0 ? 1 : 0, rooms: 1))
            }
            i += 1
        }
        return stays
    }
}
