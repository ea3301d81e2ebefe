/// One page of a `SearchHotels` result.
///
/// `totalCount` is the size of the whole result; `offset` is where this page starts in it.
/// Paging is random access, so `offset` can be anything below `totalCount`.
public struct SearchPage: Sendable, Equatable {
    /// Matches of the whole query, before paging: `TotalCount`.
    public var totalCount: Int
    /// Hotels skipped before this page: the `Offset` the service applied.
    public var offset: Int
    /// Empty when the parser handed hotels out one by one instead of collecting them.
    public var hotels: [HotelInfo]

    /// A page of `hotels` starting at `offset` in a result of `totalCount`.
    public init(totalCount: Int, offset: Int, hotels: [HotelInfo]) {
        self.totalCount = totalCount
        self.offset = offset
        self.hotels = hotels
    }
}

/// The answer to `GetHotel`: the hotel plus its long description and pictures.
public struct HotelDetail: Sendable, Equatable {
    /// The hotel, with the same fields a search result carries.
    public var hotel: HotelInfo
    /// The long description, free text; empty when the response had none.
    public var description: String
    /// URLs of the hotel's pictures, in the order sent; may be empty.
    public var imageURLs: [String]

    /// The details of `hotel`, with no pictures unless given.
    public init(hotel: HotelInfo, description: String, imageURLs: [String] = []) {
        self.hotel = hotel
        self.description = description
        self.imageURLs = imageURLs
    }
}
