import Foundation
import HotelSOAP

/// Writes a realistic SearchHotelsResponse of `count` hotels to `path`, in chunks, mixing
/// scripts and field lengths the way a real catalog page does.
enum ResponseGenerator {
    static func write(count: Int, to path: String, version: SOAPVersion = .v11) throws {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? file.close() }
        var writer = SOAPResponseWriter(version: version, capacity: 1 << 20)
        writer.beginSearchResults(totalCount: count, offset: 0)
        for i in 0..<count {
            try writer.append(hotel(i))
            if i % 2000 == 1999 { try file.write(contentsOf: writer.takeBytes()) }
        }
        try file.write(contentsOf: writer.finishSearchResults())
    }

    static let names = [
        "Grand Hotel Europa", "한강 리버뷰 호텔", "ホテル浅草雷門", "Pousada São Bento", "北京东城花园酒店",
        "Hotel \"Le Petit Prince\" & Spa", "Fairmont Dubai فندق", "Гостиница Москва",
    ]
    static let cities = [
        ("Berlin", "DE", "EUR"), ("서울", "KR", "KRW"), ("東京", "JP", "JPY"), ("São Paulo", "BR", "BRL"),
        ("北京", "CN", "CNY"), ("Cannes", "FR", "EUR"), ("Dubai", "AE", "AED"), ("Москва", "RU", "RUB"),
    ]

    /// The `i`th hotel of a generated catalog page; the OpenTravel generator sells the same ones.
    static func hotel(_ i: Int) -> HotelInfo {
        let k = i % names.count
        return HotelInfo(
            id: String(format: "H%07d", i), name: "\(names[k]) \(i)", address: "\(i % 400 + 1) Example Street, \(cities[k].0)",
            city: cities[k].0, country: cities[k].1, latitude: Double(i % 18000) / 200 - 45, longitude: Double(i % 36000) / 200 - 90,
            stars: i % 6, price: Money(Decimal(100 + i % 900) + Decimal(i % 100) / 100, cities[k].2),
            distanceKm: nil, logoURL: "http://127.0.0.1:8080/logos/H\(i).png", phone: "+49 30 \(1_000_000 + i)",
            amenities: i % 3 == 0 ? ["wifi", "breakfast"] : ["wifi"])
    }
}
