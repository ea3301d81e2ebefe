import Foundation
import HotelXML

/// What the builder keeps while it reads: prices, rates, one `RoomStay`, one hotel.
extension OTAAvailResponseBuilder {
    /// A price as read, without a `Decimal` yet: making one (and its text) for every
    /// `Total` and comparing them cost more than the rest of a `RoomStay`. An integer
    /// amount stays in minor units until an offer or a hotel needs its `Money`; anything
    /// else (a point, an exponent, 19 digits) is read into a `Money` at once, the way it
    /// always was, and kept in a box (a class reference copies cheaply).
    struct Amount {
        var minor: Int
        var places: Int
        var written: Written?
        var currency: String
        /// `AmountAfterTax`, not only `AmountBeforeTax`.
        var includesTaxes: Bool

        final class Written {
            let money: Money
            init(_ money: Money) { self.money = money }
        }

        var money: Money {
            if let written { return written.money }
            let amount = DecimalText.minorUnits(minor, places: places)
            return Money(amount.value, currency, scale: places, text: amount.text)
        }

        /// Whether this is less than `other`, in the same currency.
        func isLess(than other: Amount) -> Bool {
            if written == nil, other.written == nil, places == other.places { return minor < other.minor }
            return money.amount < other.money.amount
        }
    }

    /// A `RoomRate`: its codes and its cheapest `Total`.
    struct Rate {
        var roomTypeCode: String?
        var ratePlanCode: String?
        var total: Amount?
    }

    /// What one `RoomStay` says about its hotel.
    struct Stay {
        /// Where its hotel is held, when an earlier `RoomStay` had the same `HotelCode`
        /// bytes: its `BasicPropertyInfo` was skipped.
        var heldAt: Int?
        var code: String?
        var name = ""
        /// The `AddressLine`s that are not blank, joined by ", " as they come (no array per hotel).
        var address = ""
        var city = ""
        var country = ""
        var latitude = 0.0
        var longitude = 0.0
        var stars = 0
        /// The `RoomStay`'s own `Total`.
        var total: Amount?
        /// The cheapest `RoomRate/Total`, used when the stay has no `Total` of its own.
        var rateTotal: Amount?
    }

    /// A hotel being read: the first `RoomStay`'s facts, the cheapest price, every offer.
    struct Hotel {
        var stay: Stay
        var price: Amount?
        var rooms: [RoomOffer]
    }

    /// Amounts that are not integers of at most 18 digits (a point, an exponent, more
    /// digits), read as they always were.
    static func slowMoney(_ text: String, currency: String, places: Int) -> Money? {
        guard places > 0, !text.contains("."), let minor = Decimal(string: text) else {
            return Money(parsing: text, currency)
        }
        return Money(Decimal(sign: minor.sign, exponent: -places, significand: minor.magnitude), currency, scale: places)
    }
}
