import ChildProcess
import Foundation
import HotelSOAP
import HotelTestSupport
import Testing

/// Issue 32 point 4 across replicas: a change committed through psql reaches every replica
/// and the balancer within a second; no replica confirms an old ETag, and an OpenTravel token
/// one replica issued before the change is refused by the other.
extension ClusterTests {
    @Test("a price changed through psql: every replica answers it within 1 s, with a new ETag; older OTA tokens refused")
    func liveChangeReachesEveryReplica() async throws {
        try await Self.withCluster { cluster in try await Self.checkLiveChange(cluster) }
    }

    /// `psql URL -c SQL` on the cluster's database, with the password the script keeps.
    static func psql(_ cluster: Cluster, _ sql: String) async throws {
        let line = try #require(cluster.process.stderr.split(separator: "\n").first { $0.hasPrefix("cluster: seeding") })
        let words = line.split(separator: " ")
        let url = try #require(words.first { $0.hasPrefix("postgres://") })
        let passwordFile = try #require(words.last?.dropLast()).description
        let password = try String(contentsOfFile: passwordFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let result = try await ChildProcess.run(
            ["/usr/bin/psql", String(url), "-qAt", "-v", "ON_ERROR_STOP=1", "-c", sql], environment: ["PGPASSWORD": password])
        try #require(result.status == 0, "psql: \(result.stderr)")
    }

    static func checkLiveChange(_ cluster: Cluster) async throws {
        let detail = try HotelSearchDialect().detailRequest(hotelID: "H0000001", version: .v11)
        let soapHeaders = ["Content-Type: text/xml; charset=utf-8", "SOAPAction: \"\(detail.action ?? "")\""]
        let replicas = cluster.replicas.map(\.url)
        let before = try await replicas.asyncMap { try await CurlExchange.run($0 + "/soap", body: detail.body, headers: soapHeaders) }
        #expect(before.allSatisfy { $0.status == 200 && !$0.body.contains("12345.00") })
        #expect(Set(before.map(\.etag)).count == 1, "\(before.map(\.etag))")
        let otaXML = """
            <?xml version="1.0" encoding="UTF-8"?>
            <s:Envelope xmlns:s="\(SOAPVersion.v11.envelopeNamespace)"><s:Body>\
            <OTA_HotelAvailRQ xmlns="\(OTA.namespace)" Version="1.0" MaxResponses="5">\
            <AvailRequestSegments><AvailRequestSegment %@/></AvailRequestSegments></OTA_HotelAvailRQ></s:Body></s:Envelope>
            """
        func ota(_ url: String, token: String?) async throws -> CurlExchange {
            let xml = otaXML.replacingOccurrences(of: "%@", with: token.map { "MoreDataEchoToken=\"\($0)\"" } ?? "")
            return try await CurlExchange.run(url + "/ota", body: Array(xml.utf8), headers: ["Content-Type: text/xml; charset=utf-8"])
        }
        let token = try #require(try await ota(replicas[0], token: nil).attribute("MoreIndicator"))
        #expect(!(try await ota(replicas[1], token: token).body.contains("<Errors")))

        try await psql(cluster, "UPDATE hotels SET price = '12345.00', price_usd = 12345 WHERE hotel_id = 'H0000001'")
        let committed = ContinuousClock.now
        for url in replicas + [cluster.balancer] {
            let (took, after) = try await firstNewAnswer(since: committed) {
                try await CurlExchange.run(url + "/soap", body: detail.body, headers: soapHeaders)
            } isNew: {
                $0.body.contains("12345")
            }
            print("cluster: \(url) served the new price to a request sent \(took.map { "\($0)" } ?? "over 1 s") after the commit")
            #expect(
                took != nil && after.body.contains("12345"), "\(url): a request sent over 1 s after the commit was answered from before it")
            let old = try await CurlExchange.run(
                url + "/soap", body: detail.body, headers: soapHeaders + ["If-None-Match: \(before[0].etag)"])
            #expect(old.status == 200 && old.etag != before[0].etag, "\(url): \(old.status) \(old.etag)")
        }
        // Every replica polls catalog_version every 100 ms: the other one refuses the token.
        let (refusedAfter, stale) = try await firstNewAnswer(since: committed) {
            try await ota(replicas[1], token: token)
        } isNew: {
            $0.body.contains("the catalog changed")
        }
        #expect(refusedAfter != nil && stale.body.contains("Code=\"450\""), "\(stale.body.prefix(600))")
    }
}
