import ChildProcess
import Foundation

/// How fast `hotels import` fills a new SQLite catalog (issue 32 point 6: 1,000,000 hotels
/// from CSV in under 30 s on two cores), beside the floor in the same run: the `sqlite3`
/// shell's `.import` of the same file into one bare table, which only splits the CSV and
/// inserts text (no checks, no derived columns, no indexes, no name search, no R*Tree).
/// Then a re-import of the same hotels with 1,000 prices changed into the imported catalog,
/// which must take a fraction of the full import and change exactly those hotels.
///
/// The input is ``ImportLoadBench/importFile(rows:paths:)``'s (`hotels export` of a seed-2
/// catalog, cached); the changed file is `hotels export` of that catalog once `sqlite3` has
/// raised every 1,000th hotel's price by one major unit, so it differs from the input in
/// exactly those prices and in nothing the import would see as a change otherwise.
enum ImportSpeedBench {
    struct Result {
        var rows: Int
        /// Wall seconds per run, in run order.
        var ours: [Double]
        var floor: [Double]
        var reimport: [Double]
        /// What the re-import printed: the counts.
        var reimportSummary: String
    }

    static let goalSeconds = 30.0
    static let changedEvery = 1_000

    static func run(paths: BenchPaths, rows: Int, runs: Int) throws -> Result {
        guard let sqlite3 = ChildProcess.find("sqlite3") else {
            throw BenchError("sqlite3 is missing (Debian package sqlite3; scripts/bench installs it)")
        }
        let input = try ImportLoadBench.importFile(rows: rows, paths: paths)
        let catalog = paths.file("import-speed-\(getpid()).sqlite")
        let bare = paths.file("import-floor-\(getpid()).sqlite")
        defer { for path in [catalog, bare] { removeCatalog(path) } }
        var result = Result(rows: rows, ours: [], floor: [], reimport: [], reimportSummary: "")
        for run in 0..<runs {
            Bench.say("import speed: run \(run + 1) of \(runs)…")
            // Alternate which goes first, so neither always follows the other's heat.
            for ourTurn in run % 2 == 0 ? [true, false] : [false, true] {
                if ourTurn {
                    removeCatalog(catalog)
                    result.ours.append(
                        try Measure.once {
                            try Measure.run([paths.hotels, "import", input, "--into", catalog, "--priority", "normal"])
                        })
                } else {
                    removeCatalog(bare)
                    result.floor.append(try Measure.once { try Measure.run([sqlite3, bare, ".mode csv", ".import \(input) hotels"]) })
                }
            }
        }
        let changed = try changedFile(from: catalog, sqlite3: sqlite3, paths: paths)
        defer { try? FileManager.default.removeItem(atPath: changed) }
        for run in 0..<runs {
            Bench.say("import speed: re-import with \(rows / changedEvery) prices changed, run \(run + 1) of \(runs)…")
            let target = paths.file("import-reimport-\(getpid()).sqlite")
            defer { removeCatalog(target) }
            try FileManager.default.copyItem(atPath: catalog, toPath: target)
            let process = try ChildProcess(
                [paths.hotels, "import", changed, "--into", target, "--priority", "normal"], stdout: .capture, stderr: .capture)
            let t0 = Measure.now()
            try process.check()
            result.reimport.append(Measure.now() - t0)
            result.reimportSummary = (process.stdout + process.stderr).split(separator: "\n").last.map(String.init) ?? ""
        }
        return result
    }

    /// `catalog` exported with every ``changedEvery``th hotel's price one major unit higher.
    private static func changedFile(from catalog: String, sqlite3: String, paths: BenchPaths) throws -> String {
        let copy = paths.file("import-changed-\(getpid()).sqlite")
        defer { removeCatalog(copy) }
        try FileManager.default.copyItem(atPath: catalog, toPath: copy)
        // The integer part up by one, the decimals (whatever their number) kept.
        try Measure.run([
            sqlite3, copy,
            """
            UPDATE hotels SET price = CASE WHEN instr(price, '.') > 0
                THEN CAST(CAST(substr(price, 1, instr(price, '.') - 1) AS INTEGER) + 1 AS TEXT) || substr(price, instr(price, '.'))
                ELSE CAST(CAST(price AS INTEGER) + 1 AS TEXT) END
            WHERE id % \(changedEvery) = 7
            """,
        ])
        let path = paths.file("import-changed-\(getpid()).csv")
        try Measure.run([paths.hotels, "export", "--catalog", copy, "--output", path])
        return path
    }

    private static func removeCatalog(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    static func section(_ result: Result) -> BenchmarkReport.Section {
        let ours = Measure.median(result.ours)
        let floor = Measure.median(result.floor)
        let reimport = Measure.median(result.reimport)
        let expected =
            "\(BenchFormat.grouped(result.rows / changedEvery)) changed, \(BenchFormat.grouped(result.rows - result.rows / changedEvery)) unchanged"
        let exact = result.reimportSummary.replacingOccurrences(of: ",", with: "").contains(
            expected.replacingOccurrences(of: ",", with: ""))
        return BenchmarkReport.Section(
            title: "Import into a new SQLite catalog",
            intro:
                "`hotels import` of \(BenchFormat.grouped(result.rows)) hotels from CSV (`hotels export` of a seed-2 catalog) into a new catalog, "
                + "`--priority normal`, beside the `sqlite3` shell's `.import` of the same file into one bare table (no checks, no indexes), "
                + "\(result.ours.count) alternating runs, medians; then the same hotels with every \(BenchFormat.grouped(changedEvery))th price changed into the imported catalog.",
            header: ["what", "seconds", "runs", "× the floor"],
            rows: [
                [
                    "`hotels import` into a new catalog", BenchFormat.seconds(ours),
                    result.ours.map { String(format: "%.1f", $0) }.joined(separator: ", "), BenchFormat.ratio(ours / floor),
                ],
                [
                    "`sqlite3 .import` into a bare table (the floor)", BenchFormat.seconds(floor),
                    result.floor.map { String(format: "%.1f", $0) }.joined(separator: ", "), BenchFormat.ratio(1),
                ],
                [
                    "re-import, \(BenchFormat.grouped(result.rows / changedEvery)) prices changed", BenchFormat.seconds(reimport),
                    result.reimport.map { String(format: "%.1f", $0) }.joined(separator: ", "), BenchFormat.ratio(reimport / floor),
                ],
            ],
            notes: [
                String(
                    format: "Goal (issue 32 point 6): a new catalog in under %.0f s: **%@** (%.1f s, median).", goalSeconds,
                    ours < goalSeconds ? "met" : "missed", ours),
                String(format: "The re-import takes %.2f of a full import (medians).", reimport / ours),
                "The re-import said: \(result.reimportSummary) (\(exact ? "exactly the changed hotels" : "**not** the \(expected) expected")).",
            ])
    }
}
