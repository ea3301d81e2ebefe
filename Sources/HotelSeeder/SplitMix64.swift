import HotelCatalogs

/// SplitMix64 (Steele, Lea, Flood 2014): a tiny, fast, well-mixed generator whose output
/// depends only on its seed, on every platform and in every process. The seeder never uses
/// `SystemRandomNumberGenerator` or `Hasher` (randomly seeded per process).
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A generator for item `index` of the stream `seed`: each hotel gets its own, so a
    /// hotel's data depends on (seed, number) only, not on what was generated before it.
    init(seed: UInt64, index: UInt64) {
        state = SplitMix64.mix(seed ^ SplitMix64.mix(index &+ 0x632B_E59B_D9B4_E019))
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return SplitMix64.mix(state)
    }

    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1), 53 bits.
    mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// Uniform in `range` (Lemire's method would avoid the tiny modulo bias; at these range
    /// sizes it is far below anything a demo could show).
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    mutating func chance(_ probability: Double) -> Bool { unit() < probability }

    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
}
