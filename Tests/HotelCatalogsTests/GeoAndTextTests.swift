import Foundation
import HotelTestSupport
import Testing

@testable import HotelCatalogs
@testable import HotelSeeder

@Suite("GeoMath and text folding")
struct GeoAndTextTests {
    @Test("haversine distances")
    func distances() {
        #expect(GeoMath.distanceKm(37.5665, 126.9780, 37.5665, 126.9780) == 0)
        // Seoul – Tokyo ≈ 1,159 km; Paris – London ≈ 344 km; a quarter meridian ≈ 10,008 km.
        #expect(abs(GeoMath.distanceKm(37.5665, 126.9780, 35.6812, 139.7671) - 1_159) < 3)
        #expect(abs(GeoMath.distanceKm(48.8566, 2.3522, 51.5074, -0.1278) - 344) < 2)
        #expect(abs(GeoMath.distanceKm(0, 0, 90, 0) - 10_007.6) < 1)
        #expect(abs(GeoMath.distanceKm(0, 179.9, 0, -179.9) - 22.24) < 0.05)  // across the antimeridian
    }

    @Test("bounding boxes contain the circle, split at the antimeridian, open at the poles")
    func boxes() {
        let simple = GeoMath.boundingBox(37.5, 127, radiusKm: 10)
        #expect(simple.lonRanges.count == 1 && simple.minLat < 37.5 - 0.089 && simple.maxLat > 37.5 + 0.089)
        let split = GeoMath.boundingBox(-18, 179.99, radiusKm: 100)
        #expect(
            split.lonRanges.count == 2 && split.lonRanges.contains { $0.upperBound == 180 }
                && split.lonRanges.contains { $0.lowerBound == -180 })
        let polar = GeoMath.boundingBox(89.5, 10, radiusKm: 100)
        #expect(polar.lonRanges.isEmpty && polar.maxLat == 90)
        // Points on the circle's edge in every direction are inside the box.
        for bearing in stride(from: 0.0, to: 360, by: 15) {
            let lat0 = 60.0
            let lon0 = 10.0
            let km = 500.0
            let d = km / GeoMath.earthRadiusKm
            let b = bearing * .pi / 180
            let p1 = lat0 * .pi / 180
            let p2 = asin(sin(p1) * cos(d) + cos(p1) * sin(d) * cos(b))
            let l2 = lon0 * .pi / 180 + atan2(sin(b) * sin(d) * cos(p1), cos(d) - sin(p1) * sin(p2))
            let box = GeoMath.boundingBox(lat0, lon0, radiusKm: km)
            let lat = p2 * 180 / .pi
            let lon = l2 * 180 / .pi
            #expect(lat >= box.minLat && lat <= box.maxLat && box.lonRanges.contains { $0.contains(lon) })
        }
    }

    @Test("folding: case, diacritics, width, white space")
    func folding() {
        #expect(CatalogText.fold("  Zürich ") == "zurich")
        #expect(CatalogText.fold("São   Paulo") == "sao paulo")
        #expect(CatalogText.fold("KRAKÓW") == "krakow")
        #expect(CatalogText.fold("İstanbul") == "istanbul")
        #expect(CatalogText.fold("ＨＯＴＥＬ") == "hotel")
        #expect(CatalogText.fold("서울 호텔") == "서울 호텔")
        #expect(CatalogText.fold("Гостиница «Нева»") == "гостиница «нева»")
    }

    @Test("ASCII text folds by the fast path exactly as through Foundation")
    func asciiFoldAgrees() {
        for byte in UInt8(0)..<0x80 {
            let text = "a" + String(UnicodeScalar(byte)) + "B " + String(UnicodeScalar(byte))
            #expect(CatalogText.foldASCII(text) == CatalogText.foldUnicode(text), "byte \(byte)")
        }
        var random = SplitMix64(seed: 42)
        for _ in 0..<2000 {
            let text = String(decoding: (0..<Int(random.next() % 24)).map { _ in UInt8(random.next() % 0x80) }, as: UTF8.self)
            #expect(CatalogText.foldASCII(text) == CatalogText.foldUnicode(text), "\(Array(text.utf8))")
        }
        #expect(CatalogText.foldASCII("Zürich") == nil)
        #expect(CatalogText.fold("  New\tYORK  ") == "new york")
    }

    @Test("amenity masks and currency conversion agree with the seeder")
    func masksAndMoney() {
        #expect(Amenity.mask(["wifi"]) == 1)
        #expect(Amenity.mask(["accessible", "wifi"]) == 1 | 1 << 11)
        #expect(Currencies.usdValue(minorAmount: 12_999, minorUnits: 2, rate: 1) == 129.99)
        #expect(Currencies.usdValue(Decimal(string: "129.99")!, rate: 1) == 129.99)
        #expect(
            Currencies.usdValue(minorAmount: 125_000, minorUnits: 0, rate: 0.00073) == Currencies.usdValue(Decimal(125_000), rate: 0.00073))
        #expect(Currencies.formatMinor(12_905, minorUnits: 2) == "129.05")
        #expect(Currencies.formatMinor(125_000, minorUnits: 0) == "125000")
    }
}
