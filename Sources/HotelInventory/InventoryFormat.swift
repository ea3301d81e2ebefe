/// The two formats `hotels import` reads and `hotels export` writes.
///
/// ```swift
/// InventoryFormat(path: "hotels.csv")     // .csv
/// InventoryFormat(path: "dump.JSONL")     // .jsonl
/// InventoryFormat(path: "-")              // nil: standard input needs --format
/// ```
public enum InventoryFormat: String, Sendable, CaseIterable {
    /// RFC 4180: a header row of ``InventoryColumn`` names, fields quoted when they hold a
    /// comma, quote or line break; `amenities` as one field, `wifi,pool`.
    case csv
    /// JSON Lines: one object per line, keys the column names, `amenities` an array.
    case jsonl

    /// The format a file's extension names (`.csv`; `.jsonl` or `.json`, as search's
    /// `--format json` files are often named), in any case; nil for anything else.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "csv": self = .csv
        case "jsonl", "json", "ndjson": self = .jsonl
        default: return nil
        }
    }
}
