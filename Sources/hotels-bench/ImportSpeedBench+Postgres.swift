import ChildProcess
import Foundation

/// ``ImportSpeedBench``'s PostgreSQL half (issue 32 point 6: 1,000,000 hotels under 60 s):
/// `hotels import` into a new database of a throwaway PostgreSQL (`scripts/pg-temp`,
/// loopback, fsync off, on the same cores), beside `psql`'s `\copy` of the same CSV into
/// one bare table of text columns, the floor; then the re-import with 1,000 prices changed.
extension ImportSpeedBench {
    struct PostgresResult {
        var ours: [Double] = []
        var floor: [Double] = []
        var reimport: [Double] = []
        var reimportSummary = ""
    }

    static func runPostgres(paths: BenchPaths, input: String, changed: String, runs: Int) throws -> PostgresResult {
        let directory = paths.file("pg-import-\(getpid())")
        let script = paths.repositoryRoot.appendingPathComponent("scripts/pg-temp").path
        Interrupts.install()
        Interrupts.onInterrupt([script, "stop", directory])
        defer {
            _ = try? ChildProcess([script, "stop", directory], stderr: .inherit).wait()
            Interrupts.forget([script, "stop", directory])
        }
        let started = try ChildProcess.capture([script, "start", "--watch", String(getpid()), directory])
        guard started.code == 0, let url = started.output.split(separator: "\n").last(where: { $0.hasPrefix("postgres://") }) else {
            throw BenchError("scripts/pg-temp start exited \(started.code): \(started.output)")
        }
        let password = try String(contentsOfFile: directory + "/password", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let port = try String(contentsOfFile: directory + "/port", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let environment = ["PGPASSWORD": password]
        let base = url.dropLast("hotels".count)
        func psql(_ database: String, _ command: String) throws {
            try ChildProcess(
                ["psql", "-h", directory, "-p", port, "-U", "hotels", "-d", database, "-q", "-v", "ON_ERROR_STOP=1", "-c", command],
                stdout: .null, environment: environment
            ).check()
        }
        let header = try firstLine(of: input).split(separator: ",").map { "\"\($0)\" text" }.joined(separator: ", ")
        var result = PostgresResult()
        var last = ""
        for run in 0..<runs {
            Bench.say("import speed: PostgreSQL, run \(run + 1) of \(runs)…")
            let database = "import_\(run)"
            try psql("hotels", "CREATE DATABASE \(database)")
            for ourTurn in run % 2 == 0 ? [true, false] : [false, true] {
                if ourTurn {
                    let argv = [paths.hotels, "import", input, "--into", base + database, "--priority", "normal"]
                    result.ours.append(try Measure.once { try ChildProcess(argv, stdout: .null, environment: environment).check() })
                } else {
                    try psql(database, "CREATE TABLE bare (\(header))")
                    result.floor.append(try Measure.once { try psql(database, "\\copy bare FROM '\(input)' WITH (FORMAT csv, HEADER)") })
                    try psql(database, "DROP TABLE bare")
                }
            }
            last = database
        }
        for run in 0..<runs {
            Bench.say("import speed: PostgreSQL re-import, run \(run + 1) of \(runs)…")
            // Each run into a fresh copy of the imported catalog.
            let copy = "reimport_\(run)"
            try psql("hotels", "CREATE DATABASE \(copy) TEMPLATE \(last)")
            let process = try ChildProcess(
                [paths.hotels, "import", changed, "--into", base + copy, "--priority", "normal"], stdout: .capture, stderr: .capture,
                environment: environment)
            let t0 = Measure.now()
            try process.check()
            result.reimport.append(Measure.now() - t0)
            result.reimportSummary = (process.stdout + process.stderr).split(separator: "\n").last.map(String.init) ?? ""
        }
        return result
    }

    private static func firstLine(of path: String) throws -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw BenchError("cannot read \(path)") }
        defer { try? handle.close() }
        let head = try handle.read(upToCount: 4096) ?? Data()
        return String(decoding: head.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }
}
