import ArgumentParser

/// How rows are printed. `csv`, `tsv` and `json` (JSON Lines) are for scripts and stream
/// row by row; `table` is for people and aligns columns by display width.
/// The csv and tsv header is `RowEncoder.columns`.
public enum OutputFormat: String, CaseIterable, ExpressibleByArgument, Sendable {
    case csv, tsv, json, table
}
