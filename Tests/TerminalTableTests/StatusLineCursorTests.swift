import Testing

@testable import TerminalTable

@Suite struct StatusLineCursorTests {
    @Test func theCursorCellIsDrawnInTheOppositeVideo() {
        var buffer = CellBuffer(width: 30, height: 1)
        StatusLine(left: "Name: ab", right: "Esc", cursorColumn: 8).draw(into: &buffer, row: 0)
        #expect(buffer.text(ofRow: 0).hasPrefix("Name: ab "))
        #expect(buffer[0, 7].style.reverse)  // the status bar is in reverse video
        #expect(!buffer[0, 8].style.reverse)  // the cursor, after "ab"
        #expect(buffer[0, 9].style.reverse)
    }

    @Test func aCursorOnAWideCharacterCoversBothHalves() {
        var buffer = CellBuffer(width: 20, height: 1)
        StatusLine(left: "東京", cursorColumn: 2).draw(into: &buffer, row: 0)
        #expect(buffer[0, 2].text == "京")
        #expect(!buffer[0, 2].style.reverse && !buffer[0, 3].style.reverse)
        #expect(buffer[0, 1].style.reverse && buffer[0, 4].style.reverse)
    }

    @Test func noCursorWithoutACursorColumnOrOutsideTheLeftSide() {
        var buffer = CellBuffer(width: 20, height: 1)
        StatusLine(left: "abc", right: "right").draw(into: &buffer, row: 0)
        #expect((0..<20).allSatisfy { buffer[0, $0].style.reverse })
        StatusLine(left: "abc", right: "right", cursorColumn: 17).draw(into: &buffer, row: 0)
        #expect((0..<20).allSatisfy { buffer[0, $0].style.reverse })
    }
}
