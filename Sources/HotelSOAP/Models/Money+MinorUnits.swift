extension Money {
    /// A currency's decimal places (ISO 4217 minor units): JPY 0, USD 2, KWD 3; 2 for every
    /// code not listed, as most have. The one table: the catalog's currencies, the printed
    /// and browsed prices and the benchmark's OpenTravel rates all read it.
    ///
    /// ```swift
    /// Money.minorUnits(of: "JPY")   // 0
    /// Money.minorUnits(of: "kwd")   // 3
    /// ```
    public static func minorUnits(of currency: String) -> Int {
        switch currency.uppercased() {
        case "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV", "XAF", "XOF", "XPF":
            return 0
        case "BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND":
            return 3
        case "CLF", "UYW":
            return 4
        default:
            return 2
        }
    }

    /// This amount's currency's decimal places (`minorUnits(of:)`).
    public var minorUnits: Int { Money.minorUnits(of: currency) }
}
