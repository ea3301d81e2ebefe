import Foundation
import HotelClient
import HotelSOAP
import Logging

/// Servers over different stores must answer alike before their speeds are compared: a
/// store that answered less would look faster.
enum SameAnswers {
    /// The first page of each query and each hotel by id, from every URL, compared with the
    /// first URL's: the same total, the same ids in the same order.
    static func check(urls: [String], queries: [HotelQuery], ids: [String]) async throws {
        let quiet = Logger(label: "hotels-bench") { _ in SwiftLogNoOpLogHandler() }
        var answers: [[String]] = []
        for url in urls {
            let configuration = HotelSearchClient.Configuration(endpoint: URL(string: url + "/soap")!, timeout: 30, retries: 0)
            let lines = try await HotelSearchClient.with(configuration, logger: quiet) { client in
                var lines: [String] = []
                for query in queries {
                    let page = try await client.searchPage(query, page: .first(size: query.limit ?? 50))
                    lines.append("\(query): \(page.totalCount ?? -1) \(page.hotels.map(\.id))")
                }
                for id in ids {
                    // Logo URLs name the server asked, which differs by design.
                    var hotel = try await client.hotel(id: id).hotel
                    hotel.logoURL = nil
                    lines.append("\(id): \(hotel)")
                }
                return lines
            }
            answers.append(lines)
        }
        for (url, lines) in zip(urls, answers).dropFirst() {
            if let (ours, theirs) = zip(lines, answers[0]).first(where: { $0 != $1 }) {
                throw BenchError("\(url) answers differently from \(urls[0]):\n  \(ours)\n  \(theirs)")
            }
        }
    }
}
