import HotelSOAP

/// One hotel of an import, validated: the hotel as search would show it, what the optional
/// columns said (or that a file left them out), and where it came from.
///
/// ```swift
/// if case .hotel(let record) = row { print(record.hotel.name, record.hotel.price) }
/// ```
///
/// `hotel.price.amountText` is the price as the catalog stores it, in the currency's
/// decimals (`129.50`, `125000`), and `priceMinor` the same amount in minor units.
/// Coordinates are rounded to 6 decimals as the catalog stores them.
public struct InventoryRecord: Sendable {
    /// What a file said about the hotel's own logo.
    public enum Logo: Sendable, Equatable {
        /// No `logo` column: a stored hotel keeps its logo, a new one gets a monogram.
        case keep
        /// An empty `logo`: the monogram, drawn from the name.
        case monogram
        /// A monogram whose letters and colours the row's source chose: the seeder's, whose
        /// names in a non-Latin script take their letters from the English district and kind.
        case chosenMonogram(initials: String, seed: Int64)
        /// A logo file, decoded and encoded again as a PNG of at most
        /// ``HotelCatalogs/CatalogSchema/logoSide`` pixels a side.
        case image([UInt8])
    }

    /// `hotel.id` … `hotel.price`; `phone` and `amenities` count only when the file has
    /// their columns (``hasPhone``, ``hasAmenities``). `logoURL` and `distanceKm` are nil.
    public var hotel: HotelInfo
    /// `hotel.price` in minor units (cents, whole yen).
    public var priceMinor: Int64
    public var hasPhone: Bool
    public var hasAmenities: Bool
    /// nil when the file has no `description` column.
    public var description: String?
    public var logo: Logo
    /// The file and the line the row starts on.
    public var file: String
    public var line: Int

    public init(
        hotel: HotelInfo, priceMinor: Int64, hasPhone: Bool, hasAmenities: Bool, description: String?, logo: Logo, file: String,
        line: Int
    ) {
        self.hotel = hotel
        self.priceMinor = priceMinor
        self.hasPhone = hasPhone
        self.hasAmenities = hasAmenities
        self.description = description
        self.logo = logo
        self.file = file
        self.line = line
    }

    /// The monogram's letters (`logo_initials`): the chosen ones, else drawn from the name.
    var logoInitials: String {
        if case .chosenMonogram(let initials, _) = logo { return initials }
        return DerivedColumns.logoInitials(of: hotel.name)
    }

    /// The monogram's colours and shape (`logo_seed`): the chosen seed, else the HotelId's.
    var logoSeed: Int64 {
        if case .chosenMonogram(_, let seed) = logo { return seed }
        return DerivedColumns.logoSeed(of: hotel.id)
    }
}
