import TerminalTable

/// chafa's symbol output read back into cells, so it can be drawn back to pixels and
/// measured like ours (`CellRaster`). It reads what a terminal would: truecolour SGR
/// (`38;2;r;g;b`, `48;2;r;g;b`), the default-colour resets (`39`, `49`, `0`), reverse
/// video (`7`, `27`), which chafa uses for a cell whose painted part is the terminal's
/// background (its "inverted" cells), and the repeat-character sequence (`CSI n b`) its
/// output optimisations may use. Other control sequences (cursor visibility, and the like)
/// move nothing in a still symbol picture and are skipped; a colour sequence that is not
/// truecolour is refused, since it would mean chafa was not run with `-c full`.
///
/// ```swift
/// let cells = try ChafaCells.parse("\u{1B}[38;2;255;0;0;48;2;0;0;255m▌\u{1B}[0m\n", columns: 1, rows: 1)
/// // [Cell "▌", red on blue]
/// ```
enum ChafaCells {
    static func parse(_ text: String, columns: Int, rows: Int) throws -> [Cell] {
        var lines: [[Cell]] = [[]]
        var style = Style.plain
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            i += 1
            switch scalar.value {
            case 0x1B:
                guard i < scalars.count else { break }
                let kind = scalars[i]
                i += 1
                if kind == "[" {
                    var parameters = ""
                    while i < scalars.count, (0x20...0x3F).contains(scalars[i].value) {
                        parameters.unicodeScalars.append(scalars[i])
                        i += 1
                    }
                    guard i < scalars.count else { throw BenchError("chafa's output ends inside a control sequence") }
                    let final = scalars[i]
                    i += 1
                    switch final {
                    case "m": style = try applySGR(parameters, to: style)
                    case "b":
                        // Repeat the last character (REP), as `-O` may emit.
                        guard let last = lines[lines.count - 1].last else { throw BenchError("chafa repeats a character before any") }
                        let count = Int(parameters) ?? 1
                        lines[lines.count - 1] += Array(repeating: last, count: max(1, count))
                    default: break
                    }
                } else if kind == "]" {
                    // An OSC string (a title, say), up to BEL or ESC \.
                    while i < scalars.count, scalars[i].value != 0x07, scalars[i].value != 0x1B { i += 1 }
                    let endsWithEscape = i < scalars.count && scalars[i].value == 0x1B
                    i += endsWithEscape ? 2 : 1
                }
            case 0x0A:
                lines.append([])
            case 0x00..<0x20, 0x7F:
                break
            default:
                lines[lines.count - 1].append(Cell(text: String(scalar), width: 1, style: style))
            }
        }
        if lines.last?.isEmpty == true { lines.removeLast() }
        guard lines.count == rows, lines.allSatisfy({ $0.count == columns }) else {
            throw BenchError("chafa drew \(lines.map { String($0.count) }.joined(separator: "+")) cells, not \(rows) rows of \(columns)")
        }
        return Array(lines.joined())
    }

    /// Reads back what our own renderer writes for `cells` (`EscapeSequence.transition`,
    /// the sequences `TerminalScreen` sends), and fails unless it gets the same cells: the
    /// parser's check on every run, chafa or not. Reverse video and the default-colour
    /// resets are mixed in, as chafa's inverted cells and transparent parts use them.
    static func checkRoundTrip(_ cells: [Cell], columns: Int, rows: Int) throws {
        let red = RGB(200, 30, 40)
        let styles = [Style(foreground: red, reverse: true), Style(foreground: red), Style(background: red), .plain]
        let extra = (0..<columns).map { Cell(text: "▘", width: 1, style: styles[$0 % styles.count]) }
        let grid = Array(cells.prefix(columns * rows)) + extra
        var text = ""
        for row in 0...rows {
            var current = Style.plain
            for cell in grid[(row * columns)..<((row + 1) * columns)] {
                text += EscapeSequence.transition(from: current, to: cell.style) + cell.text
                current = cell.style
            }
            text += EscapeSequence.resetStyle + "\n"
        }
        let parsed = try parse(text, columns: columns, rows: rows + 1)
        if let i = grid.indices.first(where: { parsed[$0] != grid[$0] }) {
            throw BenchError("ChafaCells reads cell \(i) of our own output as \(parsed[i]), not \(grid[i])")
        }
    }

    private static func applySGR(_ parameters: String, to current: Style) throws -> Style {
        var style = current
        let numbers =
            parameters.isEmpty
            ? [0]
            : try parameters.split(separator: ";", omittingEmptySubsequences: false).map { part in
                guard let n = part.isEmpty ? 0 : Int(part) else { throw BenchError("chafa sent SGR \(parameters)") }
                return n
            }
        var k = 0
        while k < numbers.count {
            switch numbers[k] {
            case 0: style = .plain
            case 7: style.reverse = true
            case 27: style.reverse = false
            case 39: style.foreground = nil
            case 49: style.background = nil
            case 38, 48:
                guard k + 4 < numbers.count, numbers[k + 1] == 2, numbers[(k + 2)...(k + 4)].allSatisfy({ (0...255).contains($0) })
                else { throw BenchError("chafa sent a colour that is not truecolour: SGR \(parameters)") }
                let color = RGB(UInt8(numbers[k + 2]), UInt8(numbers[k + 3]), UInt8(numbers[k + 4]))
                if numbers[k] == 38 { style.foreground = color } else { style.background = color }
                k += 4
            case 1, 2, 3, 4, 5, 21, 22, 23, 24, 25:
                break  // weight, italics, underline, blink: no colour
            default:
                throw BenchError("chafa sent SGR \(parameters), which is not a truecolour attribute")
            }
            k += 1
        }
        return style
    }
}
