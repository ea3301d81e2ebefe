import Foundation

/// A `Double` with a fixed number of decimals, exactly as `String(format: "%.6f", value)`
/// writes it, without going through `String(format:)`.
///
/// Why: `String(format:)` parses its format and builds through CoreFoundation on every call;
/// an OpenTravel page of 150 `RoomStay`s writes 300 coordinates, and that was 16 % of the
/// server's time for the page (`perf`, BENCHMARKS.md "Scaling with cores").
///
/// Exact: the value is scaled by a power of ten (one rounding, at most half a unit in the
/// last place) and rounded to the nearest integer. Only a scaled value within that error of
/// a half could round the other way in exact arithmetic; those few go to `String(format:)`,
/// as do values too large for the error to stay below a millionth.
///
/// ```swift
/// FixedDecimalText.format(48.8566, places: 6)      // "48.856600"
/// FixedDecimalText.format(-0.0000001, places: 6)   // "-0.000000", as printf
/// ```
public enum FixedDecimalText {
    private static let powers: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]

    public static func format(_ value: Double, places: Int) -> String {
        guard value.isFinite, (0...9).contains(places) else { return String(format: "%.\(places)f", value) }
        let scale = powers[places]
        let scaled = value.magnitude * scale
        // Below 2^40 the product's error (half an ulp) is under 1e-4 of a unit, and the
        // integer fits comfortably.
        guard scaled < 1_099_511_627_776 else { return String(format: "%.\(places)f", value) }
        let whole = scaled.rounded(.down)
        let fraction = scaled - whole
        guard (fraction - 0.5).magnitude > max(1e-9, scaled.ulp * 2) else { return String(format: "%.\(places)f", value) }
        let units = UInt64(whole) + (fraction > 0.5 ? 1 : 0)
        let divisor = UInt64(scale)
        let integer = String(units / divisor)
        var decimals = places == 0 ? "" : String(units % divisor)
        if decimals.utf8.count < places { decimals = String(repeating: "0", count: places - decimals.utf8.count) + decimals }
        // printf keeps the sign of a negative value that rounds to zero, and of -0.0.
        let sign = value.sign == .minus ? "-" : ""
        return places == 0 ? sign + integer : sign + integer + "." + decimals
    }
}
