import Foundation

/// Great-circle distances and the bounding boxes that prefilter a radius search.
public enum GeoMath {
    /// Mean Earth radius (IUGG), kilometres.
    public static let earthRadiusKm = 6371.0088

    /// Haversine distance between two points in degrees, in kilometres.
    public static func distanceKm(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let rad = Double.pi / 180
        let dLat = (lat2 - lat1) * rad
        let dLon = (lon2 - lon1) * rad
        let s1 = sin(dLat / 2)
        let s2 = sin(dLon / 2)
        let a = s1 * s1 + cos(lat1 * rad) * cos(lat2 * rad) * s2 * s2
        return 2 * earthRadiusKm * asin(min(1, sqrt(max(0, a))))
    }

    /// A latitude band and one or two longitude ranges (two when the circle crosses the
    /// antimeridian; none means every longitude) that contain the whole circle.
    struct BoundingBox: Equatable {
        var minLat: Double
        var maxLat: Double
        var lonRanges: [ClosedRange<Double>]  // empty = all longitudes
    }

    static func boundingBox(_ lat: Double, _ lon: Double, radiusKm: Double) -> BoundingBox {
        // A little slack so float rounding never drops a point on the circle.
        let delta = radiusKm / earthRadiusKm * (1 + 1e-9) + 1e-12  // angular radius, radians
        let deltaDeg = delta * 180 / .pi
        let minLat = lat - deltaDeg
        let maxLat = lat + deltaDeg
        if delta >= .pi / 2 || maxLat >= 90 || minLat <= -90 {
            // The circle reaches a pole: every longitude.
            return BoundingBox(minLat: max(-90, minLat), maxLat: min(90, maxLat), lonRanges: [])
        }
        let ratio = sin(delta) / cos(lat * .pi / 180)
        if ratio >= 1 { return BoundingBox(minLat: minLat, maxLat: maxLat, lonRanges: []) }
        let dLon = asin(ratio) * 180 / .pi * (1 + 1e-9) + 1e-9
        if dLon >= 180 { return BoundingBox(minLat: minLat, maxLat: maxLat, lonRanges: []) }
        let lo = lon - dLon
        let hi = lon + dLon
        if lo < -180 {
            return BoundingBox(minLat: minLat, maxLat: maxLat, lonRanges: [(lo + 360)...180, -180...hi])
        }
        if hi > 180 {
            return BoundingBox(minLat: minLat, maxLat: maxLat, lonRanges: [lo...180, -180...(hi - 360)])
        }
        return BoundingBox(minLat: minLat, maxLat: maxLat, lonRanges: [lo...hi])
    }

    /// Degrees rounded to 6 decimals (about 11 cm), as the catalog stores coordinates.
    package static func round6(_ value: Double) -> Double { (value * 1_000_000).rounded() / 1_000_000 }
}
