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
        let (year, month, day) = WSSecurity.civil(fromDays: Int(days))
        return String(unsafeUninitializedCapacity: 20) { out in
            PaddedDigits.date(year, month, day, into: out, at: 0)
            out[10] = UInt8(ascii: "T")
            PaddedDigits.write(second / 3_600, width: 2, into: out, at: 11)
            out[13] = UInt8(ascii: ":")
            PaddedDigits.write(second / 60 % 60, width: 2, into: out, at: 14)
            out[16] = UInt8(ascii: ":")
            PaddedDigits.write(second % 60, width: 2, into: out, at: 17)
            out[19] = UInt8(ascii: "Z")
            return 20
        }
    }
}
