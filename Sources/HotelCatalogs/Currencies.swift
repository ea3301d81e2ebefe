import Foundation
import HotelSOAP

/// The fixed exchange rates of the demo catalog: how `MaxPrice` in one currency is compared
/// with prices in another. The seeder stores this table in the catalog (`currencies`).
public struct CurrencyInfo: Sendable, Equatable {
    /// ISO 4217 code.
    public var code: String
    /// US dollars for one unit of the currency (fixed, approximate).
    public var usdRate: Double
    /// Decimal places of the currency: 0 for KRW, JPY…, 2 for most.
    public var minorUnits: Int

    /// A currency the demo catalog knows, its decimal places from `Money.minorUnits(of:)`.
    public init(code: String, usdRate: Double) {
        self.init(code: code, usdRate: usdRate, minorUnits: Money.minorUnits(of: code))
    }

    /// A currency as a catalog stores it.
    public init(code: String, usdRate: Double, minorUnits: Int) {
        self.code = code
        self.usdRate = usdRate
        self.minorUnits = minorUnits
    }
}

public enum Currencies {
    /// Every currency the catalog knows; a query's `Currency` must be one of these.
    public static let all: [CurrencyInfo] = [
        .init(code: "USD", usdRate: 1),
        .init(code: "EUR", usdRate: 1.08),
        .init(code: "GBP", usdRate: 1.27),
        .init(code: "CHF", usdRate: 1.13),
        .init(code: "JPY", usdRate: 0.0067),
        .init(code: "KRW", usdRate: 0.00073),
        .init(code: "CNY", usdRate: 0.138),
        .init(code: "HKD", usdRate: 0.128),
        .init(code: "TWD", usdRate: 0.031),
        .init(code: "THB", usdRate: 0.028),
        .init(code: "SGD", usdRate: 0.74),
        .init(code: "INR", usdRate: 0.012),
        .init(code: "VND", usdRate: 0.000039),
        .init(code: "AED", usdRate: 0.2723),
        .init(code: "SAR", usdRate: 0.2667),
        .init(code: "EGP", usdRate: 0.0205),
        .init(code: "MAD", usdRate: 0.10),
        .init(code: "ZAR", usdRate: 0.054),
        .init(code: "KES", usdRate: 0.0077),
        .init(code: "NGN", usdRate: 0.00065),
        .init(code: "TRY", usdRate: 0.029),
        .init(code: "CZK", usdRate: 0.043),
        .init(code: "PLN", usdRate: 0.25),
        .init(code: "SEK", usdRate: 0.095),
        .init(code: "NOK", usdRate: 0.093),
        .init(code: "DKK", usdRate: 0.145),
        .init(code: "ISK", usdRate: 0.0072),
        .init(code: "RUB", usdRate: 0.011),
        .init(code: "CAD", usdRate: 0.73),
        .init(code: "MXN", usdRate: 0.055),
        .init(code: "CUP", usdRate: 0.042),
        .init(code: "COP", usdRate: 0.00025),
        .init(code: "PEN", usdRate: 0.27),
        .init(code: "BRL", usdRate: 0.18),
        .init(code: "ARS", usdRate: 0.0011),
        .init(code: "CLP", usdRate: 0.00105),
        .init(code: "AUD", usdRate: 0.66),
        .init(code: "NZD", usdRate: 0.60),
        .init(code: "FJD", usdRate: 0.44),
    ]

    private static let byCode: [String: CurrencyInfo] =
        Dictionary(uniqueKeysWithValues: all.map { ($0.code, $0) })

    public static func info(_ code: String) -> CurrencyInfo? { byCode[code] }

    /// The query form of a currency code: trimmed and uppercased.
    package static func normalize(_ code: String) -> String {
        code.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
    }

    /// An amount given in minor units (cents, or whole yen) in US dollars.
    /// The seeder computes `price_usd` with this; the query side converts `MaxPrice` with
    /// ``usdValue(_:rate:)``, which gives the same `Double` for the same amount.
    package static func usdValue(minorAmount: Int64, minorUnits: Int, rate: Double) -> Double {
        (Double(minorAmount) / pow10(minorUnits)) * rate
    }

    /// A decimal amount in US dollars.
    package static func usdValue(_ amount: Decimal, rate: Double) -> Double {
        // Through the decimal text: Double(String) rounds correctly, like the division above.
        (Double(amount.description) ?? .nan) * rate
    }

    /// `price <= max` on converted prices, tolerant of the last bit of a float rounding.
    static func isWithin(priceUSD: Double, maxUSD: Double) -> Bool {
        priceUSD <= maxUSD * (1 + 1e-12)
    }

    package static func pow10(_ n: Int) -> Double {
        var value = 1.0
        for _ in 0..<max(0, n) { value *= 10 }
        return value
    }

    /// An amount in minor units as the catalog stores it, in the currency's decimals:
    /// `12905, 2` → `"129.05"`, `125000, 0` → `"125000"`.
    package static func formatMinor(_ minor: Int64, minorUnits: Int) -> String {
        guard minorUnits > 0 else { return String(minor) }
        let scale = Int64(pow10(minorUnits))
        let fraction = String(minor % scale)
        return "\(minor / scale)." + String(repeating: "0", count: minorUnits - fraction.count) + fraction
    }
}
