/// One page of a `SearchHotels` result.
///
/// `totalCount` is the size of the whole result; `offset` is where this page starts in it.
/// Paging is random access, so `offset` can be anything below `totalCount`.
public struct SearchPage: Sendable, Equatable {
    public var totalCount: Int
    public var offset: Int
    /// Empty when the parser handed hotels out one by one instead of collecting them.
    public var hotels: [HotelInfo]

    public init(totalCount: Int, offset: Int, hotels: [HotelInfo]) {
        self.totalCount = totalCount
        self.offset = offset
        self.hotels = hotels
    }
}

/// The answer to `GetHotel`: the hotel plus its long description and pictures.
public struct HotelDetail: Sendable, Equatable {
    public var hotel: HotelInfo
    public var description: String
    public var imageURLs: [String]

    public init(hotel: HotelInfo, description: String, imageURLs: [String] = []) {
        self.hotel = hotel
        self.description = description
        self.imageURLs = imageURLs
    }
}
