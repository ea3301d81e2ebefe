import ChildProcess
import Foundation
import HotelSOAP
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `Scripts/ota_server.php` under PHP's built-in web server: an OpenTravel partner that is
/// not us. PHP's SoapServer, loaded with our `WSDL/OTAHotelAvail.wsdl`, serializes its
/// answers from PHP arrays, so prefixes, layout and escaping are PHP's, not ours.
final class PHPOTAServer: Sendable {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Scripts/ota_server.php").path

    /// One hotel of the script's fixed list.
    struct Hotel: Sendable {
        let code: String
        let name: String
        let city: String
        /// The city's IATA code, what `HotelRef@HotelCityCode` takes.
        let cityCode: String
        let country: String
        let stars: Int
        /// Nightly rates in cents, by room type.
        let rates: [String: Int]
    }

    let process: ChildProcess
    let port: Int
    /// `http://127.0.0.1:PORT/ota`.
    var endpoint: String { "http://127.0.0.1:\(port)/ota" }

    private init(process: ChildProcess, port: Int) {
        self.process = process
        self.port = port
    }

    /// Starts the server on a free port. A machine without PHP's soap extension fails the
    /// test here, naming the script that installs it: a test installs nothing.
    static func start() async throws -> PHPOTAServer {
        try await requirePHP()
        let process = try ChildProcess(["php", "-S", "127.0.0.1:0", script], stdout: .capture, stderr: .capture)
        // The built-in server names its port only on standard error, once it listens.
        let deadline = Date().addingTimeInterval(20)
        while true {
            if let match = process.stderr.firstMatch(of: /Development Server \(http:\/\/127\.0\.0\.1:(\d+)\) started/),
                let port = Int(match.1)
            {
                return PHPOTAServer(process: process, port: port)
            }
            if let ended = process.poll() { throw SpawnError("php -S \(ended) before listening: \(process.stderr)") }
            guard Date() < deadline else { throw SpawnError("php -S did not say its port within 20 s: \(process.stderr)") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    static func requirePHP() async throws {
        // No php at all fails here too, with the same advice.
        let check = try? await ChildProcess.run(["php", "-r", #"exit(class_exists("SoapServer") ? 0 : 1);"#])
        let detail = check.map { String($0.stderr.prefix(300)) } ?? "no php on PATH"
        try #require(check?.status == 0, "PHP with the soap extension is missing: run scripts/setup-test-deps (\(detail))")
    }

    /// The script's hotels, in the order it answers them.
    static func hotels() async throws -> [Hotel] {
        try await requirePHP()
        let dump = try await ChildProcess.run(["php", script])
        try #require(dump.status == 0, "php ota_server.php: \(dump.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [[String: Any]])
        return try rows.map { row in
            try Hotel(
                code: #require(row["code"] as? String), name: #require(row["name"] as? String), city: #require(row["city"] as? String),
                cityCode: #require(row["cityCode"] as? String), country: #require(row["country"] as? String),
                stars: #require(row["stars"] as? Int), rates: #require(row["rates"] as? [String: Int]))
        }
    }

    /// POSTs an `OTA_HotelAvailRQ` envelope and returns the status, Content-Type and body.
    func post(_ envelope: String, version: SOAPVersion) async throws -> (status: Int, contentType: String, body: Data) {
        var request = URLRequest(url: URL(string: endpoint)!)
        request.httpMethod = "POST"
        request.httpBody = Data(envelope.utf8)
        request.setValue(version.contentType(action: nil), forHTTPHeaderField: "Content-Type")
        if version == .v11 { request.setValue("\"\(OTA.namespace)/\(OTA.availRequest)\"", forHTTPHeaderField: "SOAPAction") }
        let (body, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, http.value(forHTTPHeaderField: "Content-Type") ?? "", body)
    }

    /// An `OTA_HotelAvailRQ` in a SOAP envelope.
    static func request(
        _ version: SOAPVersion, maxResponses: Int? = nil, cityCode: String? = nil, stay: (start: String, end: String)? = nil,
        rooms: Int? = nil
    ) -> String {
        let max = maxResponses.map { " MaxResponses=\"\($0)\"" } ?? ""
        let criteria = cityCode.map {
            "<HotelSearchCriteria><Criterion><HotelRef HotelCityCode=\"\($0)\"/></Criterion></HotelSearchCriteria>"
        }
        let dates = stay.map { "<StayDateRange Start=\"\($0.start)\" End=\"\($0.end)\"/>" }
        let candidates = rooms.map {
            "<RoomStayCandidates><RoomStayCandidate Quantity=\"\($0)\"><GuestCounts><GuestCount AgeQualifyingCode=\"10\" Count=\"1\"/>"
                + "</GuestCounts></RoomStayCandidate></RoomStayCandidates>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <s:Envelope xmlns:s="\(version.envelopeNamespace)"><s:Body>\
            <OTA_HotelAvailRQ xmlns="\(OTA.namespace)" Version="1.0"\(max)><AvailRequestSegments><AvailRequestSegment>\
            \(criteria ?? "")\(dates ?? "")\(candidates ?? "")\
            </AvailRequestSegment></AvailRequestSegments></OTA_HotelAvailRQ></s:Body></s:Envelope>
            """
    }
}
