import Foundation
import HotelSOAP
import Testing

@testable import HotelCatalogs
@testable import HotelSeeder
@testable import HotelServer

/// Paging by `MoreIndicator` + `MoreDataEchoToken`: every hotel once, tokens tamper-evident.
extension OTAEndpointTests {
    @Test("HotelCodes page with tokens too, and the other criteria still filter them")
    func hotelCodePaging() async throws {
        let catalog = try TestCatalog.open()
        let hotels = try await catalog.search(HotelQuery(sortBy: .price, limit: 5)).hotels
        try await TestServer.with(catalog: catalog) { server in
            let refs = hotels.map { "<HotelRef HotelCode=\"\($0.id)\"/>" }.joined()
            let first = try await server.ota(criterion: refs, root: "MaxResponses=\"3\"")
            #expect(first.hotelCodes == hotels.prefix(3).map(\.id))
            let token = try #require(first.moreIndicator)
            let second = try await server.ota(
                criterion: refs, root: "MaxResponses=\"3\"", segmentAttributes: "MoreDataEchoToken=\"\(token)\"")
            #expect(second.hotelCodes == hotels.suffix(2).map(\.id) && second.moreIndicator == nil)
            let stars = hotels.map(\.stars).max() ?? 5
            let filtered = try await server.ota(criterion: refs + "<Award Rating=\"\(stars)\"/>")
            #expect(filtered.hotelCodes == hotels.filter { $0.stars >= stars }.map(\.id))
        }
    }

    // MARK: Paging

    @Test("Following MoreIndicator with MoreDataEchoToken returns every hotel exactly once")
    func pagingWalk() async throws {
        let catalog = try TestCatalog.open()
        try await TestServer.with(catalog: catalog) { server in
            var token: String?
            var codes: [String] = []
            var pages = 0
            repeat {
                let segmentAttributes = token.map { "MoreDataEchoToken=\"\($0)\"" } ?? ""
                let rs = try await server.ota(root: "MaxResponses=\"250\"", segmentAttributes: segmentAttributes)
                #expect(rs.hotelCodes.count <= 250)
                codes += rs.hotelCodes
                #expect(rs.moreIndicator == rs.moreDataEchoToken)
                token = rs.moreIndicator
                pages += 1
            } while token != nil && pages < 20
            #expect(pages == (TestCatalog.count + 249) / 250)
            #expect(codes.count == TestCatalog.count && Set(codes).count == TestCatalog.count)
        }
    }

    @Test("A tampered, foreign or other search's token is Errors Type 3, not a fault")
    func tamperedToken() async throws {
        try await TestServer.with { server in
            let first = try await server.ota(root: "MaxResponses=\"10\"")
            let token = try #require(first.moreIndicator)
            #expect(token.count <= 128)
            // Stable: the same request gets the same token.
            #expect(try await server.ota(root: "MaxResponses=\"10\"").moreIndicator == token)
            var bytes = Array(token)
            bytes[5] = bytes[5] == "A" ? "B" : "A"
            let tampered = String(bytes)
            for bad in [tampered, "not-a-token", OTAPageToken().make(offset: 10, criteria: "x", catalogVersion: 0)] {
                let rs = try await server.ota(root: "MaxResponses=\"10\"", segmentAttributes: "MoreDataEchoToken=\"\(bad)\"")
                #expect(rs.errors.map(\.code) == ["320"] && rs.errors.first?.type == "3", "\(bad)")
            }
            // The token of one search does not page another.
            let other = try await server.ota(
                criterion: "<Award Rating=\"3\"/>", root: "MaxResponses=\"10\"", segmentAttributes: "MoreDataEchoToken=\"\(token)\"")
            #expect(other.errors.map(\.code) == ["320"])
            #expect(other.errors.first?.text.contains("other criteria") == true)
        }
    }

    // MARK: Errors, warnings, faults
}
