/// A 24-bit colour, sent to the terminal as truecolor (`38;2;r;g;b`).
///
/// ```swift
/// let teal = RGB(0, 128, 128)
/// ```
public struct RGB: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}
