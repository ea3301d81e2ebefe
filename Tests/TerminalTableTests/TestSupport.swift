import Foundation

@testable import TerminalTable

/// A data source whose rows a test can fill in later, like a client receiving
/// results over the network.
final class MutableDataSource: TableDataSource, @unchecked Sendable {
    private let lock = NSLock()
    private var count: Int?
    private var rows: [Int: TableRow] = [:]

    init(rowCount: Int?) {
        count = rowCount
    }

    var rowCount: Int? { lock.withLock { count } }

    func row(at index: Int) -> TableRow? { lock.withLock { rows[index] } }

    func setRowCount(_ value: Int?) { lock.withLock { count = value } }

    func fill(_ index: Int, _ row: TableRow) { lock.withLock { rows[index] = row } }
}

/// Display columns (0-based) at which `character` appears in `line`.
func displayColumns(of character: Character, in line: String) -> [Int] {
    var columns: [Int] = []
    var x = 0
    for current in line {
        if current == character { columns.append(x) }
        x += DisplayWidth.of(current)
    }
    return columns
}

func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

let esc: UInt8 = 0x1B
