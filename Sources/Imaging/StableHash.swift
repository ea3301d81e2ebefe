/// A hash that is the same in every process and on every platform, unlike
/// `Hasher`, which is seeded randomly per run. Logos must not change between
/// deploys, so their look is derived from this.
///
/// FNV-1a over the UTF-8 bytes, then SplitMix64 to draw as many well-mixed
/// values as a caller needs.
struct StableHash: Sendable {
    private var state: UInt64

    init(_ text: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        state = hash
    }

    /// The next 64 pseudo-random bits of this seed's stream.
    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// A value in `0..<1`.
    mutating func nextUnit() -> Double {
        Double(next() >> 11) / Double(UInt64(1) << 53)
    }

    /// A value in `0..<count`.
    mutating func next(below count: Int) -> Int {
        Int(next() % UInt64(count))
    }
}
