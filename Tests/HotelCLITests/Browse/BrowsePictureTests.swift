import Foundation
import HotelTestSupport
import TerminalTable
import Testing

@testable import HotelBrowse

/// `hotels browse` drawing logos as pictures the terminal draws itself (sixel, iTerm2),
/// against a real server: what goes to the terminal, frame by frame.
@Suite("hotels browse: sixel and iTerm2 logos")
struct BrowsePictureTests {
    static func count(_ marker: String, in text: String) -> Int {
        text.components(separatedBy: marker).count - 1
    }

    /// The start of one table logo: 4 × 2 cells of 8 × 16 pixels.
    static func marker(_ images: ImageProtocol) -> String {
        images == .sixel ? "\u{1B}P0;1;0q\"1;1;32;32" : "\u{1B}]1337;File=inline=1;"
    }

    @Test(
        "each visible logo is drawn once; a one-row scroll sends only the logo that enters",
        arguments: [ImageProtocol.sixel, .iterm])
    func oneRowScrolls(images: ImageProtocol) async throws {
        var harness = BrowseHarness(endpoint: try await LiveServer.shared().endpoint)
        harness.images = images
        harness.cellSize = PixelSize(width: 8, height: 16)
        let marker = Self.marker(images)
        _ = try await harness.run { terminal in
            // 30 lines: header, 14 rows of 2 lines, status.
            try await terminal.waitUntil("the first logos") { lines in
                lines.last?.contains("row 1 of 3,000") == true && lines.last?.contains("logos 0 loading") == true
                    && Self.count(marker, in: terminal.writtenText) == 14
            }
            for _ in 1...13 { terminal.inject(.char("j")) }
            try await terminal.waitUntil("the last row selected") { $0.last?.contains("row 14 of") == true }
            let before = Self.count(marker, in: terminal.writtenText)
            #expect(before == 14, "moving the selection redrew no logo")
            for step in 1...10 {
                terminal.inject(.char("j"))
                try await terminal.waitUntil("scroll \(step)") { lines in
                    lines.last?.contains("row \(14 + step) of") == true && lines.last?.contains("logos 0 loading") == true
                        && Self.count(marker, in: terminal.writtenText) >= before + step
                }
            }
            // Settled: no logo sent twice.
            try await Task.sleep(for: .milliseconds(300))
            #expect(Self.count(marker, in: terminal.writtenText) == before + 10)
        }
    }

    @Test("the detail view draws the larger logo, and the table's logos come back when it closes")
    func detail() async throws {
        var harness = BrowseHarness(endpoint: try await LiveServer.shared().endpoint)
        harness.images = .sixel
        harness.cellSize = PixelSize(width: 8, height: 16)
        _ = try await harness.run { terminal in
            try await terminal.waitUntil("the first logos") { lines in
                lines.last?.contains("row 1 of 3,000") == true && lines.last?.contains("logos 0 loading") == true
                    && Self.count(Self.marker(.sixel), in: terminal.writtenText) == 14
            }
            let tableLogos = Self.count(Self.marker(.sixel), in: terminal.writtenText)
            terminal.inject(.enter)
            // 16 × 8 cells of 8 × 16 pixels.
            try await terminal.waitUntil("the larger logo") { _ in terminal.writtenText.contains("\u{1B}P0;1;0q\"1;1;128;128") }
            terminal.inject(.escape)
            try await terminal.waitUntil("the table's logos again") { _ in
                Self.count(Self.marker(.sixel), in: terminal.writtenText) == 2 * tableLogos
            }
        }
    }
}
