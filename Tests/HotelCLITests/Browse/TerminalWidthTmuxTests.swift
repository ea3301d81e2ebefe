import ChildProcess
import Foundation
import HotelTestSupport
import Testing

@testable import HotelCatalogs
@testable import HotelSeeder
@testable import HotelServer
@testable import TerminalTable

/// Widths checked against a real terminal: tmux measures every string the seeder can
/// build and a corpus of hard ones (cursor position reports), and `hotels browse` draws
/// them with every column separator under the header's.
@Suite("Widths in tmux", .serialized)
struct TerminalWidthTmuxTests {
    typealias Tmux = DemoTmuxTests.Tmux

    /// Scripts and sequences whose widths terminals are known to get differently from
    /// grapheme counts, and the emoji sequences terminals disagree on.
    static let hardCorpus: [String] = [
        "โรงแรมกำแพงเพชร", "น้ำใจ รีสอร์ท", "ที่พัก สุขุมวิท", "होटल दिल्ली दरबार", "क्षत्रिय निवास", "श्री कृष्णा पैलेस", "বাংলা হোটেল",
        "তাজ বেঙ্গল", "தமிழ் விடுதி", "சென்னை கிராண்ட்", "ໂຮງແຮມ ລາວ", "ຫຼວງພະບາງ", "\u{1112}\u{1161}\u{11AB}\u{1100}\u{1161}\u{11BC} 호텔",
        "فندق عَرَبِيّ", "مُنْتَجَع البَحْر", "Hôtel e\u{301}toile", "Cafe\u{301} a\u{300}\u{301}\u{302}", "家族 👨‍👩‍👧‍👦 inn", "Flag 🇯🇵🇰🇷 inn",
        "Love ❤️ stay", "Thumbs 👍🏽 up", "Coder 👨🏻‍💻 base", "Keycap #️⃣ 1️⃣", "Rainbow 🏳️‍🌈 house", "東京ホテル 新宿", "北京饭店",
        "Ｆｕｌｌ ｗｉｄｔｈ", "ｶﾀｶﾅ ﾎﾃﾙ", "Zero\u{200B}width", "a\u{200D}b joiner", "Soft\u{AD}hyphen", "ཀཿ བོད",
    ]

    /// Everything names, addresses and cities are built from, piece by piece, plus 3,000
    /// whole hotels. Widths add up over pieces (no piece starts with a zero-width code
    /// point, checked below), so right pieces mean right names, whatever the combination.
    static func seederCorpus() -> (pieces: [String], whole: [String]) {
        var pieces = Set<String>()
        func add(_ text: String) { if !text.isEmpty { pieces.insert(text) } }
        func addTemplate(_ template: String) {
            var literal = ""
            var inPlaceholder = false
            for character in template {
                if character == "{" {
                    add(literal)
                    literal = ""
                    inPlaceholder = true
                } else if character == "}" {
                    inPlaceholder = false
                } else if !inPlaceholder {
                    literal.append(character)
                }
            }
            add(literal)
        }
        func addLanguage(_ language: LanguageSpec) {
            for kind in language.kinds {
                add(kind.local)
                add(kind.english)
            }
            language.brands.forEach(add)
            language.patterns.forEach(addTemplate)
        }
        addLanguage(SeedData.language("english"))
        for city in SeedData.cities {
            [city.name, city.localName, city.country].forEach(add)
            for term in city.districts + city.streets {
                add(term.local)
                add(term.english)
            }
            city.postcodes.forEach(add)
            city.extraBrands.forEach(add)
            addTemplate(city.localAddress)
            addTemplate(city.englishAddress)
            addLanguage(city.language)
        }
        add("0123456789")
        add("٠١٢٣٤٥٦٧٨٩")
        let generator = HotelGenerator(seed: CatalogSeeder.demoSeed)
        let whole = (1...3000).flatMap { number -> [String] in
            let hotel = generator.hotel(number: number)
            return [hotel.name, hotel.address, hotel.city]
        }
        return (pieces.sorted(), Array(Set(whole)).sorted())
    }

    /// Runs `measure_widths.py` over `corpus` (after the width probes) in a 400-column
    /// pane; returns the rules tmux showed and each string's width.
    static func measure(_ corpus: [String], in tmux: Tmux) async throws -> (WidthRules, [Int]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("widths-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("corpus.json")
        let output = directory.appendingPathComponent("widths.txt")
        try JSONEncoder().encode(WidthProbe.probes + corpus).write(to: input)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Support/Scripts/measure_widths.py").path
        let result = try await tmux.run([
            "new-session", "-d", "-s", "w", "-x", "400", "-y", "5", "python3 \(script) \(input.path) \(output.path); sleep 600",
        ])
        try #require(result.status == 0, "tmux: \(result.stderr)")
        let deadline = ContinuousClock.now + .seconds(180)
        while !FileManager.default.fileExists(atPath: output.path) {
            guard ContinuousClock.now < deadline else {
                throw TimedOut(
                    description: "measure_widths.py did not finish; pane:\n\(try await tmux.run(["capture-pane", "-p", "-t", "w"]).stdout)")
            }
            try await Task.sleep(for: .milliseconds(200))
        }
        _ = try? await tmux.run(["kill-session", "-t", "w"])
        let widths = try String(contentsOf: output, encoding: .utf8).split(separator: "\n").map { Int($0)! }
        try #require(widths.count == WidthProbe.probes.count + corpus.count)
        let rules = WidthRules(variationSelectorWidens: widths[0] >= 2, modifierJoins: widths[1] <= 2, zeroWidthJoinerJoins: widths[2] <= 2)
        return (rules, Array(widths.dropFirst(WidthProbe.probes.count)))
    }

    @Test("tmux draws every seeder string and every hard string exactly as wide as DisplayWidth says")
    func everyStringMeasures() async throws {
        let (pieces, whole) = Self.seederCorpus()
        #expect(pieces.count > 1_500, "the seeder's vocabulary: \(pieces.count) pieces")
        for piece in pieces {
            let first = try #require(piece.unicodeScalars.first)
            #expect(DisplayWidth.of(first) > 0, "\(piece) starts with a zero-width code point: widths would not add up")
        }
        let corpus = (pieces + whole + Self.hardCorpus).map(Sanitizer.standard.sanitize)
        try await DemoTmuxTests().withTmux { tmux in
            let (rules, widths) = try await Self.measure(corpus, in: tmux)
            var wrong: [String] = []
            for (text, width) in zip(corpus, widths) where DisplayWidth.of(text, rules: rules) != width {
                wrong.append(
                    "\(text) \(text.unicodeScalars.map { String($0.value, radix: 16) }): tmux \(width), ours \(DisplayWidth.of(text, rules: rules))"
                )
            }
            #expect(
                wrong.isEmpty,
                "\(wrong.count) of \(corpus.count) strings measured wrong (rules: \(rules)):\n\(wrong.prefix(30).joined(separator: "\n"))")
        }
    }

    /// Display columns of the column separators on each line of a captured pane.
    static func separatorColumns(_ line: String, rules: WidthRules) -> [Int] {
        var columns: [Int] = []
        var x = 0
        DisplayWidth.forEachCell(in: line, rules: rules) { cell, width in
            if cell == "│" { columns.append(x) }
            x += width
        }
        return columns
    }

    @Test(
        "browse lines every separator up under the header's, and a long scroll leaves what a full redraw shows",
        arguments: ["Delhi", "Bangkok"])
    func browseOverHardNames(city: String) async throws {
        // A copy of the test catalog whose hotels in `city` carry the hard names in turn
        // with the seeder's own ones.
        let catalog = FileManager.default.temporaryDirectory.appendingPathComponent("hard-names-\(UUID()).sqlite").path
        try FileManager.default.copyItem(atPath: try await LiveServer.catalogPath(), toPath: catalog)
        defer { try? FileManager.default.removeItem(atPath: catalog) }
        let names = directory(for: Self.hardCorpus)
        let update = """
            import json, sqlite3, sys
            names = json.load(open(sys.argv[2], encoding="utf-8"))
            db = sqlite3.connect(sys.argv[1])
            ids = [row[0] for row in db.execute("SELECT id FROM hotels WHERE city = ? ORDER BY id", (sys.argv[3],))]
            for index, hotel in enumerate(ids):
                if index % 2 == 0:
                    db.execute("UPDATE hotels SET name = ? WHERE id = ?", (names[(index // 2) % len(names)], hotel))
            db.commit()
            print(len(ids))
            """
        let python = try ChildProcess(["python3", "-c", update, catalog, names.path, city], stdout: .capture, stderr: .capture)
        guard case .exited(0) = try await python.wait(timeout: 30) else {
            throw SpawnError("updating the catalog failed: \(python.stderr)")
        }
        let count = try #require(Int(python.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(count >= 30, "\(city) has \(count) hotels in the test catalog")
        let server = try await LiveServer.start(catalog: catalog)
        defer { server.kill() }

        try await DemoTmuxTests().withTmux { tmux in
            let (rules, _) = try await Self.measure([], in: tmux)
            let command =
                "XDG_CACHE_HOME=\(tmux.cache.path) \(HotelsBinary.url.path) browse --endpoint \(server.endpoint) --city \(city) --images blocks"
                + "; echo EXIT=$?; sleep 600"
            let result = try await tmux.run(["new-session", "-d", "-s", "t", "-x", "120", "-y", "40", command])
            try #require(result.status == 0, "tmux: \(result.stderr)")
            try await tmux.waitFor("the first page") { $0.contains("row 1 of") && $0.contains("logos 0 loading") }

            func checkSeparators(_ screen: String) {
                let lines = screen.components(separatedBy: "\n")
                let header = Self.separatorColumns(lines[0], rules: rules)
                #expect(header.count >= 4, "header: \(lines[0])")
                for line in lines.dropFirst() where line.contains("│") {
                    #expect(Self.separatorColumns(line, rules: rules) == header, "\(line)\nunder\n\(lines[0])")
                }
            }
            checkSeparators(try await tmux.capture())

            // Down row by row through several pages (scroll regions at work), then a page back up.
            for step in 1...(min(count, 60) - 1) {
                try await tmux.keys("j")
                if step % 10 == 0 { try await tmux.waitFor("row \(step + 1)") { $0.contains("row \(step + 1) of") } }
            }
            try await tmux.keys("PPage", "k")
            // Logos held back while the keys came fast are loaded once the scrolling stops.
            try await tmux.waitFor("the scroll to settle") { screen in
                screen.contains("logos 0 loading") && !screen.components(separatedBy: "\n").contains { $0.hasPrefix("·") }
            }
            let scrolled = try await stableCapture(tmux)
            checkSeparators(try await tmux.capture())

            // A resize there and back redraws everything from nothing at the same position.
            try await tmux.run(["resize-window", "-t", "t", "-x", "121", "-y", "40"])
            _ = try await stableCapture(tmux)
            try await tmux.run(["resize-window", "-t", "t", "-x", "120", "-y", "40"])
            let redrawn = try await stableCapture(tmux)
            // Compared cell by cell (text and style): tmux spells the same styles differently
            // depending on how a line was written.
            let before = Self.cells(scrolled, rules: rules)
            let after = Self.cells(redrawn, rules: rules)
            let differences = (0..<40).flatMap { row in (0..<120).map { (row, $0) } }.filter { before[$0.0, $0.1] != after[$0.0, $0.1] }
            let first = differences.first.map { "\($0): \(before[$0.0, $0.1]) vs \(after[$0.0, $0.1])" } ?? ""
            #expect(
                differences.isEmpty,
                "\(differences.count) cells differ, first at \(first)\nafter scrolling:\n\(scrolled)\nafter a full redraw:\n\(redrawn)")

            try await tmux.keys("q")
            try await tmux.waitFor("the shell", timeout: .seconds(10)) { $0.contains("EXIT=0") }
        }
    }

    @Test("search --format table prints all 3,000 test hotels in tmux with every PRICE ending under the header's")
    func searchTableOverTheCatalog() async throws {
        let server = try await LiveServer.shared()
        try await DemoTmuxTests().withTmux { tmux in
            let (rules, _) = try await Self.measure([], in: tmux)
            let command =
                "\(HotelsBinary.url.path) search --endpoint \(server.endpoint) --all --format table; echo EXIT=$?; sleep 600"
            let result = try await tmux.run(["new-session", "-d", "-s", "t", "-x", "200", "-y", "50"])
            try #require(result.status == 0, "tmux: \(result.stderr)")
            // The history limit is taken when a pane is made: set it, then replace the window.
            try await tmux.run(["set-option", "-g", "history-limit", "10000"])
            try await tmux.run(["new-window", "-k", "-t", "t:0", command])
            try await tmux.waitFor("the whole table", timeout: .seconds(120)) { $0.contains("EXIT=0") }
            let lines = try await tmux.run(["capture-pane", "-p", "-t", "t", "-S", "-", "-E", "-"]).stdout
                .components(separatedBy: "\n").drop { !$0.hasPrefix("ID") }
            let rows = lines.dropFirst(2).prefix { !$0.hasPrefix("EXIT=") }
            #expect(rows.count == 3_000)
            // PRICE is the last column and right-aligned: every line ends where the header does.
            let header = try #require(lines.first)
            let end = DisplayWidth.of(header, rules: rules)
            let wrong = rows.filter { DisplayWidth.of($0, rules: rules) != end }
            #expect(
                wrong.isEmpty, "\(wrong.count) rows end elsewhere than the header (\(end)):\n\(wrong.prefix(10).joined(separator: "\n"))")
        }
    }

    /// A pane captured with `-e`, read back into cells.
    static func cells(_ capture: String, rules: WidthRules) -> CellBuffer {
        var screen = VirtualScreen(width: 120, height: 40, rules: rules)
        screen.feed(Array(capture.replacingOccurrences(of: "\n", with: "\r\n").utf8))
        return screen.buffer
    }

    /// The pane with styles and trailing spaces (which capture-pane otherwise trims by
    /// text, whatever their style), once two looks 300 ms apart agree.
    func stableCapture(_ tmux: Tmux) async throws -> String {
        func capture() async throws -> String { try await tmux.run(["capture-pane", "-p", "-e", "-N", "-t", "t"]).stdout }
        var last = try await capture()
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(300))
            let next = try await capture()
            if next == last { return next }
            last = next
        }
        return last
    }

    private func directory(for names: [String]) -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("names-\(UUID()).json")
        try? JSONEncoder().encode(names).write(to: url)
        return url
    }
}
