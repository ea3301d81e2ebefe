import ChildProcess
import Foundation
import HotelSOAP

/// OpenTravel's reader against `xmllint --stream` on one `OTA_HotelAvailRS`, measured as
/// `ParseBench` measures ours: in process, 64 KiB chunks, every `HotelInfo` built, in
/// interleaved rounds with xmllint and libxml2's floor; and `hotels parse` on the same
/// file as whole processes (csv, and json, which also writes every room and rate).
enum OTAParseBench {
    struct Result {
        var megabytes: Double
        /// nil for a file given on the command line.
        var roomStays: Int?
        var hotels: Int
        var ours: Double
        /// nil when xmllint is not installed.
        var xmllint: Double?
        /// libxml2's pull parser on its own stack with empty callbacks (`SAXFloor`), and its
        /// push parser: the floor under any reader built on libxml2.
        var floor: Double
        var pushFloor: Double
        /// Whole processes: `hotels parse FILE --format F`, nil without a hotels binary.
        var csv: Double?
        var json: Double?
        /// Medians of per-round ratios, as in `ParseBench`.
        var oursOverXmllint: Double?
        var oursOverFloor: Double
        var floorOverXmllint: Double?
        var csvOverXmllint: Double?
        var jsonOverXmllint: Double?
    }

    /// The goal: the OpenTravel reader keeps the main parser's speed.
    static let goal = 1.0

    /// - Parameter hotels: the `hotels` binary for the whole-process rows; nil leaves them out.
    static func run(path: String, roomStays: Int?, hotels: String?, runs: Int) throws -> Result {
        let xmllintPath = ChildProcess.find("xmllint")
        var series: [String: [Double]] = [:]
        var count = 0
        for round in 0...runs {
            var times: [String: Double] = [:]
            times["ours"] = try Measure.once { count = try parseOurs(path: path) }
            if let tool = xmllintPath { times["xmllint"] = try Measure.once { try Measure.run([tool, "--stream", "--noout", path]) } }
            times["floor"] = try Measure.once { _ = try SAXFloor.parse(path: path, mode: .pull) }
            times["push"] = try Measure.once { _ = try SAXFloor.parse(path: path, mode: .push) }
            if let hotels {
                for format in ["csv", "json"] {
                    times[format] = try Measure.once {
                        try ChildProcess([hotels, "parse", path, "--format", format], stdout: .null).check()
                    }
                }
            }
            if round == 0 { continue }  // warm-up: page cache, lazy binding, allocator
            for (name, t) in times { series[name, default: []].append(t) }
        }
        guard count > 0 else { throw BenchError("the OpenTravel reader found no hotel in \(path)") }
        func median(_ name: String) -> Double? { series[name].map(Measure.median) }
        func ratio(_ a: String, _ b: String) -> Double? {
            guard let x = series[a], let y = series[b] else { return nil }
            return Measure.median(zip(x, y).map { $0 / $1 })
        }
        return Result(
            megabytes: MemoryBench.megabytes(path), roomStays: roomStays, hotels: count, ours: median("ours") ?? .nan,
            xmllint: median("xmllint"), floor: median("floor") ?? .nan, pushFloor: median("push") ?? .nan, csv: median("csv"),
            json: median("json"), oursOverXmllint: ratio("ours", "xmllint"), oursOverFloor: ratio("ours", "floor") ?? .nan,
            floorOverXmllint: ratio("floor", "xmllint"),
            csvOverXmllint: ratio("csv", "xmllint"), jsonOverXmllint: ratio("json", "xmllint"))
    }

    /// Reads the file in 64 KiB chunks through the dialect's reader, as `hotels parse` and
    /// the client do; returns the number of hotels.
    static func parseOurs(path: String) throws -> Int {
        var count = 0
        let reader = OTADialect().responseReader { _ in count += 1 }
        _ = try FileChunks.read(path) { chunk in
            try reader.feed(chunk)
            return true
        }
        _ = try reader.finish()
        return count
    }
}

extension OTAParseBench.Result {
    var section: BenchmarkReport.Section {
        func versus(_ r: Double?) -> String { r.map { "\(BenchFormat.ratio($0)) xmllint" } ?? "" }
        var rows = [
            [
                "ours (`OTAAvailResponseReader`, every `HotelInfo` and its rooms built)", BenchFormat.seconds(ours),
                versus(oursOverXmllint), String(format: "≤ %.1f ×", OTAParseBench.goal),
            ]
        ]
        if let xmllint { rows.append(["`xmllint --stream --noout`", BenchFormat.seconds(xmllint), "1", ""]) }
        rows.append([
            "libxml2 SAX2 pull on its own stack, empty callbacks (the floor)", BenchFormat.seconds(floor),
            "ours = \(BenchFormat.ratio(oursOverFloor)) floor", "",
        ])
        rows.append(["libxml2 SAX2 push (`xmlParseChunk`), empty callbacks", BenchFormat.seconds(pushFloor), "", ""])
        if let csv {
            rows.append(["`hotels parse FILE --format csv` (whole process)", BenchFormat.seconds(csv), versus(csvOverXmllint), ""])
        }
        if let json {
            rows.append([
                "`hotels parse FILE --format json` (whole process, every room)", BenchFormat.seconds(json), versus(jsonOverXmllint), "",
            ])
        }
        var notes = ["Ratios are medians of per-round ratios: each round runs every row once, back to back."]
        if let ratio = oursOverXmllint {
            notes.append(
                String(
                    format: "Goal ours ≤ %.1f × xmllint (the main parser's speed kept): **%@** (%.2f ×).", OTAParseBench.goal,
                    ratio <= OTAParseBench.goal ? "met" : "missed", ratio))
            if let floorOverXmllint {
                notes.append(
                    String(format: "libxml2 alone (the floor) takes %.2f × xmllint's time on this file in this run.", floorOverXmllint))
            }
        } else {
            notes.append("xmllint is not installed (Debian package libxml2-utils): no comparison with it.")
        }
        return BenchmarkReport.Section(
            title: "OpenTravel parse",
            intro: roomStays.map {
                String(
                    format:
                        "An `OTA_HotelAvailRS` of %@ `RoomStay`s (%@ hotels, two to four room types each) as our server writes it (`OTAAvailResponseWriter`, %.1f MB, one line), read in 64 KiB chunks as from a socket.",
                    BenchFormat.count(Double($0)), BenchFormat.count(Double(hotels)), megabytes)
            }
                ?? String(
                    format: "The `OTA_HotelAvailRS` given (%@ hotels, %.1f MB), read in 64 KiB chunks as from a socket.",
                    BenchFormat.count(Double(hotels)), megabytes),
            header: ["what", "median", "ratio", "goal"],
            rows: rows, notes: notes)
    }
}
