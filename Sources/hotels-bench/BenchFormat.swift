import Foundation

/// How figures are written in the report: three significant digits are all a median on a
/// shared machine can honestly claim.
enum BenchFormat {
    static func seconds(_ s: Double) -> String {
        if s >= 1 { return String(format: "%.2f s", s) }
        if s >= 0.1 { return String(format: "%.3f s", s) }
        if s >= 1e-3 { return String(format: "%.3g ms", s * 1e3) }
        return String(format: "%.3g µs", s * 1e6)
    }

    static func ratio(_ r: Double) -> String { String(format: "%.2f ×", r) }

    static func count(_ n: Double) -> String { grouped(Int(n.rounded())) }

    /// 1234567 → "1,234,567", as the browse table's status line writes row numbers.
    static func grouped(_ n: Int) -> String {
        var digits = Array(String(n))
        var i = digits.count - 3
        while i > 0 {
            digits.insert(",", at: i)
            i -= 3
        }
        return String(digits)
    }

    static func megabytes(_ mb: Double) -> String { String(format: "%.1f MB", mb) }

    static func mebibytes(_ mib: Double) -> String { String(format: "%.1f MiB", mib) }

    static func percent(_ fraction: Double) -> String { String(format: "%.1f %%", fraction * 100) }
}
