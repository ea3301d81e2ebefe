/// A generated logo for a hotel without one: a coloured circle or rounded square
/// with one or two white initials, or, when there are no usable initials, a
/// symmetric block pattern.
///
/// Everything visual (hue, shape, accent stripe, pattern) is derived from `seed`
/// with a stable hash, so the same hotel gets the same logo on every server and
/// every deploy, while different seeds give visibly different logos. Use an
/// identifier that never changes, such as the hotel's ID, as the seed.
///
/// ```swift
/// let logo = MonogramLogo(initials: MonogramLogo.initials(from: "Hotel Adlon Kempinski"),
///                         seed: hotel.id)
/// let image = logo.render()          // RGBAImage, 64 x 64
/// let png = try logo.png()           // [UInt8]
/// ```
public struct MonogramLogo: Sendable, Hashable {
    /// At most two characters from A-Z and 0-9; empty means "draw the pattern".
    public let initials: String
    public let seed: String
    public let width: Int
    public let height: Int

    /// `initials` is normalised: letters are upper-cased, accents dropped ("é" is E),
    /// anything outside A-Z and 0-9 skipped, and only the first two kept. Transliterate
    /// non-Latin names before calling, or pass "" to get the pattern. Sides are
    /// clamped to 1...4096.
    ///
    /// ```swift
    /// let logo = MonogramLogo(initials: "ém", seed: "hotel-17", width: 128, height: 128)
    /// // logo.initials == "EM"
    /// ```
    public init(initials: String, seed: String, width: Int = 64, height: Int = 64) {
        self.initials = Self.normalizedInitials(initials)
        self.seed = seed
        self.width = min(max(width, 1), 4096)
        self.height = min(max(height, 1), 4096)
    }

    /// The logo as a PNG file.
    ///
    /// ```swift
    /// try logo.png().write(to: cacheURL)   // via Data(...)
    /// ```
    public func png() throws(ImagingError) -> [UInt8] {
        try PNGEncoder.encode(render())
    }

    /// A square logo as a PNG file, in one call.
    ///
    /// ```swift
    /// let bytes = try MonogramLogo.png(initials: "GB", seed: "hotel-4711", size: 96)
    /// ```
    public static func png(initials: String, seed: String, size: Int = 64) throws(ImagingError) -> [UInt8] {
        try MonogramLogo(initials: initials, seed: seed, width: size, height: size).png()
    }
}
