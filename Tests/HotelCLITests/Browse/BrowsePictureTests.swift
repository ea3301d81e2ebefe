import Foundation
import HotelTestSupport
import TerminalTable
import Testing

@testable import HotelBrowse

/// `hotels browse` drawing logos as pictures the terminal draws itself (sixel, iTerm2,
/// kitty), against a real server: what goes to the terminal, frame by frame.
///
/// These tests wait for every logo of a page, four loads at a time, each followed by a
/// frame. `scripts/test` runs them on their own after the rest: beside the whole suite,
/// whose parsing and serving tests keep both of Swift's concurrency threads busy for the
/// first minutes on two cores, a page's logos took up to a minute to arrive (traced per
/// session: no load hung, every one queued), and the waits ran out.
@Suite("hotels browse: sixel, iTerm2 and kitty logos")
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

    @Test("with kitty graphics each logo is uploaded once, drawn as placeholders, and deleted at the end")
    func kittyImages() async throws {
        var harness = BrowseHarness(endpoint: try await LiveServer.shared().endpoint)
        harness.images = .kitty
        let terminal = try await harness.runKeepingTerminal { terminal in
            try await terminal.waitUntil("the logos") {
                $0.last?.contains("logos 0 loading") == true && $0.dropFirst().first?.unicodeScalars.first == "\u{10EEEE}"
            }
            terminal.inject(.pageDown)
            try await terminal.waitUntil("the next logos") {
                $0.last?.contains("row 15 of") == true && $0.last?.contains("logos 0 loading") == true
                    && $0[1].unicodeScalars.first == "\u{10EEEE}"
            }
        }
        let written = terminal.writtenText
        let uploads = written.components(separatedBy: "\u{1B}_Ga=T,f=100,i=").dropFirst().map { $0.prefix { $0 != "," } }
        #expect(uploads.count == 28, "two screens of logos")
        #expect(Set(uploads).count == uploads.count, "an image was uploaded twice")
        // Quitting deletes every image it uploaded.
        for id in uploads { #expect(written.contains("a=d,d=I,i=\(id),")) }
        #expect(!LogoSymbols.appear(in: written))
    }

    @Test("kitty before 0.28: each logo uploaded once without U=1, placed where its cells are, moved on scroll, all deleted at the end")
    func kittyDirect() async throws {
        var harness = BrowseHarness(endpoint: try await LiveServer.shared().endpoint)
        harness.images = .kittyDirect
        let terminal = try await harness.runKeepingTerminal { terminal in
            try await terminal.waitUntil("the first logos") { lines in
                lines.last?.contains("row 1 of 3,000") == true && lines.last?.contains("logos 0 loading") == true
                    && Self.count("\u{1B}_Ga=p,", in: terminal.writtenText) == 14
            }
            for _ in 1...16 { terminal.inject(.char("j")) }
            // Three rows entered: their logos load once the fast scroll settles.
            try await terminal.waitUntil("scrolled") { lines in
                lines.last?.contains("row 17 of") == true && Self.count("\u{1B}_Ga=t,", in: terminal.writtenText) == 17
            }
        }
        let written = terminal.writtenText
        #expect(!written.contains("U=1"), "kitty 0.26 refuses virtual placements")
        let uploads = written.components(separatedBy: "\u{1B}_Ga=t,f=100,i=").dropFirst().map { $0.prefix { $0 != "," } }
        #expect(uploads.count == 17 && Set(uploads).count == uploads.count, "each logo uploaded once")
        for id in uploads { #expect(written.contains("a=d,d=I,i=\(id),")) }
    }
}
