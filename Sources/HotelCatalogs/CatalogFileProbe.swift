import Foundation
import GRDB

/// A quick integrity probe of a catalog file at open, so a damaged file is refused at
/// start-up with exit 66 and a reason, not found out by the first search (or reported as a
/// bug). Quick: it reads the 100-byte header, the file's size, and the rightmost page path
/// of each table, never the whole file (`PRAGMA quick_check` reads every page: minutes on
/// a catalog of gigabytes).
///
/// What it catches: a file cut short (a copy or a download that stopped; the header's page
/// count says how long it must be), and pages overwritten past the header (SQLite reports
/// them as `SQLITE_CORRUPT` once a read reaches them; the probe makes the reads that do).
enum CatalogFileProbe {
    /// Checks the header and the size. Files too short to hold a header, or not SQLite at
    /// all, are left to SQLite's own `SQLITE_NOTADB`.
    static func check(_ path: String) throws(CatalogError) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 100), header.count == 100,
            header.starts(with: Array("SQLite format 3\0".utf8))
        else { return }
        let bytes = [UInt8](header)
        func u32(_ offset: Int) -> UInt32 { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        let rawPageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
        guard pageSize >= 512, pageSize & (pageSize - 1) == 0 else {
            throw .notACatalog(path, reason: "its header is damaged (page size \(rawPageSize))")
        }
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int else { return }
        if size % pageSize != 0 {
            throw .notACatalog(
                path, reason: "it is truncated: \(size) bytes, not a whole number of \(pageSize)-byte pages (a copy cut short?)")
        }
        // The header's page count is valid only while the change counter (offset 24) equals
        // "version valid for" (offset 92); older writers leave it stale.
        let pages = Int(u32(28))
        if pages > 0, u32(24) == u32(92), size < pages * pageSize {
            throw .notACatalog(
                path, reason: "it is truncated: \(size) bytes where its header says \(pages * pageSize) (a copy cut short?)")
        }
    }

    /// Reads the last row of every table and index the catalog uses: the path to each
    /// b-tree's rightmost leaf, where a cut or overwritten file most often shows.
    static func readLastRows(_ db: Database) throws {
        let objects = try Row.fetchAll(
            db, sql: "SELECT type, name, tbl_name FROM sqlite_master WHERE type IN ('table', 'index') AND sql IS NOT NULL")
        for object in objects {
            let type: String = object[0]
            let name: String = object[1]
            let table: String = object[2]
            let quotedTable = "\"" + table.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            if type == "table" {
                // Virtual tables (FTS, R*Tree) read through their shadow tables, which are listed too.
                let virtual =
                    try Bool.fetchOne(
                        db, sql: "SELECT sql LIKE 'CREATE VIRTUAL%' FROM sqlite_master WHERE name = ?", arguments: [name]) ?? false
                if virtual { continue }
                let withoutRowID =
                    try Bool.fetchOne(
                        db, sql: "SELECT sql LIKE '%WITHOUT ROWID%' FROM sqlite_master WHERE name = ?", arguments: [name]) ?? false
                let order = withoutRowID ? "" : " ORDER BY rowid DESC"
                _ = try Row.fetchOne(db, sql: "SELECT * FROM \(quotedTable)\(order) LIMIT 1")
            } else {
                let quotedIndex = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
                _ = try Row.fetchOne(db, sql: "SELECT count(*) FROM (SELECT 1 FROM \(quotedTable) INDEXED BY \(quotedIndex) LIMIT 1)")
            }
        }
    }

    /// Whether SQLite's error means the file is damaged rather than unreadable for a reason
    /// outside it (permissions, a lock).
    static func meansDamaged(_ error: DatabaseError) -> Bool {
        error.resultCode == .SQLITE_CORRUPT || error.extendedResultCode == .SQLITE_IOERR_SHORT_READ
            || error.resultCode == .SQLITE_FORMAT
    }

    static func damaged(_ error: DatabaseError) -> String {
        "it is damaged (\(error.message ?? "\(error.resultCode)")); restore it from a copy or build it again with hotels seed"
    }
}
