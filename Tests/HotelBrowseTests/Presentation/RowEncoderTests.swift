import Foundation
import HotelSOAP
import Testing

@testable import HotelBrowse
@testable import HotelSeeder

/// The fast writers against the plain reference, byte for byte, on random hotels whose
/// text covers every class of character the formats treat differently.
@Suite("Row encoders")
struct RowEncoderTests {
    /// Scalars from each class: plain ASCII, the characters CSV/TSV/JSON escape, every C0
    /// control and DEL, C1 controls, U+2028/U+2029 and their E2 neighbours (– € ‰),
    /// bidi overrides, combining marks, Thai and Devanagari, CJK, Hangul, emoji with ZWJ
    /// and variation selectors, and a non-BMP letter.
    static let classes: [[Unicode.Scalar]] = [
        Array("abcXYZ019 .-_/:".unicodeScalars),
        [",", "\"", "\n", "\r", "\t", "\\", "'", "&", "<", ">"],
        (0..<0x20).map { Unicode.Scalar(UInt8($0)) } + [Unicode.Scalar(0x7F)],
        (0x80...0x9F).map { Unicode.Scalar(UInt32($0))! },
        [0x2028, 0x2029, 0x2013, 0x20AC, 0x2030, 0x2000, 0x202F].map { Unicode.Scalar(UInt32($0))! },
        [0x202E, 0x202D, 0x2066, 0x200F, 0xFEFF].map { Unicode.Scalar(UInt32($0))! },
        [0x0301, 0x0E33, 0x0E49, 0x093F, 0x0915, 0x0E01].map { Unicode.Scalar(UInt32($0))! },
        Array("東京ホテル서울호텔".unicodeScalars),
        [0x1F3E8, 0x200D, 0xFE0F, 0x1F1F0, 0x1F1F7, 0x1F44D, 0x1F3FD, 0x10400].map { Unicode.Scalar(UInt32($0))! },
    ]

    /// Random hotels from the seeder's generator (`SplitMix64`), so a failure replays.
    struct Generator {
        var random: SplitMix64
        init(state: UInt64) { random = SplitMix64(seed: state) }
        mutating func below(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }

        mutating func text(maxLength: Int = 24) -> String {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<below(maxLength + 1) {
                let group = RowEncoderTests.classes[below(RowEncoderTests.classes.count)]
                scalars.append(group[below(group.count)])
            }
            return String(scalars)
        }

        mutating func coordinate(_ limit: Double) -> Double {
            [0, -0.0, limit, -limit, 1e-7, 37.56653512345678][below(6)] * (below(2) == 0 ? 1 : Double(below(1000)) / 999)
        }

        mutating func money() -> Money {
            let amounts = ["0", "129.50", "-3.1", "189000", "0.001", "12345678901234567890.5"]
            return Money(Decimal(string: amounts[below(amounts.count)])!, text(maxLength: 4), scale: [nil, 0, 2, 3][below(4)])
        }

        mutating func room() -> RoomOffer {
            RoomOffer(
                roomTypeCode: below(4) == 0 ? nil : text(maxLength: 4), roomName: below(4) == 0 ? nil : text(),
                ratePlanCode: below(4) == 0 ? nil : text(maxLength: 4), total: money(), includesTaxes: below(2) == 0)
        }

        mutating func hotel() -> HotelInfo {
            HotelInfo(
                id: text(maxLength: 8), name: text(), address: text(), city: text(maxLength: 8), country: text(maxLength: 3),
                latitude: coordinate(90), longitude: coordinate(180), stars: below(7) - 1, price: money(),
                distanceKm: below(2) == 0 ? nil : Double(below(100_000)) / 7,
                logoURL: below(3) == 0 ? nil : text(), phone: below(3) == 0 ? nil : text(maxLength: 12),
                amenities: (0..<below(4)).map { _ in text(maxLength: 6) },
                // Half the hotels as OpenTravel's (rooms listed), half as ours (none).
                rooms: below(2) == 0 ? [] : (0..<below(4) + 1).map { _ in room() })
        }
    }

    @Test("csv, tsv and json: the same bytes as the plain writer on 20,000 random hotels")
    func sameBytesAsReference() {
        var random = Generator(state: 2026)
        var mismatches = 0
        for _ in 0..<20_000 {
            let hotel = random.hotel()
            for (name, fast, plain) in [
                ("csv", RowEncoder.csv, ReferenceRowWriter.csv), ("tsv", RowEncoder.tsv, ReferenceRowWriter.tsv),
                ("json", RowEncoder.json, ReferenceRowWriter.json),
            ] as [(String, (HotelInfo, inout [UInt8]) -> Void, (HotelInfo) -> String)] {
                var bytes: [UInt8] = []
                fast(hotel, &bytes)
                let expected = Array(plain(hotel).utf8)
                if bytes != expected {
                    mismatches += 1
                    if mismatches <= 3 {
                        Issue.record(
                            "\(name): \(String(decoding: bytes, as: UTF8.self).debugDescription) ≠ \(String(decoding: expected, as: UTF8.self).debugDescription)"
                        )
                    }
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("every JSON line is valid JSON that reads back to the hotel's text")
    func jsonReadsBack() throws {
        var random = Generator(state: 7)
        for _ in 0..<2_000 {
            let hotel = random.hotel()
            var bytes: [UInt8] = []
            RowEncoder.json(hotel, into: &bytes)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
            // Foundation's JSON reader drops U+FEFF wherever it stands; the bytes keep it.
            func text(_ s: String?) -> [Unicode.Scalar]? { s.map { $0.unicodeScalars.filter { $0 != "\u{FEFF}" } } }
            #expect(text(object["name"] as? String) == text(hotel.name))
            #expect(text(object["address"] as? String) == text(hotel.address))
            #expect(object["price"] as? String == hotel.price.amountText)
            let rooms = object["rooms"] as? [[String: Any]]
            #expect(rooms?.count == (hotel.rooms.isEmpty ? nil : hotel.rooms.count), "\(object)")
            for (room, read) in zip(hotel.rooms, rooms ?? []) {
                #expect(text(read["room_name"] as? String) == text(room.roomName))
                #expect(text(read["room_type"] as? String) == text(room.roomTypeCode))
                #expect(read["price"] as? String == room.total.amountText)
                #expect(read["taxes_included"] as? Bool == room.includesTaxes)
            }
        }
    }

    @Test("json: a hotel without rooms is the line it always was; with rooms, the array comes last")
    func roomsOnlyWhenListed() throws {
        var random = Generator(state: 11)
        var hotel = random.hotel()
        hotel.rooms = []
        var without: [UInt8] = []
        RowEncoder.json(hotel, into: &without)
        #expect(!String(decoding: without, as: UTF8.self).contains("\"rooms\""))
        hotel.rooms = [
            RoomOffer(
                roomTypeCode: "STD", roomName: "Standard room", ratePlanCode: nil, total: Money(parsing: "297.50", "EUR")!,
                includesTaxes: false)
        ]
        var with: [UInt8] = []
        RowEncoder.json(hotel, into: &with)
        let line = String(decoding: with, as: UTF8.self)
        // The same object up to the amenities, then the rooms.
        #expect(line.hasPrefix(String(decoding: without.dropLast(2), as: UTF8.self)))
        #expect(
            line.hasSuffix(
                ",\"rooms\":[{\"room_type\":\"STD\",\"room_name\":\"Standard room\",\"rate_plan\":null,\"price\":\"297.50\",\"currency\":\"EUR\",\"taxes_included\":false}]}\n"
            ), "\(line)")
    }
}
