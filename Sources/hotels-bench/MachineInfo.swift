import CLibXML2
import ChildProcess
import Foundation

/// The machine the figures were measured on, for the report: figures from a 2-core VM
/// and a 16-core workstation are not comparable.
struct MachineInfo {
    var cores: Int
    var cpu: String
    var memory: String
    var os: String
    var swift: String
    var libxml2: String
    var wrk: String?
    /// `/proc/loadavg`'s 1-, 5- and 15-minute averages when the run started, and when it
    /// ended (``noteLoadAtEnd()``): on a machine shared with other work, the figures must
    /// be read with it.
    var load: String = MachineInfo.loadAverage()

    static func current(wrk: String?) -> MachineInfo {
        MachineInfo(
            cores: ProcessInfo.processInfo.activeProcessorCount,
            cpu: field("/proc/cpuinfo", "model name", separator: ":") ?? "unknown CPU",
            memory: memoryTotal(),
            os: (field("/etc/os-release", "PRETTY_NAME", separator: "=")?.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                ?? "Linux")
                + ", kernel " + kernelRelease(),
            swift: firstLine(["swift", "--version"]) ?? "unknown",
            libxml2: libxml2Version(),
            // "wrk debian/4.1.0-3+b2 [epoll] Copyright (C) 2012 Will Glozer": the version part.
            wrk: wrk.flatMap { firstLine([$0, "-v"]) }.map { String($0.prefix { $0 != "[" }).trimmingCharacters(in: .whitespaces) })
    }

    /// For BENCHMARKS.md, one fact a line.
    var facts: [(String, String)] {
        [("cores (nproc)", "\(cores) (\(cpu))"), ("memory", memory), ("OS", os), ("Swift", swift), ("libxml2", libxml2)]
            + (wrk.map { [("wrk", $0)] } ?? []) + [("load average (1, 5, 15 min)", load)]
    }

    mutating func noteLoadAtEnd() {
        load = "at the start \(load); at the end \(Self.loadAverage())"
    }

    static func loadAverage() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").prefix(3).joined(separator: ", ")
    }

    var summary: String {
        "\(cores) cores (\(cpu)), \(memory) RAM, \(os); \(swift); libxml2 \(libxml2)" + (wrk.map { "; \($0)" } ?? "")
    }

    /// "20914" → "2.9.14", from the library actually loaded.
    private static func libxml2Version() -> String {
        // xmlParserVersion is a macro over this accessor (thread-local globals).
        guard let raw = __xmlParserVersion()?.pointee, let n = Int(String(cString: raw)) else { return "unknown" }
        return "\(n / 10000).\(n / 100 % 100).\(n % 100)"
    }

    private static func kernelRelease() -> String {
        var name = utsname()
        uname(&name)
        return withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    private static func memoryTotal() -> String {
        guard let kb = field("/proc/meminfo", "MemTotal", separator: ":")?.split(separator: " ").first.flatMap({ Double($0) }) else {
            return "unknown"
        }
        return String(format: "%.0f GiB", kb / 1024 / 1024)
    }

    private static func field(_ file: String, _ key: String, separator: Character) -> String? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: separator, maxSplits: 1)
            if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == key {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    private static func firstLine(_ argv: [String]) -> String? {
        guard let result = try? ChildProcess.capture(argv) else { return nil }
        return result.output.split(separator: "\n").first.map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
