import Imaging
import TerminalTable
import Testing

@testable import HotelBrowse

@Suite("LogoPicture: thumbnails for the logo cell")
struct LogoPictureTests {
    @Test("a wide logo keeps its aspect ratio, centred, the rest left to the background")
    func wide() throws {
        let red = RGBAColor(red: 255, green: 0, blue: 0, alpha: 255)
        let picture = LogoPicture(RGBAImage(width: 200, height: 100, fill: red), columns: 4, rows: 2)
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
        let picture = LogoPicture(RGBAImage(width: 50, height: 100, fill: blue), columns: 4, rows: 2)
        // 2 × 4 pixels in a 4 × 4 box: columns 1 and 2 only.
        for row in 0..<2 {
            #expect(picture.cell[row, 0] == .blank && picture.cell[row, 3] == .blank)
            #expect(picture.cell[row, 1].style.foreground == RGB(0, 0, 255))
        }
    }

    @Test("transparent pixels show the terminal background")
    func transparent() throws {
        let clear = RGBAColor(red: 255, green: 255, blue: 255, alpha: 0)
        let picture = LogoPicture(RGBAImage(width: 8, height: 8, fill: clear), columns: 4, rows: 2)
        #expect((0..<2).allSatisfy { row in (0..<4).allSatisfy { picture.cell[row, $0] == .blank } })
    }
}
