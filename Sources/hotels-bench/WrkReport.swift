/// What one wrk run printed (with `--latency`), parsed:
///
/// ```
///   Latency Distribution
///      50%    1.93ms
///      99%   12.40ms
///   81234 requests in 10.00s, 40.12MB read
///   Socket errors: connect 0, read 0, write 0, timeout 3
///   Non-2xx or 3xx responses: 12
/// Requests/sec:   8123.40
/// ```
struct WrkReport {
    var requests: Int
    var requestsPerSecond: Double
    /// Seconds.
    var p50: Double
    var p99: Double
    /// Responses with a status other than 2xx or 3xx.
    var non2xx: Int
    /// connect + read + write + timeout.
    var socketErrors: Int

    var errors: Int { non2xx + socketErrors }

    init(parsing output: String) throws {
        var requests: Int?
        var rps: Double?
        var p50: Double?
        var p99: Double?
        var non2xx = 0
        var socketErrors = 0
        for raw in output.split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            if line.hasPrefix("50%"), words.count >= 2 { p50 = Self.seconds(words[1]) }
            if line.hasPrefix("99%"), words.count >= 2 { p99 = Self.seconds(words[1]) }
            if line.hasPrefix("Requests/sec:"), words.count >= 2 { rps = Double(words[1]) }
            if words.count >= 2, words[1] == "requests" { requests = Int(words[0]) }
            if line.hasPrefix("Non-2xx or 3xx responses:"), let last = words.last { non2xx = Int(last) ?? 0 }
            if line.hasPrefix("Socket errors:") {
                // "Socket errors: connect 0, read 0, write 0, timeout 3"
                socketErrors = words.compactMap { Int($0.trimmingCharacters(in: .punctuationCharacters)) }.reduce(0, +)
            }
        }
        guard let requests, let rps, let p50, let p99 else {
            throw BenchError("could not read wrk's report:\n\(output)")
        }
        self.requests = requests
        self.requestsPerSecond = rps
        self.p50 = p50
        self.p99 = p99
        self.non2xx = non2xx
        self.socketErrors = socketErrors
    }

    /// "812.00us", "1.93ms", "2.01s", "1.50m" → seconds.
    static func seconds(_ text: Substring) -> Double? {
        for (unit, scale) in [("us", 1e-6), ("ms", 1e-3), ("m", 60.0), ("s", 1.0)] where text.hasSuffix(unit) {
            return Double(text.dropLast(unit.count)).map { $0 * scale }
        }
        return nil
    }
}
