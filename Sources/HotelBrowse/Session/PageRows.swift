import HotelSOAP

/// The rows of one answer as they stream in, up to `limit`; what a service sends past it is
/// counted and left out.
final class PageRows: @unchecked Sendable {
    /// The most rows one answer may bring, whatever was asked: about a megabyte of hotels.
    static let maxPerAnswer = 1_000
    let limit: Int
    private(set) var hotels: [HotelInfo] = []
    private(set) var leftOut = 0

    init(limit: Int) { self.limit = limit }

    func take(_ hotel: HotelInfo) {
        if hotels.count < limit { hotels.append(hotel) } else { leftOut += 1 }
    }

    /// What to tell the user when rows were left out.
    var notice: String? {
        leftOut == 0 ? nil : "the service sent \(limit + leftOut) rows in one answer; the first \(limit) are shown"
    }
}
