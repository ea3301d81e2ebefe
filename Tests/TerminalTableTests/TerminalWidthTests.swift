import Testing

@testable import TerminalTable

/// Widths as terminals draw them: per code point, spacing marks in cells of their own.
/// The expected numbers were read off tmux 3.3a (`cursor_x` after printing each string);
/// `TerminalWidthTmuxTests` checks the whole seeder corpus against a live tmux.
@Suite("Widths as terminals draw them")
struct TerminalWidthTests {
    static let tmux33 = WidthRules(variationSelectorWidens: false, modifierJoins: false, zeroWidthJoinerJoins: true)

    @Test(
        "scripts with spacing marks",
        arguments: [
            ("กำ", 2), ("ก", 1), ("ำ", 1), ("ที่", 1), ("นำ้", 2),  // Thai: SARA AM is a letter, tone marks combine
            ("नमस्ते", 4), ("होटल", 4), ("क्षा", 3), ("कि", 2), ("ि", 1),  // Devanagari: vowel signs AA and I take a cell
            ("বাংলা", 5), ("தமிழ்", 4), ("ມາ", 2),  // Bengali, Tamil, Lao
            ("عَرَبِيّ", 4), ("\u{1100}\u{1161}\u{11A8}", 2), ("ཀཿ", 2),  // Arabic harakat, Hangul jamo, Tibetan visarga
        ] as [(String, Int)])
    func spacingMarks(text: String, width: Int) {
        #expect(DisplayWidth.of(text) == width)
        #expect(DisplayWidth.of(text, rules: Self.tmux33) == width)
    }

    @Test("emoji sequences under tmux 3.3's rules")
    func tmuxEmoji() {
        let rules = Self.tmux33
        #expect(DisplayWidth.of("❤️", rules: rules) == 1)
        #expect(DisplayWidth.of("#️⃣", rules: rules) == 1)
        #expect(DisplayWidth.of("👍🏽", rules: rules) == 4)
        #expect(DisplayWidth.of("👨‍👩‍👧‍👦", rules: rules) == 2)
        #expect(DisplayWidth.of("🏳️‍🌈", rules: rules) == 1)
        #expect(DisplayWidth.of("👨🏻‍💻", rules: rules) == 4)
        #expect(DisplayWidth.of("🇯🇵", rules: rules) == 2)
        #expect(DisplayWidth.of("🇯🇵🇰", rules: rules) == 3)
    }

    @Test("a grapheme cluster can take several cells; it is split as a terminal splits it")
    func cellsOfACluster() {
        var cells: [(String, Int)] = []
        DisplayWidth.forEachCell(in: "กำไร") { cells.append((String($0), $1)) }
        #expect(cells.map(\.0) == ["ก", "ำ", "ไ", "ร"])
        cells = []
        DisplayWidth.forEachCell(in: "\u{301}e\u{301}👍🏽") { cells.append((String($0), $1)) }
        // The leading mark has nothing to sit on; the tone joins the thumb.
        #expect(cells.map(\.0) == ["e\u{301}", "👍🏽"])
        #expect(cells.map(\.1) == [1, 2])
        #expect(DisplayWidth.of(Character("क्षा")) == 3)
    }

    @Test("a stray ZWJ is dropped by the sanitizer, one between pictographs kept")
    func strayJoiners() {
        #expect(Sanitizer.standard.sanitize("a\u{200D}b") == "ab")
        #expect(Sanitizer.standard.sanitize("👍\u{200D}中") == "👍中")
        #expect(Sanitizer.standard.sanitize("\u{200D}👍") == "👍")
        #expect(Sanitizer.standard.sanitize("👨‍👩‍👧") == "👨‍👩‍👧")
        #expect(Sanitizer.standard.sanitize("🏳️‍🌈") == "🏳️‍🌈")
        #expect(Sanitizer.standard.sanitize("👨🏻‍💻") == "👨🏻‍💻")
    }

    @Test("the emulator draws marks onto the cell left of the cursor, as tmux does")
    func emulatorCombinesLikeATerminal() {
        var screen = VirtualScreen(width: 10, height: 1, rules: Self.tmux33)
        screen.feed(Array("กำ|".utf8))
        #expect(screen.cursorColumn == 3)
        // A mark sent after a cursor move still lands on the cell before the cursor.
        screen.feed(Array("\u{1B}[1;2H\u{E48}".utf8))
        #expect(screen.buffer[0, 0].text == "ก\u{E48}")
        screen.feed(Array("\u{1B}[1;5H❤️x".utf8))
        #expect(screen.buffer[0, 5].text == "x")
    }

    @Test("a table of hard names keeps every separator under the header's, on screen")
    func separatorsLineUp() {
        let names = [
            "โรงแรมกำแพงเพชร", "होटल दिल्ली दरबार", "বাংলা হোটেল", "தமிழ் விடுதி", "ໂຮງແຮມ ລາວ", "فندق عَرَبِيّ", "\u{1112}\u{1161}\u{11AB}강 호텔",
            "Hôtel e\u{301}toile", "家族 👨‍👩‍👧‍👦", "Flag 🇯🇵 inn", "Love ❤️ stay", "Thumbs 👍🏽", "東京ホテル",
        ]
        let source = MutableDataSource(rowCount: names.count)
        for (index, name) in names.enumerated() { source.fill(index, TableRow([.text(name), .text("x")])) }
        let table = TableView(columns: [TableColumn("Name", width: .fixed(14)), TableColumn("City", width: .fixed(4))])
        var state = TableViewState(screenHeight: names.count + 2)
        state.updateRowCount(names.count)
        let frame = table.render(
            state: state, dataSource: source, status: StatusLine(left: ""), size: TerminalSize(width: 30, height: names.count + 2))
        var renderer = Renderer()
        var screen = VirtualScreen(width: 30, height: names.count + 2)
        screen.feed(renderer.render(frame))
        #expect(screen.buffer == frame)
        let headerColumn = (0..<30).first { screen.buffer[0, $0].text == "│" }
        #expect(headerColumn == 15)
        for row in 1...names.count {
            #expect(screen.buffer[row, 15].text == "│", "row \(row): \(screen.lines[row])")
        }
    }
}

@Suite("WidthProbe")
struct WidthProbeTests {
    @Test("the replies of tmux 3.3, of a Unicode-emoji terminal, and keys typed in between")
    func interpretsReplies() {
        let tmux = WidthProbe.interpret(Array("\u{1B}[5;2R\u{1B}[5;5Rj\u{1B}[5;3R".utf8))
        #expect(tmux.rules == TerminalWidthTests.tmux33)
        #expect(tmux.other == Array("j".utf8))
        let kitty = WidthProbe.interpret(Array("\u{1B}[1;3R\u{1B}[1;3R\u{1B}[1;3R".utf8))
        #expect(kitty.rules == .unicodeEmoji)
        let xterm = WidthProbe.interpret(Array("\u{1B}[1;2R\u{1B}[1;5R\u{1B}[1;5R".utf8))
        #expect(xterm.rules == WidthRules(variationSelectorWidens: false, modifierJoins: false, zeroWidthJoinerJoins: false))
        let partial = WidthProbe.interpret(Array("\u{1B}[1;3R\u{1B}[1;".utf8))
        #expect(partial.rules == nil)
    }

    @Test("the request draws each probe from column 1, asks for the cursor, and erases the line")
    func request() {
        let text = String(decoding: WidthProbe.request, as: UTF8.self)
        #expect(text.components(separatedBy: "\u{1B}[6n").count == 4)
        #expect(text.hasSuffix("\r\u{1B}[2K"))
    }
}
