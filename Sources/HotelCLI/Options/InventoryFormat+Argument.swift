import ArgumentParser
import HotelInventory

/// `--format csv|jsonl` of `import` and `export`; `json` is taken for `jsonl`, as
/// `hotels search --format json` writes JSON Lines.
extension InventoryFormat: ExpressibleByArgument {
    public init?(argument: String) {
        switch argument.lowercased() {
        case "csv": self = .csv
        case "jsonl", "json": self = .jsonl
        default: return nil
        }
    }

    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
