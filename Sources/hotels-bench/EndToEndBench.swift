import Foundation

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
        var rowsPerSecond: Double { Double(rows) / seconds }
        var firstRowFraction: Double { firstRow / seconds }
    }

    static let pageSize = 500

    static func run(hotels: String, catalog: ServedCatalog, runs: Int) throws -> Result {
        var samples: [Sample] = []
        for _ in 0..<runs {
            let sample = try once(hotels: hotels, endpoint: catalog.endpoint)
            // Every row, or the rate means nothing.
            guard sample.rows == catalog.hotels else {
                throw BenchError("hotels search --all wrote \(sample.rows) rows, the catalog has \(catalog.hotels)")
            }
            samples.append(sample)
        }
        return Result(
            rows: catalog.hotels, pageSize: pageSize,
            seconds: Measure.median(samples.map(\.seconds)), firstRow: Measure.median(samples.map(\.firstRow)))
    }

    /// One run, counting lines as they arrive; a catalog's CSV has no newline inside a field.
    static func once(hotels: String, endpoint: String) throws -> Sample {
        let t0 = Measure.now()
        let client = try ChildProcess(
            [hotels, "search", "--endpoint", endpoint, "--all", "--format", "csv", "--page-size", String(pageSize)],
            stdout: .pipe)
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
            ],
            notes: ["A small first-row fraction means the rows stream: the first arrives long before the last page is fetched."])
    }
}
