import ArgumentParser

/// How rows are printed. `csv`, `tsv` and `json` (JSON Lines) are for scripts and stream
/// row by row; `table` is for people and aligns columns by display width.
public enum OutputFormat: String, CaseIterable, ExpressibleByArgument, Sendable {
    case csv, tsv, json, table

    public static let columns = [
        "hotel_id", "name", "address", "city", "country", "latitude", "longitude",
        "stars", "price", "currency", "distance_km", "logo_url",
    ]
}
