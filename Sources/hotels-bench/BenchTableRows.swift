import Imaging
import TerminalTable

/// Rows like the browse table's: a half-block logo, names in many scripts (CJK counts two
/// cells, so width fitting is exercised), cities, stars and grouped prices, laid out with
/// the same columns `hotels browse` uses. Rows differ from their neighbours, so a scroll
/// changes the cells a real one would.
enum BenchTableRows {
    static let logoColumns = 4
    static let rowHeight = 2

    /// The browse table's columns (HotelRows.columns with logos, no distance).
    static let columns = [
        TableColumn("Logo", width: .fixed(logoColumns)),
        TableColumn("Name", width: .flexible(min: 12, weight: 3)),
        TableColumn("City", width: .flexible(min: 8, weight: 1)),
        TableColumn("Stars", width: .fixed(5)),
        TableColumn("Price", width: .fixed(14), alignment: .right),
    ]

    private static let names = [
        "솔향 레지던스 강남", "Grand Hôtel du Palais Royal", "ホテル浅草雷門 プレミアム", "北京东城花园酒店",
        "The Summit Dongdaemun", "Pousada São Bento & Spa", "Гостиница Москва Центральная", "Ξενοδοχείο Ακρόπολις",
        "Hotel Spreeblick Mitte", "โรงแรมริมน้ำ กรุงเทพ", "京都 祇園 旅館 さくら", "Fairmont Creek Dubai",
    ]
    private static let cities = [
        ("Seoul", "KRW", 120_000), ("Paris", "EUR", 180), ("Tokyo", "JPY", 15_000), ("Beijing", "CNY", 700),
        ("Seoul", "KRW", 95_000), ("São Paulo", "BRL", 420), ("Moscow", "RUB", 9_000), ("Athens", "EUR", 140),
        ("Berlin", "EUR", 160), ("Bangkok", "THB", 2_400), ("Kyoto", "JPY", 22_000), ("Dubai", "AED", 900),
    ]
    private static let starStyle = Style(foreground: RGB(255, 196, 0))

    static func make(count: Int) -> StaticTableDataSource {
        // 97 distinct logos (a prime, so they do not line up with the 12 names): drawing
        // 100,000 monograms would time the logo painter, not the table.
        let logos = (0..<97).map { logo(seed: "H\($0)") }
        let rows = (0..<count).map { i -> TableRow in
            let k = i % names.count
            let (city, currency, base) = cities[k]
            let price = base + (i * 37) % (base / 2 + 1)
            return TableRow([
                .image(logos[i % logos.count]),
                .text("\(names[k]) \(i + 1)"),
                .text(city),
                .styledText(String(repeating: "★", count: 1 + i % 5), starStyle),
                .text("\(BenchFormat.grouped(price)) \(currency)"),
            ])
        }
        return StaticTableDataSource(rows: rows)
    }

    /// A monogram logo fitted into the logo cell as the browse table does it: transparent
    /// pixels left to the background.
    static func logo(seed: String) -> HalfBlockImage {
        let image = MonogramLogo(initials: "H\(seed.last ?? "0")", seed: seed).render()
        let thumb = image.thumbnail(fittingWidth: logoColumns, height: rowHeight * 2)
        var pixels = [RGB?](repeating: nil, count: logoColumns * rowHeight * 2)
        for y in 0..<thumb.height {
            for x in 0..<thumb.width where thumb[x, y].alpha >= 128 {
                let p = thumb[x, y]
                pixels[y * logoColumns + x] = RGB(p.red, p.green, p.blue)
            }
        }
        return HalfBlockImage(transparentPixels: pixels, pixelWidth: logoColumns, pixelHeight: rowHeight * 2)
    }
}
