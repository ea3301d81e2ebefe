extension RGBAImage {
    /// Scales the image to fit inside `maxWidth` x `maxHeight`, keeping its aspect
    /// ratio. Never returns a zero side: a box of 0 or less counts as 1, and a 1000x1
    /// strip fitted into 10x10 comes out 10x1.
    ///
    /// ```swift
    /// let wide = RGBAImage(width: 200, height: 100, fill: .white)
    /// let thumb = wide.thumbnail(fittingWidth: 16, height: 16)   // 16 x 8
    /// ```
    public func thumbnail(fittingWidth maxWidth: Int, height maxHeight: Int) -> RGBAImage {
        let boxWidth = max(1, maxWidth)
        let boxHeight = max(1, maxHeight)
        let scale = min(Double(boxWidth) / Double(width), Double(boxHeight) / Double(height))
        let targetWidth = min(boxWidth, max(1, Int((Double(width) * scale).rounded())))
        let targetHeight = min(boxHeight, max(1, Int((Double(height) * scale).rounded())))
        return resized(toWidth: targetWidth, height: targetHeight)
    }

    /// Scales to exactly `newWidth` x `newHeight` (both at least 1), ignoring aspect
    /// ratio: area-averaging on each axis that shrinks, bilinear on each that grows.
    /// Colours are averaged with alpha premultiplied, so transparent pixels do not
    /// bleed their (invisible) colour into the edges.
    ///
    /// ```swift
    /// let banner = photo.resized(toWidth: 1200, height: 400)
    /// ```
    public func resized(toWidth newWidth: Int, height newHeight: Int) -> RGBAImage {
        let newWidth = max(1, newWidth)
        let newHeight = max(1, newHeight)
        if newWidth == width && newHeight == height {
            return self
        }
        let horizontal = ResamplingWeights(source: width, destination: newWidth)
        let vertical = ResamplingWeights(source: height, destination: newHeight)

        // Horizontal pass first: it shrinks the intermediate buffer when thumbnailing.
        var intermediate = [Float](repeating: 0, count: newWidth * height * 4)
        pixels.withUnsafeBufferPointer { source in
            intermediate.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    let sourceRow = y * width * 4
                    let targetRow = y * newWidth * 4
                    for x in 0..<newWidth {
                        var red: Float = 0
                        var green: Float = 0
                        var blue: Float = 0
                        var alpha: Float = 0
                        var sample = sourceRow + horizontal.firstSource[x] * 4
                        for weightIndex in horizontal.ranges[x] {
                            let weight = horizontal.weights[weightIndex]
                            let coverage = Float(source[sample + 3]) * weight
                            red += Float(source[sample]) * coverage
                            green += Float(source[sample + 1]) * coverage
                            blue += Float(source[sample + 2]) * coverage
                            alpha += coverage
                            sample += 4
                        }
                        let offset = targetRow + x * 4
                        target[offset] = red
                        target[offset + 1] = green
                        target[offset + 2] = blue
                        target[offset + 3] = alpha
                    }
                }
            }
        }

        var output = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        var row = [Float](repeating: 0, count: newWidth * 4)
        intermediate.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                row.withUnsafeMutableBufferPointer { accumulator in
                    for y in 0..<newHeight {
                        accumulator.update(repeating: 0)
                        var sourceRow = vertical.firstSource[y] * newWidth * 4
                        for weightIndex in vertical.ranges[y] {
                            let weight = vertical.weights[weightIndex]
                            for index in 0..<(newWidth * 4) {
                                accumulator[index] += source[sourceRow + index] * weight
                            }
                            sourceRow += newWidth * 4
                        }
                        let targetRow = y * newWidth * 4
                        for x in 0..<newWidth {
                            let alpha = accumulator[x * 4 + 3]
                            let offset = targetRow + x * 4
                            guard alpha >= 0.5 else { continue }  // rounds to transparent: stays 0,0,0,0
                            // Colours were weighted by alpha; dividing undoes the premultiplication.
                            target[offset] = Self.clampedByte(accumulator[x * 4] / alpha)
                            target[offset + 1] = Self.clampedByte(accumulator[x * 4 + 1] / alpha)
                            target[offset + 2] = Self.clampedByte(accumulator[x * 4 + 2] / alpha)
                            target[offset + 3] = Self.clampedByte(alpha)
                        }
                    }
                }
            }
        }
        return RGBAImage(validatedWidth: newWidth, height: newHeight, pixels: output)
    }

    private static func clampedByte(_ value: Float) -> UInt8 {
        UInt8(min(max(value.rounded(), 0), 255))
    }
}
