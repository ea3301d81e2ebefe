/// One room and rate a hotel is offered at: an OpenTravel `RoomRate` (or a `RoomStay`
/// without any), with its room type and rate plan. `HotelInfo.price` is the cheapest of a
/// hotel's offers; `HotelInfo.rooms` lists them all, in document order.
///
/// ```swift
/// let page = try OTAAvailResponseReader.read(bytes).page
/// for room in page.hotels[0].rooms {
///     print(room.roomTypeCode ?? "?", room.roomName ?? "", room.ratePlanCode ?? "", room.total)
///     // STD Standard room BAR 297.50 EUR
/// }
/// ```
public struct RoomOffer: Sendable, Hashable {
    /// `RoomType@RoomTypeCode` (or the rate's own), e.g. `STD`; nil when none was sent.
    public var roomTypeCode: String?
    /// The room type's `RoomDescription@Name` (or its `Text`), e.g. `Standard room`.
    public var roomName: String?
    /// `RatePlan@RatePlanCode` (or the rate's own), e.g. `BAR`.
    public var ratePlanCode: String?
    /// The price of the whole stay for this room and rate.
    public var total: Money
    /// Whether `total` includes taxes: true for `AmountAfterTax`, false when only
    /// `AmountBeforeTax` was sent.
    public var includesTaxes: Bool

    public init(roomTypeCode: String?, roomName: String?, ratePlanCode: String?, total: Money, includesTaxes: Bool) {
        self.roomTypeCode = roomTypeCode
        self.roomName = roomName
        self.ratePlanCode = ratePlanCode
        self.total = total
        self.includesTaxes = includesTaxes
    }
}
