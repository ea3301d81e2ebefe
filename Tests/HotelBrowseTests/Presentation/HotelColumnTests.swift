import Foundation
import HotelSOAP
import TerminalTable
import Testing

@testable import HotelBrowse

/// The one column model as each table reads it. The end-to-end tests pin the bytes both
/// tables print; these say which rule of the model changed when they break.
@Suite("HotelColumn: one model for the browse and the printed table")
struct HotelColumnTests {
    static let hotel = HotelInfo(
        id: "H0000042", name: "Grand Hôtel", address: "1 Rue de Rivoli", city: "Paris", country: "FR",
        latitude: 48.86, longitude: 2.35, stars: 4, price: Money(Decimal(string: "1234.5")!, "EUR"), distanceKm: 3.14159)

    @Test("browse: Logo, Name, City, Stars, Price, Distance, laid out as before")
    func browseColumns() {
        let columns = HotelColumn.columns(of: .browse, showsLogos: true, showsDistance: true)
        #expect(columns == [.logo, .name, .city, .stars, .price, .distance])
        #expect(
            columns.map(\.tableColumn) == [
                TableColumn("Logo", width: .fixed(4)),
                TableColumn("Name", width: .flexible(min: 12, weight: 3)),
                TableColumn("City", width: .flexible(min: 8, weight: 1)),
                TableColumn("Stars", width: .fixed(7)),
                TableColumn("Price", width: .fixed(14), alignment: .right),
                TableColumn("Distance", width: .fixed(10), alignment: .right),
            ])
        #expect(HotelColumn.columns(of: .browse, showsLogos: false, showsDistance: false) == [.name, .city, .stars, .price])
    }

    @Test("printed: capital titles, numbers on the right, DISTANCE only near a point")
    func printedColumns() {
        let columns = HotelColumn.columns(of: .printed, showsDistance: true)
        #expect(columns.map { $0.title(in: .printed) } == ["ID", "NAME", "CITY", "COUNTRY", "STARS", "PRICE", "DISTANCE"])
        #expect(columns.indices.filter { columns[$0].alignment(in: .printed) == .right } == [4, 5, 6])
        #expect(HotelColumn.columns(of: .printed, showsDistance: false).last == .price)
    }

    @Test("printed: the name gives way first, then the city, the id and the country, each to its minimum")
    func printedGivesWay() {
        #expect(HotelColumn.printedGivesWay.map(\.minimumWidth) == [12, 8, 8, 2])
        let fixed = HotelColumn.allCases.filter { $0.minimumWidth == nil }
        #expect(fixed == [.logo, .stars, .price, .distance], "a cut number would mislead")
    }

    @Test("a hotel's text in each column, the same for both tables")
    func text() {
        let texts = HotelColumn.columns(of: .printed, showsDistance: true).map { $0.text(for: Self.hotel) }
        #expect(texts == ["H0000042", "Grand Hôtel", "Paris", "FR", "★★★★", "1,234.50 EUR", "3.14 km"])
        #expect(HotelColumn.logo.text(for: Self.hotel).isEmpty)
        var far = Self.hotel
        far.distanceKm = 12.345
        #expect(HotelColumn.distance.text(for: far) == "12.3 km")
        far.distanceKm = nil
        #expect(HotelColumn.distance.text(for: far).isEmpty)
    }

    @Test(
        "stars: at most five, none below zero, whatever rating a partner sends",
        arguments: [(-1, ""), (0, ""), (5, "★★★★★"), (7, "★★★★★")])
    func stars(rating: Int, shown: String) {
        var hotel = Self.hotel
        hotel.stars = rating
        #expect(HotelColumn.stars.text(for: hotel) == shown)
    }

    @Test("each sortable column is found from its order; relevance and city have none")
    func sortOrders() {
        for column in HotelColumn.allCases {
            if let order = column.sortOrder { #expect(HotelColumn(sortOrder: order) == column) }
        }
        #expect(HotelColumn(sortOrder: .relevance) == nil)
        #expect(HotelColumn.city.sortOrder == nil && !HotelColumn.stars.sortsAscending && HotelColumn.price.sortsAscending)
    }
}
