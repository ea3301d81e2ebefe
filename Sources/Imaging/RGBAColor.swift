/// One 8-bit RGBA pixel with straight (not premultiplied) alpha.
///
/// ```swift
/// let teal = RGBAColor(red: 0, green: 128, blue: 128)
/// let image = RGBAImage(width: 4, height: 4, fill: teal)
/// #expect(image[0, 0] == teal)
/// ```
public struct RGBAColor: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    /// ```swift
    /// let halfTransparentRed = RGBAColor(red: 255, green: 0, blue: 0, alpha: 128)
    /// ```
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let white = RGBAColor(red: 255, green: 255, blue: 255)
    public static let clear = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
}
