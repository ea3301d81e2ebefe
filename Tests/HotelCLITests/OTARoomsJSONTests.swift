import Foundation
import Testing

/// `hotels search --format json` over OpenTravel lists every room and rate of each hotel,
/// as `hotels parse` does for a saved response; our own contract's lines stay as they were.
@Suite("hotels search --dialect ota --format json: rooms")
struct OTARoomsJSONTests {
    static func lines(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test("each hotel's rooms are its room types by the server's rule, the row's price the cheapest of them")
    func roomsFromTheServer() async throws {
        let server = try await LiveServer.shared()
        let result = try await HotelsBinary.run([
            "search", "--endpoint", server.url + "/ota", "--dialect", "ota", "--city", "Seoul", "--limit", "30", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let hotels = try Self.lines(result.stdout)
        #expect(hotels.count == 30)
        for hotel in hotels {
            let rooms = try #require(hotel["rooms"] as? [[String: Any]], "\(hotel)")
            let stars = try #require(hotel["stars"] as? Int)
            // OTAPricing: 0–2 stars sell STD, 3 stars STD and SUP, 4–5 stars STD, SUP and STE.
            let types = ["STD", "SUP", "STE"].prefix(stars <= 2 ? 1 : stars == 3 ? 2 : 3)
            #expect(rooms.compactMap { $0["room_type"] as? String } == Array(types), "\(hotel)")
            #expect(rooms.allSatisfy { $0["rate_plan"] as? String == "BAR" && $0["taxes_included"] as? Bool == true })
            #expect(rooms.allSatisfy { $0["currency"] as? String == hotel["currency"] as? String })
            let prices = rooms.compactMap { ($0["price"] as? String).flatMap { Decimal(string: $0) } }
            #expect(prices.count == rooms.count)
            #expect(prices.min() == (hotel["price"] as? String).flatMap { Decimal(string: $0) }, "\(hotel)")
        }
    }

    @Test("the same search on our contract: no rooms in any line")
    func noRoomsInOurContract() async throws {
        let server = try await LiveServer.shared()
        let result = try await HotelsBinary.run([
            "search", "--endpoint", server.endpoint, "--city", "Seoul", "--limit", "30", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let hotels = try Self.lines(result.stdout)
        #expect(hotels.count == 30)
        #expect(hotels.allSatisfy { $0["rooms"] == nil })
    }
}
