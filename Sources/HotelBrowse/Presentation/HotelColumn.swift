import Foundation
import HotelSOAP
import TerminalTable

/// A column of a hotel table: its title, how wide it may be, how its cells line up, and
/// what a hotel shows in it. One model for both tables that show hotels, so the two cannot
/// drift apart: the browse table (`HotelRows`) and the printed one of
/// `hotels search --format table` (the command line's row writer). Where they differ, the
/// difference is data here, per `Table`: which columns each shows, the printed table's
/// capital titles, where Stars line up, and what gives way when the printed table is too
/// wide.
///
/// Named so hiding, scrolling and sorting can refer to a column whatever else is shown.
/// The sortable columns are those the service can sort by (`SortOrder`): Name, Stars,
/// Price and, near a point, Distance. City is not: the contract has no order by city.
///
/// ```swift
/// HotelColumn.stars.tableColumn.title                        // "Stars"
/// HotelColumn.price.sortOrder                                // .price
/// HotelColumn.columns(of: .printed, showsDistance: false)    // [.id, .name, .city, .country, .stars, .price]
/// HotelColumn.price.text(for: hotel)                         // "1,234.50 USD"
/// ```
package enum HotelColumn: String, Sendable, CaseIterable, Hashable {
    case logo, id, name, city, country, stars, price, distance

    /// The tables that show hotels.
    package enum Table: Sendable {
        /// The interactive table of `hotels browse` and `hotels demo`.
        case browse
        /// The plain text table of `--format table`, sized to its cells.
        case printed
    }

    /// The columns `table` shows, in order: a logo only when logos are drawn (browse), a
    /// distance only near a point.
    package static func columns(of table: Table, showsLogos: Bool = false, showsDistance: Bool) -> [HotelColumn] {
        let all: [HotelColumn] =
            switch table {
            case .browse: [.logo, .name, .city, .stars, .price, .distance]
            case .printed: [.id, .name, .city, .country, .stars, .price, .distance]
            }
        return all.filter { ($0 != .logo || showsLogos) && ($0 != .distance || showsDistance) }
    }

    /// The title as the browse table shows it; the printed table's are in capitals (`title(in:)`).
    package var title: String {
        switch self {
        case .logo: "Logo"
        case .id: "ID"
        case .name: "Name"
        case .city: "City"
        case .country: "Country"
        case .stars: "Stars"
        case .price: "Price"
        case .distance: "Distance"
        }
    }

    package func title(in table: Table) -> String {
        table == .printed ? title.uppercased() : title
    }

    /// Fixed columns hold a picture or a number and are never narrowed (a cut number would
    /// mislead); flexible ones share the room left and give way down to their minimum. The
    /// browse table lays them out by this; the printed one sizes each column to its widest
    /// cell and narrows only flexible ones, to the same minimums (`printedGivesWay`).
    package var width: TableColumn.Width {
        switch self {
        case .logo: .fixed(BrowseSession.logoColumns)
        case .id: .flexible(min: 8, weight: 1)
        case .name: .flexible(min: 12, weight: 3)
        case .city: .flexible(min: 8, weight: 1)
        case .country: .flexible(min: 2, weight: 1)
        case .stars: .fixed(7)  // room for "Stars ▼"
        case .price: .fixed(14)
        case .distance: .fixed(10)  // and "Distance ▲"
        }
    }

    /// The narrowest a flexible column gets; nil for a fixed one.
    package var minimumWidth: Int? {
        switch width {
        case .flexible(let minimum, _): minimum
        case .fixed: nil
        }
    }

    /// The printed table's columns that give way, first to last, when it is wider than the
    /// terminal: the name, then the city, then the id, then the country.
    package static let printedGivesWay: [HotelColumn] = [.name, .city, .id, .country]

    /// Amounts and distances line up on the right. Stars too in the printed table, beside
    /// the price; the browse table keeps them under their title, whose sort arrow fills
    /// the column.
    package func alignment(in table: Table) -> TextAlignment {
        switch self {
        case .price, .distance: .right
        case .stars: table == .printed ? .right : .left
        case .logo, .id, .name, .city, .country: .left
        }
    }

    /// The column as the browse table lays it out.
    var tableColumn: TableColumn {
        TableColumn(title, width: width, alignment: alignment(in: .browse))
    }

    /// What `hotel` shows in this column, unsanitized (each table sanitizes what it draws);
    /// empty for the logo, which is a picture (`HotelRows`).
    package func text(for hotel: HotelInfo) -> String {
        switch self {
        case .logo: ""
        case .id: hotel.id
        case .name: hotel.name
        case .city: hotel.city
        case .country: hotel.country
        // At most five: an OpenTravel rating may be anything, and a table cell is not the place to say so.
        case .stars: String(repeating: "★", count: max(0, min(5, hotel.stars)))
        case .price: PriceText.table(hotel.price)
        case .distance: hotel.distanceKm.map(Self.distanceText) ?? ""
        }
    }

    /// `3.25 km` near, `12.5 km` farther: two decimals only where they matter.
    package static func distanceText(_ km: Double) -> String {
        km < 10 ? String(format: "%.2f km", km) : String(format: "%.1f km", km)
    }

    /// The service's order for this column, if it has one.
    var sortOrder: HotelSOAP.SortOrder? {
        switch self {
        case .name: .name
        case .stars: .stars
        case .price: .price
        case .distance: .distance
        case .logo, .id, .city, .country: nil
        }
    }

    /// The column that shows `order`'s key; relevance has none.
    init?(sortOrder: HotelSOAP.SortOrder) {
        guard let column = Self.allCases.first(where: { $0.sortOrder == sortOrder }) else { return nil }
        self = column
    }

    /// Whether the service's order for this column puts the smallest value first: names
    /// A to Z, cheapest, nearest; stars go most first. Drawn as ▲ (ascending) or ▼.
    var sortsAscending: Bool { self != .stars }
}
