import ChildProcess
import Foundation
import HotelSOAP

/// `hotels search --all --format csv` over the served catalog on loopback, its standard
/// output a pipe read here: how fast rows come, and how soon the first one does.
enum EndToEndBench {
    struct Sample {
        var rows: Int
        var seconds: Double
        /// From spawning the client to the end of its first data row (after the header).
        var firstRow: Double
    }

    struct Result {
        var rows: Int
        var pageSize: Int
        var seconds: Double
        var firstRow: Double
        /// One curl process fetching the same pages into /dev/null over one connection
        /// (nil without curl), and the median of per-round ratios ours / curl.
        var curl: Double?
        var oursOverCurl: Double?
        var rowsPerSecond: Double { Double(rows) / seconds }
        var firstRowFraction: Double { firstRow / seconds }
    }

    static let pageSize = 500
    /// Goal: the whole search within 1.1 × curl's time to merely fetch its pages.
    static let goal = 1.1

    static func run(hotels: String, catalog: ServedCatalog, runs: Int, paths: BenchPaths) throws -> Result {
        let curlPath = ChildProcess.find("curl")
        let config = try curlPath.map { _ in try curlConfig(catalog: catalog, paths: paths) }
        var samples: [Sample] = []
        var curlTimes: [Double] = []
        var ratios: [Double] = []
        for round in 0...runs {
            let sample = try once(hotels: hotels, endpoint: catalog.endpoint)
            // Every row, or the rate means nothing.
            guard sample.rows == catalog.hotels else {
                throw BenchError("hotels search --all wrote \(sample.rows) rows, the catalog has \(catalog.hotels)")
            }
            let c = try curlPath.map { curl in try Measure.once { try Measure.run([curl, "--config", config!]) } }
            if round == 0 { continue }  // warm-up: the catalog's pages into the page cache
            samples.append(sample)
            if let c {
                curlTimes.append(c)
                ratios.append(sample.seconds / c)
            }
        }
        return Result(
            rows: catalog.hotels, pageSize: pageSize,
            seconds: Measure.median(samples.map(\.seconds)), firstRow: Measure.median(samples.map(\.firstRow)),
            curl: curlTimes.isEmpty ? nil : Measure.median(curlTimes), oursOverCurl: ratios.isEmpty ? nil : Measure.median(ratios))
    }

    /// A curl config that posts every page `hotels search --all` asks for, one after
    /// another (`next`), reusing one connection, each answer to /dev/null.
    static func curlConfig(catalog: ServedCatalog, paths: BenchPaths) throws -> String {
        let builder = SOAPRequestBuilder(version: .v11)
        var config = "silent\nshow-error\nfail\n"
        for (k, offset) in stride(from: 0, to: catalog.hotels, by: pageSize).enumerated() {
            let request = try builder.searchHotels(HotelQuery(offset: offset, limit: pageSize))
            let body = paths.file("curl-page-\(catalog.hotels)-\(offset).xml")
            try Data(request.body).write(to: URL(fileURLWithPath: body))
            if k > 0 { config += "next\n" }
            config += "url = \"\(catalog.endpoint)\"\n"
            for header in request.headers {
                config += "header = \"\(header.name): \(header.value.replacingOccurrences(of: "\"", with: "\\\""))\"\n"
            }
            config += "data-binary = \"@\(body)\"\noutput = \"/dev/null\"\n"
        }
        let path = paths.file("curl-pages-\(catalog.hotels).conf")
        try config.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// One run, counting lines as they arrive; a catalog's CSV has no newline inside a field.
    static func once(hotels: String, endpoint: String) throws -> Sample {
        // An empty response cache each run: every page goes over the network (and into the
        // cache, as for a user's first search), never a hit from the run before.
        let cacheHome = FileManager.default.temporaryDirectory.appendingPathComponent("bench-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cacheHome) }
        let t0 = Measure.now()
        let client = try ChildProcess(
            [hotels, "search", "--endpoint", endpoint, "--all", "--format", "csv", "--page-size", String(pageSize)],
            stdout: .pipe, environment: ["XDG_CACHE_HOME": cacheHome.path])
        var lines = 0
        var firstRow: Double?
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(client.stdoutPipe, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            for byte in buffer[0..<n] where byte == UInt8(ascii: "\n") { lines += 1 }
            if firstRow == nil, lines >= 2 { firstRow = Measure.now() - t0 }
        }
        try client.check()
        let seconds = Measure.now() - t0
        return Sample(rows: max(0, lines - 1), seconds: seconds, firstRow: firstRow ?? seconds)
    }
}

extension EndToEndBench.Result {
    var section: BenchmarkReport.Section {
        BenchmarkReport.Section(
            title: "End to end",
            intro: "`hotels search --endpoint URL/soap --all --format csv --page-size \(pageSize)` against `hotels serve` on loopback "
                + "(a seeded \(BenchFormat.count(Double(rows)))-hotel catalog), its output a pipe the harness reads; "
                + "client start-up included. Client and server share the machine's cores.",
            header: ["what", "median", "derived"],
            rows: [
                [
                    "all \(BenchFormat.count(Double(rows))) rows", BenchFormat.seconds(seconds),
                    "\(BenchFormat.count(rowsPerSecond)) rows/s",
                ],
                ["first row", BenchFormat.seconds(firstRow), "\(BenchFormat.percent(firstRowFraction)) of the total"],
            ]
                + (curl.map { curl in
                    [
                        [
                            "curl: the same \(rows / pageSize) requests into /dev/null, one connection", BenchFormat.seconds(curl),
                            oursOverCurl.map { "ours = \(BenchFormat.ratio($0)) curl" } ?? "",
                        ]
                    ]
                } ?? []),
            notes: [
                "A small first-row fraction means the rows stream: the first arrives long before the last page is fetched.",
                oursOverCurl.map {
                    String(
                        format: "Goal ours ≤ %.1f × curl: **%@** (%.2f ×, median of per-round ratios).", EndToEndBench.goal,
                        $0 <= EndToEndBench.goal ? "met" : "missed", $0)
                } ?? "curl is not installed: no comparison.",
            ])
    }
}
