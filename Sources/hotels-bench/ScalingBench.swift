import ChildProcess
import Foundation
import HotelClient
import HotelSOAP

/// `hotels-bench --scaling` (issue 33 point 2): the issue's table, taken by the harness.
/// For each step of ``ScalingPlan`` a fresh `hotels serve` (100,000 hotels, SQLite) pinned
/// with `taskset` to the step's cores, and each scenario under `wrk -tN -c128`, wrk pinned
/// to its own cores: 3 s of warm-up, then 8 s measured. Per step and scenario:
/// requests/s, p99, the server's CPU per request (its user + system time over the requests
/// wrk completed), its peak RSS, and, when `perf` can attach, lock waits, context switches
/// and `malloc` calls per request from a separate 3 s run (``PerfCounters``).
enum ScalingBench {
    struct Measurement {
        var step: ScalingPlan.Step
        var scenario: String
        var report: WrkReport
        /// Server CPU seconds per completed request.
        var cpuPerRequest: Double
        /// Server peak RSS (VmHWM) at the end of the scenario, bytes.
        var peakRSS: Int
        var perRequest: (futexWaits: Double, contextSwitches: Double, mallocs: Double?)?
    }

    struct Result {
        var hotels: Int
        var plan: ScalingPlan
        var measurements: [Measurement]
        var seconds: Int
    }

    static let connections = 128
    static let warmUp = 3
    static let profileSeconds = 3

    static func scenarios(hotels: Int, paths: BenchPaths) throws -> [ServerBench.Scenario] {
        let writer = SOAPRequestBuilder(version: .v11)
        // Random city, random page at offsets 0…2,000: deep pages make the catalog count and
        // skip, and miss the caches a first page hits.
        let deep = try ServerBench.cities.flatMap { city in
            try stride(from: 0, through: 2_000, by: 50).map { try writer.searchHotels(HotelQuery(city: city.name, offset: $0, limit: 50)) }
        }
        let ota = try ServerBench.cities.map { city in
            try OTAAvailRequestWriter(version: .v11).availability(
                HotelQuery(city: city.name), maxResponses: 50, moreDataEchoToken: nil, echoToken: "bench", timeStamp: "2026-11-28T12:00:00Z"
            )
        }
        let health = WrkScript.get("/health")
        return try [ServerBench.cityScenario(paths: paths, prefix: "scaling-")]
            + [
                ("SearchHotels, city, random page up to offset 2,000", "deep-pages.lua", WrkScript.post(deep), "/soap"),
                ("GetHotel, random id", "get-hotel.lua", try WrkScript.getHotel(hotels: hotels), "/soap"),
                ("GET /health", "health.lua", health, "/health"),
                ("OTA_HotelAvailRQ, city, 50 responses", "ota-city.lua", WrkScript.post(ota), "/ota"),
            ].map { name, file, lua, path in
                let script = paths.file("scaling-" + file)
                try lua.write(toFile: script, atomically: true, encoding: .utf8)
                return ServerBench.Scenario(name: name, script: script, path: path)
            }
    }

    static func run(wrk: String, paths: BenchPaths, hotels: Int, seconds: Int) async throws -> Result {
        guard let taskset = ChildProcess.find("taskset") else {
            throw BenchError("taskset is missing: install util-linux (scripts/bench does)")
        }
        let plan = ScalingPlan(cpus: ScalingPlan.allowedCPUs())
        guard !plan.steps.isEmpty else { throw BenchError("--scaling needs at least 2 cores: one for the server, one for wrk") }
        let catalog = try ServedCatalog.sqliteCatalog(hotels: hotels, paths: paths)
        let scenarios = try scenarios(hotels: hotels, paths: paths)
        var measurements: [Measurement] = []
        for step in plan.steps {
            Bench.say("scaling: server on CPUs \(ScalingPlan.list(step.serverCPUs)), wrk on \(ScalingPlan.list(step.wrkCPUs))…")
            let server = try ServedCatalog(
                catalog: catalog, hotels: hotels, paths: paths, label: "scaling",
                arguments: ["--io-threads", String(step.eventLoops)], launcher: [taskset, "-c", ScalingPlan.list(step.serverCPUs)])
            defer { server.stop() }
            try await ServerBench.verify(catalog: server)
            let profiler = PerfCounters.make(server: server.pid)
            for scenario in scenarios {
                let url = server.baseURL + scenario.path
                let load = { (seconds: Int) in
                    try Self.load(wrk: wrk, taskset: taskset, cpus: step.wrkCPUs, script: scenario.script, url: url, seconds: seconds)
                }
                _ = try load(warmUp)
                let before = ProcessCPU.ticks(server.pid)
                let report = try load(seconds)
                let ticks = ProcessCPU.ticks(server.pid) - before
                let counts = try profiler.map { profiler in
                    var completed = 0
                    let counts = try profiler.count(pid: server.pid, scratch: paths.file("scaling-\(getpid())")) {
                        completed = try load(profileSeconds).requests
                    }
                    return (counts, max(1, completed))
                }
                measurements.append(
                    Measurement(
                        step: step, scenario: scenario.name, report: report,
                        cpuPerRequest: Double(ticks) / ProcessCPU.ticksPerSecond / Double(max(1, report.requests)),
                        peakRSS: Self.peakRSS(server.pid),
                        perRequest: counts.map { counts, requests in
                            (
                                Double(counts.futexWaits) / Double(requests), Double(counts.contextSwitches) / Double(requests),
                                counts.mallocs.map { Double($0) / Double(requests) }
                            )
                        }))
            }
        }
        return Result(hotels: hotels, plan: plan, measurements: measurements, seconds: seconds)
    }

    /// wrk pinned to `cpus`, one thread per CPU, the issue's 128 connections unless told.
    static func load(
        wrk: String, taskset: String, cpus: [Int], script: String, url: String, seconds: Int, connections: Int = connections
    ) throws -> WrkReport {
        let argv = [
            taskset, "-c", ScalingPlan.list(cpus), wrk, "-t\(min(cpus.count, connections))", "-c\(connections)", "-d\(seconds)s",
            "--latency", "-s", script, url,
        ]
        let (code, output) = try ChildProcess.capture(argv)
        guard code == 0 else { throw BenchError("\(argv.joined(separator: " ")) exited \(code):\n\(output)") }
        return try WrkReport(parsing: output)
    }

    /// VmHWM of `/proc/PID/status`, in bytes: the most the server has held so far.
    static func peakRSS(_ pid: pid_t) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return 0 }
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }
}
