import Imaging
import TerminalTable
import Testing

@testable import HotelBrowse

@Suite("LogoPicture: thumbnails for the logo cell")
struct LogoPictureTests {
    static let halfBlocks = LogoDrawing(images: .halfBlocks, symbols: .halfBlocks)

    static func picture(_ image: RGBAImage, drawing: LogoDrawing = halfBlocks) -> LogoPicture {
        LogoPicture(image, columns: 4, rows: 2, drawing: drawing, pictureID: 1)
    }

    @Test("a wide logo keeps its aspect ratio, centred, the rest left to the background")
    func wide() throws {
        let red = RGBAColor(red: 255, green: 0, blue: 0, alpha: 255)
        let picture = Self.picture(RGBAImage(width: 200, height: 100, fill: red))
        #expect(picture.cell.columns == 4 && picture.cell.rows == 2)
        // 4 × 4 pixels of box, a 4 × 2 picture in the middle: pixel rows 1 and 2.
        for column in 0..<4 {
            #expect(picture.cell[0, column].text == "▄" && picture.cell[0, column].style.foreground == RGB(255, 0, 0))
            #expect(picture.cell[1, column].text == "▀" && picture.cell[1, column].style.background == nil)
        }
    }

    @Test("a tall logo is narrowed, not stretched")
    func tall() throws {
        let blue = RGBAColor(red: 0, green: 0, blue: 255, alpha: 255)
        let picture = Self.picture(RGBAImage(width: 50, height: 100, fill: blue))
        // 2 × 4 pixels in a 4 × 4 box: columns 1 and 2 only.
        for row in 0..<2 {
            #expect(picture.cell[row, 0] == .blank && picture.cell[row, 3] == .blank)
            let style = picture.cell[row, 1].style
            #expect(style.foreground == RGB(0, 0, 255) || style.background == RGB(0, 0, 255))
        }
    }

    @Test("transparent pixels show the terminal background")
    func transparent() throws {
        let clear = RGBAColor(red: 255, green: 255, blue: 255, alpha: 0)
        let picture = Self.picture(RGBAImage(width: 8, height: 8, fill: clear))
        #expect((0..<2).allSatisfy { row in (0..<4).allSatisfy { picture.cell[row, $0] == .blank } })
    }

    @Test("sixel: the logo encoded for the cells' pixels, aspect kept on a transparent canvas")
    func sixel() throws {
        let red = RGBAColor(red: 255, green: 0, blue: 0, alpha: 255)
        let drawing = LogoDrawing(images: .sixel, cellSize: PixelSize(width: 8, height: 17))
        let picture = Self.picture(RGBAImage(width: 200, height: 100, fill: red), drawing: drawing)
        #expect(picture.picture == TerminalPicture(id: 1, columns: 4, rows: 2))
        let sequence = try #require(picture.pictureSequence)
        // 4 × 8 by 2 × 17 pixels, background left transparent (P2 = 1).
        #expect(sequence.hasPrefix("\u{1B}P0;1;0q\"1;1;32;34"))
        #expect(picture.tableCell == .picture(TerminalPicture(id: 1, columns: 4, rows: 2)))
        // The canvas: a 32 × 16 red band in the middle of 32 × 34.
        let canvas = drawing.canvas(RGBAImage(width: 200, height: 100, fill: red), columns: 4, rows: 2)
        #expect(canvas.width == 32 && canvas.height == 34)
        #expect(canvas.pixels[3] == 0 && canvas.pixels[(17 * 32) * 4 + 3] == 255)
    }

    @Test("iTerm2: an OSC 1337 inline image over the logo's cells")
    func iterm() throws {
        let green = RGBAColor(red: 0, green: 200, blue: 0, alpha: 255)
        let picture = Self.picture(RGBAImage(width: 64, height: 64, fill: green), drawing: LogoDrawing(images: .iterm))
        let sequence = try #require(picture.pictureSequence)
        #expect(sequence.hasPrefix("\u{1B}]1337;File=inline=1;"))
        #expect(sequence.contains("width=4;height=2"))
    }

    @Test("text terminals get block symbols of the chosen set; no picture")
    func symbols() throws {
        let blue = RGBAColor(red: 0, green: 0, blue: 255, alpha: 255)
        let picture = Self.picture(
            RGBAImage(width: 64, height: 64, fill: blue), drawing: LogoDrawing(images: .halfBlocks, symbols: .sextants))
        #expect(picture.picture == nil && picture.pictureSequence == nil)
        #expect(picture.cell.symbols == .sextants)
        guard case .symbolImage(let image) = picture.tableCell else {
            Issue.record("not symbols")
            return
        }
        #expect(image == picture.cell)
    }
}
