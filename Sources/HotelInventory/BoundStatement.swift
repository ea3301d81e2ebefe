import GRDB
import GRDBSQLite

/// A prepared statement whose values are bound straight through SQLite's C API.
///
/// Why: an import binds about twenty values a hotel and an amenity row per amenity. Through
/// GRDB's `StatementArguments` each value is boxed as an existential, then unboxed: two
/// thirds of the time `insert` spent outside SQLite (1,000,000 hotels, `perf`). Values are
/// bound by position, from 1, and copied by SQLite (`SQLITE_TRANSIENT`).
///
/// ```swift
/// let insert = BoundStatement(try db.makeStatement(sql: "INSERT INTO t (a, b) VALUES (?, ?)"))
/// insert.bind(1, 42)
/// insert.bind(2, "text")
/// try insert.run()
/// ```
struct BoundStatement {
    let statement: Statement
    private var handle: OpaquePointer { statement.sqliteStatement }

    init(_ statement: Statement) {
        self.statement = statement
    }

    /// SQLite copies the bytes before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    /// Text of no bytes: a nil pointer would bind NULL.
    private static let empty: StaticString = ""

    func bind(_ index: Int32, _ value: Int64) {
        sqlite3_bind_int64(handle, index, value)
    }

    func bind(_ index: Int32, _ value: Int) {
        sqlite3_bind_int64(handle, index, Int64(value))
    }

    func bind(_ index: Int32, _ value: Double) {
        sqlite3_bind_double(handle, index, value)
    }

    func bind(_ index: Int32, _ value: String) {
        var text = value
        text.withUTF8 { bytes in
            if let base = bytes.baseAddress {
                base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    _ = sqlite3_bind_text(handle, index, $0, Int32(bytes.count), Self.transient)
                }
            } else {
                let none = UnsafeRawPointer(Self.empty.utf8Start).assumingMemoryBound(to: CChar.self)
                _ = sqlite3_bind_text(handle, index, none, 0, Self.transient)
            }
        }
    }

    func bind(_ index: Int32, _ value: String?) {
        if let value { bind(index, value) } else { sqlite3_bind_null(handle, index) }
    }

    /// Steps the statement to its end and resets it for the next values.
    ///
    /// - Throws: `DatabaseError` with SQLite's code and message (a full disk, a broken
    ///   constraint), as GRDB would have thrown it.
    func run() throws {
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE else {
            let message = String(cString: sqlite3_errmsg(sqlite3_db_handle(handle)))
            sqlite3_reset(handle)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
        }
        sqlite3_reset(handle)
    }
}
