import Foundation
import Testing

@testable import HotelBrowse

/// The table tools end to end: `hotels demo` in tmux, each key sent with send-keys and
/// its effect read back with capture-pane (and `show-buffer`, and the file written).
@Suite("table tools in tmux", .serialized)
struct TableToolsTmuxTests {
    typealias Tmux = DemoTmuxTests.Tmux

    func withTmux(_ body: (Tmux) async throws -> Void) async throws {
        try await DemoTmuxTests().withTmux(body)
    }

    /// The table's body lines (between the header and the status line) that show a row.
    func rowLines(_ screen: String) -> [String] {
        let lines = screen.components(separatedBy: "\n").filter { !$0.isEmpty }
        return lines.dropFirst().dropLast().filter { $0.contains("│") }
    }

    /// The first field of a body line: the Name column when there are no logos.
    func name(_ line: String) -> String {
        line.split(separator: "│", omittingEmptySubsequences: false).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    }

    /// The fields of one CSV line (RFC 4180 quoting).
    func csvFields(_ line: String) -> [String] {
        let characters = Array(line)
        var fields: [String] = []
        var field = ""
        var quoted = false
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if quoted {
                if character != "\"" {
                    field.append(character)
                } else if index + 1 < characters.count, characters[index + 1] == "\"" {
                    field.append("\"")
                    index += 1
                } else {
                    quoted = false
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                fields.append(field)
                field = ""
            } else {
                field.append(character)
            }
            index += 1
        }
        fields.append(field)
        return fields
    }

    /// "row 1 of 1,234" → 1234.
    func total(_ screen: String) -> Int? {
        guard let range = screen.range(of: #"row [0-9,]+ of ([0-9,]+)"#, options: .regularExpression) else { return nil }
        return Int(screen[range].split(separator: " ").last!.replacingOccurrences(of: ",", with: ""))
    }

    @Test("f, prompt editing and Esc, S, s, h and l, c, y, w, e and Ctrl-L, each from the keyboard")
    func everyKey() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tools-tmux-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("five.csv")

        try await withTmux { tmux in
            try await tmux.start("demo --images none")
            try await tmux.waitFor("the first page") { $0.contains("row 1 of 10,000") }
            try await tmux.run(["set-option", "-s", "set-clipboard", "on"])

            // f with shell editing: Ctrl-W drops the last word before Enter.
            try await tmux.keys("f")
            try await tmux.waitFor("the filter prompt") { $0.contains("Filter: ") && $0.contains("amenity:A,B") }
            try await tmux.keys("-l", "stars:5 city:Nowhere")
            try await tmux.keys("C-w", "Enter")
            try await tmux.waitFor("five-star rows only") { screen in
                screen.contains("filter ★≥5") && screen.contains("row 1 of") && !screen.contains("of 10,000")
                    && !rowLines(screen).isEmpty && rowLines(screen).allSatisfy { $0.contains("★★★★★") }
            }
            let filtered = try #require(total(try await tmux.capture()))

            // / starts empty; Ctrl-U clears what was typed; Esc cancels.
            try await tmux.keys("/")
            try await tmux.keys("-l", "junk")
            try await tmux.waitFor("the typed name") { $0.contains("Name contains: junk") }
            // Home, End and the arrows move the cursor: "junk" becomes "ajunkbz" via Home, End, ←.
            for (move, letter) in [("Home", "a"), ("End", "z"), ("Left", "b")] {
                try await tmux.keys(move)
                try await tmux.keys("-l", letter)
            }
            try await tmux.keys("Right")
            try await tmux.waitFor("the edited name") { $0.contains("Name contains: ajunkbz") }
            try await tmux.keys("C-u")
            try await tmux.waitFor("an empty line") { !$0.contains("Name contains: ajunkbz") && $0.contains("Name contains:") }
            try await tmux.keys("Escape")
            try await tmux.waitFor("the prompt gone") { !$0.contains("Name contains:") && $0.contains("filter ★≥5") }

            // S: the last row comes first.
            try await tmux.keys("G")
            try await tmux.waitFor("the last row") { $0.contains("row \(PriceText.grouped(String(filtered))) of") }
            let last = name(try #require(rowLines(try await tmux.capture()).last))
            try await tmux.keys("S")
            try await tmux.waitFor("the reversed order") { screen in
                screen.contains("reversed") && screen.contains("row 1 of") && rowLines(screen).first.map(name) == last
            }

            // s: the Name column, ascending.
            try await tmux.keys("s")
            try await tmux.waitFor("sorted by name") { screen in
                screen.contains("Name ▲") && screen.contains("sort name ▲") && screen.contains("row 1 of")
                    && rowLines(screen).count > 2 && !rowLines(screen).map(name).contains("…")
            }

            // Narrow the window: columns scroll sideways with l and h.
            try await tmux.run(["resize-window", "-t", "t", "-x", "40", "-y", "32"])
            try await tmux.waitFor("hidden columns on the right") { $0.components(separatedBy: "\n")[0].contains("▸") }
            try await tmux.keys("l")
            try await tmux.waitFor("hidden columns on the left") { $0.components(separatedBy: "\n")[0].hasPrefix("◂ ") }
            try await tmux.keys("h")
            try await tmux.waitFor("back to the first column") { $0.components(separatedBy: "\n")[0].hasPrefix("Name") }
            try await tmux.keys("Right")
            try await tmux.waitFor("→ as l") { $0.components(separatedBy: "\n")[0].hasPrefix("◂ ") }
            try await tmux.keys("Left")
            try await tmux.waitFor("← as h") { $0.components(separatedBy: "\n")[0].hasPrefix("Name") }
            try await tmux.run(["resize-window", "-t", "t", "-x", "120", "-y", "32"])
            try await tmux.waitFor("all columns again") { !$0.components(separatedBy: "\n")[0].contains("▸") }

            // c: hide City, then show it again.
            try await tmux.keys("c")
            try await tmux.waitFor("the columns panel") { $0.contains("2  ✓  City") }
            try await tmux.keys("2", "Enter")
            try await tmux.waitFor("no City") { !$0.components(separatedBy: "\n")[0].contains("City") }
            try await tmux.keys("c", "2", "c")
            try await tmux.waitFor("City back") { $0.components(separatedBy: "\n")[0].contains("City") }

            // y: tmux takes OSC 52 into its paste buffer.
            try await tmux.keys("g")
            try await tmux.waitFor("row 1") { $0.contains("row 1 of") }
            let first = name(try #require(rowLines(try await tmux.capture()).first))
            try await tmux.keys("y")
            try await tmux.waitFor("the notice") { $0.contains("copied row 1 as CSV") }
            // The notice is drawn after the OSC 52 was written, so tmux has taken it by now.
            let buffer = try await tmux.run(["show-buffer"]).stdout
            let fields = csvFields(buffer)
            #expect(fields.count == 12, "\(buffer)")
            let copiedName = fields.count > 1 ? fields[1] : ""
            // The table may have cut the name short ("…").
            #expect(
                copiedName == first || (first.hasSuffix("…") && copiedName.hasPrefix(String(first.dropLast()))), "\(buffer) vs \(first)")

            // w: the whole filtered result in a file.
            try await tmux.keys("w")
            try await tmux.waitFor("the file prompt") { $0.contains("Write CSV to:") }
            try await tmux.keys("-l", target.path)
            try await tmux.keys("Enter")
            try await tmux.waitFor("the file written") { $0.contains("wrote \(PriceText.grouped(String(filtered))) rows") }
            let file = try String(contentsOf: target, encoding: .utf8).split(separator: "\n")
            #expect(file.count == filtered + 1)
            #expect(file.first == "hotel_id,name,address,city,country,latitude,longitude,stars,price,currency,distance_km,logo_url")

            // e: no error so far; then an error from the service, in full.
            try await tmux.keys("e")
            try await tmux.waitFor("the error panel") { $0.contains("no error so far") }
            try await tmux.keys("x")
            try await tmux.waitFor("the panel closed") { !$0.contains("no error so far") }
            try await tmux.keys("f")
            try await tmux.keys("-l", "amenity:sauna")
            try await tmux.keys("Enter")
            try await tmux.waitFor("the fault") { $0.contains("⚠") }
            try await tmux.keys("e")
            try await tmux.waitFor("the fault in full") { $0.contains("Last error") && $0.contains("sauna") && $0.contains("accessible") }
            try await tmux.keys("x")

            // Ctrl-L: garble the screen behind the program's back, then redraw.
            let tty = try await tmux.display("#{pane_tty}")
            let handle = try #require(FileHandle(forWritingAtPath: tty))
            handle.write(Data("\u{1B}[2J\u{1B}[5;5HGARBAGE".utf8))
            try handle.close()
            try await tmux.waitFor("the garbage") { $0.contains("GARBAGE") && !$0.contains("Name") }
            try await tmux.keys("C-l")
            try await tmux.waitFor("the table again") { !$0.contains("GARBAGE") && $0.components(separatedBy: "\n")[0].hasPrefix("Name") }

            try await tmux.keys("q")
            try await tmux.waitFor("the shell", timeout: .seconds(10)) { $0.contains("EXIT=0") }
        }
    }
}
