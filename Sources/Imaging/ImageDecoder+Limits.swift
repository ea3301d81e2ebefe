extension ImageDecoder {
    /// Called with the header's dimensions, before anything of that size is allocated.
    /// Returns the RGBA byte count, which cannot overflow once the limits hold.
    func checkedByteCount(width: Int, height: Int) throws(ImagingError) -> Int {
        guard width > 0, height > 0 else {
            throw .corruptData("header declares \(width)x\(height)")
        }
        guard width <= maxSide, height <= maxSide else {
            throw .imageTooLarge("\(width)x\(height) exceeds the \(maxSide) pixel side limit")
        }
        // Both sides are at most maxSide here, but maxSide may be huge, so multiply with care.
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, area <= maxPixels else {
            throw .imageTooLarge("\(width)x\(height) exceeds the \(maxPixels) pixel limit")
        }
        let (byteCount, bytesOverflow) = area.multipliedReportingOverflow(by: 4)
        guard !bytesOverflow else {
            throw .imageTooLarge("\(width)x\(height) does not fit in memory")
        }
        return byteCount
    }
}
