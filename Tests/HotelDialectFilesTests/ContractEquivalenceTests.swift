import Foundation
import HotelDialectFiles
import HotelSOAP
import Testing

/// Our own contract written as a dialect file (Fixtures/hotel-search.yaml) reads every
/// saved sample exactly as the built-in `HotelSearchDialect` does: the same models, the
/// same price text (what CSV prints), the same paging, the same refusals.
@Suite("Dialect files: our contract as a file")
struct ContractEquivalenceTests {
    static let file = Repo.fixtures.appendingPathComponent("hotel-search.yaml").path

    static var samples: [String] {
        let dir = Repo.root.appendingPathComponent("Samples/responses")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { ($0.hasPrefix("search-") || $0.hasPrefix("gethotel-")) && $0.hasSuffix(".xml") }.sorted()
    }

    @Test("there are samples to compare")
    func enough() {
        #expect(Self.samples.count >= 15)
    }

    @Test("the same hotels, price text and page as the built-in reader", arguments: samples)
    func sameAsBuiltIn(_ sample: String) throws {
        let dialect = try DialectFile.load(contentsOf: Self.file)
        let bytes = try Repo.sample("responses/\(sample)")
        let builtIn = Result { try read(HotelSearchDialect(), bytes) }
        let mine = Result { try read(dialect, bytes) }
        switch (builtIn, mine) {
        case (.success(let expected), .success(let actual)):
            #expect(actual.hotels == expected.hotels)
            #expect(actual.hotels.map(\.price.amountText) == expected.hotels.map(\.price.amountText))
            #expect(actual.hotels.map(\.price.currency) == expected.hotels.map(\.price.currency))
            switch (expected.response, actual.response) {
            case (.page(let a), .page(let b)):
                #expect(a.count == b.count && a.totalCount == b.totalCount && a.next == b.next)
            case (.detail(let a), .detail(let b)):
                #expect(a.hotel == b.hotel && a.description == b.description)
            default:
                Issue.record("different kinds of response: \(expected.response) and \(actual.response)")
            }
        case (.failure, .failure):
            break
        case (.success, .failure(let error)):
            Issue.record("the built-in reader read it, the dialect file refused it: \(error)")
        case (.failure(let error), .success):
            Issue.record("the dialect file read what the built-in reader refused: \(error)")
        }
    }

    @Test("2,000 hotels written by our own response writer: the same rows and next page")
    func generated() throws {
        let dialect = try DialectFile.load(contentsOf: Self.file)
        var writer = SOAPResponseWriter(version: .v11)
        writer.beginSearchResults(totalCount: 5000, offset: 100)
        var bytes = writer.takeBytes()
        for i in 0..<2000 {
            let hotel = HotelInfo(
                id: "H\(i)", name: "Hotel <\(i)> & \"Co\"", address: "Street \(i)", city: ["Zürich", "서울", "Kyoto"][i % 3], country: "CH",
                latitude: Double(i % 90) / 3, longitude: -Double(i % 180) / 7, stars: i % 6,
                price: Money(parsing: "\(i).\(i % 100 < 10 ? "0" : "")\(i % 100)", "EUR")!, distanceKm: i % 2 == 0 ? Double(i) / 10 : nil,
                logoURL: "http://x/\(i).png", phone: i % 4 == 0 ? nil : "+1 \(i)", amenities: i % 3 == 0 ? [] : ["wifi", "pool"])
            try writer.append(hotel)
            bytes += writer.takeBytes()
        }
        bytes += writer.finishSearchResults()
        let expected = try read(HotelSearchDialect(), bytes)
        let actual = try read(dialect, bytes)
        #expect(actual.hotels == expected.hotels)
        #expect(actual.hotels.map(\.price.amountText) == expected.hotels.map(\.price.amountText))
        #expect(try actual.response.page().next == .offset(2100))
        #expect(try actual.response.page().totalCount == 5000)
    }
}
