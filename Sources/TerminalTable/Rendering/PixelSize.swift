/// A size in pixels: of one terminal cell, of the text area, or of a picture.
///
/// ```swift
/// let cell = PixelSize(width: 10, height: 20)
/// let logo = cell.scaled(columns: 6, rows: 2)   // 60 × 40
/// ```
public struct PixelSize: Sendable, Hashable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The pixels `columns` × `rows` cells of this size cover.
    public func scaled(columns: Int, rows: Int) -> PixelSize {
        PixelSize(width: width * columns, height: height * rows)
    }
}
