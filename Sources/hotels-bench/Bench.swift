import ChildProcess
import Foundation
import HotelDialectFiles
import HotelSOAP

/// `swift run -c release hotels-bench [--quick]`: generates its inputs, measures parsing,
/// memory, the terminal, text logos, end to end, browse and the server under load in one run, prints
/// a table and rewrites the generated part of BENCHMARKS.md. `--quick` is the CI smoke
/// pass: tiny inputs, one run each, no wrk, nothing written.
@main
enum Bench {
    // MainActor: the synchronous measurements (which wait for child processes) run on the
    // main thread, never on one of the cooperative pool's two threads here.
    @MainActor
    static func main() async {
        do {
            try await run(arguments: CommandLine.arguments)
        } catch {
            FileHandle.standardError.write(Data("hotels-bench: \(error)\n".utf8))
            exit(1)
        }
    }

    @MainActor
    static func run(arguments: [String]) async throws {
        let command: BenchCommand
        do {
            command = try BenchCommand.parse(Array(arguments.dropFirst()))
        } catch {
            FileHandle.standardError.write(Data("hotels-bench: \(error)\nUsage: \(BenchCommand.synopsis)\n".utf8))
            exit(64)
        }
        switch command {
        case .help:
            print(BenchCommand.usage)
        case .profileParse(let file):
            // For perf/callgrind: only our parser, a few times, nothing else in the profile.
            let ota = try isOpenTravel(file)
            for _ in 0..<3 { _ = try ota ? OTAParseBench.parseOurs(path: file) : ParseBench.parseOurs(path: file) }
        case .profileDialect(let file):
            let dialect = try DialectFile.load(
                contentsOf: try BenchPaths(quick: false).repositoryRoot.appendingPathComponent("Dialects/hotel-search.yaml").path)
            for _ in 0..<3 { _ = try DialectParseBench.parse(file, with: dialect) }
        case .parseOnly(let file):
            // The parse section alone, printed and not written: for working on the parser.
            if let file, !FileManager.default.isReadableFile(atPath: file) {
                throw BenchError("cannot read \(file): no such file, or not readable")
            }
            let path = try file ?? parseInput(.full, try BenchPaths(quick: false))
            var report = BenchmarkReport(command: "hotels-bench --parse-only", machine: .current(wrk: nil))
            let parsed = try ParseBench.run(path: path, runs: BenchSettings.full.parseRuns)
            report.sections = [parsed.section]
            report.sections.append(try dialectFile(path: path, runs: BenchSettings.full.parseRuns, paths: try BenchPaths(quick: false)))
            report.sections.append(try worstShapes(.full, try BenchPaths(quick: false)))
            // And what users run on it, when a hotels binary of this build is there.
            let paths = try BenchPaths(quick: false)
            if FileManager.default.isExecutableFile(atPath: paths.hotels) {
                let formats = try FormatBench.run(hotels: paths.hotels, path: path, runs: BenchSettings.full.parseRuns, paths: paths)
                report.sections.append(FormatBench.section(formats, megabytes: parsed.megabytes, hotels: parsed.hotels))
            }
            // A given FILE is one of our responses; the OpenTravel input is the generated one.
            if file == nil { report.sections.append(try ota(.full, paths).section) }
            print(report.text(), terminator: "")
        case .otaOnly(let file):
            if let file, !FileManager.default.isReadableFile(atPath: file) {
                throw BenchError("cannot read \(file): no such file, or not readable")
            }
            var report = BenchmarkReport(command: "hotels-bench --ota-only", machine: .current(wrk: nil))
            report.sections = [try ota(.full, try BenchPaths(quick: false), file: file).section]
            print(report.text(), terminator: "")
        case .terminalOnly:
            var report = BenchmarkReport(command: "hotels-bench --terminal-only", machine: .current(wrk: nil))
            let settings = BenchSettings.full
            let terminal = try TerminalBench.run(frames: settings.terminalFrames, runs: settings.terminalRuns)
            let pictures = try PictureBench.run(frames: settings.terminalFrames, runs: settings.terminalRuns)
            report.sections = [
                TerminalBench.section(terminal, frames: settings.terminalFrames),
                PictureBench.section(pictures, frames: settings.terminalFrames),
            ]
            print(report.text(), terminator: "")
        case .logosOnly:
            // Text logos beside chafa alone, printed and not written: for working on SymbolImage.
            try await printSections("hotels-bench --logos-only") { _, paths in
                [try await TextLogoBench.section(count: BenchSettings.full.textLogos, paths: paths)]
            }
        case .postgresOnly:
            // The PostgreSQL section alone, printed and not written: for working on that store.
            try await printSections("hotels-bench --postgres-only") { wrk, paths in try await postgres(.full, wrk: wrk, paths: paths) }
        case .serverOnly:
            // The server section alone, printed and not written: for working on the server.
            try await printSections("hotels-bench --server-only") { wrk, paths in [try await server(.full, wrk: wrk, paths: paths)] }
        case .importOnly(let rows):
            try await printSections("hotels-bench --import-only") { wrk, paths in
                [try importLoad(.full, wrk: wrk, paths: paths, rows: rows ?? BenchSettings.full.importRows)]
            }
        case .importSpeed(let rows):
            try await printSections("hotels-bench --import-speed") { _, paths in
                let settings = BenchSettings.full
                return [ImportSpeedBench.section(try ImportSpeedBench.run(paths: paths, rows: rows ?? settings.importRows, runs: 3))]
            }
        case .metricsOnly:
            try await printSections("hotels-bench --metrics-only") { wrk, paths in [try metricsCost(.full, wrk: wrk, paths: paths)] }
        case .scaling:
            try await printSections("hotels-bench --scaling") { wrk, paths in
                guard let wrk else { throw BenchError("wrk is missing: scripts/bench installs it") }
                return [ScalingBench.section(try await ScalingBench.run(wrk: wrk, paths: paths, hotels: 100_000, seconds: 8))]
            }
        case .scalingPlan(let cpus):
            print(ScalingPlan(cpus: cpus.map(ScalingPlan.parseList) ?? ScalingPlan.allowedCPUs()).text, terminator: "")
        case .endToEndOnly:
            try await printSections("hotels-bench --end-to-end-only") { _, paths in
                let settings = BenchSettings.full
                let catalog = try ServedCatalog(hotels: settings.catalogHotels, paths: paths)
                defer { catalog.stop() }
                return [try EndToEndBench.run(hotels: paths.hotels, catalog: catalog, runs: settings.endToEndRuns, paths: paths).section]
            }
        case .quick:
            try await runAll(.quickPass)
        case .full:
            try await runAll(.full)
        }
    }

    /// Sections that need the release `hotels` binary (and wrk, when installed), printed
    /// and not written.
    @MainActor
    private static func printSections(
        _ command: String, _ sections: (String?, BenchPaths) async throws -> [BenchmarkReport.Section]
    ) async throws {
        let paths = try BenchPaths(quick: false)
        guard FileManager.default.isExecutableFile(atPath: paths.hotels) else {
            throw BenchError("no hotels binary at \(paths.hotels): build it first (swift build -c release --product hotels)")
        }
        let wrk = ServerBench.wrkPath()
        var report = BenchmarkReport(command: command, machine: .current(wrk: wrk))
        report.sections = try await sections(wrk, paths)
        print(report.text(), terminator: "")
    }

    @MainActor
    private static func runAll(_ settings: BenchSettings) async throws {
        let paths = try BenchPaths(quick: settings.quick)
        if !settings.quick {
            // Figures from a debug build would be meaningless, and would overwrite real ones.
            guard paths.configuration == "release" else {
                throw BenchError("this is a \(paths.configuration) build; run swift run -c release hotels-bench (or --quick)")
            }
            try buildHotels(paths)
        }
        guard FileManager.default.isExecutableFile(atPath: paths.hotels) else {
            throw BenchError("no hotels binary at \(paths.hotels): build it first (swift build --product hotels)")
        }
        let wrk = settings.quick ? nil : ServerBench.wrkPath()
        let machine = MachineInfo.current(wrk: wrk)
        var report = BenchmarkReport(command: "swift run -c release hotels-bench", machine: machine)
        if settings.quick {
            report.caveat =
                "Quick smoke pass (\(paths.configuration) build, tiny inputs, one run each): these figures and verdicts are not benchmarks."
        }
        say("\(settings.quick ? "quick smoke pass" : "full run"): \(machine.summary)")

        // Parsing and memory first, while nothing else runs.
        let parseFile = try parseInput(settings, paths)
        say("parse: ours, xmllint --stream, Foundation XMLParser (\(settings.parseRuns) runs each)…")
        let parsed = try ParseBench.run(path: parseFile, runs: settings.parseRuns)
        report.sections.append(parsed.section)
        report.sections.append(try dialectFile(path: parseFile, runs: settings.parseRuns, paths: paths))
        report.sections.append(try worstShapes(settings, paths))
        say("formats: hotels parse --format csv/tsv/json/table against xmllint (\(settings.parseRuns) runs each)…")
        let formats = try FormatBench.run(hotels: paths.hotels, path: parseFile, runs: settings.parseRuns, paths: paths)
        report.sections.append(FormatBench.section(formats, megabytes: parsed.megabytes, hotels: parsed.hotels))
        report.sections.append(try ota(settings, paths).section)

        report.sections.append(try memory(settings, paths))

        say("terminal: frames on a \(TerminalBench.width)×\(TerminalBench.height) screen…")
        let terminal = try TerminalBench.run(frames: settings.terminalFrames, runs: settings.terminalRuns)
        report.sections.append(TerminalBench.section(terminal, frames: settings.terminalFrames))
        say("terminal: logos per protocol…")
        let pictures = try PictureBench.run(frames: settings.terminalFrames, runs: settings.terminalRuns)
        report.sections.append(PictureBench.section(pictures, frames: settings.terminalFrames))
        say("text logos: the demo's first \(settings.textLogos) logos as block characters, ours and chafa's…")
        report.sections.append(try await TextLogoBench.section(count: settings.textLogos, paths: paths))

        // One served catalog for everything that talks to the service.
        let catalog = try ServedCatalog(hotels: settings.catalogHotels, paths: paths)
        defer { catalog.stop() }
        say("serving \(catalog.hotels) hotels at \(catalog.baseURL)")

        say("end to end: hotels search --all (\(settings.endToEndRuns) runs)…")
        report.sections.append(
            try EndToEndBench.run(hotels: paths.hotels, catalog: catalog, runs: settings.endToEndRuns, paths: paths).section)

        say("browse: first paint and G (\(settings.browseRuns) runs)…")
        report.sections.append(try await BrowseBench.run(catalog: catalog, runs: settings.browseRuns).section(hotels: catalog.hotels))

        catalog.stop()
        report.sections.append(try await server(settings, wrk: wrk, paths: paths))
        report.sections.append(try importLoad(settings, wrk: wrk, paths: paths, rows: settings.importRows))
        if !settings.quick {
            report.sections.append(ImportSpeedBench.section(try ImportSpeedBench.run(paths: paths, rows: settings.importRows, runs: 3)))
        }
        report.sections.append(try metricsCost(settings, wrk: wrk, paths: paths))
        report.sections += try await postgres(settings, wrk: wrk, paths: paths)
        report.machine.noteLoadAtEnd()

        print("\n" + report.text(), terminator: "")
        if settings.quick {
            say("quick pass: BENCHMARKS.md not written")
        } else {
            let file = paths.repositoryRoot.appendingPathComponent("BENCHMARKS.md").path
            try BenchmarksFile.rewrite(at: file, generated: report.markdown())
            say("wrote \(file)")
        }
    }

    /// The parse input, generated once and kept between runs.
    private static func parseInput(_ settings: BenchSettings, _ paths: BenchPaths) throws -> String {
        try paths.cached("search-\(settings.parseHotels).xml") { path in
            say("generating a \(settings.parseHotels)-hotel response…")
            try ResponseGenerator.write(count: settings.parseHotels, to: path)
        }
    }

    /// The OpenTravel section: on `file`, else on the generated input (made once, kept
    /// between runs); the whole-process rows when this build's `hotels` is there.
    /// Our contract as a dialect file against the built-in reader, on the parse section's input.
    private static func dialectFile(path: String, runs: Int, paths: BenchPaths) throws -> BenchmarkReport.Section {
        let file = paths.repositoryRoot.appendingPathComponent("Dialects/hotel-search.yaml").path
        say("dialect file: Dialects/hotel-search.yaml against the built-in reader (\(runs) runs each)…")
        return try DialectParseBench.run(path: path, dialectFile: file, runs: runs).section
    }

    /// The worst shapes the parser's limits allow, each beside a plain response.
    private static func worstShapes(_ settings: BenchSettings, _ paths: BenchPaths) throws -> BenchmarkReport.Section {
        let size = settings.quick ? 1 << 16 : 1 << 20
        say("worst shapes: each allowed shape beside a plain response of \(size >> 10) KiB (\(settings.parseRuns) runs each)…")
        return WorstShapeBench.section(try WorstShapeBench.run(size: size, runs: settings.parseRuns, paths: paths), size: size)
    }

    private static func ota(_ settings: BenchSettings, _ paths: BenchPaths, file: String? = nil) throws -> OTAParseBench.Result {
        let path =
            try file
            ?? paths.cached("ota-avail-\(settings.otaRoomStays).xml") { path in
                say("generating an OTA_HotelAvailRS of \(settings.otaRoomStays) RoomStays…")
                try OTAResponseGenerator.write(roomStays: settings.otaRoomStays, to: path)
            }
        let hotels = FileManager.default.isExecutableFile(atPath: paths.hotels) ? paths.hotels : nil
        say("OpenTravel: OTAAvailResponseReader, xmllint --stream, hotels parse (\(settings.parseRuns) runs each)…")
        return try OTAParseBench.run(
            path: path, roomStays: file == nil ? settings.otaRoomStays : nil, hotels: hotels, runs: settings.parseRuns)
    }

    /// Whether `file`'s Body holds an `OTA_HotelAvailRS`, judged as `hotels parse` judges it:
    /// by the Body element's namespace and name, from the first chunks.
    private static func isOpenTravel(_ file: String) throws -> Bool {
        guard FileManager.default.isReadableFile(atPath: file) else {
            throw BenchError("cannot read \(file): no such file, or not readable")
        }
        let sniffer = SOAPMessageParser()
        _ = try FileChunks.read(file) { chunk in
            do { try sniffer.feed(chunk) } catch { return false }
            return sniffer.bodyElement == nil
        }
        return sniffer.bodyElement == SOAPBodyElement(name: OTA.availResponse, namespace: OTA.namespace)
    }

    private static func memory(_ settings: BenchSettings, _ paths: BenchPaths) throws -> BenchmarkReport.Section {
        guard MemoryBench.available else { return MemoryBench.skipped("\(MemoryBench.time) is missing (Debian package `time`)") }
        let small = try paths.cached("search-\(settings.memoryHotels.small).xml") {
            try ResponseGenerator.write(count: settings.memoryHotels.small, to: $0)
        }
        let large = try paths.cached("search-\(settings.memoryHotels.large).xml") { path in
            say("generating a \(settings.memoryHotels.large)-hotel response…")
            try ResponseGenerator.write(count: settings.memoryHotels.large, to: path)
        }
        say("memory: peak RSS of hotels parse (\(settings.memoryRuns) runs each)…")
        return try MemoryBench.run(hotels: paths.hotels, small: small, large: large, runs: settings.memoryRuns, paths: paths).section
    }

    /// Over a catalog of `serverHotels` (the reference holds as many), beside the spyne
    /// reference when `scripts/bench-reference setup` has installed it.
    @MainActor
    private static func server(_ settings: BenchSettings, wrk: String?, paths: BenchPaths) async throws -> BenchmarkReport.Section {
        if settings.quick { return ServerBench.skipped("skipped in --quick (no load generator in the smoke pass)") }
        guard let wrk else {
            say("server: wrk is not installed; skipping (scripts/bench installs it: apt-get install wrk)")
            return ServerBench.skipped("skipped: wrk is not installed (Debian package `wrk`; `scripts/bench` installs it)")
        }
        let catalog = try ServedCatalog(hotels: settings.serverHotels, paths: paths)
        defer { catalog.stop() }
        try await ServerBench.verify(catalog: catalog)
        var reference: ReferenceServer?
        if ReferenceServer.isInstalled(paths) {
            say("server: starting the spyne reference (scripts/bench-reference serve)…")
            reference = try ReferenceServer(paths: paths)
            try await reference?.verify()
        } else {
            say("server: no spyne reference installed (scripts/bench-reference setup); ours alone")
        }
        defer { reference?.stop() }
        say("server: wrk, \(ServerBench.connections) connections, \(settings.wrkRuns) × \(settings.wrkSeconds) s per scenario…")
        let (results, comparison) = try ServerBench.run(
            wrk: wrk, catalog: catalog, reference: reference, paths: paths, seconds: settings.wrkSeconds, runs: settings.wrkRuns)
        return ServerBench.section(
            results, comparison: comparison, seconds: settings.wrkSeconds, runs: settings.wrkRuns, hotels: catalog.hotels)
    }

    /// The city page alone and while `hotels import` writes `rows` rows into the served
    /// catalog (issue 32 point 5).
    private static func importLoad(_ settings: BenchSettings, wrk: String?, paths: BenchPaths, rows: Int) throws
        -> BenchmarkReport.Section
    {
        if settings.quick { return ImportLoadBench.skipped("skipped in --quick (no load generator in the smoke pass)") }
        guard let wrk else {
            return ImportLoadBench.skipped("skipped: wrk is not installed (Debian package `wrk`; `scripts/bench` installs it)")
        }
        let result = try ImportLoadBench.run(
            wrk: wrk, paths: paths, servedHotels: settings.catalogHotels, importRows: rows, seconds: settings.wrkSeconds)
        return ImportLoadBench.section(result, seconds: settings.wrkSeconds)
    }

    /// The city page with metrics beside `--no-metrics` (issue 33 point 4), over the server
    /// section's catalog.
    private static func metricsCost(_ settings: BenchSettings, wrk: String?, paths: BenchPaths) throws -> BenchmarkReport.Section {
        if settings.quick { return MetricsCostBench.skipped("skipped in --quick (no load generator in the smoke pass)") }
        guard let wrk else {
            return MetricsCostBench.skipped("skipped: wrk is not installed (Debian package `wrk`; `scripts/bench` installs it)")
        }
        let (rounds, seconds) = MetricsCostBench.rounds(wrkRuns: settings.wrkRuns, wrkSeconds: settings.wrkSeconds)
        say("metrics: the city page with metrics and --no-metrics, \(rounds) rounds × \(seconds) s…")
        let result = try MetricsCostBench.run(wrk: wrk, paths: paths, hotels: settings.serverHotels, seconds: seconds, rounds: rounds)
        return MetricsCostBench.section(result, seconds: seconds)
    }

    /// SQLite beside PostgreSQL and two replicas behind HAProxy, over the end-to-end
    /// catalog's hotels. The quick pass starts and checks the stack without load.
    @MainActor
    private static func postgres(_ settings: BenchSettings, wrk: String?, paths: BenchPaths) async throws -> [BenchmarkReport.Section] {
        if let missing = PostgresStack.missing() {
            say("postgres: \(missing); skipping (scripts/bench installs it)")
            return PostgresBench.skipped("skipped: \(missing); `scripts/bench` installs it (as `scripts/setup-test-deps` does)")
        }
        guard settings.quick || wrk != nil else {
            return PostgresBench.skipped("skipped: wrk is not installed (Debian package `wrk`; `scripts/bench` installs it)")
        }
        say("postgres: starting PostgreSQL (scripts/pg-temp), SQLite and two replicas behind HAProxy…")
        let stack = try PostgresStack(hotels: settings.catalogHotels, paths: paths)
        defer { stack.stop() }
        try await PostgresBench.verify(stack, fullPages: !settings.quick)
        guard let wrk, !settings.quick else { return PostgresBench.smoke(hotels: stack.hotels) }
        say("postgres: wrk on SQLite, PostgreSQL and 2 replicas, \(settings.wrkRuns) rounds × \(settings.wrkSeconds) s per scenario…")
        let results = try PostgresBench.run(wrk: wrk, stack: stack, paths: paths, seconds: settings.wrkSeconds, runs: settings.wrkRuns)
        return PostgresBench.sections(results, seconds: settings.wrkSeconds, runs: settings.wrkRuns, hotels: stack.hotels)
    }

    /// `swift run` builds only the harness (an executable target cannot make SwiftPM link
    /// another executable); the `hotels` binary it measures may be stale or
    /// missing, so build it in the same configuration and folder (a no-op when up to date).
    /// The quick pass skips this: its test target already depends on `hotels`.
    private static func buildHotels(_ paths: BenchPaths) throws {
        say("building hotels (\(paths.configuration))…")
        try ChildProcess(
            [
                "swift", "build", "-c", paths.configuration, "--product", "hotels",
                "--package-path", paths.repositoryRoot.path, "--scratch-path", paths.scratchPath,
            ],
            stdout: .descriptor(2), stderr: .inherit
        ).check()
    }

    /// Progress on standard error, so standard output holds only the table.
    static func say(_ line: String) {
        FileHandle.standardError.write(Data("hotels-bench: \(line)\n".utf8))
    }
}
