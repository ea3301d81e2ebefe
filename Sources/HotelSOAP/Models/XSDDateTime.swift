import Foundation

/// An `xs:dateTime` in UTC to the second (`2026-11-28T12:00:00Z`), the form OpenTravel's
/// `TimeStamp` takes: written by arithmetic on the seconds since 1970, not by a formatter
/// or a `Calendar`. The server writes one per answer; `ISO8601DateFormatter` made per call
/// was 7 % of an OpenTravel page's time.
///
/// ```swift
/// XSDDateTime.utc(Date(timeIntervalSince1970: 1_795_867_200))   // "2026-11-28T12:00:00Z"
/// ```
public enum XSDDateTime {
    /// `date` in UTC, its fraction of a second dropped (as `Calendar` and
    /// `ISO8601DateFormatter` drop it). Years before 1 or after 9999 are clamped.
    public static func utc(_ date: Date) -> String {
        let limit = 253_402_300_799.0  // 9999-12-31T23:59:59Z
        let seconds = Int64(max(-62_135_596_800, min(limit, date.timeIntervalSince1970)).rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let second = Int(seconds - days * 86_400)
        // Days since 1970-01-01 to a civil date (H. Hinnant, "chrono-compatible low-level
        // date algorithms"): eras of 400 years from 0000-03-01.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
        let month = Int(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9)
        let year = Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0))
        return String(unsafeUninitializedCapacity: 20) { out in
            func digits(_ value: Int, _ width: Int, at start: Int) {
                var rest = value
                for index in stride(from: start + width - 1, through: start, by: -1) {
                    out[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            digits(year, 4, at: 0)
            out[4] = UInt8(ascii: "-")
            digits(month, 2, at: 5)
            out[7] = UInt8(ascii: "-")
            digits(day, 2, at: 8)
            out[10] = UInt8(ascii: "T")
            digits(second / 3_600, 2, at: 11)
            out[13] = UInt8(ascii: ":")
            digits(second / 60 % 60, 2, at: 14)
            out[16] = UInt8(ascii: ":")
            digits(second % 60, 2, at: 17)
            out[19] = UInt8(ascii: "Z")
            return 20
        }
    }
}
