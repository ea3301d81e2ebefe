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
        /// The same into PostgreSQL; nil, with why, where it cannot run.
        var postgres: PostgresResult? = nil
        var postgresSkipped: String? = nil
    }

    static let goalSeconds = 30.0
    static let postgresGoalSeconds = 60.0
    static let changedEvery = 1_000

    static func run(paths: BenchPaths, rows: Int, runs: Int) throws -> Result {
        guard let sqlite3 = ChildProcess.find("sqlite3") else {
            throw BenchError("sqlite3 is missing (Debian package sqlite3; scripts/bench installs it)")
        }
        let input = try ImportLoadBench.importFile(rows: rows, paths: paths)
        let catalog = paths.file("import-speed-\(getpid()).sqlite")
        let bare = paths.file("import-floor-\(getpid()).sqlite")
        defer { for path in [catalog, bare] { ImportLoadBench.removeCatalog(path) } }
        var result = Result(rows: rows, ours: [], floor: [], reimport: [], reimportSummary: "")
        for run in 0..<runs {
            Bench.say("import speed: run \(run + 1) of \(runs)…")
            // Alternate which goes first, so neither always follows the other's heat.
            for ourTurn in run % 2 == 0 ? [true, false] : [false, true] {
                if ourTurn {
                    ImportLoadBench.removeCatalog(catalog)
                    result.ours.append(
                        try Measure.once {
                            try Measure.run([paths.hotels, "import", input, "--into", catalog, "--priority", "normal"])
                        })
                } else {
                    ImportLoadBench.removeCatalog(bare)
                    result.floor.append(try Measure.once { try Measure.run([sqlite3, bare, ".mode csv", ".import \(input) hotels"]) })
                }
            }
        }
        let changed = try changedFile(from: catalog, sqlite3: sqlite3, paths: paths)
        defer { try? FileManager.default.removeItem(atPath: changed) }
        for run in 0..<runs {
            Bench.say("import speed: re-import with \(rows / changedEvery) prices changed, run \(run + 1) of \(runs)…")
            let target = paths.file("import-reimport-\(getpid()).sqlite")
            defer { ImportLoadBench.removeCatalog(target) }
            try FileManager.default.copyItem(atPath: catalog, toPath: target)
            let t0 = Measure.now()
            let process = try ChildProcess(
                [paths.hotels, "import", changed, "--into", target, "--priority", "normal"], stdout: .capture, stderr: .capture)
            try process.check()
            result.reimport.append(Measure.now() - t0)
            result.reimportSummary = (process.stdout + process.stderr).split(separator: "\n").last.map(String.init) ?? ""
        }
        if let missing = PostgresStack.missing() {
            result.postgresSkipped = "PostgreSQL skipped: \(missing) (`scripts/bench` installs it)."
        } else {
            result.postgres = try runPostgres(paths: paths, input: input, changed: changed, runs: runs)
        }
        return result
    }

    /// `catalog` exported with every ``changedEvery``th hotel's price one major unit higher.
    private static func changedFile(from catalog: String, sqlite3: String, paths: BenchPaths) throws -> String {
        let copy = paths.file("import-changed-\(getpid()).sqlite")
        defer { ImportLoadBench.removeCatalog(copy) }
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

    static func section(_ result: Result) -> BenchmarkReport.Section {
        let ours = Measure.median(result.ours)
        let expected =
            "\(BenchFormat.grouped(result.rows / changedEvery)) changed, \(BenchFormat.grouped(result.rows - result.rows / changedEvery)) unchanged"
        return BenchmarkReport.Section(
            title: "Import into a new catalog",
            intro:
                "`hotels import` of \(BenchFormat.grouped(result.rows)) hotels from CSV (`hotels export` of a seed-2 catalog) into a new catalog, "
                + "`--priority normal`, beside the `sqlite3` shell's `.import` of the same file into one bare table (no checks, no indexes), "
                + "\(result.ours.count) alternating runs, medians; then the same hotels with every \(BenchFormat.grouped(changedEvery))th price changed into the imported catalog.",
            header: ["what", "seconds", "runs", "× the floor"],
            rows: rows(result),
            notes: [
                String(
                    format: "Goal (issue 32 point 6): a new SQLite catalog in under %.0f s: **%@** (%.1f s, median).", goalSeconds,
                    ours < goalSeconds ? "met" : "missed", ours),
                String(format: "The re-import takes %.2f of a full import (medians).", Measure.median(result.reimport) / ours),
                "The re-import said: \(result.reimportSummary) (\(exactly(result.reimportSummary, expected)))",
            ] + postgresNotes(result, expected: expected))
    }

    private static func exactly(_ summary: String, _ expected: String) -> String {
        let exact = summary.replacingOccurrences(of: ",", with: "").contains(expected.replacingOccurrences(of: ",", with: ""))
        return exact ? "exactly the changed hotels." : "**not** the \(expected) expected."
    }

    private static func rows(_ result: Result) -> [[String]] {
        func row(_ what: String, _ runs: [Double], floor: Double) -> [String] {
            let median = Measure.median(runs)
            return [
                what, BenchFormat.seconds(median), runs.map { String(format: "%.1f", $0) }.joined(separator: ", "),
                BenchFormat.ratio(median / floor),
            ]
        }
        let floor = Measure.median(result.floor)
        let changed = BenchFormat.grouped(result.rows / changedEvery)
        var rows = [
            row("`hotels import` into a new catalog", result.ours, floor: floor),
            row("`sqlite3 .import` into a bare table (the floor)", result.floor, floor: floor),
            row("re-import, \(changed) prices changed", result.reimport, floor: floor),
        ]
        if let pg = result.postgres {
            let pgFloor = Measure.median(pg.floor)
            rows += [
                row("PostgreSQL: `hotels import` into a new database", pg.ours, floor: pgFloor),
                row("PostgreSQL: `psql \\copy` into a bare table (the floor)", pg.floor, floor: pgFloor),
                row("PostgreSQL: re-import, \(changed) prices changed", pg.reimport, floor: pgFloor),
            ]
        }
        return rows
    }

    private static func postgresNotes(_ result: Result, expected: String) -> [String] {
        guard let pg = result.postgres else { return [result.postgresSkipped ?? "PostgreSQL skipped."] }
        let ours = Measure.median(pg.ours)
        return [
            "PostgreSQL: a throwaway `scripts/pg-temp` server (loopback, fsync off) on the same cores; its floor is `psql`'s `\\copy` into one table of text columns.",
            String(
                format: "Goal (issue 32 point 6): a new PostgreSQL catalog in under %.0f s: **%@** (%.1f s, median).", postgresGoalSeconds,
                ours < postgresGoalSeconds ? "met" : "missed", ours),
            String(format: "The PostgreSQL re-import takes %.2f of a full import (medians).", Measure.median(pg.reimport) / ours),
            "The PostgreSQL re-import said: \(pg.reimportSummary) (\(exactly(pg.reimportSummary, expected)))",
        ]
    }
}
