/// What the command line asked for. Hand-rolled rather than ArgumentParser: four modes,
/// and the harness should not grow a dependency the product does not need.
enum BenchCommand: Equatable {
    /// Every section; rewrites BENCHMARKS.md.
    case full
    /// The CI smoke pass: tiny inputs, one run each, no wrk, nothing written.
    case quick
    /// The parse section alone, printed, on the generated input or on `file`.
    case parseOnly(file: String?)
    /// The OpenTravel parse section alone, printed, on the generated input or on `file`.
    case otaOnly(file: String?)
    /// The terminal section alone, printed: for working on the renderer.
    case terminalOnly
    /// The text logos beside chafa alone, printed: for working on `SymbolImage`.
    case logosOnly
    /// The PostgreSQL beside SQLite section alone, printed: for working on that store.
    case postgresOnly
    /// The server under wrk beside the spyne reference, printed: for working on the server.
    case serverOnly
    /// The city page under wrk alone and while `hotels import` writes into the served
    /// catalog, printed: `--import-only [ROWS]` (default 1,000,000).
    case importOnly(rows: Int?)
    /// `hotels import` of ROWS hotels into a new SQLite catalog beside `sqlite3 .import`,
    /// then a re-import with a thousandth of the prices changed, printed: `--import-speed [ROWS]`.
    case importSpeed(rows: Int?)
    /// The city page with metrics beside `--no-metrics`, printed: what `/metrics` costs.
    case metricsOnly
    /// The server pinned to 1, 2, 4, … cores, wrk on others, every scenario, printed:
    /// how the server scales (issue 33).
    case scaling
    /// The steps `--scaling` would take on `cpus` (this process's CPUs when nil), printed:
    /// to check the pinning before spending a borrowed machine's time.
    case scalingPlan(cpus: String?)
    /// `hotels search --all` against curl over the served catalog, printed: the whole
    /// client path, for comparing two builds (the `hotels` beside this harness is measured).
    case endToEndOnly
    /// Only our parser (OpenTravel's reader for an `OTA_HotelAvailRS`), three times over
    /// `file`: for callgrind or perf.
    case profileParse(file: String)
    /// Our contract's dialect file (`Dialects/hotel-search.yaml`) three times over `file`:
    /// the dialect engine alone, for callgrind or perf.
    case profileDialect(file: String)
    case help

    static let synopsis =
        "hotels-bench [--quick | --parse-only [FILE] | --ota-only [FILE] | --terminal-only | --logos-only | --postgres-only | --server-only | --import-only [ROWS] | --import-speed [ROWS] | --metrics-only | --scaling | --scaling-plan [CPUS] | --end-to-end-only | --profile-parse FILE | --profile-dialect FILE | --help]"

    static let usage = """
        USAGE: \(synopsis)

        Measures parsing, memory, the terminal, text logos beside chafa, end to end, browse, the
        server under load, serving while importing and SQLite beside PostgreSQL in one run, prints
        a table and rewrites the generated part of BENCHMARKS.md.
        Run it in release: swift run -c release hotels-bench (scripts/bench also installs
        wrk, xmllint and GNU time when they are missing).

        OPTIONS:
          --quick               CI smoke pass: tiny inputs, one run each, no wrk; writes nothing.
          --parse-only [FILE]   Only the parse and formats comparisons (ours, xmllint, Foundation, libxml2
                                floor) and the worst shapes the parser's limits allow, printed and
                                not written. FILE defaults to the generated 100,000-hotel response;
                                without FILE the OpenTravel section runs too.
          --ota-only [FILE]     Only the OpenTravel parse section (OTAAvailResponseReader and
                                hotels parse against xmllint), printed and not written. FILE
                                defaults to the generated 100,000-RoomStay OTA_HotelAvailRS.
          --terminal-only       Only the terminal frames (bytes and CPU per frame on 200×50),
                                printed and not written.
          --logos-only          Only the text logos: the demo's first 50 logos drawn in block
                                characters by SymbolImage and by chafa (when installed) with each
                                symbol set, and the error of each drawn back to pixels. Printed
                                and not written.
          --postgres-only       Only SQLite beside PostgreSQL and two replicas behind HAProxy
                                under wrk, with CPU per request; starts and stops its own
                                PostgreSQL (scripts/pg-temp). Printed and not written.
          --server-only         Only hotels serve under wrk beside the spyne reference (when
                                scripts/bench-reference setup has installed it). Printed
                                and not written.
          --import-only [ROWS]  Only the city page under wrk alone and while hotels import writes
                                ROWS rows (default 1,000,000) into the served 100,000-hotel
                                catalog, both in one run. Printed and not written.
          --import-speed [ROWS] Only hotels import of ROWS hotels (default 1,000,000) into a new
                                SQLite catalog beside sqlite3's .import of the same CSV, then a
                                re-import with every 1,000th price changed. Printed and not
                                written.
          --metrics-only        Only the city page against a server with metrics and one with
                                --no-metrics, rounds alternating, in one run. Printed and not
                                written.
          --scaling             Only the server pinned with taskset to 1, 2, 4, … cores and wrk
                                (-c128) pinned to others, every scenario (city first page, deep
                                pages, GetHotel, /health, OpenTravel): requests/s, p99, CPU per
                                request, peak RSS, and lock waits and mallocs per request when
                                perf can attach. Printed and not written.
          --scaling-plan [CPUS] Only print the steps --scaling takes on CPUS (taskset's list
                                syntax, e.g. 0-15; default: the CPUs this process may use).
          --end-to-end-only     Only hotels search --all over the served 100,000-hotel catalog
                                against curl fetching the same pages, printed and not written.
                                It measures the hotels binary beside this harness: copy this
                                harness beside another build's to compare two builds.
          --profile-parse FILE  Parse FILE three times with our parser and nothing else, for
                                a profiler (valgrind --tool=callgrind, perf); an OTA_HotelAvailRS
                                goes through OpenTravel's reader.
          --profile-dialect FILE
                                The same through Dialects/hotel-search.yaml, our contract
                                as a dialect file: the dialect engine alone.
          -h, --help            Show this help.

        EXAMPLES:
          scripts/bench
          swift run -c release hotels-bench --parse-only
          swift run -c release hotels-bench --parse-only big-response.xml
          swift run -c release hotels-bench --ota-only
          swift run -c release hotels-bench --terminal-only
          swift run -c release hotels-bench --logos-only
          swift run -c release hotels-bench --postgres-only
          swift run -c release hotels-bench --server-only
          swift run -c release hotels-bench --end-to-end-only
          swift run -c release hotels-bench --import-only 200000
          swift run -c release hotels-bench --import-speed
          swift run -c release hotels-bench --metrics-only
          swift run -c release hotels-bench --scaling-plan 0-15
          swift run -c release hotels-bench --scaling

        EXIT STATUS: 0 done, 1 a measurement failed, 64 bad usage.
        """

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    /// - Parameter arguments: without the program name.
    static func parse(_ arguments: [String]) throws(UsageError) -> BenchCommand {
        guard let option = arguments.first else { return .full }
        let operand = arguments.dropFirst().first.flatMap { $0.hasPrefix("-") ? nil : $0 }
        let command: BenchCommand
        switch option {
        case "-h", "--help": command = .help
        case "--quick": command = .quick
        case "--parse-only": command = .parseOnly(file: operand)
        case "--ota-only": command = .otaOnly(file: operand)
        case "--terminal-only": command = .terminalOnly
        case "--logos-only": command = .logosOnly
        case "--postgres-only": command = .postgresOnly
        case "--server-only": command = .serverOnly
        case "--end-to-end-only": command = .endToEndOnly
        case "--metrics-only": command = .metricsOnly
        case "--scaling": command = .scaling
        case "--scaling-plan":
            if let operand, ScalingPlan.parseList(operand).isEmpty {
                throw UsageError(description: "--scaling-plan takes CPUs as taskset lists them (0-15, 0,2,4), not '\(operand)'")
            }
            command = .scalingPlan(cpus: operand)
        case "--import-only":
            guard let text = operand else {
                command = .importOnly(rows: nil)
                break
            }
            guard let rows = Int(text), rows > 0 else {
                throw UsageError(description: "--import-only takes a number of rows, not '\(text)'")
            }
            command = .importOnly(rows: rows)
        case "--import-speed":
            guard let text = operand else {
                command = .importSpeed(rows: nil)
                break
            }
            guard let rows = Int(text), rows >= ImportSpeedBench.changedEvery else {
                throw UsageError(description: "--import-speed takes a number of rows of at least 1000, not '\(text)'")
            }
            command = .importSpeed(rows: rows)
        case "--profile-parse":
            guard let operand else { throw UsageError(description: "--profile-parse needs a FILE to parse") }
            command = .profileParse(file: operand)
        case "--profile-dialect":
            guard let operand else { throw UsageError(description: "--profile-dialect needs a FILE to parse") }
            command = .profileDialect(file: operand)
        default:
            throw UsageError(description: option.hasPrefix("-") ? "unknown option '\(option)'" : "unexpected argument '\(option)'")
        }
        let used =
            operand != nil && command != .help && command != .quick && command != .terminalOnly && command != .logosOnly
                && command != .postgresOnly && command != .serverOnly && command != .endToEndOnly && command != .metricsOnly
                && command != .scaling ? 2 : 1
        if let extra = arguments.dropFirst(used).first {
            throw UsageError(description: "unexpected argument '\(extra)' after \(option)")
        }
        return command
    }
}
