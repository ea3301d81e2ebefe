import Imaging

extension RGBAImage {
    /// Largest and mean absolute channel difference from `expected`, alpha included.
    func difference(from expected: (Int, Int) -> RGBAColor) -> (max: Int, mean: Double) {
        var largest = 0
        var total = 0
        for y in 0..<height {
            for x in 0..<width {
                let actual = self[x, y]
                let wanted = expected(x, y)
                for (a, b) in [
                    (actual.red, wanted.red), (actual.green, wanted.green),
                    (actual.blue, wanted.blue), (actual.alpha, wanted.alpha),
                ] {
                    let delta = abs(Int(a) - Int(b))
                    largest = max(largest, delta)
                    total += delta
                }
            }
        }
        return (largest, Double(total) / Double(width * height * 4))
    }
}
