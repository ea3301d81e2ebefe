import ChildProcess
import Foundation
import HotelClient
import HotelSOAP
import Logging

/// `hotels serve` under load from wrk: 32 connections, two wrk threads (one per core, so
/// the load generator and the server share this machine's two cores, which the figures
/// must be read with).
enum ServerBench {
    struct Scenario {
        var name: String
        var script: String
        var path: String
    }

    struct Result {
        var scenario: String
        var requestsPerSecond: Double
        var p50: Double
        var p99: Double
        var requests: Int
        var non2xx: Int
        var socketErrors: Int
        var errors: Int { non2xx + socketErrors }
    }

    /// Goals against the reference, from the speed issue: ours ≥ 15 × spyne's requests/s
    /// for a city's page of 50, with p99 ≤ 15 ms and no errors.
    static let goalRatio = 15.0
    static let goalP99 = 0.015

    static let connections = 32
    static let threads = 2

    /// Cities spread over the catalog's weights and scripts; the same ones for the radius
    /// scenario, at their centres.
    static let cities: [(name: String, latitude: Double, longitude: Double)] = [
        ("Tokyo", 35.6812, 139.7671), ("Seoul", 37.5665, 126.9780), ("Paris", 48.8566, 2.3522),
        ("New York", 40.7128, -74.0060), ("London", 51.5074, -0.1278), ("São Paulo", -23.5505, -46.6333),
        ("Dubai", 25.2048, 55.2708), ("Berlin", 52.5200, 13.4050),
    ]

    /// wrk on PATH, or nil: then the section is skipped with a note, never installed here
    /// (`scripts/bench` installs it).
    static func wrkPath() -> String? { ChildProcess.find("wrk") }

    static let cityQueries = cities.map { HotelQuery(city: $0.name, offset: 0, limit: 50) }
    static let nearQueries = cities.map {
        HotelQuery(near: GeoCircle(latitude: $0.latitude, longitude: $0.longitude, radiusKm: 5), sortBy: .distance, offset: 0, limit: 50)
    }

    static func scenarios(hotels: Int, paths: BenchPaths, prefix: String = "") throws -> [Scenario] {
        let near = try nearQueries.map { try SOAPRequestBuilder(version: .v11).searchHotels($0) }
        return try [cityScenario(paths: paths, prefix: prefix)]
            + [
                ("SearchHotels, 5 km radius by distance, page of 50", "search-near.lua", WrkScript.post(near), "/soap"),
                ("GetHotel, random id", "get-hotel.lua", try WrkScript.getHotel(hotels: hotels), "/soap"),
                ("GET /logos/{id}.png, random id", "logos.lua", WrkScript.logos(hotels: hotels), "/"),
            ].map { name, file, lua, path in try scenario(name, file: prefix + file, lua: lua, path: path, paths: paths) }
    }

    /// A city's page of 50, random cities: the first scenario, and the load under an import.
    static func cityScenario(paths: BenchPaths, prefix: String = "") throws -> Scenario {
        let byCity = try cityQueries.map { try SOAPRequestBuilder(version: .v11).searchHotels($0) }
        return try scenario(
            "SearchHotels, city, page of 50", file: prefix + "search-city.lua", lua: WrkScript.post(byCity), path: "/soap", paths: paths)
    }

    /// Writes the scenario's Lua script into the bench folder.
    private static func scenario(_ name: String, file: String, lua: String, path: String, paths: BenchPaths) throws -> Scenario {
        let scriptPath = paths.file(file)
        try lua.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        return Scenario(name: name, script: scriptPath, path: path)
    }

    /// The city scenario against the reference server, run in the same rounds as ours.
    struct Comparison {
        var reference: Result
        /// Median of per-round ratios: our requests/s over the reference's.
        var ratio: Double
    }

    /// Each scenario: a 2 s warm-up, then `runs` runs of `seconds`; medians, errors summed.
    /// With a `reference`, the city scenario alternates between ours and it, run by run.
    static func run(
        wrk: String, catalog: ServedCatalog, reference: ReferenceServer?, paths: BenchPaths, seconds: Int, runs: Int
    ) throws -> (results: [Result], comparison: Comparison?) {
        var comparison: Comparison?
        let results = try scenarios(hotels: catalog.hotels, paths: paths).enumerated().map { index, scenario in
            let url = catalog.baseURL + scenario.path
            let compared = index == 0 ? reference : nil
            _ = try load(wrk: wrk, script: scenario.script, url: url, seconds: 2)
            if let compared { _ = try load(wrk: wrk, script: scenario.script, url: compared.endpoint, seconds: 2) }
            var ours: [WrkReport] = []
            var theirs: [WrkReport] = []
            for _ in 0..<runs {
                ours.append(try load(wrk: wrk, script: scenario.script, url: url, seconds: seconds))
                if let compared { theirs.append(try load(wrk: wrk, script: scenario.script, url: compared.endpoint, seconds: seconds)) }
            }
            if !theirs.isEmpty {
                comparison = Comparison(
                    reference: Result(scenario: "spyne: " + scenario.name, reports: theirs),
                    ratio: Measure.median(zip(ours, theirs).map { $0.requestsPerSecond / $1.requestsPerSecond }))
            }
            return Result(scenario: scenario.name, reports: ours)
        }
        return (results, comparison)
    }

    /// Every scenario must do real work: a query matching nothing, or an id that does not
    /// exist, would answer fast and make a figure that means nothing. Each search must fill
    /// its page of 50; the first and last ids and their logos must exist.
    static func verify(catalog: ServedCatalog) async throws {
        try await verify(baseURL: catalog.baseURL, hotels: catalog.hotels)
    }

    static func verify(baseURL: String, hotels: Int) async throws {
        let quiet = Logger(label: "hotels-bench") { _ in SwiftLogNoOpLogHandler() }
        let configuration = HotelSearchClient.Configuration(endpoint: URL(string: baseURL + "/soap")!, timeout: 30, retries: 0)
        try await HotelSearchClient.with(configuration, logger: quiet) { client in
            for query in cityQueries + nearQueries {
                let page = try await client.searchPage(query, page: .first(size: query.limit ?? 50))
                guard page.hotels.count == 50 else {
                    throw BenchError("the load query \(query) returns \(page.hotels.count) hotels, not a full page of 50")
                }
            }
            let logos = client.logoFetcher(cacheDirectory: nil)
            for id in [WrkScript.hotelId(1), WrkScript.hotelId(hotels)] {
                _ = try await client.hotel(id: id)
                guard try await !logos.fetch(URL(string: "\(baseURL)/logos/\(id).png")!).isEmpty else {
                    throw BenchError("the logo of \(id) is empty")
                }
            }
        }
    }

    static func load(wrk: String, script: String, url: String, seconds: Int) throws -> WrkReport {
        let argv = [wrk, "-t\(threads)", "-c\(connections)", "-d\(seconds)s", "--latency", "-s", script, url]
        let (code, output) = try ChildProcess.capture(argv)
        guard code == 0 else { throw BenchError("\(argv.joined(separator: " ")) exited \(code):\n\(output)") }
        return try WrkReport(parsing: output)
    }
}

extension ServerBench.Result {
    /// Medians of several runs; errors and requests summed.
    init(scenario: String, reports: [WrkReport]) {
        self.init(
            scenario: scenario,
            requestsPerSecond: Measure.median(reports.map(\.requestsPerSecond)),
            p50: Measure.median(reports.map(\.p50)), p99: Measure.median(reports.map(\.p99)),
            requests: reports.map(\.requests).reduce(0, +),
            non2xx: reports.map(\.non2xx).reduce(0, +), socketErrors: reports.map(\.socketErrors).reduce(0, +))
    }
}

extension ServerBench {
    static func section(_ results: [Result], comparison: Comparison?, seconds: Int, runs: Int, hotels: Int) -> BenchmarkReport.Section {
        let errors = results.map(\.errors).reduce(0, +)
        var notes = [
            errors == 0
                ? "Zero errors under load: **met** (no non-2xx/3xx responses, no socket errors)."
                : "Zero errors under load: **missed**: "
                    + results.filter { $0.errors > 0 }
                    .map { "\($0.scenario): \($0.non2xx) non-2xx/3xx, \($0.socketErrors) socket errors" }.joined(separator: "; ")
        ]
        if let comparison, let city = results.first {
            let met = comparison.ratio >= goalRatio && city.p99 <= goalP99 && city.errors == 0 && comparison.reference.errors == 0
            notes.append(
                String(
                    format:
                        "Goal against the spyne reference (same wrk, same rounds): ours ≥ %.0f × its requests/s with p99 ≤ %.0f ms and no errors: **%@** (%.1f ×, p99 %@).",
                    goalRatio, goalP99 * 1000, met ? "met" : "missed", comparison.ratio, BenchFormat.seconds(city.p99)))
        } else {
            notes.append("No reference server: `scripts/bench-reference setup` installs the spyne service (`scripts/bench` does).")
        }
        notes.append("wrk and the server share the two cores; a separate load machine would show the server alone.")
        return BenchmarkReport.Section(
            title: "Server",
            intro:
                "`hotels serve` (\(BenchFormat.count(Double(hotels))) hotels, `--log-level error`) under `wrk -t\(threads) -c\(connections) -d\(seconds)s --latency`, "
                + "\(runs) runs per scenario after a 2 s warm-up; SOAP 1.1 bodies from `SOAPRequestBuilder`, random cities, points or ids (Lua scripts in the bench folder). "
                + "The last row is the reference: the spyne service of `Bench/spyne` (gunicorn, 2 sync workers, 10,000 hotels in memory) doing the city scenario with the same script, its runs alternating with ours.",
            header: ["scenario", "requests/s", "p50", "p99", "errors"],
            rows: (results + (comparison.map { [$0.reference] } ?? [])).map { r in
                [
                    r.scenario, BenchFormat.count(r.requestsPerSecond), BenchFormat.seconds(r.p50), BenchFormat.seconds(r.p99),
                    "\(r.errors) of \(BenchFormat.count(Double(r.requests)))",
                ]
            },
            notes: notes)
    }

    static func skipped(_ why: String) -> BenchmarkReport.Section {
        BenchmarkReport.Section(
            title: "Server", intro: "`hotels serve` under wrk.", header: ["scenario", "requests/s", "p50", "p99", "errors"], notes: [why])
    }
}
