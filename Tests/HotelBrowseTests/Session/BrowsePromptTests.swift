import TerminalTable
import Testing

@testable import HotelBrowse

@Suite("prompts on the status line")
struct BrowsePromptTests {
    func prompt(_ purpose: BrowsePrompt.Purpose, typing text: String) -> BrowsePrompt {
        var prompt = BrowsePrompt(purpose: purpose)
        for character in text { prompt.editor.handle(.char(character)) }
        return prompt
    }

    @Test("the filter prompt shows its syntax and the cursor after the text")
    func hintAndCursor() {
        let status = prompt(.filter, typing: "stars:4").statusLine(width: 120)
        #expect(status.left == "Filter: stars:4")
        #expect(status.right.hasPrefix("stars:N price:MAX city:NAME amenity:A,B"))
        #expect(status.cursorColumn == 15)
    }

    @Test("a long line scrolls to keep the cursor in view and the whole line fits the screen")
    func longLine() {
        let text = String(repeating: "abcdefghij", count: 10)
        let status = prompt(.file, typing: text).statusLine(width: 80)
        var buffer = CellBuffer(width: 80, height: 1)
        status.draw(into: &buffer, row: 0)
        let drawn = buffer.text(ofRow: 0)
        #expect(drawn.hasPrefix("Write CSV to: "))
        #expect(drawn.contains("hij "))  // the end of the text, then the cursor cell
        #expect(!drawn.contains("…"))  // scrolled, not cut
        let cursor = status.cursorColumn ?? -1
        #expect(!buffer[0, cursor].style.reverse)
        #expect(buffer[0, cursor - 1].text == "j")
    }

    @Test("on a narrow screen the hint gives way to the line")
    func narrow() {
        let status = prompt(.filter, typing: "city:Paris").statusLine(width: 40)
        #expect(status.right.isEmpty)
        #expect(status.left == "Filter: city:Paris")
    }
}
