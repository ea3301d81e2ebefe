import HotelSOAP
import TerminalTable

/// A column of the browse table, named so hiding, scrolling and sorting can refer to it
/// whatever else is shown.
///
/// The sortable columns are those the service can sort by (`SortOrder`): Name, Stars,
/// Price and, near a point, Distance. City is not: the contract has no order by city.
///
/// ```swift
/// HotelColumn.stars.tableColumn.title   // "Stars"
/// HotelColumn.price.sortOrder           // .price
/// ```
enum HotelColumn: String, Sendable, CaseIterable, Hashable {
    case logo, name, city, stars, price, distance

    var tableColumn: TableColumn {
        switch self {
        case .logo: TableColumn("Logo", width: .fixed(BrowseSession.logoColumns))
        case .name: TableColumn("Name", width: .flexible(min: 12, weight: 3))
        case .city: TableColumn("City", width: .flexible(min: 8, weight: 1))
        case .stars: TableColumn("Stars", width: .fixed(7))  // room for "Stars ▼"
        case .price: TableColumn("Price", width: .fixed(14), alignment: .right)
        case .distance: TableColumn("Distance", width: .fixed(10), alignment: .right)  // and "Distance ▲"
        }
    }

    var title: String { tableColumn.title }

    /// The service's order for this column, if it has one.
    var sortOrder: HotelSOAP.SortOrder? {
        switch self {
        case .name: .name
        case .stars: .stars
        case .price: .price
        case .distance: .distance
        case .logo, .city: nil
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

    /// The columns a table has, in order.
    static func all(showsLogos: Bool, showsDistance: Bool) -> [HotelColumn] {
        allCases.filter { ($0 != .logo || showsLogos) && ($0 != .distance || showsDistance) }
    }
}
