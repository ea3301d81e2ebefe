/// The average of an area of a `PixelGrid`: its colour premultiplied by its coverage,
/// and how much of the area is covered (the mean alpha). Premultiplied, because a
/// transparent pixel's colour must not pull an average towards it (its colour is
/// usually black, and meaningless).
struct CoveredColor: Sendable, Equatable {
    /// Red, green and blue, each premultiplied by `coverage`: 0...255.
    var red: Double
    var green: Double
    var blue: Double
    /// 0 (transparent) ... 1 (opaque).
    var coverage: Double

    static let clear = CoveredColor(red: 0, green: 0, blue: 0, coverage: 0)

    /// What the area looks like drawn over `background`: the same "over" operator a
    /// terminal or compositor applies.
    func composited(over background: RGB) -> (red: Double, green: Double, blue: Double) {
        let rest = 1 - coverage
        return (
            red + rest * Double(background.red), green + rest * Double(background.green),
            blue + rest * Double(background.blue)
        )
    }
}
