import ChildProcess
import Foundation

/// The samples of a Prometheus text-format scrape (0.0.4), by series: `name{labels}` as
/// written, labels in the order the server wrote them. Comment lines are skipped; a line
/// that is neither a comment nor `series value` fails the parse, so a malformed exposition
/// cannot pass a test by saying nothing.
struct PrometheusText {
    let samples: [String: Double]

    init(parsing text: String) throws {
        var samples: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.isEmpty {
            // The value is after the last space: label values here hold no spaces.
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
                throw SpawnError("not a sample line: \(line)")
            }
            let series = String(line[..<space])
            guard samples[series] == nil else { throw SpawnError("series written twice: \(series)") }
            samples[series] = value
        }
        self.samples = samples
    }

    /// The value of `name` with exactly `labels` (in any order), 0 when absent: a counter
    /// not made yet has counted nothing.
    func value(_ name: String, _ labels: [String: String] = [:]) -> Double {
        for (series, value) in samples where Self.matches(series, name: name, labels: labels) { return value }
        return 0
    }

    /// Whether any series of `name` exists.
    func has(_ name: String) -> Bool { samples.keys.contains { $0 == name || $0.hasPrefix(name + "{") } }

    private static func matches(_ series: String, name: String, labels: [String: String]) -> Bool {
        guard let brace = series.firstIndex(of: "{") else { return series == name && labels.isEmpty }
        guard series[..<brace] == name, series.hasSuffix("}") else { return false }
        let inner = series[series.index(after: brace)..<series.index(before: series.endIndex)]
        var found: [String: String] = [:]
        for pair in inner.split(separator: ",") {
            guard let equals = pair.firstIndex(of: "=") else { return false }
            found[String(pair[..<equals])] = String(pair[pair.index(after: equals)...]).trimmingCharacters(
                in: CharacterSet(charactersIn: "\""))
        }
        return found == labels
    }
}
