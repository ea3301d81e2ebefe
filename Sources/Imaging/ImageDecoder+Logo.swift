extension ImageDecoder {
    /// The limits a hotel's logo is decoded with, wherever one comes from: the browse table
    /// (a logo downloaded from a service) and `hotels import` (a `logo` file). 4 megapixels
    /// and 4096 pixels a side: a logo is shown at most 256 pixels a side, so anything larger
    /// is a mistake or an attack, refused before its pixels are allocated.
    ///
    /// ```swift
    /// let image = try ImageDecoder.logo.decode(bytes)
    /// ```
    public static let logo = ImageDecoder(maxPixels: 2048 * 2048, maxSide: 4096)

    /// The largest logo file read, in bytes (4 MiB), as the table's logo fetcher allows.
    public static let maxLogoFileBytes = 4 << 20
}
