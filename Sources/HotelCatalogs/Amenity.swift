import Foundation

/// The fixed list of amenities a hotel can have, as they appear in `Amenity` elements.
public enum Amenity {
    /// In the canonical order: a hotel's amenities are always listed in this order.
    public static let all: [String] = [
        "wifi", "breakfast", "pool", "gym", "spa", "parking", "pets", "restaurant", "bar",
        "airport-shuttle", "ev-charging", "accessible",
    ]

    /// The query form of an amenity name: trimmed and lowercased.
    package static func normalize(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    package static func isKnown(_ name: String) -> Bool { all.contains(name) }
}

extension Amenity {
    /// Bit *i* set for ``all``[*i*]: the `amenity_mask` column.
    package static func mask<S: Sequence>(_ names: S) -> Int64 where S.Element == String {
        var mask: Int64 = 0
        for name in names {
            if let index = all.firstIndex(of: name) { mask |= 1 << Int64(index) }
        }
        return mask
    }
}
