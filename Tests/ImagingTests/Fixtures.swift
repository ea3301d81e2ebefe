import Foundation
import Imaging

/// Test fixtures live next to this file and are read by path rather than as
/// SwiftPM resources, so the folder can be copied into another package as is.
/// They were written by scripts/make_fixtures.py; the formulas below are the ones it used.
enum Fixture {
    static func bytes(_ name: String, filePath: String = #filePath) throws -> [UInt8] {
        let url = URL(fileURLWithPath: filePath)
            .deletingLastPathComponent()
            .appendingPathComponent("Fixtures")
            .appendingPathComponent(name)
        return try Array(Data(contentsOf: url))
    }

    static func rgba(x: Int, y: Int) -> RGBAColor {
        RGBAColor(
            red: UInt8(x * 30), green: UInt8(y * 40), blue: UInt8(200 - x * 10 - y * 10),
            alpha: UInt8(255 - x * 20 - y * 10))
    }

    static func palette(x: Int, y: Int) -> RGBAColor {
        let entries = [
            RGBAColor(red: 255, green: 0, blue: 0, alpha: 255),
            RGBAColor(red: 0, green: 255, blue: 0, alpha: 255),
            RGBAColor(red: 0, green: 0, blue: 255, alpha: 128),
            RGBAColor(red: 255, green: 255, blue: 255, alpha: 0),
        ]
        return entries[(x + y) % 4]
    }

    /// The 16-bit samples are multiples of 257, so each maps exactly onto one 8-bit value.
    static func gray16(x: Int, y: Int) -> RGBAColor {
        let value = UInt8((x * 6 + y) * 4)
        return RGBAColor(red: value, green: value, blue: value)
    }

    static func interlaced(x: Int, y: Int) -> RGBAColor {
        RGBAColor(red: UInt8(x * 28), green: UInt8(y * 28), blue: UInt8((x * y * 3) % 256))
    }

    /// The source of baseline.jpg and progressive.jpg (32 x 24); gray.jpg is its red channel.
    static func gradient(x: Int, y: Int) -> RGBAColor {
        RGBAColor(red: UInt8(x * 255 / 31), green: UInt8(y * 255 / 23), blue: 128)
    }

    /// cmyk.jpg (16 x 8) holds C = 16x, M = 32y, Y = 64, K = 32, in Adobe's inverted storage.
    static func cmyk(x: Int, y: Int) -> RGBAColor {
        func channel(_ ink: Int) -> UInt8 { UInt8(((255 - ink) * (255 - 32) + 127) / 255) }
        return RGBAColor(red: channel(x * 16), green: channel(y * 32), blue: channel(64))
    }
}
