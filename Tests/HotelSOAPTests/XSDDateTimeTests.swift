import Foundation
import HotelSOAP
import Testing

/// `XSDDateTime.utc` must agree with Foundation's `ISO8601DateFormatter` to the second.
@Suite("XSDDateTime")
struct XSDDateTimeTests {
    static func formatter() -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter
    }

    /// Whole seconds: the formatter rounds a fraction past .9995 up (to milliseconds first),
    /// where we drop it as `Calendar` does; the next test checks the fraction alone.
    @Test("random whole seconds from 1901 to 2200: as ISO8601DateFormatter writes them")
    func random() {
        let formatter = Self.formatter()
        var differing: [String] = []
        for _ in 0..<20_000 {
            let date = Date(timeIntervalSince1970: Double.random(in: -2_147_483_648...7_258_118_400).rounded(.down))
            let ours = XSDDateTime.utc(date)
            let theirs = formatter.string(from: date)
            if ours != theirs { differing.append("\(date.timeIntervalSince1970): \(ours) ≠ \(theirs)") }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }

    @Test("a fraction of a second is dropped, never rounded up")
    func fraction() {
        for seconds in [0.0, 1_795_867_199, -1, 951_868_799] {
            let whole = XSDDateTime.utc(Date(timeIntervalSince1970: seconds))
            #expect(XSDDateTime.utc(Date(timeIntervalSince1970: seconds + 0.9999)) == whole)
            #expect(XSDDateTime.utc(Date(timeIntervalSince1970: seconds + 0.0001)) == whole)
        }
    }

    @Test(
        "leap days, year ends, the epoch and just before it",
        arguments: [
            0.0, -1, 86_399, 951_782_400, 951_868_799, 1_709_164_800, 4_107_542_399, 1_795_867_200, 946_684_799, 253_402_300_799,
        ])
    func edges(seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(XSDDateTime.utc(date) == Self.formatter().string(from: date))
    }
}
