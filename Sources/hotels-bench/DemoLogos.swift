import Foundation
import HotelClient
import Imaging
import Logging

/// The logos of the demo catalog's first hotels, exactly as the browse table gets them:
/// the catalog `hotels demo` builds (its seed, hotels numbered from 1; each hotel is made
/// from the seed and its number alone, so the first hotels of a small catalog are the
/// demo's), served by the real `hotels serve`, fetched over HTTP as 64 × 64 PNGs and
/// decoded. The PNGs are kept on disk too, for chafa.
enum DemoLogos {
    /// `CatalogSeeder.demoSeed`, the seed of `hotels demo`'s catalog (the harness does not
    /// link the seeder; `hotels seed --seed` takes the same number).
    static let seed = "20260101"

    static func fetch(count: Int, paths: BenchPaths) async throws -> [TextLogoBench.Logo] {
        let catalog = try paths.cached("catalog-\(count)-seed\(seed).sqlite") { path in
            try Measure.run([paths.hotels, "seed", "--count", String(count), "--seed", seed, "--output", path])
        }
        let served = try ServedCatalog(catalog: catalog, hotels: count, paths: paths, label: "logos")
        defer { served.stop() }
        let folder = paths.directory.appendingPathComponent("demo-logos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let quiet = Logger(label: "hotels-bench") { _ in SwiftLogNoOpLogHandler() }
        let configuration = HotelSearchClient.Configuration(endpoint: URL(string: served.endpoint)!, timeout: 30, retries: 0)
        return try await HotelSearchClient.with(configuration, logger: quiet) { client in
            let fetcher = client.logoFetcher(cacheDirectory: nil)
            var logos: [TextLogoBench.Logo] = []
            for number in 1...max(1, count) {
                let id = WrkScript.hotelId(number)
                let png = try await fetcher.fetch(URL(string: "\(served.baseURL)/logos/\(id).png")!)
                let file = folder.appendingPathComponent("\(id).png")
                try Data(png).write(to: file)
                logos.append(TextLogoBench.Logo(id: id, path: file.path, image: try ImageDecoder.decode(png)))
            }
            return logos
        }
    }
}
