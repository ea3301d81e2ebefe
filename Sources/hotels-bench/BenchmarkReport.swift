import Foundation

/// Everything one run measured, printed as aligned text on the console and as Markdown
/// for BENCHMARKS.md's generated part.
struct BenchmarkReport {
    struct Section {
        var title: String
        /// What was measured and how, one paragraph.
        var intro: String
        var header: [String]
        var rows: [[String]] = []
        /// Goal verdicts, skips, caveats: one line each.
        var notes: [String] = []
    }

    var command: String
    var machine: MachineInfo
    var date: String
    var sections: [Section] = []
    /// Printed first, e.g. that a quick pass's figures are not benchmarks.
    var caveat: String?

    init(command: String, machine: MachineInfo) {
        self.command = command
        self.machine = machine
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        date = formatter.string(from: Date())
    }

    /// For the terminal: each section as a table with columns padded to fit.
    func text() -> String {
        var out = (caveat.map { "\($0)\n" } ?? "") + "Machine: \(machine.summary)\n"
        for section in sections {
            out += "\n== \(section.title) ==\n"
            let table = [section.header] + section.rows
            let widths = section.header.indices.map { column in
                table.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
            }
            for (index, row) in table.enumerated() {
                let cells = row.enumerated().map { column, cell in
                    column == 0
                        ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                        : String(repeating: " ", count: max(0, widths[column] - cell.count)) + cell
                }
                out += cells.joined(separator: "  ").trimmingCharacters(in: .whitespaces) + "\n"
                if index == 0 { out += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n" }
            }
            for note in section.notes { out += "  * \(note)\n" }
        }
        return out
    }

    /// The generated part of BENCHMARKS.md.
    func markdown() -> String {
        var out = """
            Command: `\(command)` (or `scripts/bench`, which first installs
            wrk, xmllint, GNU time, PostgreSQL with PostGIS and HAProxy if they are missing). It builds in release, generates its inputs
            in the temporary directory, runs every measurement below in one run and rewrites this part
            of the file.
            Each figure is a median of several runs; every ratio compares figures from the same run.

            Measured \(date) on:

            """
        for (name, value) in machine.facts { out += "- \(name): \(value)\n" }
        for section in sections {
            out += "\n## \(section.title)\n\n\(section.intro)\n\n"
            out += "| " + section.header.joined(separator: " | ") + " |\n"
            out += "|" + section.header.indices.map { $0 == 0 ? "---|" : "---:|" }.joined() + "\n"
            for row in section.rows { out += "| " + row.map(Self.escaped).joined(separator: " | ") + " |\n" }
            if !section.notes.isEmpty { out += "\n" + section.notes.map { "- \($0)\n" }.joined() }
        }
        return out
    }

    private static func escaped(_ cell: String) -> String { cell.replacingOccurrences(of: "|", with: "\\|") }
}
